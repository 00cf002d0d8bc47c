package classify

import (
	"fmt"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Perceptron is the Perceptron algorithm of §1.4 for homogeneous separators (lift with
// AppendOne for a bias). Starting from w = 0 it sweeps the examples cyclically in the given
// order and adds y·x whenever sgn⟨w, x⟩ ≠ y, until a sweep makes no update. If some consistent
// separator has margin γ and λ = max‖x‖, it makes at most (λ/γ)² updates (Thm 1.13); on data
// that is not separable it never stops, hence the cap.
type Perceptron struct {
	MaxPasses int  // cap on sweeps over the data; 0 means 1000
	Trace     bool // record w after every update (for plotting the proof's invariants)
}

// PerceptronResult is the outcome of a run.
type PerceptronResult struct {
	W       []float64   // final weights
	Updates int         // number of updates (mistakes)
	Passes  int         // sweeps, counting the final error-free verification sweep
	Trace   [][]float64 // w after each update, if requested
}

// Fit runs the Perceptron on x (n×d) and labels y ∈ {−1, +1}. If no sweep is error-free within
// MaxPasses it returns the last state together with an error wrapping ErrNoConvergence.
// Cost O(n·d) per sweep.
func (p Perceptron) Fit(x mat.Matrix, y []float64) (*PerceptronResult, error) {
	n, d, err := checkX(x)
	if err != nil {
		return nil, err
	}
	if err := checkSigns(y, n); err != nil {
		return nil, err
	}
	maxPasses := p.MaxPasses
	if maxPasses == 0 {
		maxPasses = 1000
	}
	if maxPasses < 0 {
		return nil, fmt.Errorf("%w: MaxPasses = %d", ErrParam, p.MaxPasses)
	}
	xd := dense(x)
	res := &PerceptronResult{W: make([]float64, d)}
	for res.Passes < maxPasses {
		res.Passes++
		clean := true
		for i := 0; i < n; i++ {
			xi := xd.RawRowView(i)
			if Sgn(floats.Dot(res.W, xi)) != y[i] {
				floats.AddScaled(res.W, y[i], xi)
				res.Updates++
				clean = false
				if p.Trace {
					res.Trace = append(res.Trace, append([]float64(nil), res.W...))
				}
			}
		}
		if clean {
			return res, nil
		}
	}
	return res, fmt.Errorf("%w: Perceptron still makes mistakes after %d passes (%d updates); the data may not be separable",
		ErrNoConvergence, maxPasses, res.Updates)
}
