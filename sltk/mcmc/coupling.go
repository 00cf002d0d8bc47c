package mcmc

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
)

// A Coupling runs two copies of a chain on one probability space (Definition 6.23): each copy
// alone moves like the chain, and once they meet they move together. By the coupling lemma
// (Lemma 6.24), if they have met by step t with probability ≥ 1 − ε from every pair of
// starts, then T(ε) ≤ t.
type Coupling interface {
	StepPair(rng *rand.Rand)
	Met() bool
}

// CouplingTime steps c until its copies meet and returns the number of steps and whether
// they met within maxIter steps (reaching maxIter is a state, not an error). A nil c or rng,
// or maxIter outside [1, MaxCouplingSteps], makes no step: it returns 0, false (CouplingTimes
// reports such arguments as errors).
func CouplingTime(c Coupling, rng *rand.Rand, maxIter int) (int, bool) {
	if c == nil || rng == nil || maxIter < 1 || maxIter > MaxCouplingSteps {
		return 0, false
	}
	for t := 0; t < maxIter; t++ {
		if c.Met() {
			return t, true
		}
		c.StepPair(rng)
	}
	return maxIter, c.Met()
}

// MaxCouplingRuns and MaxCouplingSteps cap the runs and the steps per run of CouplingTimes,
// MaxCouplingWork their product runs × maxIter (the steps of couplings that never meet).
const (
	MaxCouplingRuns  = 1 << 24
	MaxCouplingSteps = 1 << 32
	MaxCouplingWork  = 1 << 34
)

// CouplingTimes runs `runs` independent couplings, each fresh from newPair, and returns their
// meeting times (maxIter for a run that did not meet). Run r draws from its own PCG stream
// (seed, r), so the result does not depend on scheduling. Cost runs × steps, at most
// runs × maxIter for couplings that never meet; runs, maxIter and runs × maxIter beyond
// MaxCouplingRuns, MaxCouplingSteps and MaxCouplingWork are errs.ErrTooLarge.
func CouplingTimes(newPair func() (Coupling, error), runs, maxIter int, seed uint64) ([]int, error) {
	switch {
	case newPair == nil:
		return nil, fmt.Errorf("mcmc: CouplingTimes: newPair is nil: %w", errs.ErrParam)
	case runs < 1:
		return nil, fmt.Errorf("mcmc: CouplingTimes: runs = %d, want ≥ 1: %w", runs, errs.ErrParam)
	case maxIter < 1:
		return nil, fmt.Errorf("mcmc: CouplingTimes: maxIter = %d, want ≥ 1: %w", maxIter, errs.ErrParam)
	}
	if err := check.Size("mcmc: CouplingTimes", "runs", runs, MaxCouplingRuns); err != nil {
		return nil, err
	}
	if err := check.Size("mcmc: CouplingTimes", "maxIter", maxIter, MaxCouplingSteps); err != nil {
		return nil, err
	}
	if runs*maxIter > MaxCouplingWork { // both within their caps: the product fits in an int
		return nil, fmt.Errorf("mcmc: CouplingTimes: runs × maxIter = %d × %d, limit %d: %w",
			runs, maxIter, MaxCouplingWork, errs.ErrTooLarge)
	}
	out := make([]int, runs)
	for r := range out {
		c, err := newPair()
		if err != nil {
			return nil, fmt.Errorf("mcmc: CouplingTimes: run %d: %w", r, err)
		}
		if c == nil {
			return nil, fmt.Errorf("mcmc: CouplingTimes: run %d: newPair returned a nil coupling: %w", r, errs.ErrParam)
		}
		out[r], _ = CouplingTime(c, rand.New(rand.NewPCG(seed, uint64(r))), maxIter)
	}
	return out, nil
}

// Survival returns the fraction of the times that exceed t: for coupling times, the estimate of
// Pr(X_t ≠ Y_t), which bounds the distance between the two chains' distributions at t (the
// coupling inequality). It returns 0 for no times.
func Survival(times []int, t int) float64 {
	if len(times) == 0 {
		return 0
	}
	n := 0
	for _, x := range times {
		if x > t {
			n++
		}
	}
	return float64(n) / float64(len(times))
}

// Unit returns the distribution concentrated on state i of n (all zeros for i outside [0,n);
// nil for n beyond MaxStates, the widest chain it could start).
func Unit(n, i int) []float64 {
	if n > MaxStates {
		return nil
	}
	p := make([]float64, max(n, 0))
	if i >= 0 && i < n {
		p[i] = 1
	}
	return p
}

// CouplingStats summarises the meeting times of CouplingTimes.
type CouplingStats struct {
	Mean   float64   // the average meeting time
	Max    int       // the longest meeting time
	Sample []float64 // the times as float64 in run order, for a histogram
}

// SummarizeTimes returns the mean, the maximum and the float copy of meeting times. No times,
// or a negative time, is an error (errs.ErrEmpty, errs.ErrParam). Cost O(len(times)).
func SummarizeTimes(times []int) (CouplingStats, error) {
	if len(times) == 0 {
		return CouplingStats{}, fmt.Errorf("mcmc: SummarizeTimes: no times: %w", errs.ErrEmpty)
	}
	s := CouplingStats{Sample: make([]float64, len(times))}
	for i, t := range times {
		if t < 0 {
			return CouplingStats{}, fmt.Errorf("mcmc: SummarizeTimes: time %d is %d, want ≥ 0: %w", i, t, errs.ErrParam)
		}
		s.Sample[i] = float64(t)
		s.Mean += (s.Sample[i] - s.Mean) / float64(i+1) // running mean: no overflow of a sum
		s.Max = max(s.Max, t)
	}
	return s, nil
}

// MaxSurvivalPoints caps the points argument of SurvivalCurve.
const MaxSurvivalPoints = 1 << 16

// SurvivalCurve tabulates Survival(times, t), the estimated Pr(X_t ≠ Y_t), from t = 0 to the
// largest time in steps of max(1, max/points), so that a curve of `points` to 2·points + 1
// points covers the whole meeting-time range and ends at 0. No times, a negative time, or
// points outside [1, MaxSurvivalPoints] is an error (errs.ErrEmpty, errs.ErrParam,
// errs.ErrTooLarge). Cost O((len(times) + points)·log len(times)).
func SurvivalCurve(times []int, points int) (ts, surv []float64, err error) {
	if points < 1 {
		return nil, nil, fmt.Errorf("mcmc: SurvivalCurve: points = %d, want ≥ 1: %w", points, errs.ErrParam)
	}
	if err := check.Size("mcmc: SurvivalCurve", "points", points, MaxSurvivalPoints); err != nil {
		return nil, nil, err
	}
	s, err := SummarizeTimes(times)
	if err != nil {
		return nil, nil, fmt.Errorf("mcmc: SurvivalCurve: %w", err)
	}
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	step := max(1, s.Max/points)
	for t := 0; ; {
		i := sort.Search(len(sorted), func(k int) bool { return sorted[k] > t }) // the times > t
		ts, surv = append(ts, float64(t)), append(surv, float64(len(sorted)-i)/float64(len(sorted)))
		switch {
		case t == s.Max:
			return ts, surv, nil
		case t > s.Max-step: // the last step stops at the largest time (and cannot overflow)
			t = s.Max
		default:
			t += step
		}
	}
}
