package classify

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// Sigmoid returns sig(z) = 1/(1 + e^{−z}), computed without overflow for large |z|
// (sig(±Inf) = 1, 0), and an error wrapping ErrNotFinite for z = NaN.
func Sigmoid(z float64) (float64, error) {
	if math.IsNaN(z) {
		return 0, fmt.Errorf("classify: Sigmoid: z = NaN: %w", ErrNotFinite)
	}
	return sigmoid(z), nil
}

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// LogisticLoss returns ln(1 + e^{−m}) for the margin m = y⟨w, x⟩ (a softplus computed stably:
// no overflow for m → −∞, no loss of precision for m → +∞), and an error wrapping
// ErrNotFinite for m = NaN or −Inf (an infinite loss).
func LogisticLoss(m float64) (float64, error) {
	if math.IsNaN(m) || math.IsInf(m, -1) {
		return 0, fmt.Errorf("classify: LogisticLoss: margin m = %v: %w", m, ErrNotFinite)
	}
	if m > 0 {
		return math.Log1p(math.Exp(-m)), nil
	}
	return -m + math.Log1p(math.Exp(m)), nil
}

// LogisticRegression fits the model P(y = 1 | x) = sig(⟨w, x⟩ + b) by minimising the convex
// objective of §1.4 written with ±1 labels s_i = 2y_i − 1,
// J(w, b) = Σ_i ln(1 + exp(−s_i(⟨w, x_i⟩ + b))) + (L2/2)‖w‖², with gonum's L-BFGS. The
// intercept b is fitted by default (as in scikit-learn) and not penalised; the seed's threshold
// form sgn(⟨w, x⟩ − θ) has θ = −b. The seed suggests gradient descent; L-BFGS uses the same
// gradient and converges in far fewer steps.
//
// Zero values: L2 = 1, scikit-learn's default C = 1 (L2 = 1/C: scikit-learn minimises
// C·Σ_i loss + ½‖w‖²), so that separable data still has a finite minimiser;
// TestLogisticMatchesSklearn compares the weights with LogisticRegression() on breast cancer.
// NoPenalty fits the unpenalised maximum-likelihood model of the lecture (scikit-learn's
// penalty=None) and needs L2 = 0. On separable data without a penalty the infimum 0 is not
// attained (‖w‖ → ∞): the run ends when the gradient is below Tol or at MaxIter, with weights
// that only grow with a tighter Tol.
type LogisticRegression struct {
	L2          float64 // ridge penalty on w (not on b); 0 means 1 unless NoPenalty
	NoPenalty   bool    // no ridge penalty (the plain likelihood); L2 must be 0
	NoIntercept bool    // fix b = 0 (a model through the origin)
	Tol         float64 // stop when max_j |∂J/∂w_j| ≤ Tol·n; 0 means 1e-6
	MaxIter     int     // cap on L-BFGS iterations; 0 means 1000, at most MaxSweeps
}

// LogisticModel is a fitted logistic regression: P(y = 1 | x) = sig(⟨W, x⟩ + B).
type LogisticModel struct {
	W         []float64
	B         float64 // intercept (scikit-learn's intercept_); 0 with NoIntercept
	Cost      float64 // J at the solution
	GradNorm  float64 // max-norm of ∇J at the solution, divided by n
	Iter      int     // L-BFGS iterations
	Converged bool    // GradNorm ≤ Tol before MaxIter
}

var _ sltk.Classifier = (*LogisticModel)(nil)

// logisticObjective evaluates J and ∇J over a fixed number of row blocks (set by n, never by
// the core count) in parallel and sums them in block order, so that results are the same bits
// on every machine. The weight vector holds w and, with an intercept, b last.
type logisticObjective struct {
	x         *mat.Dense
	s         []float64 // labels as ±1
	l2        float64
	intercept bool
	fs        []float64   // per-block loss
	gs        [][]float64 // per-block gradient
	m, e      []float64   // per row: the margin s_i·z_i and e^{−|m_i|}
}

func newLogisticObjective(x *mat.Dense, s []float64, l2 float64, intercept bool) *logisticObjective {
	n, d := x.Dims()
	p := d
	if intercept {
		p++
	}
	blocks := max(1, min(64, n/2048))
	o := &logisticObjective{x: x, s: s, l2: l2, intercept: intercept,
		fs: make([]float64, blocks), gs: make([][]float64, blocks),
		m: make([]float64, n), e: make([]float64, n)}
	for b := range o.gs {
		o.gs[b] = make([]float64, p)
	}
	return o
}

// block adds the loss and gradient of rows [lo, hi) into f and g. The margins of the block
// are one call of the dot-product kernel (kernel.Dots, eight rows at a time) and their
// exponentials one call of the vector exponential (kernel.Exp), in o.m and o.e; the gradient
// is one product Xᵀc of the block with the rows' weights c_i = −s_i·sig(−m_i).
func (o *logisticObjective) block(w, g []float64, lo, hi int) (f float64) {
	_, d := o.x.Dims()
	xr := o.x.RawMatrix()
	m, e := o.m[lo:hi], o.e[lo:hi]
	if xr.Stride == d {
		kernel.Dots(m, w[:d], xr.Data[lo*d:hi*d])
	} else {
		for i := range m {
			kernel.Dots(m[i:i+1], w[:d], xr.Data[(lo+i)*xr.Stride:])
		}
	}
	for i, z := range m {
		if o.intercept {
			z += w[d]
		}
		m[i] = o.s[lo+i] * z
		e[i] = -math.Abs(m[i])
	}
	// One exponential e^{−|m|} serves both the loss ln(1+e^{−m}) = max(−m, 0) + ln(1+e^{−|m|})
	// and sig(−m). The logarithms are taken of products: Σ ln(1+e_i) = ln Π(1+e_i) over runs of
	// logRun rows (each factor in (1, 2], so a run's product stays below 2^logRun), one
	// math.Log per run instead of a math.Log1p per row, which was a fifth of a fit's time. Each
	// factor 1+e_i is rounded, so the loss differs from the sum of Log1p by a few units of
	// 2⁻⁵³ per row in absolute terms, far below the loss's own rounding (TestLogisticLogRuns).
	kernel.Exp(e, e)
	prod, gb := 1.0, 0.0
	for i, ei := range e {
		sig := 1 / (1 + ei) // sig(−m) for m < 0
		if mi := m[i]; mi >= 0 {
			sig = ei * sig
		} else {
			f += -mi
		}
		prod *= 1 + ei
		if i%logRun == logRun-1 {
			f += math.Log(prod)
			prod = 1
		}
		m[i] = -o.s[lo+i] * sig // the row's weight in the gradient
		gb += m[i]
	}
	f += math.Log(prod)
	if g != nil { // g[:d] += Xᵀm over the block, one matrix–vector product
		blk := blas64.General{Rows: hi - lo, Cols: d, Stride: xr.Stride, Data: xr.Data[lo*xr.Stride:]}
		blas64.Gemv(blas.Trans, 1, blk, blas64.Vector{N: hi - lo, Inc: 1, Data: m},
			1, blas64.Vector{N: d, Inc: 1, Data: g})
		if o.intercept {
			// The weights' sum, kept in a register above: added into g[d] one at a time it
			// was a chain of loads and stores, a sixth of a fit. g[d] enters at 0 (eval
			// clears g), so the bits are those of that chain.
			g[d] += gb
		}
	}
	return f
}

// eval returns J(w) and, if grad is not nil, writes ∇J(w) into it. Cost O(n·d).
func (o *logisticObjective) eval(w, grad []float64) float64 {
	n, d := o.x.Dims()
	blocks := len(o.fs)
	par.Chunks(blocks, 1, func(blo, bhi int) {
		for b := blo; b < bhi; b++ {
			var g []float64
			if grad != nil {
				g = o.gs[b]
				clear(g)
			}
			o.fs[b] = o.block(w, g, b*n/blocks, (b+1)*n/blocks)
		}
	})
	f := 0.0
	if grad != nil {
		clear(grad)
	}
	for b := 0; b < blocks; b++ {
		f += o.fs[b]
		if grad != nil {
			floats.Add(grad, o.gs[b])
		}
	}
	for j := 0; j < d; j++ { // the intercept (last weight, if any) is not penalised
		f += 0.5 * o.l2 * w[j] * w[j]
		if grad != nil {
			grad[j] += o.l2 * w[j]
		}
	}
	return f
}

// logRun is the rows per logarithm of the loss's products (block): 2^512 is far from overflow.
const logRun = 512

// problem wraps eval for L-BFGS, which asks for the value and the gradient at the same point
// in separate calls: one pass over the data computes both, and the last point is cached. at
// is the same cached evaluation for the caller (the value and gradient at the solution, which
// is usually the last point evaluated).
func (o *logisticObjective) problem(p int) (prob optimize.Problem, at func(w, grad []float64) float64) {
	var lastW, lastG []float64
	var lastF float64
	both := func(w []float64) {
		if lastW != nil && floats.Equal(w, lastW) {
			return
		}
		if lastG == nil {
			lastG = make([]float64, p)
		}
		lastF = o.eval(w, lastG)
		lastW = append(lastW[:0], w...)
	}
	return optimize.Problem{
			Func: func(w []float64) float64 { both(w); return lastF },
			Grad: func(grad, w []float64) { both(w); copy(grad, lastG) },
		}, func(w, grad []float64) float64 {
			both(w)
			copy(grad, lastG)
			return lastF
		}
}

// Fit trains on x (n×d) and labels y in {0, 1}. Entries beyond check.MaxAbs = 1e150 in
// magnitude give ErrNotFinite ("rescale the data"): the gradient sums n products of them. Cost
// O(n·d) per function evaluation; the result does not depend on the number of cores.
func (l LogisticRegression) Fit(x mat.Matrix, y []int) (*LogisticModel, error) {
	n, d, err := checkScaled("LogisticRegression.Fit", x)
	if err != nil {
		return nil, err
	}
	s, err := signs("LogisticRegression.Fit", y, n)
	if err != nil {
		return nil, err
	}
	tol, maxIter := cmp.Or(l.Tol, 1e-6), cmp.Or(l.MaxIter, 1000)
	switch {
	case l.L2 < 0 || math.IsNaN(l.L2) || math.IsInf(l.L2, 0):
		return nil, fmt.Errorf("classify: LogisticRegression.Fit: L2 = %v, want finite and ≥ 0: %w", l.L2, ErrParam)
	case !(tol > 0):
		return nil, fmt.Errorf("classify: LogisticRegression.Fit: Tol = %v, want > 0: %w", l.Tol, ErrParam)
	case maxIter < 0:
		return nil, fmt.Errorf("classify: LogisticRegression.Fit: MaxIter = %d, want ≥ 0: %w", l.MaxIter, ErrParam)
	case l.NoPenalty && l.L2 != 0:
		return nil, fmt.Errorf("classify: LogisticRegression.Fit: L2 = %v with NoPenalty, want 0: %w", l.L2, ErrParam)
	}
	l2 := cmp.Or(l.L2, 1)
	if l.NoPenalty {
		l2 = 0
	}
	if err := check.Size("classify: LogisticRegression.Fit", "MaxIter", maxIter, MaxSweeps); err != nil {
		return nil, err
	}
	obj := newLogisticObjective(dense(x), s, l2, !l.NoIntercept)
	p := d
	if obj.intercept {
		p++
	}
	settings := &optimize.Settings{
		GradientThreshold: tol * float64(n),
		MajorIterations:   maxIter,
		Converger:         optimize.NeverTerminate{},
	}
	prob, at := obj.problem(p)
	res, err := optimize.Minimize(prob, make([]float64, p), settings, &optimize.LBFGS{})
	if res == nil {
		return nil, fmt.Errorf("classify: LogisticRegression.Fit: %w", err)
	}
	grad := make([]float64, p)
	m := &LogisticModel{W: res.X[:d:d], Cost: at(res.X, grad), Iter: res.Stats.MajorIterations,
		GradNorm: floats.Norm(grad, math.Inf(1)) / float64(n)}
	m.Converged = m.GradNorm <= tol
	if obj.intercept {
		m.B = res.X[d]
	}
	return m, nil
}

// Prob returns P(y = 1 | x_i) = sig(⟨W, x_i⟩ + B) for every row. It refuses what Fit refuses
// (entries beyond 1e150), a non-finite W or B, and a score that overflows, with ErrNotFinite.
// Cost O(n·d).
func (m *LogisticModel) Prob(x mat.Matrix) ([]float64, error) {
	if m == nil || m.W == nil {
		return nil, fmt.Errorf("classify: LogisticModel.Prob: %w", ErrNotFitted)
	}
	n, d, err := checkScaled("LogisticModel.Prob", x)
	if err != nil {
		return nil, err
	}
	if d != len(m.W) {
		return nil, fmt.Errorf("classify: LogisticModel.Prob: model has %d weights, x has %d columns: %w", len(m.W), d, ErrShape)
	}
	for j, v := range m.W {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("classify: LogisticModel.Prob: W[%d] = %v: %w", j, v, ErrNotFinite)
		}
	}
	if math.IsNaN(m.B) || math.IsInf(m.B, 0) {
		return nil, fmt.Errorf("classify: LogisticModel.Prob: B = %v: %w", m.B, ErrNotFinite)
	}
	xd := dense(x)
	out := make([]float64, n)
	for i := range out {
		z := floats.Dot(m.W, xd.RawRowView(i)) + m.B
		if math.IsNaN(z) || math.IsInf(z, 0) {
			return nil, fmt.Errorf("classify: LogisticModel.Prob: row %d: ⟨W, x⟩ + B = %v overflows; rescale the data: %w", i, z, ErrNotFinite)
		}
		out[i] = sigmoid(z)
	}
	return out, nil
}

// Predict returns 1 where P(y = 1 | x) ≥ 1/2 and 0 elsewhere, with Prob's errors. Cost O(n·d).
func (m *LogisticModel) Predict(x mat.Matrix) ([]int, error) {
	p, err := m.Prob(x)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(p))
	for i, v := range p {
		if v >= 0.5 {
			out[i] = 1
		}
	}
	return out, nil
}
