package cluster

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	krylov "github.com/sltk-book/sltk/sltk/internal/lanczos"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// lanczosTolFloor is the smallest relative residual the solver aims for: below it, rounding in
// L·u (about √n·ε·‖L‖) decides, not the method.
const lanczosTolFloor = 1e-13

// lanczos finds the smallest eigenpairs of a graph Laplacian in two parts.
//
// First, exactly: the multiplicity of eigenvalue 0 is the number c of connected components,
// and the eigenvectors of 0 are the component indicators 1_C (scaled by D^{1/2} for L_sym),
// normalised. They are written down, not computed, and every later vector is kept orthogonal
// to them (deflation), so a repeated zero eigenvalue never has to be resolved numerically.
//
// Then, for the r = K − c smallest eigenpairs of L on the complement, internal/lanczos.Smallest
// (shared with package embed): a block Krylov method (band Lanczos) with a block of
// b = min(r + krylov.Extra, n − c) random start vectors; each new basis vector is L applied to the vector b places back, orthogonalised against the
// deflated vectors and the whole basis by two passes of classical Gram–Schmidt (BLAS). A
// vector that vanishes in the process (an invariant subspace: the method found a whole
// eigenspace, e.g. of a small component) is replaced by a fresh random one. The Rayleigh–Ritz
// step diagonalises T = QᵀLQ (mat.EigenSym) and measures every Ritz pair's residual
// ‖LQs − θQs‖ explicitly from the stored LQ, which is the stopping test; it is not the
// three-term recurrence's estimate, which misses rounding.
type lanczos struct {
	tol     float64 // relative to the Gershgorin bound of ‖L‖
	maxIter int     // the most basis vectors (operator applications)
	seed    uint64
}

// apply sets y = L x for the Laplacian operator, rows in parallel (each row is independent, so
// the result does not depend on the number of cores). The diagonal of S is not part of the
// graph and is skipped.
func (op laplacianOp) apply(x, y []float64) {
	n := op.n
	xs := x
	if op.inv != nil { // L_sym x = x − D^{−1/2} S (D^{−1/2} x)
		xs = make([]float64, n)
		for j, v := range x {
			xs[j] = op.inv[j] * v
		}
	}
	par.Chunks(n, 64, func(lo, hi int) {
		dots := make([]float64, hi-lo)
		kernel.Dots(dots, xs, op.full[lo*n:hi*n]) // the rows of S times xs, vector lanes
		for i := lo; i < hi; i++ {
			sx := dots[i-lo] - op.full[i*n+i]*xs[i]
			if op.inv != nil {
				y[i] = x[i] - op.inv[i]*sx
			} else {
				y[i] = op.deg[i]*x[i] - sx
			}
		}
	})
}

// nullBasis returns the c orthonormal eigenvectors of eigenvalue 0 as the rows of a c×n
// slice: row C holds 1/√|C| on component C (D^{1/2}1_C/‖D^{1/2}1_C‖ for L_sym). labels
// numbers the components 0..c−1. Cost O(c·n).
func (op laplacianOp) nullBasis(labels []int, c int) []float64 {
	n := op.n
	z := make([]float64, c*n)
	norm := make([]float64, c)
	for i, l := range labels {
		v := 1.0
		if op.inv != nil {
			v = 1 / op.inv[i] // √deg_i
		}
		z[l*n+i] = v
		norm[l] += v * v
	}
	for i, l := range labels {
		z[l*n+i] /= math.Sqrt(norm[l])
	}
	return z
}

// normBound is the Gershgorin bound of ‖L‖: 2·max deg for D − S, 2 for L_sym. It scales the
// tolerances.
func (op laplacianOp) normBound() float64 {
	if op.inv != nil {
		return 2
	}
	m := 0.0
	for _, d := range op.deg {
		m = math.Max(m, d)
	}
	return math.Max(2*m, math.SmallestNonzeroFloat64)
}

// smallest returns the k smallest eigenvalues of L (ascending), their orthonormal
// eigenvectors as the columns of an n×k matrix, the number of basis vectors built (operator
// applications) and whether every pair met the tolerance. labels and c are the graph's
// connected components (matgraph.Components), c ≤ k. Cost O(m·n² + m²·n + checks·m³) for m
// basis vectors, memory O(m·n + m²).
func (lz lanczos) smallest(op laplacianOp, k int, labels []int, c int) ([]float64, *mat.Dense, int, bool, error) {
	n := op.n
	z := op.nullBasis(labels, c)
	r := k - c
	tol := math.Max(lz.tol, lanczosTolFloor) * op.normBound()
	vals := make([]float64, 0, k)
	y := make([]float64, n)
	for j := range c { // the Rayleigh quotients of the null vectors: 0 up to rounding
		op.apply(z[j*n:(j+1)*n], y)
		vals = append(vals, blas64.Dot(blas64.Vector{N: n, Inc: 1, Data: z[j*n:]}, blas64.Vector{N: n, Inc: 1, Data: y}))
	}
	u := mat.NewDense(n, k, nil)
	for j := range c {
		u.SetCol(j, z[j*n:(j+1)*n])
	}
	if r == 0 {
		return vals, u, 0, true, nil
	}
	vals2, vecs, steps, converged, err := krylov.Smallest(n, op.apply, z, c, r,
		krylov.Config{Tol: tol, MaxIter: lz.maxIter, Seed: lz.seed})
	if err != nil {
		return nil, nil, 0, false, fmt.Errorf("cluster: SpectralClustering.Fit: Lanczos: %w", err)
	}
	// Eigenvectors in the columns after the null vectors.
	u.Slice(0, n, c, k).(*mat.Dense).Copy(vecs)
	return append(vals, vals2...), u, steps, converged, nil
}
