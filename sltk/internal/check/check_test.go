package check

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestMatrix(t *testing.T) {
	var nilDense *mat.Dense
	bad := mat.NewDense(2, 3, []float64{1, 2, 3, 4, math.Inf(-1), math.NaN()})
	for _, tc := range []struct {
		name  string
		x     mat.Matrix
		fault Fault
		msg   string
	}{
		{"nil", nil, Nil, "x is nil"},
		{"nil dense", nilDense, Nil, "x is nil"},
		{"empty", &mat.Dense{}, Empty, "x is empty (0×0)"},
		{"first non-finite, dense", bad, NotFinite, "x[1,1] = -Inf"},
		{"first non-finite, transposed", bad.T(), NotFinite, "x[1,1] = -Inf"},
		{"finite", mat.NewDense(2, 2, []float64{1, 2, 3, 4}), 0, ""},
	} {
		n, d, err := Matrix("x", tc.x)
		if tc.fault == 0 {
			if err != nil || n != 2 || d != 2 {
				t.Errorf("%s: got %d×%d, %v", tc.name, n, d, err)
			}
			continue
		}
		if err == nil || err.Fault != tc.fault || err.Error() != tc.msg {
			t.Errorf("%s: got %v, want fault %d %q", tc.name, err, tc.fault, tc.msg)
		}
	}
}
