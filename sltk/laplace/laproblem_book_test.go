package laplace

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestLAProblemGradient checks Grad against central differences of F at a random point.
func TestLAProblemGradient(t *testing.T) {
	x := TwoDirections(3)
	p, err := LAProblem(x, 2, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	y := []float64{0.3, -0.1, 0.05, 0.4}
	g := make([]float64, 4)
	p.Grad(g, y)
	const h = 1e-6
	for j := range y {
		yp, ym := append([]float64(nil), y...), append([]float64(nil), y...)
		yp[j] += h
		ym[j] -= h
		fd := (p.F(yp) - p.F(ym)) / (2 * h)
		if math.Abs(fd-g[j]) > 1e-7 {
			t.Errorf("∂f/∂y[%d]: Grad %.10g, central difference %.10g", j, g[j], fd)
		}
	}
}

// TestLAProblemNewtonMatchesLeastAngle: Newton's method on the Problem (LogIntegral) and the
// fixed-point iteration of LeastAngle reach the same minimiser, value and log-determinant,
// above and below the critical temperature.
func TestLAProblemNewtonMatchesLeastAngle(t *testing.T) {
	x := TwoDirections(3)
	for _, T := range []float64{1, 0.1} {
		r, err := LeastAngle{K: 2, T: T, Seed: 1}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		p, err := LAProblem(x, 2, T)
		if err != nil {
			t.Fatal(err)
		}
		start := mat.DenseCopyOf(r.Centroids)
		start.Apply(func(_, _ int, v float64) float64 { return 0.9*v + 0.01 }, start)
		nr, err := LogIntegral(p, start.RawMatrix().Data, 12/T)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range r.Centroids.RawMatrix().Data {
			if math.Abs(nr.Y[i]-v) > 1e-8 {
				t.Errorf("T = %g: y[%d] Newton %.10g, LeastAngle %.10g", T, i, nr.Y[i], v)
			}
		}
		if math.Abs(nr.F-r.F) > 1e-12 || math.Abs(nr.LogDet-r.LogDet) > 1e-8 {
			t.Errorf("T = %g: f %g vs %g, log det %g vs %g", T, nr.F, r.F, nr.LogDet, r.LogDet)
		}
	}
}

func TestLAProblemBadInput(t *testing.T) {
	x := TwoDirections(3)
	for name, c := range map[string]struct {
		x    mat.Matrix
		k    int
		t    float64
		want error
	}{
		"nil x": {nil, 2, 1, ErrEmpty}, "K = 0": {x, 0, 1, ErrParam}, "K > n": {x, 13, 1, ErrParam},
		"T = 0": {x, 2, 0, ErrParam}, "T NaN": {x, 2, math.NaN(), ErrParam},
	} {
		if _, err := LAProblem(c.x, c.k, c.t); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", name, err, c.want)
		}
	}
}

func ExampleLAProblem() {
	x := TwoDirections(3)
	r, _ := LeastAngle{K: 2, T: 0.1, Seed: 1}.Fit(x)
	p, _ := LAProblem(x, 2, 0.1)
	g := make([]float64, 4)
	p.Grad(g, r.Centroids.RawMatrix().Data) // the residual of the fixed point (4.14)
	fmt.Printf("residual below 1e-9: %v\n", mat.Norm(mat.NewVecDense(4, g), 2) < 1e-9)
	// Output:
	// residual below 1e-9: true
}
