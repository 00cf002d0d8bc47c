package classify

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// MaxSweeps is the largest MaxIter the iterative classifiers (Perceptron, HardMarginSVM, SVM,
// LogisticRegression) accept: a sweep costs O(n·d), and non-separable data runs to the cap
// (ErrTooLarge beyond).
const MaxSweeps = 1 << 20

// Perceptron is the Perceptron algorithm of §1.4 for homogeneous separators (lift with
// AppendOne for a bias). Starting from w = 0 it sweeps the examples cyclically in the given
// order and adds y·x (y = ±1) whenever sgn⟨w, x⟩ ≠ y, until a sweep makes no update. If some
// consistent separator has margin γ and λ = max‖x‖, it makes at most (λ/γ)² updates
// (Thm 1.13); on data that is not separable it never stops, hence the cap.
type Perceptron struct {
	MaxIter int  // cap on sweeps over the data; 0 means 1000
	Trace   bool // record w after every update (for plotting the proof's invariants)
}

// PerceptronResult is the outcome of a run; it classifies with sgn⟨W, x⟩ > 0 → 1, else 0.
type PerceptronResult struct {
	W         []float64   // final weights
	Updates   int         // number of updates (mistakes)
	Iter      int         // sweeps, counting the final error-free verification sweep
	Converged bool        // a sweep made no update (false: MaxIter reached)
	Trace     [][]float64 // w after each update, if requested
}

var _ sltk.Classifier = (*PerceptronResult)(nil)

// Fit runs the Perceptron on x (n×d) and labels y in {0, 1} (read as −1, +1). If no sweep is
// error-free within MaxIter it returns the last state with Converged = false: on data that is
// not separable that is the expected end. A product ⟨w, x_i⟩ or a weight that overflows
// float64 is ErrNotFinite ("rescale the data"): its sign, which drives the updates, would be a
// guess. Cost O(n·d) per sweep.
func (p Perceptron) Fit(x mat.Matrix, y []int) (*PerceptronResult, error) {
	n, d, err := checkX("Perceptron.Fit", x)
	if err != nil {
		return nil, err
	}
	ys, err := signs("Perceptron.Fit", y, n)
	if err != nil {
		return nil, err
	}
	maxIter := cmp.Or(p.MaxIter, 1000)
	if maxIter < 0 {
		return nil, fmt.Errorf("classify: Perceptron.Fit: MaxIter = %d, want ≥ 0: %w", p.MaxIter, ErrParam)
	}
	if err := check.Size("classify: Perceptron.Fit", "MaxIter", maxIter, MaxSweeps); err != nil {
		return nil, err
	}
	xd := dense(x)
	res := &PerceptronResult{W: make([]float64, d)}
	for res.Iter < maxIter && !res.Converged {
		res.Iter++
		res.Converged = true
		for i := 0; i < n; i++ {
			xi := xd.RawRowView(i)
			z := floats.Dot(res.W, xi)
			if math.IsNaN(z) || math.IsInf(z, 0) {
				return nil, fmt.Errorf("classify: Perceptron.Fit: sweep %d, example %d: ⟨w, x_i⟩ = %v overflows; rescale the data: %w", res.Iter, i, z, ErrNotFinite)
			}
			if Sgn(z) != ys[i] {
				floats.AddScaled(res.W, ys[i], xi)
				res.Updates++
				res.Converged = false
				if p.Trace {
					res.Trace = append(res.Trace, append([]float64(nil), res.W...))
				}
			}
		}
	}
	for j, v := range res.W {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("classify: Perceptron.Fit: w[%d] = %v after %d updates overflows; rescale the data: %w", j, v, res.Updates, ErrNotFinite)
		}
	}
	return res, nil
}

// Predict returns 1 where ⟨W, x_i⟩ > 0 and 0 elsewhere. Cost O(n·d).
func (r *PerceptronResult) Predict(x mat.Matrix) ([]int, error) {
	if r == nil || r.W == nil {
		return nil, fmt.Errorf("classify: PerceptronResult.Predict: %w", ErrNotFitted)
	}
	return predictLinear("PerceptronResult.Predict", r.W, 0, x)
}
