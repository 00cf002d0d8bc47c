package nn_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/sltk-book/sltk/sltk/frame"
	"github.com/sltk-book/sltk/sltk/internal/fixture"
	"github.com/sltk-book/sltk/sltk/nn"
	"github.com/sltk-book/sltk/sltk/preprocess"
	"gonum.org/v1/gonum/mat"
)

// digitsSplit returns the optical digits, every fifth image held out, standardised with the
// mean and deviation of the training part (StandardScaler's counterpart).
func digitsSplit(t testing.TB) (x, xt *mat.Dense, y, yt []int) {
	all, labels, _, err := frame.Digits()
	if err != nil {
		t.Fatal(err)
	}
	s, err := preprocess.HoldOut(all, labels, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, err := preprocess.Standardizer{}.Fit(s.Kept.X)
	if err != nil {
		t.Fatal(err)
	}
	x, _ = st.Transform(s.Kept.X)
	xt, _ = st.Transform(s.Held.X)
	return x, xt, s.Kept.Y, s.Held.Y
}

// TestMatchesSklearn: the same network, optimiser and budget as scikit-learn's MLPClassifier
// in testdata/sklearn_mlp.json (written by sklearn_fixtures.py, read by SklearnDigits) reaches
// the same test accuracy on the digits, averaged over five seeds on each side, within 1.5
// points.
func TestMatchesSklearn(t *testing.T) {
	ref, err := nn.SklearnDigits()
	if err != nil {
		t.Fatal(err)
	}
	x, xt, y, yt := digitsSplit(t)
	sum := 0.0
	for seed := range uint64(5) {
		m, err := nn.MLP{Hidden: []int{64}, BatchSize: 64, MaxIter: 60, Patience: 1000, Seed: seed}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := m.Predict(xt)
		right := 0
		for i := range p {
			if p[i] == yt[i] {
				right++
			}
		}
		sum += float64(right) / float64(len(p))
	}
	if got := sum / 5; math.Abs(got-ref.Mean) > 0.015 {
		t.Errorf("mean test accuracy %.4f, scikit-learn %.4f", got, ref.Mean)
	} else {
		t.Logf("mean test accuracy %.4f, scikit-learn %.4f", got, ref.Mean)
	}
}

// TestSklearnDigits: SklearnDigits hands out what the fixture file holds, five accuracies
// whose mean is the recorded mean, and the scikit-learn version that wrote them.
func TestSklearnDigits(t *testing.T) {
	var file nn.PeerResult
	fixture.JSON(t, "testdata/sklearn_mlp.json", &file)
	got, err := nn.SklearnDigits()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, file) || got.Version == "" || len(got.TestAccuracy) != 5 {
		t.Fatalf("SklearnDigits = %+v, file holds %+v", got, file)
	}
	sum := 0.0
	for _, a := range got.TestAccuracy {
		sum += a
	}
	if math.Abs(sum/5-got.Mean) > 1e-12 {
		t.Errorf("mean %g of %v recorded as %g", sum/5, got.TestAccuracy, got.Mean)
	}
}
