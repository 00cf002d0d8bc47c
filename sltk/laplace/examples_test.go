package laplace

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestSimpson(t *testing.T) {
	got, err := Simpson(math.Exp, 0, 1, 100)
	if err != nil || math.Abs(got-(math.E-1)) > 1e-9 {
		t.Errorf("∫₀¹ eˣ = %v (%v), want e − 1", got, err)
	}
	// A cubic is integrated exactly.
	got, _ = Simpson(func(y float64) float64 { return y * y * y }, -1, 2, 2)
	if math.Abs(got-(16-1)/4.0) > 1e-12 {
		t.Errorf("∫ y³ = %g, want 3.75", got)
	}
	g2, err := Simpson2(func(u, v float64) float64 { return math.Exp(-u*u - v*v) }, -8, 8, -8, 8, 400)
	if err != nil || math.Abs(g2-math.Pi) > 1e-9 {
		t.Errorf("∫∫ e^{−u²−v²} = %v (%v), want π", g2, err)
	}
	for _, c := range []struct {
		name string
		g    func(float64) float64
		a, b float64
		n    int
		want error
	}{
		{"odd n", math.Exp, 0, 1, 3, ErrParam},
		{"empty interval", math.Exp, 1, 1, 2, ErrParam},
		{"NaN bound", math.Exp, math.NaN(), 1, 2, ErrParam},
		{"nil g", nil, 0, 1, 2, ErrParam},
		{"pole", func(y float64) float64 { return 1 / y }, 0, 1, 2, ErrNotFinite},
	} {
		if _, err := Simpson(c.g, c.a, c.b, c.n); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := Simpson2(func(u, v float64) float64 { return 1 / v }, 0, 1, 0, 1, 2); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Simpson2 pole: %v", err)
	}
	if _, err := Simpson2(nil, 0, 1, 0, 1, 2); !errors.Is(err, ErrParam) {
		t.Errorf("Simpson2 nil: %v", err)
	}
}

func TestExampleProblems(t *testing.T) {
	w := Wiggle()
	r, err := LogIntegral(w, []float64{-0.3}, 1)
	if err != nil || math.Abs(r.Y[0]+0.2908393150) > 1e-8 {
		t.Errorf("Wiggle minimum %v (%v), want −0.2908393150", r, err)
	}
	for _, T := range []float64{2.5, 10} {
		p, err := SpinToy(T)
		if err != nil {
			t.Fatal(err)
		}
		r, err := LogIntegral(p, []float64{0.1}, 1/T)
		if err != nil || math.Abs(r.Y[0]) > 1e-8 || math.Abs(r.F+T*math.Ln2) > 1e-9 {
			t.Errorf("T = %g: minimum %v, f %v (%v), want 0 and −T log 2", T, r.Y, r.F, err)
		}
	}
	if p, _ := SpinToy(100); math.IsInf(p.F([]float64{1e5}), 0) {
		t.Error("SpinToy overflows at large y")
	}
	if _, err := SpinToy(0); !errors.Is(err, ErrParam) {
		t.Errorf("T = 0: %v", err)
	}
	x := TwoDirections(3)
	for i := 0; i < 12; i++ {
		if n := math.Hypot(x.At(i, 0), x.At(i, 1)); math.Abs(n-1) > 1e-15 {
			t.Fatalf("row %d has norm %g", i, n)
		}
	}
}

// Laplace's estimate of ∫ e^{−M f} for f = −1 + y² + sin 5y approaches the quadrature value as
// M grows.
func ExampleWiggle() {
	p := Wiggle()
	for _, M := range []float64{1, 100} {
		r, _ := LogIntegral(p, []float64{-0.3}, M)
		exact, _ := Simpson(func(y float64) float64 { return math.Exp(-M * (p.F([]float64{y}) - r.F)) }, -8, 8, 200000)
		fmt.Printf("M = %g: exact / Laplace = %.4f\n", M, exact/math.Exp(r.LogInt+M*r.F))
	}
	// Output:
	// M = 1: exact / Laplace = 1.8691
	// M = 100: exact / Laplace = 1.0011
}
