package online

import (
	"fmt"
	"math"
	"math/rand/v2"

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
	if n < 2 || !(g > 0) || math.IsInf(g, 0) {
		return 0, fmt.Errorf("%w: need n ≥ 2 actions and g > 0, got %d, %v", ErrParam, n, g)
	}
	return math.Min(1, math.Sqrt(float64(n)*math.Log(float64(n))/((math.E-1)*g))), nil
}

// EXP3Bound returns Thm 4.7's regret bound (e−1)γ q_max + n ln n / γ.
func EXP3Bound(n int, gamma, qmax float64) float64 {
	return (math.E-1)*gamma*qmax + float64(n)*math.Log(float64(n))/gamma
}

// Run plays against an oblivious adversary given as a reward table: rewards is n×T, entry
// (a, t) the reward of action a in round t, in [0, 1]. Cost O(n·T).
func (e EXP3) Run(rewards mat.Matrix) (*EXP3Trace, error) {
	if rewards == nil {
		return nil, fmt.Errorf("%w: nil reward table", ErrShape)
	}
	n, t := rewards.Dims()
	if n < 1 || t < 1 {
		return nil, fmt.Errorf("%w: reward table is %d×%d", ErrShape, n, t)
	}
	if !(e.Gamma > 0 && e.Gamma <= 1) {
		return nil, fmt.Errorf("%w: γ = %v, need 0 < γ ≤ 1", ErrParam, e.Gamma)
	}
	for a := 0; a < n; a++ {
		for s := 0; s < t; s++ {
			if q := rewards.At(a, s); math.IsNaN(q) || q < 0 || q > 1 {
				return nil, fmt.Errorf("%w: reward[%d,%d] = %v outside [0, 1]", ErrRange, a, s, q)
			}
		}
	}
	rng := rand.New(rand.NewPCG(e.Seed, 0xe3))
	logW := make([]float64, n)
	p := make([]float64, n)
	cum := make([]float64, n)
	tr := &EXP3Trace{MinProb: 1}
	got := 0.0
	for s := 0; s < t; s++ {
		z := logSumExp(logW, nil)
		for a := range p {
			p[a] = (1-e.Gamma)*math.Exp(logW[a]-z) + e.Gamma/float64(n)
			tr.MinProb = math.Min(tr.MinProb, p[a])
		}
		u, a := rng.Float64(), n-1
		for i, acc := 0, 0.0; i < n; i++ {
			acc += p[i]
			if u < acc {
				a = i
				break
			}
		}
		q := rewards.At(a, s)
		logW[a] += e.Gamma * q / (float64(n) * p[a])
		got += q
		best := 0.0
		for i := range cum {
			cum[i] += rewards.At(i, s)
			best = math.Max(best, cum[i])
		}
		tr.Actions = append(tr.Actions, a)
		tr.Reward = append(tr.Reward, got)
		tr.Best = append(tr.Best, best)
		tr.Regret = append(tr.Regret, best-got)
	}
	return tr, nil
}
