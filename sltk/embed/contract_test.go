package embed

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// TestBadInputErrors: the exported fields of a model set by hand are validated before use,
// and results that overflow are ErrNotFinite.
func TestBadInputErrors(t *testing.T) {
	z := mat.NewDense(2, 1, []float64{1, 2})
	comp := mat.NewDense(2, 1, []float64{1, 0})
	x := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	_, shortMean := (&PCAModel{Components: comp, Mean: []float64{0}}).InverseTransform(z)
	_, nanComp := (&PCAModel{Components: mat.NewDense(2, 1, []float64{math.NaN(), 0}), Mean: []float64{0, 0}}).InverseTransform(z)
	_, overflow := (&PCAModel{Components: mat.NewDense(2, 1, []float64{1e308, 0}), Mean: []float64{0, 0}}).InverseTransform(z)
	_, nanU := (&Projection{U: mat.NewDense(1, 2, []float64{math.Inf(1), 0})}).Transform(x)
	_, tiny := MaxDistortion(mat.NewDense(2, 1, []float64{0, 5e-324}), mat.NewDense(2, 1, []float64{0, 1}))
	for _, c := range []struct {
		name string
		err  error
		want error
		msg  string
	}{
		{"short Mean", shortMean, errs.ErrShape, "Mean has 1 entries, Components 2 rows"},
		{"NaN Components", nanComp, errs.ErrNotFinite, "Components[0,0] = NaN"},
		{"overflow", overflow, errs.ErrNotFinite, "result overflows"},
		{"Inf U", nanU, errs.ErrNotFinite, "U[0,0] = +Inf"},
		{"tiny distances", tiny, errs.ErrNotFinite, "distance ratio overflows"},
	} {
		if !errors.Is(c.err, c.want) || c.err == nil || !strings.Contains(c.err.Error(), c.msg) {
			t.Errorf("%s: %v, want %v with %q", c.name, c.err, c.want, c.msg)
		}
	}
}
