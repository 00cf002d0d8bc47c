package cluster

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// wrapsSentinel reports whether err wraps one of the sentinels of package errs.
func wrapsSentinel(err error) bool { return check.Sentinel(err) != nil }

func TestSentinelsAreTheSharedOnes(t *testing.T) {
	for _, c := range []struct{ local, shared error }{
		{ErrEmpty, errs.ErrEmpty}, {ErrNotFinite, errs.ErrNotFinite}, {ErrShape, errs.ErrShape},
		{ErrParam, errs.ErrParam}, {ErrProb, errs.ErrProb}, {ErrLabel, errs.ErrLabel},
	} {
		if c.local != c.shared {
			t.Errorf("%v is not the errs sentinel", c.local)
		}
	}
}

// KMeans and DA with K above n fail alike: errs.ErrParam and a message naming K and n.
func TestKAboveNSameSentinel(t *testing.T) {
	x := mat.NewDense(5, 2, []float64{0, 0, 1, 1, 2, 2, 3, 3, 4, 4})
	_, errKM := KMeans{K: 7}.Fit(x)
	_, errDA := DA{K: 7}.Fit(x)
	_, errH := HistogramDA{K: 7}.Fit(mat.NewDense(5, 2, []float64{1, 0, 0, 1, 0.5, 0.5, 1, 0, 0, 1}))
	for name, err := range map[string]error{"KMeans": errKM, "DA": errDA, "HistogramDA": errH} {
		if !errors.Is(err, errs.ErrParam) || !strings.Contains(err.Error(), "K = 7") || !strings.Contains(err.Error(), "n = 5") {
			t.Errorf("%s: %v, want errs.ErrParam naming K = 7 and n = 5", name, err)
		}
	}
}

func TestTypedNilMatrices(t *testing.T) {
	var nilDense *mat.Dense
	if _, err := (Pairwise{K: 1}).Fit(nilDense); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("Pairwise: %v", err)
	}
	if _, err := Neighbourhood(nilDense, 1); !wrapsSentinel(err) {
		t.Errorf("Neighbourhood: %v", err)
	}
	if _, err := PatchCounts(nilDense, 2, 4, 0, 1); !wrapsSentinel(err) {
		t.Errorf("PatchCounts: %v", err)
	}
	if _, _, err := Assign(nilDense, mat.NewDense(1, 1, nil)); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("Assign: %v", err)
	}
	if _, err := (*KMeansResult)(nil).Predict(mat.NewDense(1, 1, nil)); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("nil KMeansResult.Predict: %v", err)
	}
}
