package laplace

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// TestBadInputErrors: the centres y are validated like the data, a temperature too small for
// the data is ErrNotFinite, and LALogAlpha names its bad argument.
func TestBadInputErrors(t *testing.T) {
	x := mat.NewDense(4, 1, []float64{-2, -1, 1, 2})
	y := mat.NewDense(2, 1, []float64{-1, 1})
	f := func(_ float64, err error) error { return err }
	_, hErr := LAHessian(x, (*mat.Dense)(nil), 1)
	for _, c := range []struct {
		name string
		err  error
		want error
		msg  string
	}{
		{"LAFreeEnergy nil y", f(LAFreeEnergy(x, nil, 1)), errs.ErrEmpty, "y is nil"},
		{"LAHessian typed-nil y", hErr, errs.ErrEmpty, "y is nil"},
		{"LAFreeEnergy tiny T", f(LAFreeEnergy(x, y, 5e-324)), errs.ErrNotFinite, "overflows at T = 5e-324"},
		{"LAExactLogZ tiny T", f(LAExactLogZ(x, 2, 5e-324)), errs.ErrNotFinite, "overflows"},
		{"LALogAlpha n", f(LALogAlpha(0, 2, 1, 1)), errs.ErrParam, "n = 0, want ≥ 1"},
		{"LALogAlpha T", f(LALogAlpha(5, 2, 1, -1)), errs.ErrParam, "T = -1"},
	} {
		if !errors.Is(c.err, c.want) || c.err == nil || !strings.Contains(c.err.Error(), c.msg) {
			t.Errorf("%s: %v, want %v with %q", c.name, c.err, c.want, c.msg)
		}
	}
}
