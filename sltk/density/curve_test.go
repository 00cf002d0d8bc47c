package density

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestQuadratureMomentsOfKnownDensities(t *testing.T) {
	g, err := NewGaussian([]float64{1}, mat.NewSymDense(1, []float64{4}))
	if err != nil {
		t.Fatal(err)
	}
	mo, err := QuadratureMoments(g, -30, 30, 60000)
	if err != nil || math.Abs(mo.Mass-1) > 1e-9 || math.Abs(mo.Mean-1) > 1e-9 || math.Abs(mo.Variance-4) > 1e-6 {
		t.Errorf("N(1, 4): %+v, err %v", mo, err)
	}
	// A box-kernel estimate of one point: uniform on (−h/2, h/2), variance h²/12.
	box, err := KDE{Kernel: BoxKernel, Bandwidth: 2}.Fit(mat.NewDense(1, 1, []float64{3}))
	if err != nil {
		t.Fatal(err)
	}
	mo, err = QuadratureMoments(box, -10, 10, 200000)
	if err != nil || math.Abs(mo.Mass-1) > 1e-3 || math.Abs(mo.Mean-3) > 1e-3 || math.Abs(mo.Variance-4.0/12) > 1e-3 {
		t.Errorf("box: %+v, err %v", mo, err)
	}
	ys, err := Curve(g, []float64{1})
	if err != nil || math.Abs(ys[0]-1/math.Sqrt(8*math.Pi)) > 1e-15 {
		t.Errorf("Curve at the mode = %v (%v), want 1/√(8π)", ys, err)
	}
}

func TestQuadratureMomentsBadInput(t *testing.T) {
	g, _ := NewGaussian([]float64{0}, mat.NewSymDense(1, []float64{1}))
	g2, _ := NewGaussian([]float64{0, 0}, mat.NewSymDense(2, []float64{1, 0, 0, 1}))
	cases := []struct {
		name string
		a, b float64
		n    int
		m    *Gaussian
		want error
	}{
		{"reversed", 1, 0, 10, g, ErrParam},
		{"NaN end", math.NaN(), 1, 10, g, ErrParam},
		{"infinite end", 0, math.Inf(1), 10, g, ErrParam},
		{"no cells", 0, 1, 0, g, ErrParam},
		{"too many cells", 0, 1, MaxQuadratureCells + 1, g, ErrTooLarge},
		{"2-D model", 0, 1, 10, g2, ErrShape},
		{"no mass", 1e6, 1e6 + 1, 10, g, ErrProb},
	}
	for _, c := range cases {
		if _, err := QuadratureMoments(c.m, c.a, c.b, c.n); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := Curve(g, nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("Curve(no points): err = %v", err)
	}
	if _, err := Curve(g, []float64{math.NaN()}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Curve(NaN): err = %v", err)
	}
	if _, err := Curve(nil, []float64{0}); !errors.Is(err, ErrParam) {
		t.Errorf("Curve(nil): err = %v", err)
	}
}

func ExampleQuadratureMoments() {
	x := mat.NewDense(4, 1, []float64{-1, 0, 1, 2})
	m, _ := KDE{Bandwidth: 0.5}.Fit(x)
	mo, _ := QuadratureMoments(m, -10, 10, 20000)
	_, want, _ := m.Moments1D()
	fmt.Printf("mass %.4f, mean %.4f, variance %.4f (closed form s² + h² = %.4f)\n",
		mo.Mass, mo.Mean, mo.Variance, want)
	// Output:
	// mass 1.0000, mean 0.5000, variance 1.5000 (closed form s² + h² = 1.5000)
}
