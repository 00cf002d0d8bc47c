package laplace

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// quadratic returns f(y) = ½·a·y² + c in one dimension, for which Laplace's method is exact:
// log ∫ e^{−M f} = −M c + ½ log(2π/(M a)).
func quadratic(a, c float64) Problem {
	return Problem{
		F:    func(y []float64) float64 { return 0.5*a*y[0]*y[0] + c },
		Grad: func(g, y []float64) { g[0] = a * y[0] },
		Hess: func(h *mat.SymDense, y []float64) { h.SetSym(0, 0, a) },
	}
}

// TestLogIntegralNonFiniteCallbacks: a callback returning NaN (F's constant, the Hessian) or a
// result that overflows (M·F beyond float64) used to pass through as LogInt = NaN or ±Inf with a
// nil error; now errs.ErrNotFinite naming the callback. The finite case matches the closed form.
func TestLogIntegralNonFiniteCallbacks(t *testing.T) {
	r, err := LogIntegral(quadratic(2, 3), []float64{1}, 5)
	if want := -5*3 + 0.5*math.Log(2*math.Pi/10); err != nil || math.Abs(r.LogInt-want) > 1e-12 {
		t.Fatalf("quadratic: %v, %v, want %v", r, err, want)
	}
	nanF := quadratic(2, math.NaN())
	nanH := quadratic(2, 0)
	nanH.Hess = func(h *mat.SymDense, _ []float64) { h.SetSym(0, 0, math.NaN()) }
	for name, c := range map[string]struct {
		p    Problem
		m    float64
		word string
	}{
		"NaN F":    {nanF, 1, "F(y)"},
		"NaN Hess": {nanH, 1, "Hess"},
		"overflow": {quadratic(2, 1e300), 1e10, "overflows"},
	} {
		_, err := LogIntegral(c.p, []float64{0.5}, c.m)
		if !errors.Is(err, errs.ErrNotFinite) || !containsWord(err, c.word) {
			t.Errorf("%s: err = %v, want ErrNotFinite naming %q", name, err, c.word)
		}
	}
}

func containsWord(err error, w string) bool { return err != nil && strings.Contains(err.Error(), w) }
