package regress

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// ErrInput reports empty, mismatched or non-finite data, an empty basis, or fewer points than
// basis functions.
var ErrInput = errors.New("regress: invalid input")

// Func is a basis function g: R → R.
type Func func(float64) float64

// Polynomial returns the monomials (x/scale)^k for k = 0, …, degree: the polynomial class of
// Example 1.1. Dividing by scale (e.g. the width of the input range) keeps the powers of order 1
// and the design matrix far better conditioned than raw powers of x. Scale 0 means 1.
func Polynomial(degree int, scale float64) ([]Func, error) {
	if scale == 0 {
		scale = 1
	}
	if degree < 0 || math.IsNaN(scale) || math.IsInf(scale, 0) {
		return nil, fmt.Errorf("%w: polynomial degree %d, scale %v", ErrInput, degree, scale)
	}
	basis := make([]Func, degree+1)
	for k := range basis {
		basis[k] = func(x float64) float64 { return math.Pow(x/scale, float64(k)) }
	}
	return basis, nil
}

// Design returns the n×d design matrix D_ij = g_j(x_i) of the basis at the points xs.
// Cost O(n·d) basis evaluations.
func Design(basis []Func, xs []float64) (*mat.Dense, error) {
	if len(basis) == 0 || len(xs) == 0 {
		return nil, fmt.Errorf("%w: %d basis functions, %d points", ErrInput, len(basis), len(xs))
	}
	d := mat.NewDense(len(xs), len(basis), nil)
	if err := checkFinite("x", xs); err != nil {
		return nil, err
	}
	for i, x := range xs {
		row := d.RawRowView(i)
		for j, g := range basis {
			v := g(x)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("%w: basis function %d at x[%d] = %v gives %v", ErrInput, j, i, x, v)
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
// exceeds gonum's tolerance (1e16) returns the (unreliable) fit with gonum's mat.Condition
// error.
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
		return nil, fmt.Errorf("%w: %d inputs, %d targets", ErrInput, len(xs), len(ys))
	}
	if len(xs) < len(b.Basis) {
		return nil, fmt.Errorf("%w: %d points for %d basis functions", ErrInput, len(xs), len(b.Basis))
	}
	if err := checkFinite("y", ys); err != nil {
		return nil, err
	}
	d, err := Design(b.Basis, xs)
	if err != nil {
		return nil, err
	}
	var w mat.VecDense
	solveErr := w.SolveVec(d, mat.NewVecDense(len(ys), append([]float64(nil), ys...)))
	var cond mat.Condition
	if solveErr != nil && !errors.As(solveErr, &cond) {
		return nil, fmt.Errorf("regress: least squares: %w", solveErr)
	}
	m := &Model{Basis: b.Basis, W: mat.Col(nil, 0, &w)}
	m.TrainMSE, err = m.MSE(xs, ys)
	if err != nil {
		return nil, err
	}
	if solveErr != nil {
		return m, solveErr
	}
	return m, nil
}

// Predict returns Σ_j W[j]·g_j(x) at every point of xs. Cost O(n·d).
func (m *Model) Predict(xs []float64) ([]float64, error) {
	d, err := Design(m.Basis, xs)
	if err != nil {
		return nil, err
	}
	var p mat.VecDense
	p.MulVec(d, mat.NewVecDense(len(m.W), m.W))
	return mat.Col(nil, 0, &p), nil
}

// MSE returns the mean squared error (1/n) Σ_i (prediction(xs[i]) − ys[i])².
func (m *Model) MSE(xs, ys []float64) (float64, error) {
	if len(xs) != len(ys) {
		return 0, fmt.Errorf("%w: %d inputs, %d targets", ErrInput, len(xs), len(ys))
	}
	if err := checkFinite("y", ys); err != nil {
		return 0, err
	}
	p, err := m.Predict(xs)
	if err != nil {
		return 0, err
	}
	s := 0.0
	for i, v := range p {
		s += math.Pow(v-ys[i], 2)
	}
	return s / float64(len(xs)), nil
}

func checkFinite(name string, v []float64) error {
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("%w: %s[%d] = %v", ErrInput, name, i, x)
		}
	}
	return nil
}
