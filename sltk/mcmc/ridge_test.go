package mcmc

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRidgeImproperWithoutPenalty is the negative half of Ex. 2: with λ = 0 and fewer
// observations than parameters (N = 1 < m = 2) the cost (y − cᵀx)² is flat along the null
// direction of x, Z = ∫e^{−R/T}dc = ∞, and there is no Gibbs distribution to sample. A Metropolis
// chain then random-walks along that direction: its spread keeps growing with the run length,
// whereas with λ > 0 it settles at the posterior variance.
func TestRidgeImproperWithoutPenalty(t *testing.T) {
	x, y, T := [2]float64{1, 0.5}, 0.8, 1.0
	null := [2]float64{-0.5 / math.Hypot(1, 0.5), 1 / math.Hypot(1, 0.5)} // x·null = 0
	spread := func(lambda float64, steps int) float64 {
		m := MH[[2]float64]{
			LogTarget: func(c [2]float64) float64 {
				u := y - c[0]*x[0] - c[1]*x[1]
				return -(u*u + lambda*(c[0]*c[0]+c[1]*c[1])) / T
			},
			Propose: func(rng *rand.Rand, c [2]float64) [2]float64 {
				return [2]float64{c[0] + 0.5*rng.NormFloat64(), c[1] + 0.5*rng.NormFloat64()}
			},
			Steps: steps, Seed: 2,
		}
		ch, err := m.Run([2]float64{0, 0})
		if err != nil {
			t.Fatal(err)
		}
		var s, s2 float64
		for _, c := range ch.States {
			p := c[0]*null[0] + c[1]*null[1]
			s += p
			s2 += p * p
		}
		n := float64(len(ch.States))
		return s2/n - (s/n)*(s/n)
	}
	shortFlat, longFlat := spread(0, 5000), spread(0, 200000)
	shortRidge, longRidge := spread(1, 5000), spread(1, 200000)
	t.Logf("λ = 0: %.3g → %.3g; λ = 1: %.3g → %.3g", shortFlat, longFlat, shortRidge, longRidge)
	// λ = 1: the null-direction variance is T/(2λ) = 0.5 for both run lengths.
	if math.Abs(longRidge-0.5) > 0.05 || math.Abs(shortRidge-0.5) > 0.25 {
		t.Errorf("λ = 1: null-direction variance %g (short), %g (long), want 0.5", shortRidge, longRidge)
	}
	if longFlat < 10*shortFlat || longFlat < 20 {
		t.Errorf("λ = 0: spread should grow without bound, got %g then %g", shortFlat, longFlat)
	}
}
