package density

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

func TestEMMessages(t *testing.T) {
	_, _, err := EM{}.Best(1<<40, 1, nil)
	if !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), "density: EM.Best: restarts = 1099511627776") {
		t.Errorf("EM.Best(2^40): %v", err)
	}
	bad := errors.New("model broke")
	_, _, err = EM{}.Best(2, 1, func(uint64) (EMModel, error) { return nil, bad })
	if !errors.Is(err, bad) || !strings.Contains(err.Error(), "density: EM.Best: restart 0: model broke") {
		t.Errorf("EM.Best with a failing factory: %v", err)
	}
}

// A hand-built GMMResult that does not hang together is not fitted, not a panic.
func TestGMMResultInconsistent(t *testing.T) {
	x := mat.NewDense(2, 1, []float64{0, 1})
	r := &GMMResult{Means: mat.NewDense(1, 1, []float64{0}), Weights: []float64{1},
		Covs: []*mat.SymDense{mat.NewSymDense(1, []float64{1})}, Cov: CovType(-1)}
	if _, err := r.BIC(x); !errors.Is(err, errs.ErrNotFitted) || !strings.Contains(err.Error(), "Cov = -1") {
		t.Errorf("Cov = -1: %v", err)
	}
}

func TestGaussianZeroValue(t *testing.T) {
	var g Gaussian
	if _, err := g.LogDensityAt([]float64{0}); !errors.Is(err, errs.ErrNotFitted) || !strings.Contains(err.Error(), "Gaussian.LogDensityAt") {
		t.Errorf("Gaussian{}.LogDensityAt: %v", err)
	}
	if _, err := g.Score(mat.NewDense(1, 1, []float64{0})); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("Gaussian{}.Score: %v", err)
	}
}

// A parameter vector of the wrong length is an error of NLL, not a panic.
func TestNLLWrongLength(t *testing.T) {
	x := mat.NewDense(2, 2, []float64{0, 1, 2, 3})
	_, err := NLL(x, GaussianLogDensity, []float64{0, 0})
	if !errors.Is(err, errs.ErrShape) || !strings.Contains(err.Error(), "sample 0: density: GaussianLogDensity: len(x) = 2 needs len(w) = len(grad) = 3, got 2 and 2") {
		t.Errorf("NLL with len(w) = d: %v", err)
	}
}
