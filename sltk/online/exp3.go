package online

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// EXP3 is the bandit algorithm of §4.3 (Auer, Cesa-Bianchi, Freund, Schapire 2002): it plays
// action a with probability p_a = (1−γ) w_a/Σw + γ/n, sees only the reward q of that action, and
// multiplies its weight by exp(γ q / (n p_a)) (an unbiased importance-weighted estimate). Its
// expected weak regret against any fixed reward table is at most (e−1)γ q_max + n ln n / γ
// (Thm 4.7).
type EXP3 struct {
	Gamma float64 // exploration rate in (0, 1]
	Seed  uint64  // seed of the action draws
}

// EXP3Trace records a run.
type EXP3Trace struct {
	Actions []int
	Reward  []float64 // cumulative reward of the algorithm
	Best    []float64 // q_max after each round: the best fixed action's cumulative reward
	Regret  []float64 // Best − Reward
	MinProb float64   // smallest probability used for any action (≥ γ/n)
}

// EXP3Gamma returns γ* = min(1, √(n ln n / ((e−1) g))) for a known upper bound g ≥ q_max on the
// best total reward (e.g. g = T for rewards in [0, 1]). With it the regret is at most
// 2√(e−1)·√(g n ln n) ≤ 2.63 √(g n ln n) (Cor. 4.8, with g in place of the unknown q_max).
func EXP3Gamma(n int, g float64) (float64, error) {
	switch {
	case n < 2:
		return 0, fmt.Errorf("online: EXP3Gamma: n = %d actions, want ≥ 2: %w", n, ErrParam)
	case !(g > 0) || math.IsInf(g, 0):
		return 0, fmt.Errorf("online: EXP3Gamma: g = %v, want finite and > 0: %w", g, ErrParam)
	}
	return math.Min(1, math.Sqrt(float64(n)*math.Log(float64(n))/((math.E-1)*g))), nil
}

// EXP3Bound returns Thm 4.7's regret bound (e−1)γ q_max + n ln n / γ. It needs n ≥ 1,
// γ ∈ (0, 1] and a finite q_max ≥ 0 (ErrParam otherwise).
func EXP3Bound(n int, gamma, qmax float64) (float64, error) {
	if err := boundArgs("EXP3Bound", n, "gamma", gamma, true, "qmax", qmax); err != nil {
		return 0, err
	}
	return finiteBound("EXP3Bound", (math.E-1)*gamma*qmax+float64(n)*math.Log(float64(n))/gamma)
}

// Run plays against an oblivious adversary given as a reward table: rewards is n×T, entry
// (a, t) the reward of action a in round t, in [0, 1]. Cost O(n·T), with the limits of
// RunAdaptive.
func (e EXP3) Run(rewards mat.Matrix) (*EXP3Trace, error) {
	n, t, err := table("EXP3.Run", "rewards", rewards)
	if err != nil {
		return nil, err
	}
	if !(e.Gamma > 0 && e.Gamma <= 1) {
		return nil, fmt.Errorf("online: EXP3.Run: γ = %v, need 0 < γ ≤ 1: %w", e.Gamma, ErrParam)
	}
	for a := 0; a < n; a++ {
		for s := 0; s < t; s++ {
			if q := rewards.At(a, s); math.IsNaN(q) || q < 0 || q > 1 {
				return nil, fmt.Errorf("online: EXP3.Run: reward[%d,%d] = %v outside [0, 1]: %w", a, s, q, ErrParam)
			}
		}
	}
	if err := exp3Size("EXP3.Run", n, t); err != nil {
		return nil, err
	}
	col := make([]float64, n)
	return e.play(n, t, func(s int, _ []int) ([]float64, error) {
		mat.Col(col, s, rewards)
		return col, nil
	})
}

// Adversary chooses the rewards of an adaptive bandit game. Rewards(t, history) returns the
// rewards of all n actions in round t (counting from 0), given the player's actions in rounds
// 0..t−1; it is called before the player draws its action for round t, so it may react to the
// past but not to the current draw; it must not modify history. Rewards must lie in [0, 1].
// The returned slice is read before the next call, so an implementation may reuse it.
type Adversary interface {
	Rewards(t int, history []int) []float64
}

// AdversaryFunc adapts a function to the Adversary interface.
type AdversaryFunc func(t int, history []int) []float64

// Rewards calls f; a nil f gives no rewards (RunAdaptive reports that as ErrShape).
func (f AdversaryFunc) Rewards(t int, history []int) []float64 {
	if f == nil {
		return nil
	}
	return f(t, history)
}

// RunAdaptive plays T rounds with n actions against an adaptive adversary. The regret in the
// trace is measured, as in Thm 4.7, against the best fixed action on the reward vectors that
// were actually produced. For an adaptive adversary Thm 4.7 bounds max_j E[G_j] − E[G_EXP3]
// (Auer et al. 2002, §3: the proof only uses that the reward vector of round t is fixed before
// the draw of round t), so a bound check averages over seeds. A reward outside [0, 1] or a
// vector of the wrong length is an error wrapping ErrParam or ErrShape, naming the round.
// Cost O(n·T) plus the adversary's; n ≤ MaxExperts, T ≤ MaxEXP3Rounds and n·T ≤ MaxEXP3Work
// (ErrTooLarge beyond).
func (e EXP3) RunAdaptive(adv Adversary, n, t int) (*EXP3Trace, error) {
	if adv == nil {
		return nil, fmt.Errorf("online: EXP3.RunAdaptive: nil adversary: %w", ErrParam)
	}
	if n < 1 || t < 1 {
		return nil, fmt.Errorf("online: EXP3.RunAdaptive: %d actions, %d rounds: %w", n, t, ErrShape)
	}
	if !(e.Gamma > 0 && e.Gamma <= 1) {
		return nil, fmt.Errorf("online: EXP3.RunAdaptive: γ = %v, need 0 < γ ≤ 1: %w", e.Gamma, ErrParam)
	}
	if err := exp3Size("EXP3.RunAdaptive", n, t); err != nil {
		return nil, err
	}
	return e.play(n, t, func(s int, hist []int) ([]float64, error) {
		q := adv.Rewards(s, hist)
		if len(q) != n {
			return nil, fmt.Errorf("online: EXP3.RunAdaptive: round %d: %d rewards for %d actions: %w", s+1, len(q), n, ErrShape)
		}
		for a, v := range q {
			if math.IsNaN(v) || v < 0 || v > 1 {
				return nil, fmt.Errorf("online: EXP3.RunAdaptive: round %d: reward[%d] = %v outside [0, 1]: %w", s+1, a, v, ErrParam)
			}
		}
		return q, nil
	})
}

// MaxEXP3Rounds caps the rounds T of an EXP3 run: the trace keeps four float64 per round
// (2²⁴ rounds, 512 MiB). MaxEXP3Work caps n·T, the cost of the run (2³⁴ steps, about a minute).
const (
	MaxEXP3Rounds = 1 << 24
	MaxEXP3Work   = 1 << 34
)

// exp3Size checks the number of actions n and rounds t against their limits.
func exp3Size(fn string, n, t int) error {
	switch {
	case n > MaxExperts:
		return fmt.Errorf("online: %s: n = %d actions, limit %d: %w", fn, n, MaxExperts, ErrTooLarge)
	case t > MaxEXP3Rounds:
		return fmt.Errorf("online: %s: T = %d rounds, limit %d: %w", fn, t, MaxEXP3Rounds, ErrTooLarge)
	case t > MaxEXP3Work/n:
		return fmt.Errorf("online: %s: n·T = %d·%d, limit %d: %w", fn, n, t, MaxEXP3Work, ErrTooLarge)
	}
	return nil
}

// play is the EXP3 loop shared by Run and RunAdaptive; rewards(s, history) gives the reward
// vector of round s.
func (e EXP3) play(n, t int, rewards func(s int, hist []int) ([]float64, error)) (*EXP3Trace, error) {
	rng := rand.New(rand.NewPCG(e.Seed, 0xe3))
	logW := make([]float64, n)
	p := make([]float64, n)
	cum := make([]float64, n)
	tr := &EXP3Trace{MinProb: 1}
	got := 0.0
	for s := 0; s < t; s++ {
		q, err := rewards(s, tr.Actions)
		if err != nil {
			return nil, err
		}
		gibbs.Softmax(p, logW)
		for a := range p {
			p[a] = (1-e.Gamma)*p[a] + e.Gamma/float64(n)
			tr.MinProb = math.Min(tr.MinProb, p[a])
		}
		a := draw(rng, p)
		logW[a] += e.Gamma * q[a] / (float64(n) * p[a])
		got += q[a]
		best := 0.0
		for i := range cum {
			cum[i] += q[i]
			best = math.Max(best, cum[i])
		}
		tr.Actions = append(tr.Actions, a)
		tr.Reward = append(tr.Reward, got)
		tr.Best = append(tr.Best, best)
		tr.Regret = append(tr.Regret, best-got)
	}
	return tr, nil
}
