package gibbs

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
)

// BothSmall returns argmin_c max(R1(c), R2(c)): the hypothesis whose larger cost on the two
// observations is smallest, i.e. the one on which both observations agree it is cheap (the
// first on ties). Unlike ERM, argmin_c R1(c) + R2(c), a single very low cost on one observation
// cannot win. It is not the ME+PA estimate (that is ERM, see Combined); the chapter on maximum
// entropy uses it as a contrast on the random array. Cost O(|C|).
func BothSmall(r1, r2 []float64) (int, error) {
	return argminPair("BothSmall", r1, r2, math.Max)
}

// maxSensitivityWork bounds (n + drawCost)·draws·len(deltas) in NoiseSensitivity.
const maxSensitivityWork = 1 << 26

// drawCost is the work of one draw beyond its n entries (three Gibbs distributions allocated),
// in units of one entry: with n = 2 a draw costs what some 64 entries do.
const drawCost = 64

// NoiseSensitivity measures how much the two model-selection scores of the maximum-entropy
// chapter move when the observation is noisy. For each noise scale δ it draws, draws times, a
// cost vector X with n independent N(0, 1) entries and two noisy copies X′ = X + δε′ and
// X″ = X + δε″ (ε standard normal), forms the Gibbs distributions at temperature t, and
// averages
//
//	|κ(X′, X″) − κ(X, X)|                      (posterior agreement, κ = Σ_c p(c|X′) p(c|X″))
//	|E_{C|X′}[R(C, X″)] − E_{C|X}[R(C, X)]|    (expected holdout cost).
//
// It returns the two averages per δ, in the order of deltas. Seeded; cost
// O(len(deltas)·draws·(n + 64)), at most 2^26 (ErrTooLarge beyond).
func NoiseSensitivity(n int, t float64, deltas []float64, draws int, seed uint64) (dKappa, dHoldout []float64, err error) {
	switch {
	case n < 1 || draws < 1 || len(deltas) == 0:
		return nil, nil, fmt.Errorf("gibbs: NoiseSensitivity: needs n, draws ≥ 1 and a noise scale, got n = %d, draws = %d, %d scales: %w", n, draws, len(deltas), ErrParam)
	case n > maxSensitivityWork/draws/len(deltas)-drawCost:
		return nil, nil, fmt.Errorf("gibbs: NoiseSensitivity: (n + %d)·draws·scales = (%d + %d)·%d·%d, limit %d: %w", drawCost, n, drawCost, draws, len(deltas), maxSensitivityWork, ErrTooLarge)
	}
	if err := checkT("NoiseSensitivity", t); err != nil {
		return nil, nil, err
	}
	for i, d := range deltas {
		if !(d >= 0) || math.IsInf(d, 0) {
			return nil, nil, fmt.Errorf("gibbs: NoiseSensitivity: noise scale deltas[%d] = %g: %w", i, d, ErrParam)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x73656e73))
	x, x1, x2 := make([]float64, n), make([]float64, n), make([]float64, n)
	for _, delta := range deltas {
		var sk, sh float64
		for range draws {
			for i := range x {
				x[i] = rng.NormFloat64()
				x1[i] = x[i] + delta*rng.NormFloat64()
				x2[i] = x[i] + delta*rng.NormFloat64()
			}
			p, err := New(x, t)
			p1, err1 := New(x1, t)
			p2, err2 := New(x2, t)
			if err := cmp.Or(err, err1, err2); err != nil {
				return nil, nil, fmt.Errorf("gibbs: NoiseSensitivity: noise scale %g: %w", delta, err)
			}
			var k0, k1, h0, h1 float64
			for c := range x {
				pc, p1c := math.Exp(p.LogP[c]), math.Exp(p1.LogP[c])
				k0 += pc * pc
				k1 += p1c * math.Exp(p2.LogP[c])
				h0 += pc * x[c]
				h1 += p1c * x2[c]
			}
			sk += math.Abs(k1 - k0)
			sh += math.Abs(h1 - h0)
		}
		if math.IsNaN(sk+sh) || math.IsInf(sk+sh, 0) {
			return nil, nil, fmt.Errorf("gibbs: NoiseSensitivity: NoiseSensitivity at noise scale %g overflows: %w", delta, ErrNotFinite)
		}
		dKappa = append(dKappa, sk/float64(draws))
		dHoldout = append(dHoldout, sh/float64(draws))
	}
	return dKappa, dHoldout, nil
}
