package gibbs

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// gridPosterior is the Gaussian-mean algorithm of §10.3: N(sample mean, 1/n) on a grid of means.
func gridPosterior(x []float64) ([]float64, error) {
	var m float64
	for _, v := range x {
		m += v / float64(len(x))
	}
	cost := make([]float64, 161)
	for i := range cost {
		c := -8 + 0.1*float64(i)
		cost[i] = (c - m) * (c - m) * float64(len(x)) / 2
	}
	d, err := New(cost, 1)
	if err != nil {
		return nil, err
	}
	return d.LogP, nil
}

func gaussian(mu float64, n int) func(*rand.Rand) []float64 {
	return func(rng *rand.Rand) []float64 {
		x := make([]float64, n)
		for i := range x {
			x[i] = mu + rng.NormFloat64()
		}
		return x
	}
}

func TestProtocolExtremes(t *testing.T) {
	// A perfect algorithm: phenomenon j always gives the point mass at class j.
	const m = 5
	var ph []func(*rand.Rand) int
	for j := 0; j < m; j++ {
		ph = append(ph, func(*rand.Rand) int { return j })
	}
	point := func(j int) ([]float64, error) {
		lp := make([]float64, m)
		for i := range lp {
			lp[i] = math.Inf(-1)
		}
		lp[j] = 0
		return lp, nil
	}
	r, err := Protocol[int]{Phenomena: ph, Posterior: point, Trials: 200, Seed: 1}.Run()
	if err != nil || r.Rate != 1 || r.M != m {
		t.Fatalf("perfect algorithm: %+v, %v", r, err)
	}
	ipa, err := Protocol[int]{Phenomena: ph, Posterior: point}.LogPA(10)
	if err != nil || math.Abs(ipa-math.Log(m)) > 1e-12 {
		t.Fatalf("perfect algorithm: Î = %g, want log %d (%v)", ipa, m, err)
	}
	// An uninformative algorithm: the uniform posterior; all kernels tie and the decoder says 0.
	uniform := func(int) ([]float64, error) {
		lp := make([]float64, 7)
		for i := range lp {
			lp[i] = -math.Log(7)
		}
		return lp, nil
	}
	r, err = Protocol[int]{Phenomena: ph, Posterior: uniform, Trials: 4000, Seed: 2}.Run()
	se := math.Sqrt(0.2 * 0.8 / 4000)
	if err != nil || math.Abs(r.Rate-1.0/m) > 4*se {
		t.Fatalf("uninformative algorithm: rate %g, want 1/%d", r.Rate, m)
	}
	ipa, _ = Protocol[int]{Phenomena: ph, Posterior: uniform}.LogPA(10)
	if math.Abs(ipa) > 1e-12 {
		t.Fatalf("uniform posteriors: Î = %g, want 0", ipa)
	}
}

// TestProtocolGaussian: success falls with m, the bound 1 − m e^{−Î} of Theorem 31 (without the
// ε slack) is not violated by much, and the empirical (shift) variant matches the ideal one.
func TestProtocolGaussian(t *testing.T) {
	const n = 20
	ideal := func(m int) float64 {
		var ph []func(*rand.Rand) []float64
		for j := 0; j < m; j++ {
			ph = append(ph, gaussian(-4+8*float64(j)/float64(m-1), n))
		}
		r, err := Protocol[[]float64]{Phenomena: ph, Posterior: gridPosterior, Trials: 400, Seed: 3}.Run()
		if err != nil {
			t.Fatal(err)
		}
		return r.Rate
	}
	empirical := func(m int) float64 {
		shift := func(x []float64, j int) []float64 {
			y := make([]float64, len(x))
			for i, v := range x {
				y[i] = v - 4 + 8*float64(j)/float64(m-1)
			}
			return y
		}
		r, err := Protocol[[]float64]{Phenomena: []func(*rand.Rand) []float64{gaussian(0, n)}, Posterior: gridPosterior,
			Transform: shift, M: m, Trials: 400, Seed: 4}.Run()
		if err != nil {
			t.Fatal(err)
		}
		return r.Rate
	}
	i4, i32 := ideal(4), ideal(32)
	if i4 < 0.99 || i32 > i4 {
		t.Fatalf("ideal success: m=4 %g, m=32 %g", i4, i32)
	}
	for _, m := range []int{4, 16, 32} {
		if a, b := ideal(m), empirical(m); math.Abs(a-b) > 0.1 {
			t.Fatalf("m=%d: ideal %g, empirical %g", m, a, b)
		}
	}
	ipa, err := Protocol[[]float64]{Phenomena: []func(*rand.Rand) []float64{gaussian(0, n)}, Posterior: gridPosterior, Seed: 5}.LogPA(300)
	if err != nil {
		t.Fatal(err)
	}
	// For two N(x̄, 1/n) posteriors on a fine grid, E log(|C|κ) ≈ log(|C|·Δ) − ½ log(4π/n) − ½.
	want := math.Log(161*0.1) - 0.5*math.Log(4*math.Pi/n) - 0.5
	if math.Abs(ipa-want) > 0.1 {
		t.Fatalf("Î = %g, Gaussian approximation %g", ipa, want)
	}
	if b := 1 - 32*math.Exp(-ipa); i32 < b-0.05 {
		t.Fatalf("m = 32: success %g below the bound %g", i32, b)
	}
	// Same seed, same result.
	if ideal(8) != ideal(8) {
		t.Fatal("not reproducible")
	}
}

func TestProtocolBadInput(t *testing.T) {
	ok := func(int) ([]float64, error) { return []float64{0}, nil }
	one := []func(*rand.Rand) int{func(*rand.Rand) int { return 0 }}
	shifting := 0
	varying := func(int) ([]float64, error) {
		shifting++
		return make([]float64, 1+shifting%2), nil
	}
	cases := []Protocol[int]{
		{Posterior: ok},
		{Phenomena: one},
		{Phenomena: []func(*rand.Rand) int{nil}, Posterior: ok},
		{Phenomena: one, Posterior: ok, Trials: -1},
		{Phenomena: one, Posterior: ok, Transform: func(x, j int) int { return x }},
		{Phenomena: append(one, one...), Posterior: ok, Transform: func(x, j int) int { return x }, M: 3},
		{Phenomena: append(one, one...), Posterior: varying},
		{Phenomena: one, Posterior: func(int) ([]float64, error) { return []float64{math.NaN()}, nil }},
	}
	want := []error{ErrParam, ErrParam, ErrEmpty, ErrParam, ErrParam, ErrParam, ErrParam, ErrNotFinite}
	for i, p := range cases {
		if _, err := p.Run(); !errors.Is(err, want[i]) {
			t.Errorf("case %d: err = %v", i, err)
		}
	}
	if _, err := (Protocol[int]{Phenomena: one, Posterior: ok}).LogPA(0); !errors.Is(err, ErrParam) {
		t.Errorf("pairs = 0: err = %v", err)
	}
	if _, err := (Protocol[int]{Phenomena: one}).LogPA(3); !errors.Is(err, ErrParam) {
		t.Errorf("no posterior: err = %v", err)
	}
	if _, err := (Protocol[int]{Phenomena: one, Posterior: varying}).LogPA(3); !errors.Is(err, ErrParam) {
		t.Errorf("varying class count: err = %v", err)
	}
}
