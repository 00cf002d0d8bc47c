package mcmc

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// MH is a Metropolis–Hastings sampler for a target p ∝ exp(LogTarget) on any state type S
// (SLT chapter 2 (MCMC and simulated annealing), Definitions 7–8). A proposal s′ ~ q(·|s) is
// accepted when
//
//	log u < LogTarget(s′) − LogTarget(s) + LogQRatio(s, s′),  u ~ U(0,1),
//
// which is the acceptance (2.5) evaluated in the log domain (no overflow at low temperature).
// LogQRatio(s, s′) = log q(s|s′) − log q(s′|s) is the Hastings correction; leave it nil for a
// symmetric proposal (the Metropolis algorithm). For a Gibbs target exp(−R/T) set
// LogTarget = −R/T. Cost per step: one proposal and one LogTarget evaluation.
type MH[S any] struct {
	LogTarget func(s S) float64
	Propose   func(rng *rand.Rand, s S) S
	LogQRatio func(s, next S) float64 // nil: symmetric proposal
	Steps     int                     // number of steps after burn-in; must be ≥ 1
	Burn      int                     // steps discarded before recording
	Thin      int                     // record every Thin-th state; 0 means 1
	Seed      uint64
}

// Chain is the output of MH.Run.
type Chain[S any] struct {
	States    []S       // recorded states (after burn-in, thinned)
	LogTarget []float64 // LogTarget of each recorded state
	Accepted  int       // accepted proposals among all Burn+Steps steps
	Proposed  int
}

// AcceptRate returns the fraction of accepted proposals (0 for a nil or empty chain).
func (c *Chain[S]) AcceptRate() float64 {
	if c == nil || c.Proposed == 0 {
		return 0
	}
	return float64(c.Accepted) / float64(c.Proposed)
}

// MaxSteps caps the steps (and burn-in) of MH.Run and FirstHit (ErrTooLarge beyond).
const MaxSteps = 1 << 28

// Run starts the chain at s0 and returns the recorded trace. States are stored by value; when S
// is a slice or pointer, Propose must return a fresh value rather than modify its argument.
func (m MH[S]) Run(s0 S) (*Chain[S], error) {
	if m.LogTarget == nil || m.Propose == nil {
		return nil, fmt.Errorf("mcmc: MH.Run: MH needs LogTarget and Propose: %w", ErrParam)
	}
	switch {
	case m.Steps < 1:
		return nil, fmt.Errorf("mcmc: MH.Run: Steps = %d, want ≥ 1: %w", m.Steps, ErrParam)
	case m.Burn < 0:
		return nil, fmt.Errorf("mcmc: MH.Run: Burn = %d, want ≥ 0: %w", m.Burn, ErrParam)
	case m.Thin < 0:
		return nil, fmt.Errorf("mcmc: MH.Run: Thin = %d, want ≥ 0: %w", m.Thin, ErrParam)
	case m.Steps > MaxSteps || m.Burn > MaxSteps:
		return nil, fmt.Errorf("mcmc: MH.Run: Steps = %d, Burn = %d, limit %d each: %w", m.Steps, m.Burn, MaxSteps, ErrTooLarge)
	}
	thin := max(1, m.Thin)
	rng := rand.New(rand.NewPCG(m.Seed, 0x6d636d63))
	s, lt := s0, m.LogTarget(s0)
	if math.IsNaN(lt) || math.IsInf(lt, 0) {
		return nil, fmt.Errorf("mcmc: MH.Run: log-target of the initial state is %g: %w", lt, ErrNotFinite)
	}
	ch := &Chain[S]{}
	total := m.Burn + m.Steps
	for t := 0; t < total; t++ {
		next := m.Propose(rng, s)
		ln := m.LogTarget(next)
		if math.IsNaN(ln) || math.IsInf(ln, 1) {
			return nil, fmt.Errorf("mcmc: MH.Run: log-target %g at step %d: %w", ln, t, ErrNotFinite)
		}
		a := ln - lt
		if m.LogQRatio != nil {
			a += m.LogQRatio(s, next)
		}
		ch.Proposed++
		if a >= 0 || math.Log(rng.Float64()) < a {
			s, lt = next, ln
			ch.Accepted++
		}
		if t >= m.Burn && (t-m.Burn)%thin == 0 {
			ch.States = append(ch.States, s)
			ch.LogTarget = append(ch.LogTarget, lt)
		}
	}
	return ch, nil
}

// Average returns (1/m) Σ_{t≤m} g(C_t) over a chain's recorded states: the Monte Carlo estimate
// (2.2) of E_p[g] (with the sum over t ≤ m; the seed writes t ≤ ℓ, erratum E9).
func Average[S any](c *Chain[S], g func(S) float64) (float64, error) {
	if c == nil || len(c.States) == 0 || g == nil {
		return 0, fmt.Errorf("mcmc: Average: empty chain or nil function: %w", ErrEmpty)
	}
	vs := make([]float64, len(c.States))
	var s float64
	for t, st := range c.States {
		vs[t] = g(st)
		if math.IsNaN(vs[t]) || math.IsInf(vs[t], 0) {
			return 0, fmt.Errorf("mcmc: Average: g(state %d) = %v: %w", t, vs[t], ErrNotFinite)
		}
		s += vs[t]
	}
	if math.IsInf(s, 0) { // the sum overflowed: average scaled terms instead
		s = 0
		for _, v := range vs {
			s += v / float64(len(vs))
		}
		return s, nil
	}
	return s / float64(len(vs)), nil
}

// FirstHit runs the chain of m (its LogTarget, Propose, LogQRatio and Seed; Steps and Burn are
// ignored) from s0 and returns the number of steps until a state with hit(s) true is first
// reached, or −1 when maxSteps steps pass without one. It is the treasure-hunter experiment of
// §2.4 (Fig. 2.2). Cost: at most maxSteps proposals.
func FirstHit[S any](m MH[S], s0 S, hit func(S) bool, maxSteps int) (int, error) {
	if m.LogTarget == nil || m.Propose == nil || hit == nil || maxSteps < 1 {
		return 0, fmt.Errorf("mcmc: FirstHit needs LogTarget, Propose, hit and maxSteps ≥ 1: %w", ErrParam)
	}
	if maxSteps > MaxSteps {
		return 0, fmt.Errorf("mcmc: FirstHit: maxSteps = %d, limit %d: %w", maxSteps, MaxSteps, ErrTooLarge)
	}
	if hit(s0) {
		return 0, nil
	}
	rng := rand.New(rand.NewPCG(m.Seed, 0x6d636d63))
	s, lt := s0, m.LogTarget(s0)
	for t := 1; t <= maxSteps; t++ {
		next := m.Propose(rng, s)
		ln := m.LogTarget(next)
		a := ln - lt
		if m.LogQRatio != nil {
			a += m.LogQRatio(s, next)
		}
		if a >= 0 || math.Log(rng.Float64()) < a {
			s, lt = next, ln
		}
		if hit(s) {
			return t, nil
		}
	}
	return -1, nil
}
