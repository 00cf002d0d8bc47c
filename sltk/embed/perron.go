package embed

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/matgraph"
	"gonum.org/v1/gonum/mat"
)

// Irreducible reports whether the square matrix a is irreducible: its graph G_A, with an edge
// i → j whenever a[i,j] ≠ 0, is strongly connected (seed 002 §5.3; Tarjan's algorithm from
// gonum's graph/topo, run on the matrix's nonzero pattern without copying it). For nonnegative a
// this is equivalent to (A + I)^{n−1} > 0 entrywise (Lemma 5.22). Cost O(n²).
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
// irreducible matrix (Theorem 5.21), from gonum's eigendecomposition with left and right
// vectors: ρ is the eigenvalue of largest real part, and its eigenvectors, scaled to unit
// length with positive sum, are positive. Errors wrap errs.ErrEmpty, errs.ErrNotFinite,
// errs.ErrShape, errs.ErrParam (a negative entry) or errs.ErrDisconnected (a reducible
// matrix, whose Perron vector need be neither unique nor positive). Cost O(n³).
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
	return &PerronResult{Rho: real(vals[best]), Right: positiveUnit(&right, best), Left: positiveUnit(&left, best)}, nil
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
