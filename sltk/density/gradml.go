package density

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// LogDensityFunc is a parametric model density for GradientML: it returns ln P̂(x; w) for one
// observation x (length d) and parameters w, and writes ∂ ln P̂(x; w)/∂w into grad (same length
// as w, overwritten, never read), or an error (wrong lengths, values out of its domain), which
// NLL and GradientML.Fit return with the sample that raised it.
type LogDensityFunc func(x, w, grad []float64) (float64, error)

// GaussianLogDensity is the isotropic Gaussian N(x; μ, σ²I) as a LogDensityFunc with the d+1
// parameters w = (μ₁, …, μ_d, ln σ). The log-scale parameter keeps σ positive whatever step the
// descent takes. Its maximum-likelihood point is μ = x̄ and σ² = (1/(pd)) Σ‖x − x̄‖², the closed
// form that FitGaussian and the isotropic GMM M-step compute; it serves as the test oracle of
// GradientML. A w or grad of a length other than d+1 gives ErrShape; a non-finite x or w, or a
// log-density or gradient beyond the float64 range (ln σ far from the data's scale), gives
// ErrNotFinite. Cost O(d) per call.
func GaussianLogDensity(x, w, grad []float64) (float64, error) {
	d := len(x)
	if len(w) != d+1 || len(grad) != d+1 {
		return 0, fmt.Errorf("density: GaussianLogDensity: len(x) = %d needs len(w) = len(grad) = %d, got %d and %d: %w",
			d, d+1, len(w), len(grad), ErrShape)
	}
	for j, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("density: GaussianLogDensity: w[%d] = %v: %w", j, v, ErrNotFinite)
		}
	}
	lns := w[d]
	inv := math.Exp(-2 * lns)
	sq := 0.0
	for j, v := range x {
		u := v - w[j]
		sq += u * u
		grad[j] = u * inv
	}
	grad[d] = sq*inv - float64(d)
	l := -0.5*float64(d)*math.Log(2*math.Pi) - float64(d)*lns - 0.5*sq*inv
	if math.IsNaN(l) || math.IsInf(l, 0) {
		return 0, fmt.Errorf("density: GaussianLogDensity: ln P̂ = %g at ln σ = %g: %w", l, lns, ErrNotFinite)
	}
	for j, g := range grad {
		if math.IsNaN(g) || math.IsInf(g, 0) {
			return 0, fmt.Errorf("density: GaussianLogDensity: gradient[%d] = %g at ln σ = %g: %w", j, g, lns, ErrNotFinite)
		}
	}
	return l, nil
}

// GradientML fits the parameters w of a model density P̂(x; w) by minimising the training error
// E^T(w) = −(1/p) Σ_α ln P̂(x^(α); w) with plain gradient descent, ML chapter 5 (Probability
// density estimation) §5.2 (procedure A32):
//
//	batch:  w ← w − η ∇_w E^T,
//	online: w ← w − η ∇_w e^(α),  e^(α) = −ln P̂(x^(α); w), one observation at a time,
//
// the online rule visiting the observations in a fresh random order every epoch. It is written
// by hand rather than with gonum/optimize because the notes' rule is the fixed-step one and
// because optimize has no online (stochastic) mode; for a closed-form model (FitGaussian, GMM)
// use that instead: this procedure is for densities without one.
//
// The zero value means LearningRate 0.1, MaxIter 1000 (batch iterations or online epochs) and
// Tol 1e-10. Cost: one LogDensityFunc call per observation per iteration or epoch.
type GradientML struct {
	LearningRate float64 // step size η > 0; 0 means 0.1
	MaxIter      int     // maximum number of batch iterations or online epochs; 0 means 1000
	// Tol stops the descent when E^T changes by less than Tol·max(1, |E^T|) between two
	// iterations (epochs); 0 means 1e-10.
	Tol    float64
	Online bool   // per-observation updates instead of full-batch gradients
	Seed   uint64 // order of the observations in online mode
}

// GradientMLResult is the outcome of GradientML.Fit.
type GradientMLResult struct {
	Params []float64 // the fitted parameters w
	// NLL is E^T(w) = −(1/p) Σ ln P̂(x^(α); w) at Params; Trace holds it at the start and after
	// every iteration (epoch).
	NLL       float64
	Trace     []float64
	Iter      int
	Converged bool // the change fell below Tol before MaxIter
}

// NLL returns the mean negative log-likelihood −(1/p) Σ ln P̂(x^(α); w) of the rows of x under f
// with parameters w: E^T on the training set, E^G on a test set. It returns an error wrapping
// ErrEmpty for empty data or a nil f, or ErrNotFinite for non-finite data or log-density.
func NLL(x mat.Matrix, f LogDensityFunc, w []float64) (float64, error) {
	data, p, d, err := rowsOf("NLL", x, "sample")
	if err != nil {
		return 0, err
	}
	if f == nil {
		return 0, fmt.Errorf("density: NLL: nil LogDensityFunc: %w", ErrEmpty)
	}
	grad := make([]float64, len(w))
	e, _, err := gmlBatch("NLL", data, p, d, f, w, grad, make([]float64, len(w)))
	return e, err
}

// gmlBatch returns E^T and writes ∇_w E^T into sum (scratch grad).
func gmlBatch(fn string, data []float64, p, d int, f LogDensityFunc, w, grad, sum []float64) (float64, []float64, error) {
	for k := range sum {
		sum[k] = 0
	}
	e := 0.0
	for i := 0; i < p; i++ {
		l, err := f(data[i*d:i*d+d], w, grad)
		if err != nil {
			return 0, nil, fmt.Errorf("density: %s: sample %d: %w", fn, i, err)
		}
		if math.IsNaN(l) || math.IsInf(l, 0) {
			return 0, nil, fmt.Errorf("density: %s: ln P̂(x^(%d); w) = %g: %w", fn, i, l, ErrNotFinite)
		}
		e -= l
		for k, g := range grad {
			sum[k] -= g
		}
	}
	for k := range sum {
		sum[k] /= float64(p)
		if math.IsNaN(sum[k]) || math.IsInf(sum[k], 0) {
			return 0, nil, fmt.Errorf("density: %s: the gradient's coordinate %d sums to %g over %d samples: %w", fn, k, sum[k], p, ErrNotFinite)
		}
	}
	if math.IsInf(e, 0) {
		return 0, nil, fmt.Errorf("density: %s: Σ −ln P̂ over %d samples overflows; rescale the model: %w", fn, p, ErrNotFinite)
	}
	return e / float64(p), sum, nil
}

// Fit runs the descent on the rows of x (p×d) from the starting parameters w0, which it does not
// modify. It returns an error wrapping ErrEmpty (empty data, a nil f), ErrNotFinite (non-finite
// data, or an objective or gradient that stops being finite: a step size too large for the
// model) or ErrParam (empty w0, a negative or non-finite hyperparameter); reaching MaxIter is
// reported by Converged = false.
func (g GradientML) Fit(x mat.Matrix, f LogDensityFunc, w0 []float64) (*GradientMLResult, error) {
	data, p, d, err := rowsOf("GradientML.Fit", x, "sample")
	if err != nil {
		return nil, err
	}
	if f == nil {
		return nil, fmt.Errorf("density: GradientML.Fit: nil LogDensityFunc: %w", ErrEmpty)
	}
	if len(w0) == 0 {
		return nil, fmt.Errorf("density: GradientML.Fit: no starting parameters: %w", ErrParam)
	}
	rate, maxIter, tol := g.LearningRate, g.MaxIter, g.Tol
	rate = cmp.Or(rate, 0.1)
	maxIter = cmp.Or(maxIter, 1000)
	tol = cmp.Or(tol, 1e-10)
	switch {
	case !(rate > 0) || math.IsInf(rate, 0):
		return nil, fmt.Errorf("density: GradientML.Fit: LearningRate = %g, want finite and > 0: %w", g.LearningRate, ErrParam)
	case maxIter < 0:
		return nil, fmt.Errorf("density: GradientML.Fit: MaxIter = %d, want ≥ 0: %w", g.MaxIter, ErrParam)
	case maxIter > MaxIterations:
		return nil, fmt.Errorf("density: GradientML.Fit: MaxIter = %d, limit %d: %w", maxIter, MaxIterations, ErrTooLarge)
	case !(tol > 0) || math.IsInf(tol, 0):
		return nil, fmt.Errorf("density: GradientML.Fit: Tol = %g, want finite and > 0: %w", g.Tol, ErrParam)
	}
	w := append([]float64(nil), w0...)
	grad, sum := make([]float64, len(w)), make([]float64, len(w))
	e, _, err := gmlBatch("GradientML.Fit", data, p, d, f, w, grad, sum)
	if err != nil {
		return nil, err
	}
	res := &GradientMLResult{Trace: []float64{e}}
	rng := rand.New(rand.NewPCG(g.Seed, 0x6d6c))
	order := make([]int, p)
	for i := range order {
		order[i] = i
	}
	for it := 1; it <= maxIter; it++ {
		if g.Online {
			rng.Shuffle(p, func(i, j int) { order[i], order[j] = order[j], order[i] })
			for _, i := range order {
				if _, err := f(data[i*d:i*d+d], w, grad); err != nil {
					return nil, fmt.Errorf("density: GradientML.Fit: epoch %d, sample %d: %w", it, i, err)
				}
				for k, gk := range grad {
					w[k] += rate * gk // −η ∇e^(α) with ∇e^(α) = −∇ ln P̂
				}
			}
		} else {
			for k, gk := range sum {
				w[k] -= rate * gk
			}
		}
		for k, v := range w {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("density: GradientML.Fit: parameter %d became %g at iteration %d (step size %g too large?): %w", k, v, it, rate, ErrParam)
			}
		}
		next, _, err := gmlBatch("GradientML.Fit", data, p, d, f, w, grad, sum)
		if err != nil {
			return nil, fmt.Errorf("density: GradientML.Fit: iteration %d: %w", it, err)
		}
		res.Trace = append(res.Trace, next)
		res.Iter = it
		done := math.Abs(next-e) < tol*math.Max(1, math.Abs(next))
		e = next
		if done {
			res.Converged = true
			break
		}
	}
	res.Params, res.NLL = w, e
	return res, nil
}
