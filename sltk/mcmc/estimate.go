package mcmc

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/montecarlo"
)

// MCMCMean is the estimator of Theorem 6.21: run m independent copies of an ergodic chain for
// t steps each from the same start and average f over the m final states. With |f| ≤ B,
// t = T(ε/(4B)) and m = ⌈8B²ln(2/δ)/ε²⌉ (Hoeffding at ε/2 for the range [−B, B]), the estimate
// is within ε of E_π f with probability ≥ 1 − δ: the bias after t steps is ≤ 2B·ε/(4B) = ε/2
// (Lemma 6.20) and the sampling error is ≤ ε/2.
type MCMCMean struct {
	Epsilon, Delta float64 // accuracy and failure probability, both in (0,1)
	Steps          int     // t; 0 means the exact mixing time T(ε/(4B))
	Seed           uint64
}

// MCMCResult is the outcome of MCMCMean.Run.
type MCMCResult struct {
	Mean  float64 // the estimate μ̂
	Exact float64 // E_π f, from the exact stationary distribution
	B     float64 // max |f|
	M     int     // independent runs
	T     int     // steps per run
}

// Run estimates E_π f on the chain c from start. f has one finite value per state. The chain
// must be ergodic: a reducible one returns errs.ErrDisconnected, a periodic one errs.ErrParam
// (its distribution after t steps need not approach π). Cost
// O(n³·T) for the mixing time (when Steps = 0) plus O(M·T·log n) for the runs.
func (e MCMCMean) Run(c *FiniteChain, f []float64, start int) (MCMCResult, error) {
	if err := c.ready("MCMCMean.Run"); err != nil {
		return MCMCResult{}, err
	}
	if len(f) != c.N() {
		return MCMCResult{}, fmt.Errorf("mcmc: MCMCMean.Run: f has %d values for %d states: %w", len(f), c.N(), errs.ErrShape)
	}
	var b float64
	for i, v := range f {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return MCMCResult{}, fmt.Errorf("mcmc: MCMCMean.Run: f[%d] = %g: %w", i, v, errs.ErrNotFinite)
		}
		b = math.Max(b, math.Abs(v))
	}
	b = math.Max(b, 1e-300)
	if e.Steps < 0 {
		return MCMCResult{}, fmt.Errorf("mcmc: MCMCMean.Run: Steps = %d < 0: %w", e.Steps, errs.ErrParam)
	}
	switch d, err := c.Period(); {
	case err != nil:
		return MCMCResult{}, fmt.Errorf("mcmc: MCMCMean.Run: needs an ergodic chain: %w", err)
	case d != 1:
		return MCMCResult{}, fmt.Errorf("mcmc: MCMCMean.Run: chain has period %d, want an aperiodic (ergodic) chain: %w",
			d, errs.ErrParam)
	}
	m, err := montecarlo.HoeffdingSize(e.Epsilon/2, e.Delta, -b, b)
	if err != nil {
		return MCMCResult{}, fmt.Errorf("mcmc: MCMCMean.Run: %w", err)
	}
	if m > 1<<24 {
		return MCMCResult{}, fmt.Errorf("mcmc: MCMCMean.Run: %d runs needed, limit 2^24: %w", m, errs.ErrTooLarge)
	}
	mix, err := MixingTime{Epsilon: e.Epsilon / (4 * b)}.Run(c)
	if err != nil {
		return MCMCResult{}, fmt.Errorf("mcmc: MCMCMean.Run: %w", err)
	}
	res := MCMCResult{B: b, M: m, T: mix.T}
	if e.Steps > 0 {
		res.T = e.Steps
	}
	for i, p := range mix.Pi {
		res.Exact += p * f[i]
	}
	for r := 0; r < m; r++ {
		path, err := c.Walk(start, res.T, e.Seed+uint64(r)*0x9e3779b97f4a7c15)
		if err != nil {
			return MCMCResult{}, fmt.Errorf("mcmc: MCMCMean.Run: %w", err)
		}
		res.Mean += f[path[res.T]] / float64(m)
	}
	return res, nil
}
