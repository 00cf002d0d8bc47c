package online

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// AdaBoost is Freund and Schapire's AdaBoost with decision stumps, for comparison with
// BoostMWU (the seed's Remark 4.4 calls its MWU scheme "AdaBoost"; the two differ). Each round
// it adapts the step to the stump's weighted error ε_t, α_t = ½ ln((1−ε_t)/ε_t), reweights every
// example by exp(−α_t y_i h_t(x_i)) with labels as ±1, and votes with the weights α_t. The
// training error after t rounds is at most Π_s 2√(ε_s(1−ε_s)) (the Bound trace).
type AdaBoost struct {
	MaxIter int // number of rounds (fewer if a stump is perfect); 0 means 100, at most MaxBoostRounds
}

// MaxBoostWork caps rounds·n·d for AdaBoost.Fit, the O(n·d)-per-round stump search times the
// number of rounds (2³⁶ ≈ 7·10¹⁰ steps, minutes); ErrTooLarge beyond.
const MaxBoostWork = 1 << 36

// AdaBoostResult is a weighted vote of stumps with its training traces.
type AdaBoostResult struct {
	Stumps     []Stump
	Weights    []float64 // vote weights α_t (scikit-learn: estimator_weights_)
	WeakError  []float64 // ε_t
	TrainError []float64 // training error of the weighted vote after each round
	Bound      []float64 // Π 2√(ε_s(1−ε_s)) after each round
}

var (
	_ sltk.Classifier = (*AdaBoostResult)(nil)
	_ sltk.Classifier = (*BoostResult)(nil)
)

// Predict returns 1 where Σ_t α_t (2h_t(x) − 1) ≥ 0, else 0.
func (r *AdaBoostResult) Predict(x mat.Matrix) ([]int, error) {
	if r == nil {
		return nil, fmt.Errorf("online: AdaBoostResult.Predict: nil result: %w", ErrNotFitted)
	}
	if len(r.Weights) != len(r.Stumps) {
		return nil, fmt.Errorf("online: AdaBoostResult.Predict: %d stumps, %d weights: %w", len(r.Stumps), len(r.Weights), ErrNotFitted)
	}
	return voteStumps("AdaBoostResult.Predict", r.Stumps, r.Weights, x)
}

// voteStumps returns, for every row of x, 1 where the weighted vote Σ_t α_t (2h_t(x) − 1) is
// ≥ 0 and 0 otherwise; nil alphas means the unweighted majority vote (ties go to 1). It is the
// prediction of both BoostMWU and AdaBoost. Cost O(n·T).
func voteStumps(fn string, stumps []Stump, alphas []float64, x mat.Matrix) ([]int, error) {
	if len(stumps) == 0 {
		return nil, fmt.Errorf("online: %s: no stumps: %w", fn, ErrNotFitted)
	}
	data, n, d, cerr := check.Rows("x", x)
	if cerr != nil {
		return nil, fmt.Errorf("online: %s: %w", fn, cerr)
	}
	for t, h := range stumps {
		if h.Feature < 0 || h.Feature >= d {
			return nil, fmt.Errorf("online: %s: stump %d uses feature %d, x has %d columns: %w", fn, t, h.Feature, d, ErrShape)
		}
	}
	out := make([]int, n)
	for i := range out {
		row := data[i*d : (i+1)*d]
		s := 0.0
		for t, h := range stumps {
			a := 1.0
			if alphas != nil {
				a = alphas[t]
			}
			s += a * float64(2*h.Predict(row)-1)
		}
		if s >= 0 {
			out[i] = 1
		}
	}
	return out, nil
}

// Fit runs AdaBoost on x (n×d) with labels in {0, 1}. It stops early when a stump classifies
// every example correctly (that stump alone is then returned) and returns an error wrapping
// ErrWeak when the best stump has error ≥ ½. Cost O(d·n log n) once, then O(n·d) per round;
// MaxIter ≤ MaxBoostRounds and MaxIter·n·d ≤ MaxBoostWork (ErrTooLarge beyond).
func (a AdaBoost) Fit(x mat.Matrix, y []int) (*AdaBoostResult, error) {
	rounds := cmp.Or(a.MaxIter, 100)
	if rounds < 0 {
		return nil, fmt.Errorf("online: AdaBoost.Fit: MaxIter = %d, want ≥ 0: %w", a.MaxIter, ErrParam)
	}
	if rounds > MaxBoostRounds {
		return nil, fmt.Errorf("online: AdaBoost.Fit: MaxIter = %d, limit %d: %w", a.MaxIter, MaxBoostRounds, ErrTooLarge)
	}
	xd, err := checkBoostData("AdaBoost.Fit", x, y)
	if err != nil {
		return nil, err
	}
	n, d := xd.Dims()
	if rounds > MaxBoostWork/(n*d) {
		return nil, fmt.Errorf("online: AdaBoost.Fit: MaxIter·n·d = %d·%d·%d, limit %d: %w", rounds, n, d, MaxBoostWork, ErrTooLarge)
	}
	learner := newStumpLearner(xd, y)
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	score := make([]float64, n)
	res := &AdaBoostResult{}
	bound := 1.0
	for t := 0; t < rounds; t++ {
		h, e := learner.best(p)
		if e >= 0.5 {
			return res, fmt.Errorf("online: AdaBoost.Fit: round %d, best stump has weighted error %.4g ≥ ½: %w", t+1, e, ErrWeak)
		}
		if e <= 1e-12 {
			res.Stumps, res.Weights = []Stump{h}, []float64{1}
			res.WeakError = append(res.WeakError, 0)
			res.TrainError = append(res.TrainError, 0)
			res.Bound = append(res.Bound, 0)
			return res, nil
		}
		alpha := 0.5 * math.Log((1-e)/e)
		res.Stumps, res.Weights = append(res.Stumps, h), append(res.Weights, alpha)
		res.WeakError = append(res.WeakError, e)
		bound *= 2 * math.Sqrt(e*(1-e))
		res.Bound = append(res.Bound, bound)
		z, wrong := 0.0, 0
		for i := 0; i < n; i++ {
			hv := float64(2*h.Predict(xd.RawRowView(i)) - 1)
			yv := float64(2*y[i] - 1)
			p[i] *= math.Exp(-alpha * yv * hv)
			z += p[i]
			score[i] += alpha * hv
			if (score[i] >= 0) != (yv > 0) {
				wrong++
			}
		}
		for i := range p {
			p[i] /= z
		}
		res.TrainError = append(res.TrainError, float64(wrong)/float64(n))
	}
	return res, nil
}

// checkBoostData validates boosting input: finite n×d data with labels in {0, 1}.
func checkBoostData(fn string, x mat.Matrix, y []int) (*mat.Dense, error) {
	n, d, cerr := check.Matrix("x", x)
	if cerr != nil {
		return nil, fmt.Errorf("online: %s: %w", fn, cerr)
	}
	if len(y) != n {
		return nil, fmt.Errorf("online: %s: x is %d×%d, %d labels: %w", fn, n, d, len(y), ErrShape)
	}
	for i, v := range y {
		if v != 0 && v != 1 {
			return nil, fmt.Errorf("online: %s: y[%d] = %d, want 0 or 1: %w", fn, i, v, ErrLabel)
		}
	}
	return mat.DenseCopyOf(x), nil
}

// table validates a loss or reward table (not nil, not empty, finite) and returns its
// dimensions.
func table(fn, name string, m mat.Matrix) (rows, cols int, err error) {
	rows, cols, cerr := check.Matrix(name, m)
	if cerr != nil {
		return 0, 0, fmt.Errorf("online: %s: %w", fn, cerr)
	}
	return rows, cols, nil
}
