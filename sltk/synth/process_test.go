package synth

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/stat"
)

// autocorr returns the lag-τ sample autocorrelation of v.
func autocorr(v []float64, tau int) float64 {
	return stat.Correlation(v[tau:], v[:len(v)-tau], nil)
}

func TestARAndMA(t *testing.T) {
	const n = 200000
	for _, rho := range []float64{0.9, -0.5, 0} {
		v, err := AR{N: n, Rho: rho, Seed: 1}.Generate()
		if err != nil {
			t.Fatal(err)
		}
		if va := stat.Variance(v, nil); math.Abs(va-1) > 0.05 {
			t.Errorf("AR ρ = %v: variance %v, want 1", rho, va)
		}
		for tau := 1; tau <= 3; tau++ {
			if got, want := autocorr(v, tau), math.Pow(rho, float64(tau)); math.Abs(got-want) > 0.01 {
				t.Errorf("AR ρ = %v: lag-%d autocorrelation %v, want %v", rho, tau, got, want)
			}
		}
	}
	for _, theta := range []float64{1, -0.4} {
		v, err := MA{N: n, Theta: theta, Seed: 2}.Generate()
		if err != nil {
			t.Fatal(err)
		}
		if va := stat.Variance(v, nil); math.Abs(va-1) > 0.02 {
			t.Errorf("MA θ = %v: variance %v, want 1", theta, va)
		}
		if got, want := autocorr(v, 1), theta/(1+theta*theta); math.Abs(got-want) > 0.01 {
			t.Errorf("MA θ = %v: lag-1 autocorrelation %v, want %v", theta, got, want)
		}
		if got := autocorr(v, 2); math.Abs(got) > 0.01 {
			t.Errorf("MA θ = %v: lag-2 autocorrelation %v, want 0", theta, got)
		}
	}
	a, _ := AR{N: 100, Rho: 0.5, Seed: 7}.Generate()
	b, _ := AR{N: 100, Rho: 0.5, Seed: 7}.Generate()
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("AR: same seed, different values")
		}
	}
	for name, err := range map[string]error{
		"AR N":     func() error { _, err := AR{N: 0, Rho: 0.5}.Generate(); return err }(),
		"AR ρ = 1": func() error { _, err := AR{N: 5, Rho: 1}.Generate(); return err }(),
		"AR NaN":   func() error { _, err := AR{N: 5, Rho: math.NaN()}.Generate(); return err }(),
		"MA N":     func() error { _, err := MA{N: -1}.Generate(); return err }(),
		"MA Inf":   func() error { _, err := MA{N: 5, Theta: math.Inf(1)}.Generate(); return err }(),
	} {
		if !errors.Is(err, ErrParam) {
			t.Errorf("%s: %v, want ErrParam", name, err)
		}
	}
}

func ExampleAR() {
	v, err := AR{N: 100000, Rho: 0.9, Seed: 1}.Generate()
	if err != nil {
		panic(err)
	}
	fmt.Printf("lag-1 autocorrelation ≈ %.2f\n", stat.Correlation(v[1:], v[:len(v)-1], nil))
	// Output: lag-1 autocorrelation ≈ 0.90
}
