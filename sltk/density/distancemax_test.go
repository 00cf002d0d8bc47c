package density

import (
	"errors"
	"math"
	"testing"
)

// flea is the spec's construction (§2.14): vessel(x, t) = −(x − φ(t))², φ(t) = (1 + sin t)/2,
// d increasing on [0, 1] with d(0.25) = 6; the M-step maximises skin = vessel + d on [0, 1].
func flea(slope float64) DistanceMax {
	gap := func(x float64) float64 { return 6 + slope*(x-0.25) }
	phi := func(t float64) float64 { return (1 + math.Sin(t)) / 2 }
	return DistanceMax{
		E: func(x float64) float64 { return math.Asin(2*x - 1) },
		// argmax_x −(x − φ)² + slope·x on [0, 1] is φ + slope/2, clipped.
		M:   func(t float64) float64 { return math.Min(1, math.Max(0, phi(t)+slope/2)) },
		Gap: gap,
	}
}

func TestDistanceMax(t *testing.T) {
	res, err := flea(0.5).Run(0.25)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Converged || math.Abs(res.X[len(res.X)-1]-1) > 1e-12 {
		t.Fatalf("flea ends at %v (converged %v), want x* = 1", res.X, res.Converged)
	}
	for i := 1; i < len(res.Gap); i++ {
		if res.Gap[i] < res.Gap[i-1] {
			t.Fatalf("d decreased: %v", res.Gap)
		}
	}
	// The E-step puts the vessel's peak under the flea: φ(t̂) = x.
	for i, tt := range res.T {
		if math.Abs((1+math.Sin(tt))/2-res.X[i]) > 1e-12 {
			t.Fatalf("E-step %d: φ(t̂) = %g, x = %g", i, (1+math.Sin(tt))/2, res.X[i])
		}
	}
	// A wrong M-step (moving away from the maximiser) is caught.
	bad := flea(0.5)
	bad.M = func(t float64) float64 { return 0 }
	if _, err := bad.Run(0.5); !errors.Is(err, ErrDecrease) {
		t.Fatalf("decreasing step: err = %v", err)
	}
	// Bad input.
	for i, a := range []DistanceMax{{}, {E: bad.E, M: bad.M}, func() DistanceMax { f := flea(1); f.Tol = -1; return f }()} {
		if _, err := a.Run(0.25); !errors.Is(err, ErrParam) {
			t.Errorf("case %d: err = %v", i, err)
		}
	}
	if _, err := flea(1).Run(math.NaN()); !errors.Is(err, ErrParam) {
		t.Errorf("NaN start: err = %v", err)
	}
	nan := flea(1)
	nan.M = func(float64) float64 { return math.NaN() }
	if _, err := nan.Run(0.25); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN step: err = %v", err)
	}
}
