package classify

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// Sigmoid returns sig(z) = 1/(1 + e^{−z}), computed without overflow for large |z|.
func Sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// LogisticLoss returns ln(1 + e^{−m}) for the margin m = y⟨w, x⟩ (a softplus computed stably:
// no overflow for m → −∞, no loss of precision for m → +∞).
func LogisticLoss(m float64) float64 {
	if m > 0 {
		return math.Log1p(math.Exp(-m))
	}
	return -m + math.Log1p(math.Exp(m))
}

// LogisticRegression fits f_w(x) = sig(⟨w, x⟩ − b) by minimising the convex objective of §1.4,
// J(w) = Σ_i ln(1 + exp(−y_i(⟨w, x_i⟩ − b))) + (L2/2)‖w‖², with gonum's L-BFGS. The seed
// suggests gradient descent; L-BFGS uses the same gradient and converges in far fewer steps.
// On separable data without L2 the infimum 0 is not attained (‖w‖ → ∞); MaxIter then ends the
// run and the model reports Converged = false.
type LogisticRegression struct {
	L2        float64 // ridge penalty on w (not on b); 0 means none
	Intercept bool    // fit the threshold b
	Tol       float64 // stop when max_j |∂J/∂w_j| ≤ Tol·n; 0 means 1e-6
	MaxIter   int     // cap on L-BFGS iterations; 0 means 1000
}

// LogisticModel is a fitted logistic regression: P(y = +1 | x) = sig(⟨W, x⟩ − B).
type LogisticModel struct {
	W          []float64
	B          float64
	Loss       float64 // J at the solution
	GradNorm   float64 // max-norm of ∇J at the solution, divided by n
	Iterations int
	Converged  bool
}

// Fit trains on x (n×d) and y ∈ {−1, +1}. The objective and gradient are evaluated in parallel
// over a fixed number of row blocks (set by n) and summed in block order, so results do not
// depend on the number of cores or on scheduling. Cost O(n·d) per function evaluation.
func (l LogisticRegression) Fit(x mat.Matrix, y []float64) (*LogisticModel, error) {
	n, d, err := checkX(x)
	if err != nil {
		return nil, err
	}
	if err := checkSigns(y, n); err != nil {
		return nil, err
	}
	tol, maxIter := l.Tol, l.MaxIter
	if tol == 0 {
		tol = 1e-6
	}
	if maxIter == 0 {
		maxIter = 1000
	}
	if l.L2 < 0 || math.IsNaN(l.L2) || !(tol > 0) || maxIter < 0 {
		return nil, fmt.Errorf("%w: L2 = %v, Tol = %v, MaxIter = %d", ErrParam, l.L2, l.Tol, l.MaxIter)
	}
	xd := dense(x)
	p := d // weights; with Intercept one more, the coefficient of an implicit constant feature 1
	if l.Intercept {
		p++
	}
	// The block count depends on n only, never on the core count, so that the block-ordered
	// sums below give the same bits on every machine.
	blocks := max(1, min(64, n/2048))
	fs := make([]float64, blocks)
	gs := make([][]float64, blocks)
	for b := range gs {
		gs[b] = make([]float64, p)
	}
	eval := func(w, grad []float64) float64 {
		par.Chunks(blocks, 1, func(blo, bhi int) {
			for b := blo; b < bhi; b++ {
				lo, hi := b*n/blocks, (b+1)*n/blocks
				f, g := 0.0, gs[b]
				clear(g)
				for i := lo; i < hi; i++ {
					xi := xd.RawRowView(i)
					z := floats.Dot(w[:d], xi)
					if p > d {
						z += w[d]
					}
					m := y[i] * z
					// one exponential serves both the loss ln(1+e^{−m}) and sig(−m)
					e := math.Exp(-math.Abs(m))
					s := 1 / (1 + e) // sig(−m) for m < 0
					if m >= 0 {
						f += math.Log1p(e)
						s = e * s
					} else {
						f += -m + math.Log1p(e)
					}
					if grad != nil {
						floats.AddScaled(g[:d], -y[i]*s, xi)
						if p > d {
							g[d] -= y[i] * s
						}
					}
				}
				fs[b] = f
			}
		})
		f := 0.0
		if grad != nil {
			clear(grad)
		}
		for b := 0; b < blocks; b++ {
			f += fs[b]
			if grad != nil {
				floats.Add(grad, gs[b])
			}
		}
		reg := d // the intercept (last weight, if any) is not penalised
		for j := 0; j < reg; j++ {
			f += 0.5 * l.L2 * w[j] * w[j]
			if grad != nil {
				grad[j] += l.L2 * w[j]
			}
		}
		return f
	}
	// L-BFGS asks for the value and the gradient at the same point in separate calls; one pass
	// over the data computes both, and the last point is cached.
	var lastW, lastG []float64
	var lastF float64
	both := func(w []float64) {
		if lastW != nil && floats.Equal(w, lastW) {
			return
		}
		if lastG == nil {
			lastG = make([]float64, p)
		}
		lastF = eval(w, lastG)
		lastW = append(lastW[:0], w...)
	}
	prob := optimize.Problem{
		Func: func(w []float64) float64 { both(w); return lastF },
		Grad: func(grad, w []float64) { both(w); copy(grad, lastG) },
	}
	settings := &optimize.Settings{
		GradientThreshold: tol * float64(n),
		MajorIterations:   maxIter,
		Converger:         optimize.NeverTerminate{},
	}
	res, err := optimize.Minimize(prob, make([]float64, p), settings, &optimize.LBFGS{})
	if res == nil {
		return nil, fmt.Errorf("classify: logistic regression: %w", err)
	}
	grad := make([]float64, p)
	loss := eval(res.X, grad)
	m := &LogisticModel{W: res.X, Loss: loss, Iterations: res.Stats.MajorIterations,
		GradNorm: floats.Norm(grad, math.Inf(1)) / float64(n)}
	m.Converged = m.GradNorm <= tol
	if l.Intercept {
		m.W, m.B = SplitBias(res.X)
	}
	return m, nil
}

// Prob returns P(y = +1 | x_i) = sig(⟨W, x_i⟩ − B) for every row. Cost O(n·d).
func (m *LogisticModel) Prob(x mat.Matrix) ([]float64, error) {
	if m == nil || m.W == nil {
		return nil, ErrNotFitted
	}
	n, d, err := checkX(x)
	if err != nil {
		return nil, err
	}
	if d != len(m.W) {
		return nil, fmt.Errorf("%w: model has %d weights, x has %d columns", ErrShape, len(m.W), d)
	}
	xd := dense(x)
	out := make([]float64, n)
	for i := range out {
		out[i] = Sigmoid(floats.Dot(m.W, xd.RawRowView(i)) - m.B)
	}
	return out, nil
}

// Predict returns +1 where P(y = +1 | x) ≥ 1/2 and −1 elsewhere. Cost O(n·d).
func (m *LogisticModel) Predict(x mat.Matrix) ([]float64, error) {
	p, err := m.Prob(x)
	if err != nil {
		return nil, err
	}
	for i, v := range p {
		p[i] = -1
		if v >= 0.5 {
			p[i] = 1
		}
	}
	return p, nil
}
