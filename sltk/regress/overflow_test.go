package regress

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

// TestPredictOverflow: a model fitted on ordinary data and asked at x ×1e307 returned ±Inf
// or NaN predictions (w·g(x) overflows); now an error wrapping ErrNotFinite that names the
// point. MSE reports it too. Reference for the finite case: the closed form 2 + 3x.
func TestPredictOverflow(t *testing.T) {
	xs := []float64{0, 1, 2, 3, 4}
	ys := make([]float64, len(xs))
	for i, x := range xs {
		ys[i] = 2 + 3*x
	}
	basis := []Func{func(float64) float64 { return 1 }, func(x float64) float64 { return x }}
	m, err := BasisLS{Basis: basis}.Fit(xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	big := []float64{1e307, -1e308, 1.7e308}
	if p, err := m.Predict(big); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "Model.Predict") {
		t.Errorf("Predict(×1e307): %v, %v", p, err)
	}
	if v, err := m.MSE(big, []float64{0, 0, 0}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("MSE(×1e307): %v, %v", v, err)
	}
	p, err := m.Predict([]float64{1e300, -7})
	if err != nil || math.Abs(p[0]-3e300) > 1e-12*3e300 || math.Abs(p[1]-(2-21)) > 1e-9 {
		t.Errorf("Predict(1e300, −7) = %v, %v; want 3e300, −19", p, err)
	}
}

// TestDesignLimit: n·d beyond MaxDesignEntries is ErrTooLarge before the matrix is allocated.
func TestDesignLimit(t *testing.T) {
	basis := make([]Func, 1<<10)
	for j := range basis {
		basis[j] = func(x float64) float64 { return x }
	}
	xs := make([]float64, MaxDesignEntries/(1<<10)+1)
	if _, err := Design(basis, xs); !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), "MaxDesignEntries") {
		t.Errorf("Design of %d×%d: %v", len(xs), len(basis), err)
	}
	if _, err := Design(basis, xs[:4]); err != nil {
		t.Errorf("Design of 4×%d: %v", len(basis), err)
	}
}
