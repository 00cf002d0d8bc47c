package embed

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/matgraph"
	"github.com/sltk-book/sltk/sltk/mcmc"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Irreducible reports whether the square matrix a is irreducible: its graph G_A, with an edge
// i → j whenever a[i,j] ≠ 0, is strongly connected (AFDS chapter 5 (High-dimensional data) §5.3;
// Tarjan's algorithm from gonum's graph/topo, run on the matrix's nonzero pattern without copying
// it). For nonnegative a this is equivalent to (A + I)^{n−1} > 0 entrywise (Lemma 5.22). Cost
// O(n²).
func Irreducible(a mat.Matrix) (bool, error) {
	if _, err := squareInput("Irreducible", a); err != nil {
		return false, err
	}
	return matgraph.StronglyConnected(a), nil
}

// SpectralRadius returns ρ(a) = max_i |λ_i| over the (complex) eigenvalues of the square matrix
// a, from gonum's nonsymmetric eigendecomposition (never the characteristic polynomial,
// which is unstable, Remark 5.16). Cost O(n³).
func SpectralRadius(a mat.Matrix) (float64, error) {
	if _, err := squareInput("SpectralRadius", a); err != nil {
		return 0, err
	}
	var e mat.Eigen
	if !e.Factorize(a, mat.EigenNone) {
		return 0, fmt.Errorf("embed: SpectralRadius: the eigendecomposition did not converge: %w", errs.ErrSingular)
	}
	rho := 0.0
	for _, l := range e.Values(nil) {
		rho = math.Max(rho, cmplx.Abs(l))
	}
	return rho, nil
}

// PerronResult holds the Perron root and vectors of a nonnegative irreducible matrix.
type PerronResult struct {
	// Rho is the spectral radius ρ(A), a simple eigenvalue (Theorem 5.21 (1)).
	Rho float64
	// Right is the unit vector u > 0 with Au = ρu, Left the unit vector v > 0 with vᵀA = ρvᵀ.
	Right, Left []float64
}

// Perron returns the Perron root ρ and the right and left Perron vectors of a nonnegative
// irreducible matrix (Theorem 5.21), scaled to unit length with positive sum. Errors wrap
// errs.ErrEmpty, errs.ErrNotFinite, errs.ErrShape, errs.ErrParam (a negative entry),
// errs.ErrDisconnected (a reducible matrix, whose Perron vector need be neither unique nor
// positive) or errs.ErrSingular (the eigendecomposition failed, or another eigenvalue lies so
// close to ρ that the vectors are not resolved).
//
// Two methods, chosen by the matrix: a stochastic matrix (every row, or every column, sums to 1
// within 4n·2⁻⁵², rows taking precedence) has ρ = 1 and a constant vector on that side, the
// diagonal being taken as 1 minus the rest of its row or column as in mcmc, and the other vector is the
// stationary distribution, computed by mcmc.Stationary's subtraction-free state reduction
// (GTH): accurate to a relative 10⁻¹³ per entry however close the second eigenvalue is to 1 (a
// nearly decomposable chain). Any other matrix goes to gonum's eigendecomposition with left and
// right vectors, ρ being the eigenvalue of largest real part; its vectors are only as accurate
// as the gap between ρ and the rest of the spectrum allows, so when the estimated error
// n·2⁻⁵²·‖A‖_F/gap exceeds 10⁻⁶ Perron returns errs.ErrSingular instead. A stochastic matrix beyond
// mcmc.MaxStates returns errs.ErrTooLarge. Cost O(n³).
func Perron(a mat.Matrix) (*PerronResult, error) {
	n, err := squareInput("Perron", a)
	if err != nil {
		return nil, err
	}
	for i := range n {
		for j := range n {
			if v := a.At(i, j); v < 0 {
				return nil, fmt.Errorf("embed: Perron: a[%d,%d] = %v, want a nonnegative matrix: %w", i, j, v, errs.ErrParam)
			}
		}
	}
	if !matgraph.StronglyConnected(a) {
		return nil, fmt.Errorf("embed: Perron: a is reducible (its graph is not strongly connected): %w", errs.ErrDisconnected)
	}
	if rows, cols := stochastic(a, n); rows || cols {
		return perronStochastic(a, n, rows)
	}
	var e mat.Eigen
	if !e.Factorize(a, mat.EigenBoth) {
		return nil, fmt.Errorf("embed: Perron: the eigendecomposition did not converge: %w", errs.ErrSingular)
	}
	vals := e.Values(nil)
	best := 0
	for i, l := range vals {
		if real(l) > real(vals[best]) {
			best = i
		}
	}
	var right, left mat.CDense
	e.VectorsTo(&right)
	e.LeftVectorsTo(&left)
	res := &PerronResult{Rho: real(vals[best]), Right: positiveUnit(&right, best), Left: positiveUnit(&left, best)}
	sep := math.Inf(1)
	for i, l := range vals {
		if i != best {
			sep = math.Min(sep, cmplx.Abs(l-vals[best]))
		}
	}
	if est := float64(n) * 0x1p-52 * mat.Norm(a, 2) / sep; est > perronAccuracy {
		return nil, fmt.Errorf("embed: Perron: another eigenvalue lies %.3g from ρ = %v, so the Perron vectors are only accurate to about %.3g: %w",
			sep, res.Rho, est, errs.ErrSingular)
	}
	for _, v := range [][]float64{res.Right, res.Left} {
		for i, x := range v {
			if x < -1e-8 { // a positive vector is the theorem's promise; this one mixes eigenvectors
				return nil, fmt.Errorf("embed: Perron: Perron vector entry %d = %.3g < 0: another eigenvalue is within rounding of ρ = %v, the vectors are not resolved: %w",
					i, x, res.Rho, errs.ErrSingular)
			}
		}
	}
	return res, nil
}

// perronAccuracy is the largest estimated error n·ε·‖A‖_F/gap of the eigendecomposition's Perron
// vectors that Perron returns rather than reports as errs.ErrSingular.
const perronAccuracy = 1e-6

// stochastic reports whether every row (rows) or every column (cols) of the n×n matrix a sums
// to 1 within 4n·2⁻⁵².
func stochastic(a mat.Matrix, n int) (rows, cols bool) {
	tol := 4 * float64(n) * 0x1p-52
	rows, cols = true, true
	for i := range n {
		var r, c float64
		for j := range n {
			r += a.At(i, j)
			c += a.At(j, i)
		}
		rows = rows && math.Abs(r-1) <= tol
		cols = cols && math.Abs(c-1) <= tol
	}
	return rows, cols
}

// perronStochastic returns ρ = 1, the constant unit vector on the stochastic side and the
// stationary distribution from mcmc.Stationary (of a for rows, of aᵀ for columns) scaled to
// unit length on the other.
func perronStochastic(a mat.Matrix, n int, rows bool) (*PerronResult, error) {
	p := a
	if !rows {
		p = a.T()
	}
	pi, err := mcmc.Stationary(p)
	if err != nil {
		return nil, fmt.Errorf("embed: Perron: %w", err)
	}
	floats.Scale(1/floats.Norm(pi, 2), pi)
	flat := make([]float64, n)
	for i := range flat {
		flat[i] = 1 / math.Sqrt(float64(n))
	}
	if rows {
		return &PerronResult{Rho: 1, Right: flat, Left: pi}, nil
	}
	return &PerronResult{Rho: 1, Right: pi, Left: flat}, nil
}

// positiveUnit returns the real part of column j of v scaled to unit length with positive sum.
func positiveUnit(v *mat.CDense, j int) []float64 {
	r, _ := v.Dims()
	out := make([]float64, r)
	var sum, sq float64
	for i := range r {
		out[i] = real(v.At(i, j))
		sum += out[i]
		sq += out[i] * out[i]
	}
	s := 1 / math.Sqrt(sq)
	if sum < 0 {
		s = -s
	}
	for i := range out {
		out[i] *= s
	}
	return out
}
