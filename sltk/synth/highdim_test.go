package synth

import (
	"errors"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

func TestHighDimSamplers(t *testing.T) {
	const n, l = 20000, 10
	sphere, err := Sphere{N: n, Dim: l, Seed: 1}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	ball, _ := Ball{N: n, Dim: l, Seed: 1}.Generate()
	cube, _ := Cube{N: n, Dim: l, Seed: 1}.Generate()
	gauss, _ := SphericalGaussian{N: n, Mean: []float64{0, 0, 0, 0, 0, 0, 0, 0, 0, 3}, Sigma: 2, Seed: 1}.Generate()
	var inHalf, sq, last float64
	for i := range n {
		if r := floats.Norm(sphere.RawRowView(i), 2); math.Abs(r-1) > 1e-12 {
			t.Fatalf("sphere row %d has norm %v", i, r)
		}
		r := floats.Norm(ball.RawRowView(i), 2)
		if r > 1 {
			t.Fatalf("ball row %d has norm %v", i, r)
		}
		if r <= 0.5 {
			inHalf++
		}
		for _, v := range cube.RawRowView(i) {
			if v < -1 || v > 1 {
				t.Fatalf("cube value %v", v)
			}
			sq += v * v
		}
		last += gauss.At(i, l-1)
	}
	// Pr(‖x‖ ≤ 1/2) = 2^−10 for the ball; E‖x‖² = ℓ/3 for the cube; mean 3 for the Gaussian.
	if p := inHalf / n; math.Abs(p-math.Pow(0.5, l)) > 4*math.Sqrt(math.Pow(0.5, l)/n) {
		t.Errorf("ball: Pr(‖x‖ ≤ 1/2) = %v, want %v", p, math.Pow(0.5, l))
	}
	if m := sq / n; math.Abs(m-float64(l)/3) > 0.05 {
		t.Errorf("cube: E‖x‖² = %v, want %v", m, float64(l)/3)
	}
	if m := last / n; math.Abs(m-3) > 4*2/math.Sqrt(n) {
		t.Errorf("gaussian: mean %v, want 3", m)
	}
	again, _ := Sphere{N: n, Dim: l, Seed: 1}.Generate()
	if !mat.Equal(sphere, again) {
		t.Error("same seed, different sample")
	}
}

func TestHighDimBadInput(t *testing.T) {
	for _, c := range []struct {
		f    func() (*mat.Dense, error)
		want error
	}{
		{Sphere{N: 0, Dim: 3}.Generate, errs.ErrParam},
		{Ball{N: 3, Dim: -1}.Generate, errs.ErrParam},
		{Cube{N: 1 << 20, Dim: 1 << 20}.Generate, errs.ErrTooLarge},
		{SphericalGaussian{N: 3, Dim: 2, Sigma: -1}.Generate, errs.ErrParam},
		{SphericalGaussian{N: 3, Dim: 2, Mean: []float64{1}}.Generate, errs.ErrShape},
		{SphericalGaussian{N: 3, Mean: []float64{math.NaN()}}.Generate, errs.ErrNotFinite},
	} {
		if _, err := c.f(); !errors.Is(err, c.want) {
			t.Errorf("err = %v, want %v", err, c.want)
		}
	}
}
