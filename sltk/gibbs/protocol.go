package gibbs

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
)

// Protocol is the communication protocol for validating algorithms of SLT chapter 10 (Posterior
// agreement from information theory) (§10.3 "protocol example", §10.5.2 ideal and §10.5.3 empirical
// variants, Theorem 31). An algorithm is a map from an observation X to a posterior p(·|X) over a
// finite hypothesis class C; it is informative when the posteriors of two observations of the same
// phenomenon agree more than those of different phenomena, so that a receiver can tell phenomena
// apart.
//
// Ideal variant (Transform nil): the sender draws one observation X′_j of each phenomenon
// q_j = Phenomena[j] and the codebook is {p(·|X′_j)}; a secret j is drawn uniformly; the channel
// replaces X′_j by a fresh X″ from q_j; the receiver decodes ĵ = argmax_{j′} κ(p(·|X′_{j′}),
// p(·|X″)), comparing with the received X″ (the seed writes X′ on both sides, erratum E27).
//
// Empirical variant (Transform set): there is one phenomenon, Phenomena[0], and one observation
// X′; the M messages are Transform(X′, j), j < M; the channel sends Transform(X″, secret) for a
// fresh X″, and the receiver decodes argmax_j κ(Transform(X′, j), Transform(X″, secret)).
// Transformations must move the posterior without changing the randomness of the data (shifts
// for a location problem, index permutations for clustering).
//
// Trial t draws from PCG(Seed, t), so a run is reproducible. Zero values: Trials = 1000.
// Cost: Trials·(M+1) posteriors and Trials·M kernels of |C| classes.
type Protocol[X any] struct {
	// Phenomena samples one observation of each phenomenon q_j (ideal variant: M = len).
	Phenomena []func(rng *rand.Rand) X
	// Posterior returns log p(c|X) for every c of the finite class (normalised, as Dist.LogP).
	Posterior func(x X) ([]float64, error)
	// Transform, if set, selects the empirical variant with M transformations.
	Transform func(x X, j int) X
	M         int
	Trials    int
	Seed      uint64
}

// ProtocolResult is the outcome of Protocol.Run.
type ProtocolResult struct {
	M         int     // number of messages
	Trials    int     // number of trials
	Successes int     // trials in which the secret was decoded
	Rate      float64 // Successes/Trials
}

// check validates the protocol and returns the number of messages.
func (p Protocol[X]) check() (int, error) {
	if p.Posterior == nil || len(p.Phenomena) == 0 {
		return 0, fmt.Errorf("gibbs: Protocol.Run: protocol needs Posterior and at least one phenomenon: %w", ErrParam)
	}
	for j, f := range p.Phenomena {
		if f == nil {
			return 0, fmt.Errorf("gibbs: Protocol.Run: phenomenon %d is nil: %w", j, ErrEmpty)
		}
	}
	if p.Trials < 0 {
		return 0, fmt.Errorf("gibbs: Protocol.Run: Trials = %d: %w", p.Trials, ErrParam)
	}
	if p.Transform == nil {
		return len(p.Phenomena), nil
	}
	if len(p.Phenomena) != 1 || p.M < 1 {
		return 0, fmt.Errorf("gibbs: Protocol.Run: the empirical variant needs one phenomenon and M ≥ 1, got %d and %d: %w", len(p.Phenomena), p.M, ErrParam)
	}
	return p.M, nil
}

// post evaluates the algorithm and checks that the class size does not change.
func (p Protocol[X]) post(x X, classes *int) ([]float64, error) {
	lp, err := p.Posterior(x)
	if err != nil {
		return nil, err
	}
	if *classes == 0 {
		*classes = len(lp)
	}
	if len(lp) == 0 || len(lp) != *classes {
		return nil, fmt.Errorf("posterior over %d classes, expected %d: %w", len(lp), *classes, ErrParam)
	}
	return lp, nil
}

// Run plays the protocol Trials times and returns the success rate. Ties in the decoder go to
// the smallest message index.
func (p Protocol[X]) Run() (*ProtocolResult, error) {
	m, err := p.check()
	if err != nil {
		return nil, err
	}
	trials := p.Trials
	trials = cmp.Or(trials, 1000)
	classes := 0
	book := make([][]float64, m)
	ok := 0
	for t := 0; t < trials; t++ {
		rng := rand.New(rand.NewPCG(p.Seed, uint64(t)))
		var x0 X
		if p.Transform != nil {
			x0 = p.Phenomena[0](rng)
		}
		for j := range book {
			var x X
			if p.Transform == nil {
				x = p.Phenomena[j](rng)
			} else {
				x = p.Transform(x0, j)
			}
			if book[j], err = p.post(x, &classes); err != nil {
				return nil, fmt.Errorf("gibbs: Protocol.Run: trial %d, message %d: %w", t, j, err)
			}
		}
		secret := rng.IntN(m)
		var x2 X
		if p.Transform == nil {
			x2 = p.Phenomena[secret](rng)
		} else {
			x2 = p.Transform(p.Phenomena[0](rng), secret)
		}
		recv, err := p.post(x2, &classes)
		if err != nil {
			return nil, fmt.Errorf("gibbs: Protocol.Run: trial %d, received: %w", t, err)
		}
		best, bk := 0, math.Inf(-1)
		for j := range book {
			lk, err := LogPAKernel(book[j], recv)
			if err != nil {
				return nil, fmt.Errorf("gibbs: Protocol.Run: trial %d, message %d: %w", t, j, err)
			}
			if lk > bk {
				best, bk = j, lk
			}
		}
		if best == secret {
			ok++
		}
	}
	return &ProtocolResult{M: m, Trials: trials, Successes: ok, Rate: float64(ok) / float64(trials)}, nil
}

// MaxPairs caps the phenomenon pairs Protocol.LogPA averages over, and the phenomena and points
// of the mean-estimation example (SpreadMeans, GaussianPhenomena); ErrTooLarge beyond.
const MaxPairs = 1 << 16

// LogPA returns the empirical log posterior agreement Î = (1/L) Σ_l log(|C| κ(X′_l, X″_l)) of
// eq. (10.7) over L = pairs pairs of observations of Phenomena[0], drawn from PCG(Seed, l). By
// Theorem 31 the protocol's failure probability is at most exp(−I + log m + ε log |C|), so a
// larger Î means more distinguishable messages. Cost: 2·pairs posteriors.
func (p Protocol[X]) LogPA(pairs int) (float64, error) {
	if p.Posterior == nil || len(p.Phenomena) == 0 || p.Phenomena[0] == nil {
		return 0, fmt.Errorf("gibbs: Protocol.LogPA needs Posterior and Phenomena[0]: %w", ErrParam)
	}
	if pairs < 1 {
		return 0, fmt.Errorf("gibbs: Protocol.LogPA: pairs = %d, want ≥ 1: %w", pairs, ErrParam)
	}
	if pairs > MaxPairs {
		return 0, fmt.Errorf("gibbs: Protocol.LogPA: pairs = %d, limit %d: %w", pairs, MaxPairs, ErrTooLarge)
	}
	classes := 0
	var s float64
	for l := 0; l < pairs; l++ {
		rng := rand.New(rand.NewPCG(p.Seed, uint64(l)))
		a, err := p.post(p.Phenomena[0](rng), &classes)
		if err != nil {
			return 0, fmt.Errorf("gibbs: Protocol.LogPA: pair %d: %w", l, err)
		}
		b, err := p.post(p.Phenomena[0](rng), &classes)
		if err != nil {
			return 0, fmt.Errorf("gibbs: Protocol.LogPA: pair %d: %w", l, err)
		}
		lk, err := LogPAKernel(a, b)
		if err != nil {
			return 0, fmt.Errorf("gibbs: Protocol.LogPA: pair %d: %w", l, err)
		}
		if lk == LogZero {
			return 0, fmt.Errorf("gibbs: Protocol.LogPA: pair %d: disjoint posteriors (κ = 0), log PA = −∞: %w", l, ErrNotFinite)
		}
		lpa, err := LogPA(classes, lk)
		if err != nil {
			return 0, fmt.Errorf("gibbs: Protocol.LogPA: pair %d: %w", l, err)
		}
		s += lpa
	}
	return s / float64(pairs), nil
}
