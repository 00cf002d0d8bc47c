package montecarlo

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
)

// Rejection is rejection sampling (Lemma 6.4): draw ω from the proposal Π and accept it with
// probability D(ω)/Δ(ω), where D is the unnormalised target and Δ ≥ D the envelope. Accepted
// draws are exact samples of D/Z; the acceptance probability per iteration is a = Z/ΣΔ, so the
// number of iterations per sample is geometric with mean 1/a.
type Rejection[S any] struct {
	Propose func(*rand.Rand) S // a draw from Π ∝ Δ
	Accept  func(S) float64    // D(ω)/Δ(ω), in [0, 1]
	MaxIter int                // cap on the total number of proposals; 0 means 2^26
	Seed    uint64
}

// RejectionResult is the outcome of Rejection.Sample.
type RejectionResult[S any] struct {
	Samples   []S
	Iter      []int   // iterations used by each sample (the last one accepted)
	Trials    int     // proposals made in total
	Rate      float64 // accepted / Trials, the estimate of a
	Converged bool    // false when MaxIter proposals ran out before n samples
}

// Sample draws n samples. Cost Trials proposals; reaching MaxIter is reported in Converged.
func (r Rejection[S]) Sample(n int) (RejectionResult[S], error) {
	if r.Propose == nil || r.Accept == nil {
		return RejectionResult[S]{}, fmt.Errorf("montecarlo: Rejection.Sample: nil Propose or Accept: %w", ErrParam)
	}
	maxIter := cmp.Or(r.MaxIter, 1<<26)
	if n < 1 || n > MaxSamples || maxIter < 0 || maxIter > MaxSamples {
		return RejectionResult[S]{}, fmt.Errorf("montecarlo: Rejection.Sample: n = %d, MaxIter = %d: %w", n, r.MaxIter, ErrParam)
	}
	rng := rand.New(rand.NewPCG(r.Seed, 0x72656a))
	var res RejectionResult[S]
	k := 0
	for res.Trials < maxIter && len(res.Samples) < n {
		w := r.Propose(rng)
		res.Trials++
		k++
		p := r.Accept(w)
		if !(p >= 0 && p <= 1) {
			return res, fmt.Errorf("montecarlo: Rejection.Sample: acceptance %g at trial %d, want in [0,1]: %w",
				p, res.Trials, ErrParam)
		}
		if p == 1 || rng.Float64() < p {
			res.Samples = append(res.Samples, w)
			res.Iter = append(res.Iter, k)
			k = 0
		}
	}
	res.Converged = len(res.Samples) == n
	res.Rate = float64(len(res.Samples)) / float64(res.Trials)
	return res, nil
}

// FirstAcceptance returns (1−a)^{k−1}·a, the probability that the first acceptance happens
// at iteration k. It needs a ∈ [0, 1] and k ≥ 1 (ErrParam otherwise).
func FirstAcceptance(a float64, k int) (float64, error) {
	if err := acceptArgs("FirstAcceptance", a, k, 1); err != nil {
		return 0, err
	}
	return math.Pow(1-a, float64(k-1)) * a, nil
}

// AcceptWithin returns 1 − (1−a)^k, the probability of an acceptance within k iterations
// (Lemma 6.4; it is ≥ 1 − e^{−ak}). It needs a ∈ [0, 1] and k ≥ 0 (ErrParam otherwise).
func AcceptWithin(a float64, k int) (float64, error) {
	if err := acceptArgs("AcceptWithin", a, k, 0); err != nil {
		return 0, err
	}
	if k == 0 {
		return 0, nil // no iteration, no acceptance (also for a = 1, where 0·log 0 is NaN)
	}
	return -math.Expm1(float64(k) * math.Log1p(-a)), nil
}

// acceptArgs checks an acceptance probability a and an iteration count k ≥ kMin.
func acceptArgs(fn string, a float64, k, kMin int) error {
	if !(a >= 0 && a <= 1) {
		return fmt.Errorf("montecarlo: %s: a = %v, want in [0, 1]: %w", fn, a, ErrParam)
	}
	if k < kMin {
		return fmt.Errorf("montecarlo: %s: k = %d, want ≥ %d: %w", fn, k, kMin, ErrParam)
	}
	return nil
}

// UnitBallVolume returns vol(B^d) = π^{d/2}/Γ(d/2 + 1).
func UnitBallVolume(d int) float64 {
	lg, _ := math.Lgamma(float64(d)/2 + 1)
	return math.Exp(float64(d)/2*math.Log(math.Pi) - lg)
}

// VolumeResult is the outcome of BallVolume.
type VolumeResult struct {
	Estimate float64 // 2^d × Rate
	Rate     float64 // accepted / Trials, estimating vol(B^d)/2^d
	Trials   int
	Accepted int
}

// BallVolume estimates vol(B^d) by rejection from the cube [−1, 1]^d with m proposals: the
// acceptance rate is vol(B^d)/2^d, which collapses with d (about 2·10⁻⁸ at d = 20), so the
// estimate is 0 long before m is large enough. d ≤ 1024. Cost O(m·d).
func BallVolume(d, m int, seed uint64) (VolumeResult, error) {
	if d < 1 || d > 1024 {
		return VolumeResult{}, fmt.Errorf("montecarlo: BallVolume: d = %d, want in [1,1024]: %w", d, ErrParam)
	}
	r := Rejection[bool]{
		Propose: func(rng *rand.Rand) bool {
			var s float64
			for i := 0; i < d; i++ {
				x := 2*rng.Float64() - 1
				s += x * x
			}
			return s <= 1
		},
		Accept:  func(in bool) float64 { return b2f(in) },
		MaxIter: m,
		Seed:    seed,
	}
	res, err := r.Sample(m)
	if err != nil {
		return VolumeResult{}, fmt.Errorf("montecarlo: BallVolume: %w", err)
	}
	return VolumeResult{Estimate: math.Ldexp(res.Rate, d), Rate: res.Rate, Trials: res.Trials,
		Accepted: len(res.Samples)}, nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// IterationsFor returns the fewest iterations k with 1 − (1−a)^k ≥ p, the number a rejection
// sampler with acceptance a needs to accept at least once with probability p (Lemma 6.4):
// k = ⌈ln(1−p)/ln(1−a)⌉, 0 for p = 0 and 1 for a = 1. It needs a ∈ (0, 1] and p ∈ [0, 1)
// (ErrParam otherwise; p = 1 takes infinitely many iterations when a < 1) and fails with
// ErrTooLarge when k exceeds MaxSamples. Cost O(1).
func IterationsFor(a, p float64) (int, error) {
	switch {
	case !(a > 0 && a <= 1):
		return 0, fmt.Errorf("montecarlo: IterationsFor: a = %v, want in (0, 1]: %w", a, ErrParam)
	case !(p >= 0 && p < 1):
		return 0, fmt.Errorf("montecarlo: IterationsFor: p = %v, want in [0, 1): %w", p, ErrParam)
	case p == 0:
		return 0, nil
	case a == 1:
		return 1, nil
	}
	k := math.Ceil(math.Log1p(-p) / math.Log1p(-a))
	if k > MaxSamples {
		return 0, fmt.Errorf("montecarlo: IterationsFor: %g iterations, limit 2^32: %w", k, ErrTooLarge)
	}
	// The quotient of two logarithms can land a rounding error off an integer: settle k on
	// the exact inequality.
	for k > 1 && -math.Expm1((k-1)*math.Log1p(-a)) >= p {
		k--
	}
	for -math.Expm1(k*math.Log1p(-a)) < p {
		k++
	}
	return int(k), nil
}
