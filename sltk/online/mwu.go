package online

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// MWU is the randomised experts algorithm of §4.1 with a loss matrix: it plays expert i with
// probability p_i = w_i / Σ w, suffers the expected loss Σ p_i L_i, and multiplies each weight by
// (1 − α)^{L_i}. For losses in [0, 1] and α ≤ ½ (Thm 4.3), for every expert i,
// Σ_t expected loss ≤ ln n / α + (1 + α) Σ_t L_i. With Signed, losses may lie in [−1, 1] and a
// negative loss multiplies the weight by (1 + α)^{−L} (Arora–Hazan–Kale); the bound becomes
// ln n / α + Σ_t L_i + α Σ_t |L_i|.
type MWU struct {
	LearningRate float64 // α in (0, 1); 0 means ½
	Signed       bool    // losses in [−1, 1] instead of [0, 1]
}

// MWUState is a running MWU instance.
type MWUState struct {
	alpha    float64
	signed   bool
	logW     []float64
	Iter     int       // rounds played
	Expected float64   // Σ_t expected loss of the algorithm
	Experts  []float64 // Σ_t L_i for each expert
	AbsLoss  []float64 // Σ_t |L_i| for each expert
}

// MaxExperts is the most experts MWU and WeightedMajority keep weights for (ErrTooLarge beyond).
const MaxExperts = 1 << 26

// New starts an instance for n experts (at most MaxExperts).
func (m MWU) New(n int) (*MWUState, error) {
	a := cmp.Or(m.LearningRate, 0.5)
	if !(a > 0 && a < 1) {
		return nil, fmt.Errorf("online: MWU.New: LearningRate = %v, want in (0, 1): %w", m.LearningRate, ErrParam)
	}
	if n < 1 {
		return nil, fmt.Errorf("online: MWU.New: n = %d experts, want ≥ 1: %w", n, ErrParam)
	}
	if err := check.Size("online: MWU.New", "n", n, MaxExperts); err != nil {
		return nil, err
	}
	return &MWUState{alpha: a, signed: m.Signed, logW: make([]float64, n),
		Experts: make([]float64, n), AbsLoss: make([]float64, n)}, nil
}

// Distribution returns the current p_i = w_i / Σ w (nil for a nil state). Cost O(n).
func (s *MWUState) Distribution() []float64 {
	if s == nil {
		return nil
	}
	p := make([]float64, len(s.logW))
	gibbs.Softmax(p, s.logW)
	return p
}

// Update plays one round with the loss vector L (one loss per expert) and returns the expected
// loss Σ p_i L_i of the distribution used in this round. Losses outside [0, 1] (or [−1, 1] when
// Signed) are an error wrapping ErrParam. Cost O(n).
func (s *MWUState) Update(loss []float64) (float64, error) {
	if s == nil || len(s.logW) == 0 {
		return 0, fmt.Errorf("online: MWUState.Update on a zero value (use MWU.New): %w", ErrNotFitted)
	}
	if len(loss) != len(s.logW) {
		return 0, fmt.Errorf("online: MWUState.Update: %d losses for %d experts: %w", len(loss), len(s.logW), ErrShape)
	}
	lo := 0.0
	if s.signed {
		lo = -1
	}
	for i, l := range loss {
		if math.IsNaN(l) || l < lo || l > 1 {
			return 0, fmt.Errorf("online: MWUState.Update: loss[%d] = %v outside [%v, 1]: %w", i, l, lo, ErrParam)
		}
	}
	p := s.Distribution()
	e := 0.0
	down, up := math.Log1p(-s.alpha), math.Log1p(s.alpha)
	for i, l := range loss {
		e += p[i] * l
		s.Experts[i] += l
		s.AbsLoss[i] += math.Abs(l)
		if l >= 0 {
			s.logW[i] += l * down
		} else {
			s.logW[i] -= l * up
		}
	}
	s.Expected += e
	s.Iter++
	return e, nil
}

// BestExpert returns the index and total loss of the expert with the smallest total loss
// (−1 and 0 for a zero MWUState).
func (s *MWUState) BestExpert() (int, float64) {
	if s == nil || len(s.Experts) == 0 {
		return -1, 0
	}
	b := 0
	for i, v := range s.Experts {
		if v < s.Experts[b] {
			b = i
		}
	}
	return b, s.Experts[b]
}

// MWUTrace records an MWU run.
type MWUTrace struct {
	Expected   []float64 // cumulative expected loss after each round
	BestExpert []float64 // cumulative loss of the best expert so far
	Regret     []float64 // Expected − BestExpert
	Final      *MWUState
}

// Run plays MWU on a loss table: losses is T×n, row t holding the experts' losses in round t.
// Cost O(T·n).
func (m MWU) Run(losses mat.Matrix) (*MWUTrace, error) {
	t, n, err := table("MWU.Run", "losses", losses)
	if err != nil {
		return nil, err
	}
	s, err := m.New(n)
	if err != nil {
		return nil, err
	}
	tr := &MWUTrace{Final: s}
	row := make([]float64, n)
	for r := 0; r < t; r++ {
		mat.Row(row, r, losses)
		if _, err := s.Update(row); err != nil {
			return nil, fmt.Errorf("online: MWU.Run: round %d: %w", r+1, err)
		}
		_, best := s.BestExpert()
		tr.Expected = append(tr.Expected, s.Expected)
		tr.BestExpert = append(tr.BestExpert, best)
		tr.Regret = append(tr.Regret, s.Expected-best)
	}
	return tr, nil
}

// MWUBound returns Thm 4.3's bound ln n / α + (1 + α)·L_i (valid for α ≤ ½; see MWUBoundExact).
// It needs n ≥ 1, α ∈ (0, 1) and a finite L_i ≥ 0 (ErrParam otherwise).
func MWUBound(n int, alpha, expertLoss float64) (float64, error) {
	if err := boundArgs("MWUBound", n, "alpha", alpha, false, "expertLoss", expertLoss); err != nil {
		return 0, err
	}
	return finiteBound("MWUBound", math.Log(float64(n))/alpha+(1+alpha)*expertLoss)
}

// MWUBoundExact returns (ln n + L_i ln(1/(1−α))) / α, valid for every α ∈ (0, 1) (it follows
// from (1−α)^x ≤ 1 − αx on [0, 1]); it is below MWUBound exactly when
// ln(1/(1−α)) ≤ α(1+α), i.e. α ≲ 0.6838. Arguments as MWUBound.
func MWUBoundExact(n int, alpha, expertLoss float64) (float64, error) {
	if err := boundArgs("MWUBoundExact", n, "alpha", alpha, false, "expertLoss", expertLoss); err != nil {
		return 0, err
	}
	return finiteBound("MWUBoundExact", (math.Log(float64(n))-expertLoss*math.Log1p(-alpha))/alpha)
}

// MWUMaxLearningRate returns the largest α for which the step ln(1/(1−α)) ≤ α(1+α) in the proof of
// Thm 4.3 holds, ≈ 0.6838026 (erratum: the seed claims MWUBound for every α ∈ (0, 1)). Above it
// MWUBound is not a valid bound; MWUBoundExact is. The function α(1+α) + ln(1−α) is positive
// on (0, α*) and negative on (α*, 1), so α* is found by bisection on [½, 0.9] to full double
// precision (60 halvings; gonum has no scalar root finder). Cost O(1).
func MWUMaxLearningRate() float64 {
	lo, hi := 0.5, 0.9
	for i := 0; i < 60; i++ {
		mid := (lo + hi) / 2
		if -math.Log1p(-mid) <= mid*(1+mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// MWUSignedBound returns ln n / α + Σ L_i + α Σ |L_i|, the bound for losses in [−1, 1] and
// α ≤ ½ (Arora–Hazan–Kale, Thm 2.1). It needs n ≥ 1, α ∈ (0, 1), a finite Σ L_i and
// Σ |L_i| ≥ |Σ L_i| (ErrParam otherwise).
func MWUSignedBound(n int, alpha, expertLoss, expertAbsLoss float64) (float64, error) {
	if err := boundArgs("MWUSignedBound", n, "alpha", alpha, false, "expertAbsLoss", expertAbsLoss); err != nil {
		return 0, err
	}
	if !(math.Abs(expertLoss) <= expertAbsLoss) {
		return 0, fmt.Errorf("online: MWUSignedBound: expertLoss = %v, want |expertLoss| ≤ expertAbsLoss = %v: %w",
			expertLoss, expertAbsLoss, ErrParam)
	}
	return finiteBound("MWUSignedBound", math.Log(float64(n))/alpha+expertLoss+alpha*expertAbsLoss)
}

// boundArgs checks the arguments of the regret bounds: n ≥ 1 experts or actions, a rate in
// (0, 1) ((0, 1] when one is allowed) and a finite, non-negative loss or reward total.
func boundArgs(fn string, n int, rateName string, rate float64, oneAllowed bool, totalName string, total float64) error {
	switch {
	case n < 1:
		return fmt.Errorf("online: %s: n = %d, want ≥ 1: %w", fn, n, ErrParam)
	case !(rate > 0 && (rate < 1 || oneAllowed && rate == 1)):
		return fmt.Errorf("online: %s: %s = %v, want in (0, 1%s: %w", fn, rateName, rate,
			map[bool]string{false: ")", true: "]"}[oneAllowed], ErrParam)
	case !(total >= 0) || math.IsInf(total, 0):
		return fmt.Errorf("online: %s: %s = %v, want finite and ≥ 0: %w", fn, totalName, total, ErrParam)
	}
	return nil
}

// finiteBound returns b, or ErrNotFinite when it overflowed (a total near MaxFloat64).
func finiteBound(fn string, b float64) (float64, error) {
	if math.IsInf(b, 0) || math.IsNaN(b) {
		return 0, fmt.Errorf("online: %s: the bound overflows: %w", fn, ErrNotFinite)
	}
	return b, nil
}
