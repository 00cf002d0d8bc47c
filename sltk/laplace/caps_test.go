package laplace

import (
	"errors"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// TestIterationCaps: Simpson's n, Simpson2's n (n² evaluations) and LeastAngle's MaxIter ×
// Restarts drove loops without a cap (n = 2^40 ran for hours); now errs.ErrTooLarge past the
// documented limits. Below them the product rule is exact for ∫∫ uv = 1/4.
func TestIterationCaps(t *testing.T) {
	cube := func(x float64) float64 { return x * x * x }
	if _, err := Simpson(cube, 0, 1, 1<<40); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("Simpson n = 2^40: err = %v, want ErrTooLarge", err)
	}
	if _, err := Simpson2(func(u, v float64) float64 { return u * v }, 0, 1, 0, 1, MaxSimpson2+2); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("Simpson2 n = MaxSimpson2+2: err = %v, want ErrTooLarge", err)
	}
	v, err := Simpson2(func(u, w float64) float64 { return u * w }, 0, 1, 0, 1, 64)
	if err != nil || math.Abs(v-0.25) > 1e-15 {
		t.Errorf("Simpson2 ∫∫uv = %v, %v, want 1/4", v, err)
	}
	x := mat.NewDense(4, 1, []float64{-2, -1, 1, 2})
	for _, la := range []LeastAngle{
		{K: 2, T: 0.5, MaxIter: MaxLeastAngleIter + 1},
		{K: 2, T: 0.5, MaxIter: MaxLeastAngleIter, Restarts: 8},
	} {
		if _, err := la.Fit(x); !errors.Is(err, errs.ErrTooLarge) {
			t.Errorf("LeastAngle MaxIter %d × Restarts %d: err = %v, want ErrTooLarge", la.MaxIter, la.Restarts, err)
		}
	}
}
