package online

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// Stump is a decision stump h(x) = 1 if x_Feature > Threshold, else 0 (Flip inverts it): the
// weak learner used with BoostMWU.
type Stump struct {
	Feature   int
	Threshold float64
	Flip      bool
}

// Predict returns the stump's label for one example (the "x ≤ Threshold" side when x has no
// entry Feature).
func (s Stump) Predict(x []float64) int {
	v := 0
	if s.Feature >= 0 && s.Feature < len(x) && x[s.Feature] > s.Threshold {
		v = 1
	}
	if s.Flip {
		v = 1 - v
	}
	return v
}

// stumpLearner finds the stump of least weighted error in O(n·d) per call, from column orders
// sorted once.
type stumpLearner struct {
	x     *mat.Dense
	y     []int
	order [][]int
}

func newStumpLearner(x *mat.Dense, y []int) *stumpLearner {
	n, d := x.Dims()
	l := &stumpLearner{x: x, y: y, order: make([][]int, d)}
	for j := 0; j < d; j++ {
		o := make([]int, n)
		for i := range o {
			o[i] = i
		}
		sort.SliceStable(o, func(a, b int) bool { return x.At(o[a], j) < x.At(o[b], j) })
		l.order[j] = o
	}
	return l
}

// best returns the stump minimising Σ_i p_i [h(x_i) ≠ y_i] and its weighted error. Ties go to
// the first feature, the smallest threshold and the unflipped stump.
func (l *stumpLearner) best(p []float64) (Stump, float64) {
	pos := 0.0 // weight of label 1
	for i, v := range p {
		if l.y[i] == 1 {
			pos += v
		}
	}
	bestErr, best := math.Inf(1), Stump{}
	consider := func(err float64, s Stump) {
		if err < bestErr-1e-15 {
			bestErr, best = err, s
		}
	}
	for j, o := range l.order {
		// threshold below every value: h ≡ 1 has error 1 − pos
		x0 := l.x.At(o[0], j)
		consider(1-pos, Stump{Feature: j, Threshold: x0 - 1})
		consider(pos, Stump{Feature: j, Threshold: x0 - 1, Flip: true})
		errUp := 1 - pos // error of "x > thr → 1" with everything above thr
		for k, i := range o {
			// move example i to the "≤ thr → 0" side
			if l.y[i] == 1 {
				errUp += p[i]
			} else {
				errUp -= p[i]
			}
			v := l.x.At(i, j)
			if k+1 < len(o) && l.x.At(o[k+1], j) == v {
				continue
			}
			consider(errUp, Stump{Feature: j, Threshold: v})
			consider(1-errUp, Stump{Feature: j, Threshold: v, Flip: true})
		}
	}
	return best, math.Max(bestErr, 0)
}

// BoostMWU is boosting by multiplicative weights (§4.2, Arora–Hazan–Kale): the examples are the
// experts, each round the weak learner (the best decision stump under the current distribution
// p) returns a hypothesis with weighted error below γ, the examples it classifies correctly lose
// weight by the factor 1 − α with α = ½ − γ, and after t = ⌈(2/α²) ln(1/ε)⌉ rounds the unweighted
// majority vote of the t hypotheses has training error below ε (Thm 4.6). The seed calls this
// AdaBoost; it is not Freund–Schapire AdaBoost (which weights the vote).
type BoostMWU struct {
	Gamma   float64 // the weak learner's error bound, 0 ≤ γ < ½
	Epsilon float64 // target training error, 0 < ε < 1
	// TraceWeights records the distribution over the examples before every round (for a
	// rounds × examples heat map); rounds·n is then limited to MaxWeightTrace.
	TraceWeights bool
}

// MaxWeightTrace caps rounds·n, the floats BoostMWU.Fit keeps when TraceWeights is set (128 MiB).
const MaxWeightTrace = 1 << 24

// BoostRounds returns t = ⌈(2/α²) ln(1/ε)⌉ with α = ½ − γ, rounded up with a 1e-9 tolerance so
// that exact integers are not pushed up by float rounding.
// At most MaxBoostRounds rounds are planned (γ near ½ or a tiny ε would ask for ~10^14);
// beyond that BoostRounds returns ErrTooLarge.
func BoostRounds(gamma, eps float64) (int, error) {
	if !(gamma >= 0 && gamma < 0.5) {
		return 0, fmt.Errorf("online: BoostRounds: γ = %v, want in [0, ½): %w", gamma, ErrParam)
	}
	if !(eps > 0 && eps < 1) {
		return 0, fmt.Errorf("online: BoostRounds: ε = %v, want in (0, 1): %w", eps, ErrParam)
	}
	a := 0.5 - gamma
	v := 2 / (a * a) * math.Log(1/eps)
	if !(v <= MaxBoostRounds) {
		return 0, fmt.Errorf("online: BoostRounds: γ = %v, ε = %v need %.3g rounds, at most %d: %w", gamma, eps, v, MaxBoostRounds, ErrTooLarge)
	}
	return int(math.Ceil(v - 1e-9*math.Max(1, v))), nil
}

// MaxBoostRounds is the largest number of rounds BoostMWU plans.
const MaxBoostRounds = 1_000_000

// BoostResult is a trained majority vote of stumps with the traces of training.
type BoostResult struct {
	Stumps       []Stump
	LearningRate float64     // α = ½ − γ, the MWU step on the examples' weights
	WeakError    []float64   // weighted error of each round's stump
	TrainError   []float64   // training error of the majority vote after each round
	LogPotential []float64   // ln Φ^(s+1) after round s
	Weights      []float64   // final distribution over the examples
	WeightTrace  [][]float64 // the distribution before each round, if TraceWeights was set
}

// Predict returns the majority vote: 1 iff at least half of the stumps say 1.
func (r *BoostResult) Predict(x mat.Matrix) ([]int, error) {
	if r == nil {
		return nil, fmt.Errorf("online: BoostResult.Predict: no stumps: %w", ErrNotFitted)
	}
	return voteStumps("BoostResult.Predict", r.Stumps, nil, x)
}

// Fit boosts stumps on x (n×d) with labels in {0, 1}. If in some round no stump has weighted
// error below γ, the weak-learning assumption fails and Fit returns the rounds so far with an
// error wrapping ErrWeak. Cost O(d·n log n) to sort once, then O(n·d) per round; rounds·n·d
// is limited to MaxBoostWork (ErrTooLarge beyond).
func (b BoostMWU) Fit(x mat.Matrix, y []int) (*BoostResult, error) {
	t, err := BoostRounds(b.Gamma, b.Epsilon)
	if err != nil {
		return nil, err
	}
	xd, err := checkBoostData("BoostMWU.Fit", x, y)
	if err != nil {
		return nil, err
	}
	n, d := xd.Dims()
	if t > MaxBoostWork/(n*d) {
		return nil, fmt.Errorf("online: BoostMWU.Fit: rounds·n·d = %d·%d·%d, limit %d: %w", t, n, d, MaxBoostWork, ErrTooLarge)
	}
	if b.TraceWeights && t > MaxWeightTrace/n {
		return nil, fmt.Errorf("online: BoostMWU.Fit: TraceWeights keeps rounds·n = %d·%d floats, limit %d: %w", t, n, MaxWeightTrace, ErrTooLarge)
	}
	learner := newStumpLearner(xd, y)
	alpha := 0.5 - b.Gamma
	down := math.Log1p(-alpha)
	logW := make([]float64, n)
	p := make([]float64, n)
	votes := make([]int, n)
	res := &BoostResult{LearningRate: alpha}
	for s := 1; s <= t; s++ {
		gibbs.Softmax(p, logW)
		if b.TraceWeights {
			res.WeightTrace = append(res.WeightTrace, slices.Clone(p))
		}
		h, e := learner.best(p)
		if e >= b.Gamma {
			res.Weights = p
			return res, fmt.Errorf("online: BoostMWU.Fit: round %d, best stump has weighted error %.4g ≥ γ = %v: %w", s, e, b.Gamma, ErrWeak)
		}
		res.Stumps = append(res.Stumps, h)
		res.WeakError = append(res.WeakError, e)
		wrong := 0
		for i := 0; i < n; i++ {
			v := h.Predict(xd.RawRowView(i))
			votes[i] += v
			if v == y[i] {
				logW[i] += down // correct examples lose weight
			}
			maj := 0
			if 2*votes[i] >= s {
				maj = 1
			}
			if maj != y[i] {
				wrong++
			}
		}
		res.TrainError = append(res.TrainError, float64(wrong)/float64(n))
		res.LogPotential = append(res.LogPotential, gibbs.LogSumExp(logW))
	}
	gibbs.Softmax(p, logW)
	res.Weights = p
	return res, nil
}
