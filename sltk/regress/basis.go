package regress

import (
	"cmp"
	"errors"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors, those of package errs under the same names: ErrEmpty for no points or an
// empty basis, ErrShape for mismatched lengths or fewer points than basis functions,
// ErrNotFinite for NaN or ±Inf in the data or a basis value, ErrParam for a bad argument (a
// negative degree, a nil basis function), ErrSingular for a rank-deficient or ill-conditioned
// design matrix, ErrNotFitted for a zero Model.
var (
	ErrEmpty     = errs.ErrEmpty
	ErrShape     = errs.ErrShape
	ErrNotFinite = errs.ErrNotFinite
	ErrParam     = errs.ErrParam
	ErrSingular  = errs.ErrSingular
	ErrNotFitted = errs.ErrNotFitted
)

// Func is a basis function g: R → R.
type Func func(float64) float64

// MaxDegree caps Polynomial: beyond it the design matrix is numerically singular anyway and
// the basis only costs memory (errs.ErrTooLarge).
const MaxDegree = 1 << 10

// Polynomial returns the monomials (x/scale)^k for k = 0, …, degree: the polynomial class of
// Example 1.1. Dividing by scale (e.g. the width of the input range) keeps the powers of order 1
// and the design matrix far better conditioned than raw powers of x. Scale 0 means 1.
func Polynomial(degree int, scale float64) ([]Func, error) {
	scale = cmp.Or(scale, 1)
	switch {
	case degree < 0:
		return nil, fmt.Errorf("regress: Polynomial: degree = %d, want ≥ 0: %w", degree, ErrParam)
	case degree > MaxDegree:
		return nil, fmt.Errorf("regress: Polynomial: degree = %d, limit %d: %w", degree, MaxDegree, errs.ErrTooLarge)
	case math.IsNaN(scale) || math.IsInf(scale, 0):
		return nil, fmt.Errorf("regress: Polynomial: scale = %v, want finite: %w", scale, ErrParam)
	}
	basis := make([]Func, degree+1)
	for k := range basis {
		basis[k] = func(x float64) float64 { return math.Pow(x/scale, float64(k)) }
	}
	return basis, nil
}

// MaxDesignEntries caps the n·d entries of a design matrix (1 GiB of float64): Design,
// BasisLS.Fit, Model.Predict and Model.MSE return an error wrapping errs.ErrTooLarge beyond it.
const MaxDesignEntries = 1 << 27

// Design returns the n×d design matrix D_ij = g_j(x_i) of the basis at the points xs. n·d is
// at most MaxDesignEntries. Cost O(n·d) basis evaluations.
func Design(basis []Func, xs []float64) (*mat.Dense, error) {
	if len(basis) == 0 || len(xs) == 0 {
		return nil, fmt.Errorf("regress: Design: %d basis functions, %d points: %w", len(basis), len(xs), ErrEmpty)
	}
	for j, g := range basis {
		if g == nil {
			return nil, fmt.Errorf("regress: Design: basis function %d is nil: %w", j, ErrParam)
		}
	}
	if err := check.Slice("x", xs); err != nil {
		return nil, fmt.Errorf("regress: Design: %w", err)
	}
	if len(xs) > MaxDesignEntries/len(basis) {
		return nil, fmt.Errorf("regress: Design: %d points × %d basis functions = %d entries exceeds MaxDesignEntries = %d: %w",
			len(xs), len(basis), len(xs)*len(basis), MaxDesignEntries, errs.ErrTooLarge)
	}
	d := mat.NewDense(len(xs), len(basis), nil)
	for i, x := range xs {
		row := d.RawRowView(i)
		for j, g := range basis {
			v := g(x)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("regress: Design: basis function %d at x[%d] = %v gives %v: %w", j, i, x, v, ErrNotFinite)
			}
			row[j] = v
		}
	}
	return d, nil
}

// BasisLS is least-squares regression on a fixed basis: it finds the weights w that minimise
// the training error (1/n) Σ_i (y_i − Σ_j w_j g_j(x_i))², i.e. empirical risk minimisation with
// the squared loss over the linear span of the basis. The problem is solved by gonum's QR
// factorisation of the n×d design matrix, O(n·d²); a design matrix whose condition number
// exceeds gonum's tolerance (1e16) returns the (unreliable) fit with an error wrapping both
// ErrSingular and gonum's mat.Condition, and saying which design matrix it was.
type BasisLS struct {
	// Basis holds g_1, …, g_d; it must not be empty.
	Basis []Func
}

// Model is a fitted linear combination x ↦ Σ_j W[j]·g_j(x).
type Model struct {
	Basis []Func
	W     []float64
	// TrainMSE is the mean squared error on the training points.
	TrainMSE float64
}

// Fit solves the least-squares problem on the points (xs[i], ys[i]); it needs at least as many
// points as basis functions.
func (b BasisLS) Fit(xs, ys []float64) (*Model, error) {
	if len(xs) != len(ys) {
		return nil, fmt.Errorf("regress: BasisLS.Fit: %d inputs, %d targets: %w", len(xs), len(ys), ErrShape)
	}
	if len(xs) == 0 || len(b.Basis) == 0 {
		return nil, fmt.Errorf("regress: BasisLS.Fit: %d points, %d basis functions: %w", len(xs), len(b.Basis), ErrEmpty)
	}
	if len(xs) < len(b.Basis) {
		return nil, fmt.Errorf("regress: BasisLS.Fit: %d points for %d basis functions: %w", len(xs), len(b.Basis), ErrShape)
	}
	if err := check.Slice("y", ys); err != nil {
		return nil, fmt.Errorf("regress: BasisLS.Fit: %w", err)
	}
	d, err := Design(b.Basis, xs)
	if err != nil {
		return nil, err
	}
	var w mat.VecDense
	solveErr := w.SolveVec(d, mat.NewVecDense(len(ys), append([]float64(nil), ys...)))
	var cond mat.Condition
	if solveErr != nil && !errors.As(solveErr, &cond) {
		return nil, fmt.Errorf("regress: BasisLS.Fit: least squares on the %d×%d design matrix: %w: %w", len(xs), len(b.Basis), solveErr, ErrSingular)
	}
	m := &Model{Basis: b.Basis, W: mat.Col(nil, 0, &w)}
	m.TrainMSE, err = m.MSE(xs, ys)
	if err != nil {
		return nil, err
	}
	if solveErr != nil {
		return m, fmt.Errorf("regress: BasisLS.Fit: the %d×%d design matrix is ill-conditioned (rescale x or drop basis functions): %w: %w", len(xs), len(b.Basis), solveErr, ErrSingular)
	}
	return m, nil
}

// Predict returns Σ_j W[j]·g_j(x) at every point of xs. A prediction that overflows float64
// (x far outside the training range, say) is an error wrapping ErrNotFinite that names the
// point, not ±Inf or NaN. Cost O(n·d).
func (m *Model) Predict(xs []float64) ([]float64, error) {
	if m == nil || len(m.W) == 0 || len(m.W) != len(m.Basis) {
		return nil, fmt.Errorf("regress: Model.Predict on a zero or inconsistent model: %w", ErrNotFitted)
	}
	d, err := Design(m.Basis, xs)
	if err != nil {
		return nil, err
	}
	var p mat.VecDense
	p.MulVec(d, mat.NewVecDense(len(m.W), m.W))
	out := mat.Col(nil, 0, &p)
	for i, v := range out {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("regress: Model.Predict: the prediction at x[%d] = %v overflows (%v); rescale x: %w", i, xs[i], v, ErrNotFinite)
		}
	}
	return out, nil
}

// MSE returns the mean squared error (1/n) Σ_i (prediction(xs[i]) − ys[i])².
func (m *Model) MSE(xs, ys []float64) (float64, error) {
	if len(xs) != len(ys) {
		return 0, fmt.Errorf("regress: Model.MSE: %d inputs, %d targets: %w", len(xs), len(ys), ErrShape)
	}
	if err := check.Slice("y", ys); err != nil {
		return 0, fmt.Errorf("regress: Model.MSE: %w", err)
	}
	p, err := m.Predict(xs)
	if err != nil {
		return 0, err
	}
	r := make([]float64, len(p))
	for i, v := range p {
		r[i] = v - ys[i]
	}
	// Scale before squaring: residuals near 1e160 would overflow their squares.
	scale := floats.Norm(r, math.Inf(1))
	if scale == 0 {
		return 0, nil
	}
	mse := 0.0
	for _, v := range r {
		mse += (v / scale) * (v / scale)
	}
	mse = mse / float64(len(r)) * scale * scale
	if math.IsInf(mse, 0) || math.IsNaN(mse) {
		return 0, fmt.Errorf("regress: Model.MSE: residuals up to %g, their mean square overflows; rescale y: %w", scale, ErrNotFinite)
	}
	return mse, nil
}
