package online

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
)

// Sentinel errors. The general ones are those of package errs under the same names; ErrWeak
// is this package's own failure (boosting's weak-learning assumption does not hold on the data),
// also an ErrParam (errs.New).
var (
	ErrEmpty     = errs.ErrEmpty
	ErrParam     = errs.ErrParam
	ErrShape     = errs.ErrShape
	ErrLabel     = errs.ErrLabel
	ErrNotFinite = errs.ErrNotFinite
	ErrNotFitted = errs.ErrNotFitted
	ErrTooLarge  = errs.ErrTooLarge
	ErrWeak      = errs.New("online: weak learner found no hypothesis with error below γ", errs.ErrParam)
)

// WeightedMajority is the deterministic experts algorithm of §4.1: n experts give 0/1 advice,
// the algorithm follows the weighted majority, and every expert that was wrong has its weight
// multiplied by 1 − α. For every expert i after t rounds (Thm 4.2),
// mistakes ≤ 2 ln n / α + 2(1 + α)·mistakes_i.
type WeightedMajority struct {
	LearningRate float64 // α in (0, ½]; 0 means ½
}

// WM is a running Weighted Majority instance.
type WM struct {
	alpha   float64
	logW    []float64 // ln w_i = ℓ_i ln(1 − α)
	Iter    int       // rounds played
	Loss    int       // mistakes of the algorithm
	Experts []int     // mistakes of each expert
}

// New starts an instance for n experts with all weights 1.
func (c WeightedMajority) New(n int) (*WM, error) {
	a := cmp.Or(c.LearningRate, 0.5)
	if !(a > 0 && a <= 0.5) {
		return nil, fmt.Errorf("online: WeightedMajority.New: LearningRate = %v, want in (0, ½]: %w", c.LearningRate, ErrParam)
	}
	if n < 1 {
		return nil, fmt.Errorf("online: WeightedMajority.New: n = %d experts, want ≥ 1: %w", n, ErrParam)
	}
	if err := check.Size("online: WeightedMajority.New", "n", n, MaxExperts); err != nil {
		return nil, err
	}
	return &WM{alpha: a, logW: make([]float64, n), Experts: make([]int, n)}, nil
}

func (s *WM) checkAdvice(a []int) error {
	if s == nil || len(s.logW) == 0 {
		return fmt.Errorf("online: WM: zero-value state, use WeightedMajority.New: %w", ErrNotFitted)
	}
	if len(a) != len(s.logW) {
		return fmt.Errorf("online: WM.Decide: %d advice values for %d experts: %w", len(a), len(s.logW), ErrShape)
	}
	for i, v := range a {
		if v != 0 && v != 1 {
			return fmt.Errorf("online: WM.Decide: advice[%d] = %d, want 0 or 1: %w", i, v, ErrLabel)
		}
	}
	return nil
}

// Decide returns the corrected decision rule: 1 iff the weight of the experts advising 1 is at
// least the weight of those advising 0 (ties buy). Cost O(n).
func (s *WM) Decide(advice []int) (int, error) {
	if err := s.checkAdvice(advice); err != nil {
		return 0, err
	}
	var byAdvice [2][]float64 // ln w_i of the experts advising 0 and 1
	for i, a := range advice {
		byAdvice[a] = append(byAdvice[a], s.logW[i])
	}
	zero, one := gibbs.LogSumExp(byAdvice[0]), gibbs.LogSumExp(byAdvice[1])
	if one >= zero {
		return 1, nil
	}
	return 0, nil
}

// Observe reveals the outcome of the round: it charges the decision and the experts, and
// down-weights the experts that were wrong. It returns the decision that was made. Cost O(n).
func (s *WM) Observe(advice []int, outcome int) (int, error) {
	d, err := s.Decide(advice)
	if err != nil {
		return 0, err
	}
	if outcome != 0 && outcome != 1 {
		return 0, fmt.Errorf("online: WM.Observe: outcome %d, want 0 or 1: %w", outcome, ErrLabel)
	}
	s.Iter++
	if d != outcome {
		s.Loss++
	}
	l := math.Log1p(-s.alpha)
	for i, a := range advice {
		if a != outcome {
			s.Experts[i]++
			s.logW[i] += l
		}
	}
	return d, nil
}

// Weights returns the current weights w_i = (1 − α)^{ℓ_i} (nil for a nil or zero WM; the
// accessors have no error result and report an empty state there).
func (s *WM) Weights() []float64 {
	if s == nil {
		return nil
	}
	w := make([]float64, len(s.logW))
	for i, v := range s.logW {
		w[i] = math.Exp(v)
	}
	return w
}

// LogPotential returns ln Φ = ln Σ w_i; Φ starts at n and shrinks by at least the factor
// 1 − α/2 with every mistake of the algorithm. It is 0 for a nil or zero WM.
func (s *WM) LogPotential() float64 {
	if s == nil || len(s.logW) == 0 {
		return 0
	}
	return gibbs.LogSumExp(s.logW)
}

// BestExpert returns the smallest number of mistakes of any expert (0 with no experts).
func (s *WM) BestExpert() int {
	if s == nil || len(s.Experts) == 0 {
		return 0
	}
	b := s.Experts[0]
	for _, v := range s.Experts {
		b = min(b, v)
	}
	return b
}

// WMTrace records a Weighted Majority run for plotting.
type WMTrace struct {
	Decisions    []int
	Loss         []int     // cumulative mistakes after each round
	BestExpert   []int     // cumulative mistakes of the best expert so far
	LogPotential []float64 // ln Φ after each round
	Final        *WM
}

// Run plays Weighted Majority on a fixed table: advice[t][i] is expert i's advice in round t
// and outcomes[t] the true outcome. Cost O(T·n).
func (c WeightedMajority) Run(advice [][]int, outcomes []int) (*WMTrace, error) {
	if len(advice) == 0 || len(advice) != len(outcomes) {
		return nil, fmt.Errorf("online: WeightedMajority.Run: %d advice rows for %d outcomes: %w", len(advice), len(outcomes), ErrShape)
	}
	s, err := c.New(len(advice[0]))
	if err != nil {
		return nil, err
	}
	tr := &WMTrace{Final: s}
	for t := range advice {
		d, err := s.Observe(advice[t], outcomes[t])
		if err != nil {
			return nil, fmt.Errorf("online: WeightedMajority.Run: round %d: %w", t+1, err)
		}
		tr.Decisions = append(tr.Decisions, d)
		tr.Loss = append(tr.Loss, s.Loss)
		tr.BestExpert = append(tr.BestExpert, s.BestExpert())
		tr.LogPotential = append(tr.LogPotential, s.LogPotential())
	}
	return tr, nil
}

// WMBound returns Thm 4.2's bound 2 ln n / α + 2(1 + α)·ℓ_i on the mistakes of Weighted
// Majority, given the mistakes ℓ_i of an expert. It needs n ≥ 1, α ∈ (0, 1) and a finite
// ℓ_i ≥ 0 (ErrParam otherwise).
func WMBound(n int, alpha float64, expertLoss float64) (float64, error) {
	if err := boundArgs("WMBound", n, "alpha", alpha, false, "expertLoss", expertLoss); err != nil {
		return 0, err
	}
	return finiteBound("WMBound", 2*math.Log(float64(n))/alpha+2*(1+alpha)*expertLoss)
}

// WMBoundTight returns the sharper bound from the proof,
// (ln n + ℓ_i ln(1/(1−α))) / ln(1/(1−α/2)), valid for every α ∈ (0, 1); arguments as WMBound.
func WMBoundTight(n int, alpha float64, expertLoss float64) (float64, error) {
	if err := boundArgs("WMBoundTight", n, "alpha", alpha, false, "expertLoss", expertLoss); err != nil {
		return 0, err
	}
	return finiteBound("WMBoundTight", (math.Log(float64(n))-expertLoss*math.Log1p(-alpha))/-math.Log1p(-alpha/2))
}
