package density

import (
	"errors"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// wrapsSentinel reports whether err wraps one of the sentinels of package errs.
func wrapsSentinel(err error) bool { return check.Sentinel(err) != nil }

func TestSentinelsAndZeroValues(t *testing.T) {
	if ErrParam != errs.ErrParam || ErrEmpty != errs.ErrEmpty || ErrNotFinite != errs.ErrNotFinite ||
		ErrShape != errs.ErrShape || ErrSingular != errs.ErrSingular || ErrNotFitted != errs.ErrNotFitted {
		t.Fatal("density re-exports a sentinel that is not the errs one")
	}
	x := mat.NewDense(2, 1, []float64{0, 1})
	if _, err := (&GMMResult{}).Score(x); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("zero GMMResult: %v", err)
	}
	if _, err := (&KDEModel{}).LogDensity(x); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("zero KDEModel: %v", err)
	}
	if _, err := (&Gaussian{}).Score(x); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("zero Gaussian: %v", err)
	}
	if _, _, err := (&BernoulliFit{}).Predict([]float64{1}); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("zero BernoulliFit: %v", err)
	}
}

// The mean log-likelihood of a fitted model agrees across LogDensity, Score and the fit.
func TestDensityModelsScoreIsMeanLogDensity(t *testing.T) {
	x := mat.NewDense(6, 1, []float64{-1.2, -0.8, -1, 2.1, 1.9, 2})
	g, err := FitGaussian(x)
	if err != nil {
		t.Fatal(err)
	}
	kde, err := KDE{Bandwidth: 0.5}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	gmm, err := GMM{K: 2, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]interface {
		LogDensity(mat.Matrix) ([]float64, error)
		Score(mat.Matrix) (float64, error)
	}{"Gaussian": g, "KDE": kde, "GMM": gmm} {
		ld, err1 := m.LogDensity(x)
		s, err2 := m.Score(x)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", name, err1, err2)
		}
		mean := 0.0
		for _, v := range ld {
			mean += v / float64(len(ld))
		}
		if math.Abs(mean-s) > 1e-12*math.Max(1, math.Abs(s)) {
			t.Errorf("%s: mean log density %g, Score %g", name, mean, s)
		}
	}
	if s, _ := gmm.Score(x); math.Abs(s-gmm.LogLik) > 1e-9*math.Abs(s) {
		t.Errorf("GMM: Score %g, LogLik of the fit %g (both are means)", s, gmm.LogLik)
	}
}

func TestZeroValuesDoNotPanic(t *testing.T) {
	g := &Gaussian{Mean: []float64{0}, Cov: mat.NewSymDense(1, []float64{1})} // not built by NewGaussian
	if _, err := g.LogDensityAt([]float64{0}); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("Gaussian without factor: %v", err)
	}
	if d := (&HistogramModel{}).Density(1); d != 0 {
		t.Errorf("zero HistogramModel density %g", d)
	}
	if f := (&EMResult{}).Final(); f != gibbs.LogZero {
		t.Errorf("zero EMResult.Final = %g", f)
	}
	var nilSym *mat.SymDense
	if _, err := NewGaussian([]float64{0}, nilSym); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("typed-nil covariance: %v", err)
	}
}
