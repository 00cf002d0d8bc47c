package mcmc

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
)

// Visits returns the fraction of the states of a chain on {0, …, n−1} that fall on each state:
// the empirical distribution that Theorem 6 (SLT chapter 2 (MCMC and simulated annealing), §2.3.1)
// says converges to the stationary one. It fails with ErrParam for an empty trace, n < 1 or a state
// outside [0, n). Cost O(len(states) + n).
func Visits(states []int, n int) ([]float64, error) {
	if len(states) == 0 || n < 1 {
		return nil, fmt.Errorf("mcmc: Visits: %d states on %d classes: %w", len(states), n, ErrParam)
	}
	if n > MaxEnumerate {
		return nil, fmt.Errorf("mcmc: Visits: n = %d classes, limit %d: %w", n, MaxEnumerate, ErrTooLarge)
	}
	f := make([]float64, n)
	for t, s := range states {
		if s < 0 || s >= n {
			return nil, fmt.Errorf("mcmc: Visits: state %d at step %d outside [0, %d): %w", s, t, n, ErrParam)
		}
		f[s]++
	}
	for i := range f {
		f[i] /= float64(len(states))
	}
	return f, nil
}

// TotalVariation returns the total-variation distance ½ Σ_c |p(c) − q(c)| = max_A |p(A) − q(A)|
// between two distributions on the same finite space, the distance in which the convergence of a
// Markov chain to its stationary distribution is measured. Both must be non-negative, finite and
// of equal length (they need not be normalised exactly, so sample frequencies fit). It is
// max_A |p(A) − q(A)| of Lemma 6.18 too. Cost O(n).
func TotalVariation(p, q []float64) (float64, error) {
	if len(p) == 0 || len(p) != len(q) {
		return 0, fmt.Errorf("mcmc: TotalVariation: lengths %d and %d: %w", len(p), len(q), ErrShape)
	}
	var s float64
	for i := range p {
		if !(p[i] >= 0 && q[i] >= 0) || math.IsInf(p[i]+q[i], 0) {
			return 0, fmt.Errorf("mcmc: TotalVariation: p[%d] = %g, q[%d] = %g: %w", i, p[i], i, q[i], ErrProb)
		}
		s += math.Abs(p[i] - q[i])
	}
	if math.IsInf(s, 0) {
		return 0, fmt.Errorf("mcmc: TotalVariation: Σ|p − q| overflows: %w", ErrNotFinite)
	}
	return s / 2, nil
}

// HunterStep is the treasure-hunter proposal of eq. (2.8) as a sampler on {0, …, n−1}, the form
// MH and FuncSystem take (TreasureHunter is the same proposal as a matrix): flip a coin, on heads
// stay; on tails flip again and step to c+1 or c−1 (the seed prints c+1 twice: erratum E8),
// staying put instead of leaving the range. It returns nil for n < 1. Cost O(1) per draw.
func HunterStep(n int) func(rng *rand.Rand, c int) int {
	if n < 1 {
		return nil
	}
	return func(rng *rand.Rand, c int) int {
		if rng.IntN(2) == 0 {
			return c
		}
		if rng.IntN(2) == 0 {
			return min(n-1, c+1)
		}
		return max(0, c-1)
	}
}

// MaxEventStates caps the states of EventTV, which visits all 2^n events.
const MaxEventStates = 20

// EventTV returns max_{A ⊆ Ω} |p(A) − q(A)| by brute force over all 2^n events A, the
// definition of the total-variation distance in (6.12), as an independent check of
// TotalVariation's ½ Σ|p − q| on a small space. p and q must be distributions on the same
// n ≤ MaxEventStates states: non-negative, finite, each summing to 1 within 1e-9 (ErrShape,
// ErrProb, ErrTooLarge otherwise). Cost O(2^n), one Gray-code step per event.
func EventTV(p, q []float64) (float64, error) {
	if _, err := TotalVariation(p, q); err != nil {
		return 0, fmt.Errorf("mcmc: EventTV: %w", err)
	}
	if len(p) > MaxEventStates {
		return 0, fmt.Errorf("mcmc: EventTV: %d states, limit %d: %w", len(p), MaxEventStates, errs.ErrTooLarge)
	}
	var sp, sq float64
	for i := range p {
		sp, sq = sp+p[i], sq+q[i]
	}
	if math.Abs(sp-1) > 1e-9 || math.Abs(sq-1) > 1e-9 {
		return 0, fmt.Errorf("mcmc: EventTV: p sums to %v, q to %v, want 1: %w", sp, sq, ErrProb)
	}
	// Walk the events in Gray-code order: event k differs from event k−1 in state
	// bits.TrailingZeros(k), so p(A) − q(A) changes by one term per event.
	in := make([]bool, len(p))
	diff, best := 0.0, 0.0
	for k := 1; k < 1<<len(p); k++ {
		i := bits.TrailingZeros(uint(k))
		if in[i] {
			diff -= p[i] - q[i]
		} else {
			diff += p[i] - q[i]
		}
		in[i] = !in[i]
		best = math.Max(best, math.Abs(diff))
	}
	return best, nil
}
