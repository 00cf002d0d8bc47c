// Package lanczos finds a few extreme eigenpairs of a large symmetric operator by a block
// Krylov (band Lanczos) method with full reorthogonalisation and an explicit residual test. It
// is shared by the spectral clustering of package cluster (the smallest eigenpairs of a graph
// Laplacian) and the constant-shift embedding of package embed (the smallest eigenvalue and the
// leading eigenvectors of a centred similarity matrix). It is internal: a building block, not
// part of the textbook's API.
package lanczos

import (
	"fmt"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

const stream = 0x6c61_6e63_7a6f_73 // "lanczos": PCG stream of the start vectors

// Extra is how many vectors the block of the Krylov method holds beyond the r wanted
// eigenpairs: an eigenvalue of multiplicity up to r + Extra among the wanted ones is found (a
// single Krylov vector sees one copy of a repeated eigenvalue only).
const Extra = 2

// Config sets the solver: Tol is the absolute bound on every Ritz pair's residual ‖Au − θu‖
// (callers scale it by a bound on ‖A‖), MaxIter the most basis vectors (operator
// applications), Seed the start vectors' PCG seed.
type Config struct {
	Tol     float64
	MaxIter int
	Seed    uint64
}

// Smallest returns the r smallest eigenvalues (ascending) of the symmetric n×n operator apply
// (y = A x; it must not keep x or y) on the orthogonal complement of the c orthonormal vectors
// stored as the rows of z (deflated: every basis vector is kept orthogonal to them, which is
// how the callers remove a known null space), their orthonormal eigenvectors as the columns of
// an n×r matrix, the number of basis vectors built and whether every pair met cfg.Tol.
//
// The method: a block of b = min(r + Extra, n − c) random start vectors; each new basis vector
// is A applied to the vector b places back, orthogonalised against z and the whole basis by two
// passes of classical Gram–Schmidt (BLAS). A vector that vanishes in the process (an invariant
// subspace: a whole eigenspace was found) is replaced by a fresh random one. The Rayleigh–Ritz
// step diagonalises T = QᵀAQ (mat.EigenSym) and measures every Ritz pair's residual
// ‖AQs − θQs‖ explicitly from the stored AQ, which is the stopping test (the three-term
// recurrence's estimate misses rounding); the step runs at r + b vectors and then every
// max(10, steps/8) more. By the Kato–Temple/Weyl bounds each Ritz value is within the residual
// of an eigenvalue. Cost O(m·(apply) + m²·n + checks·m³) for m basis vectors, memory
// O(m·n + m²). Errors wrap errs.ErrSingular when the projected problem fails.
func Smallest(n int, apply func(x, y []float64), z []float64, c, r int, cfg Config) ([]float64, *mat.Dense, int, bool, error) {
	tol := cfg.Tol
	b := min(r+Extra, n-c)
	m := min(max(cfg.MaxIter, r+b), n-c) // basis size cap
	rng := rand.New(rand.NewPCG(cfg.Seed, stream))
	q := make([]float64, m*n)  // row j is q_j
	aq := make([]float64, m*n) // row j is A q_j
	t := make([]float64, m*m)  // T = QᵀAQ, upper triangle
	h := make([]float64, max(m, c))
	w := make([]float64, n)
	// add orthogonalises w against the null vectors and q_0..q_{j−1} and, unless it vanished,
	// stores it as q_j with A q_j and the new column of T.
	add := func(j int) bool {
		w0 := blas64.Nrm2(blas64.Vector{N: n, Inc: 1, Data: w})
		for range 2 {
			orthogonalise(z, c, n, w, h)
			orthogonalise(q, j, n, w, h)
		}
		nrm := blas64.Nrm2(blas64.Vector{N: n, Inc: 1, Data: w})
		if !(nrm > 1e-10*w0) {
			return false
		}
		blas64.Scal(1/nrm, blas64.Vector{N: n, Inc: 1, Data: w})
		copy(q[j*n:(j+1)*n], w)
		apply(q[j*n:(j+1)*n], aq[j*n:(j+1)*n])
		col := blas64.Vector{N: j + 1, Inc: 1, Data: h}
		blas64.Gemv(blas.NoTrans, 1, blas64.General{Rows: j + 1, Cols: n, Stride: n, Data: q[:(j+1)*n]},
			blas64.Vector{N: n, Inc: 1, Data: aq[j*n:]}, 0, col)
		for i := 0; i <= j; i++ {
			t[i*m+j] = h[i]
		}
		return true
	}
	random := func(j int) bool {
		for range 3 {
			for i := range w {
				w[i] = rng.NormFloat64()
			}
			if add(j) {
				return true
			}
		}
		return false
	}
	var ritzVals []float64
	var ritzVecs *mat.Dense
	steps, next, converged := 0, r+b, false
	for steps < m {
		ok := false
		if steps >= b {
			copy(w, aq[(steps-b)*n:(steps-b+1)*n])
			ok = add(steps)
		}
		if !ok && !random(steps) {
			break // no direction left outside the basis: it spans the complement
		}
		steps++
		if steps >= min(next, m) {
			var err error
			ritzVals, ritzVecs, converged, err = ritzPairs(q, aq, t, m, steps, n, r, tol)
			if err != nil {
				return nil, nil, 0, false, err
			}
			if converged {
				break
			}
			next = steps + max(10, steps/8)
		}
	}
	if ritzVecs == nil || ritzVecs.RawMatrix().Rows != steps {
		var err error
		if ritzVals, ritzVecs, converged, err = ritzPairs(q, aq, t, m, steps, n, r, tol); err != nil {
			return nil, nil, 0, false, err
		}
	}
	// Eigenvectors: Qᵀ·S_r (n×r).
	u := mat.NewDense(n, len(ritzVals), nil)
	blas64.Gemm(blas.Trans, blas.NoTrans, 1,
		blas64.General{Rows: steps, Cols: n, Stride: n, Data: q[:steps*n]},
		ritzVecs.RawMatrix(), 0, u.RawMatrix())
	return ritzVals, u, steps, converged, nil
}

// orthogonalise removes from w its components along q_0..q_{j−1}: w −= Qᵀ(Qw).
func orthogonalise(q []float64, j, n int, w, h []float64) {
	if j == 0 {
		return
	}
	qm := blas64.General{Rows: j, Cols: n, Stride: n, Data: q[:j*n]}
	blas64.Gemv(blas.NoTrans, 1, qm, blas64.Vector{N: n, Inc: 1, Data: w}, 0, blas64.Vector{N: j, Inc: 1, Data: h})
	blas64.Gemv(blas.Trans, -1, qm, blas64.Vector{N: j, Inc: 1, Data: h}, 1, blas64.Vector{N: n, Inc: 1, Data: w})
}

// ritzPairs is the Rayleigh–Ritz step on the first j basis vectors: it diagonalises the j×j
// T = QᵀAQ (upper triangle of t, stride m) and returns its r smallest eigenvalues, their
// eigenvectors (j×r) and whether every residual ‖AQs − θQs‖, computed from the stored AQ, is
// at most tol. Cost O(j³ + r·j·n).
func ritzPairs(q, aq, t []float64, m, j, n, r int, tol float64) ([]float64, *mat.Dense, bool, error) {
	ts := mat.NewSymDense(j, nil)
	for a := range j {
		for b := a; b < j; b++ {
			ts.SetSym(a, b, t[a*m+b])
		}
	}
	var e mat.EigenSym
	if !e.Factorize(ts, true) {
		return nil, nil, false, fmt.Errorf("the projected eigenproblem did not converge: %w", errs.ErrSingular)
	}
	var s mat.Dense
	e.VectorsTo(&s)
	r = min(r, j)
	theta := e.Values(nil)[:r]
	sv := make([]float64, j)
	res, lu := make([]float64, n), make([]float64, n)
	ok := true
	for i := range r {
		mat.Col(sv, i, &s)
		x := blas64.Vector{N: j, Inc: 1, Data: sv}
		blas64.Gemv(blas.Trans, 1, blas64.General{Rows: j, Cols: n, Stride: n, Data: aq[:j*n]}, x, 0, blas64.Vector{N: n, Inc: 1, Data: lu})
		blas64.Gemv(blas.Trans, 1, blas64.General{Rows: j, Cols: n, Stride: n, Data: q[:j*n]}, x, 0, blas64.Vector{N: n, Inc: 1, Data: res})
		for p := range res { // res = AQs − θ·Qs
			res[p] = lu[p] - theta[i]*res[p]
		}
		if blas64.Nrm2(blas64.Vector{N: n, Inc: 1, Data: res}) > tol {
			ok = false
		}
	}
	return theta, mat.DenseCopyOf(s.Slice(0, j, 0, r)), ok, nil
}
