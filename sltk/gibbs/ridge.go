package gibbs

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// MaxRidgeDim caps the number m of coefficients of a Ridge problem: Posterior allocates and
// factors an m×m matrix.
const MaxRidgeDim = 4096

// Ridge is the ridge cost on the continuous hypothesis class ℝᵐ (SLT chapter 1, Exercise 3):
// R(c, X) = Σᵢ (yᵢ − cᵀxᵢ)² + λ‖c‖² for the rows xᵢ of X (n×m) and the targets y, at the
// temperature T. Its Gibbs density exp(−R(c)/T)/Z is the Gaussian N(ĉ, (T/2)A⁻¹) with
// A = XᵀX + λI and ĉ = A⁻¹Xᵀy; it exists only when A is positive definite (λ > 0, or XᵀX of
// full rank): for λ = 0 and fewer observations than coefficients, R is flat along the null
// space of X and Z = ∞.
type Ridge struct {
	X      mat.Matrix
	Y      []float64
	Lambda float64 // λ ≥ 0
	T      float64 // T > 0
}

// RidgePosterior is the Gibbs distribution of a Ridge cost: its mean ĉ (the minimiser of R),
// its covariance (T/2)A⁻¹ and log Z = −R(ĉ)/T + (m/2)·log(πT) − ½·log det A.
type RidgePosterior struct {
	Mean []float64
	Cov  *mat.SymDense
	LogZ float64
}

// Posterior returns the closed form of the Gibbs distribution of r. It fails with an error
// wrapping errs.ErrSingular when A = XᵀX + λI is not positive definite (no Gibbs distribution:
// Z = ∞), on empty, non-finite or mismatched data, λ < 0, T ≤ 0 or m > MaxRidgeDim, and with
// ErrNotFinite when log Z or the covariance leaves the float64 range.
// Cost O(n·m² + m³).
func (r Ridge) Posterior() (*RidgePosterior, error) {
	n, m, err := r.check("Posterior")
	if err != nil {
		return nil, err
	}
	a := mat.NewSymDense(m, nil)
	a.SymOuterK(1, mat.Matrix(r.X).T())
	for i := range m {
		a.SetSym(i, i, a.At(i, i)+r.Lambda)
	}
	var chol mat.Cholesky
	if !chol.Factorize(a) {
		return nil, fmt.Errorf("gibbs: Ridge.Posterior: XᵀX + λI with λ = %v is not positive "+
			"definite, so Z = ∞: %w", r.Lambda, errs.ErrSingular)
	}
	var xty, mean mat.VecDense
	xty.MulVec(r.X.T(), mat.NewVecDense(n, r.Y))
	if err := chol.SolveVecTo(&mean, &xty); err != nil {
		return nil, fmt.Errorf("gibbs: Ridge.Posterior: %v: %w", err, errs.ErrSingular)
	}
	cov := mat.NewSymDense(m, nil)
	if err := chol.InverseTo(cov); err != nil {
		return nil, fmt.Errorf("gibbs: Ridge.Posterior: %v: %w", err, errs.ErrSingular)
	}
	cov.ScaleSym(r.T/2, cov)
	c := mat.Col(nil, 0, &mean)
	logZ := -r.cost(c)/r.T + float64(m)/2*(math.Log(math.Pi)+math.Log(r.T)) - chol.LogDet()/2
	if math.IsInf(logZ, 0) || math.IsNaN(logZ) || check.Slice("Cov", cov.RawSymmetric().Data) != nil {
		return nil, fmt.Errorf("gibbs: Ridge.Posterior: T = %v: log Z or the covariance is "+
			"beyond the float64 range (rescale the data or T): %w", r.T, ErrNotFinite)
	}
	return &RidgePosterior{Mean: c, Cov: cov, LogZ: logZ}, nil
}

// Cost returns R(c, X) for a coefficient vector c of length m (ErrNotFinite when it
// overflows). Cost O(n·m).
func (r Ridge) Cost(c []float64) (float64, error) {
	_, m, err := r.check("Cost")
	if err != nil {
		return 0, err
	}
	if len(c) != m {
		return 0, fmt.Errorf("gibbs: Ridge.Cost: len(c) = %d, X has %d columns: %w", len(c), m,
			ErrShape)
	}
	if err := check.Slice("c", c); err != nil {
		return 0, fmt.Errorf("gibbs: Ridge.Cost: %w", err)
	}
	cost := r.cost(c)
	if math.IsInf(cost, 0) {
		return 0, fmt.Errorf("gibbs: Ridge.Cost: R(c) overflows (rescale the data): %w",
			ErrNotFinite)
	}
	return cost, nil
}

// cost is R(c, X) for checked r and c.
func (r Ridge) cost(c []float64) float64 {
	var fit mat.VecDense
	fit.MulVec(r.X, mat.NewVecDense(len(c), c))
	s := 0.0
	for i, y := range r.Y {
		u := y - fit.AtVec(i)
		s += u * u
	}
	return s + r.Lambda*mat.Dot(mat.NewVecDense(len(c), c), mat.NewVecDense(len(c), c))
}

// check validates r for the method fn and returns the shape of X.
func (r Ridge) check(fn string) (n, m int, err error) {
	n, m, cerr := check.Matrix("X", r.X)
	if cerr != nil {
		return 0, 0, fmt.Errorf("gibbs: Ridge.%s: %w", fn, cerr)
	}
	if m > MaxRidgeDim {
		return 0, 0, fmt.Errorf("gibbs: Ridge.%s: m = %d columns, limit MaxRidgeDim = %d: %w", fn,
			m, MaxRidgeDim, ErrTooLarge)
	}
	if len(r.Y) != n {
		return 0, 0, fmt.Errorf("gibbs: Ridge.%s: len(Y) = %d, X has %d rows: %w", fn, len(r.Y),
			n, ErrShape)
	}
	if err := check.Slice("Y", r.Y); err != nil {
		return 0, 0, fmt.Errorf("gibbs: Ridge.%s: %w", fn, err)
	}
	if !(r.Lambda >= 0) || math.IsInf(r.Lambda, 1) {
		return 0, 0, fmt.Errorf("gibbs: Ridge.%s: Lambda = %v, want finite ≥ 0: %w", fn, r.Lambda,
			ErrParam)
	}
	if !(r.T > 0) || math.IsInf(r.T, 1) {
		return 0, 0, fmt.Errorf("gibbs: Ridge.%s: T = %v, want finite > 0: %w", fn, r.T, ErrParam)
	}
	return n, m, nil
}
