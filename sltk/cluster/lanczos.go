package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

const lanczosStream = 0x6c61_6e63_7a6f_73 // "lanczos": PCG stream of the start vectors

// lanczos finds the smallest eigenpairs of a symmetric operator by the Lanczos process with
// full reorthogonalisation (two passes of classical Gram–Schmidt by BLAS): the Krylov basis
// q_0, q_1, … turns the operator into a tridiagonal T whose eigenpairs (Ritz pairs, from
// mat.EigenSym) converge first at the ends of the spectrum. The residual of a Ritz pair
// (θ, Qs) is exactly |β_m·s_m|, which is the stopping test. On a breakdown (β ≈ 0: an
// invariant subspace, e.g. one connected component) it continues from a fresh random vector
// orthogonal to the basis, so repeated eigenvalues are found too.
type lanczos struct {
	tol     float64
	maxIter int
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
	xv := blas64.Vector{N: n, Inc: 1, Data: xs}
	par.Chunks(n, 64, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			row := op.full[i*n : (i+1)*n]
			sx := blas64.Dot(blas64.Vector{N: n, Inc: 1, Data: row}, xv) - row[i]*xs[i]
			if op.inv != nil {
				y[i] = x[i] - op.inv[i]*sx
			} else {
				y[i] = op.deg[i]*x[i] - sx
			}
		}
	})
}

func (lz lanczos) smallest(op laplacianOp, k int) ([]float64, *mat.Dense, int, bool, error) {
	n := op.n
	m := min(max(lz.maxIter, k+1), n)
	rng := rand.New(rand.NewPCG(lz.seed, lanczosStream))
	q := make([]float64, m*n) // row j is q_j
	alpha, beta := make([]float64, m), make([]float64, m)
	w := make([]float64, n)
	h := make([]float64, m)
	newStart := func(j int) bool { // a random unit vector orthogonal to q_0..q_{j−1}
		for range 3 {
			for i := range w {
				w[i] = rng.NormFloat64()
			}
			orthogonalise(q, j, n, w, h)
			if nrm := blas64.Nrm2(blas64.Vector{N: n, Inc: 1, Data: w}); nrm > 1e-8 {
				blas64.Scal(1/nrm, blas64.Vector{N: n, Inc: 1, Data: w})
				copy(q[j*n:(j+1)*n], w)
				return true
			}
		}
		return false
	}
	newStart(0)
	var vals []float64
	var ritz *mat.Dense
	var scale float64
	steps, checkedAt, converged := 0, 0, false
	for j := range m {
		op.apply(q[j*n:(j+1)*n], w)
		alpha[j] = blas64.Dot(blas64.Vector{N: n, Inc: 1, Data: q[j*n:]}, blas64.Vector{N: n, Inc: 1, Data: w})
		orthogonalise(q, j+1, n, w, h)
		orthogonalise(q, j+1, n, w, h)
		beta[j] = blas64.Nrm2(blas64.Vector{N: n, Inc: 1, Data: w})
		steps = j + 1
		scale = math.Max(scale, math.Abs(alpha[j])+beta[j])
		if check := steps >= k && (steps%10 == 0 || steps == m || beta[j] <= 1e-12*scale); check {
			var err error
			vals, ritz, converged, err = ritzPairs(alpha[:steps], beta[:steps], k, lz.tol*scale)
			if err != nil {
				return nil, nil, 0, false, err
			}
			checkedAt = steps
			if converged && (beta[j] > 1e-12*scale || steps == n) {
				break
			}
		}
		if j+1 == m {
			break
		}
		if beta[j] <= 1e-12*scale {
			beta[j] = 0
			if !newStart(j + 1) {
				break
			}
			continue
		}
		blas64.Scal(1/beta[j], blas64.Vector{N: n, Inc: 1, Data: w})
		copy(q[(j+1)*n:(j+2)*n], w)
	}
	if checkedAt != steps {
		var err error
		if vals, ritz, converged, err = ritzPairs(alpha[:steps], beta[:steps], k, lz.tol*scale); err != nil {
			return nil, nil, 0, false, err
		}
	}
	// Eigenvectors: U = Qᵀ·S_k (n×k).
	u := mat.NewDense(n, k, nil)
	blas64.Gemm(blas.Trans, blas.NoTrans, 1,
		blas64.General{Rows: steps, Cols: n, Stride: n, Data: q[:steps*n]},
		ritz.RawMatrix(), 0, u.RawMatrix())
	return vals, u, steps, converged, nil
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

// ritzPairs diagonalises the m×m tridiagonal T (diagonal alpha, off-diagonal beta[:m−1]) and
// returns its k smallest eigenvalues, their eigenvectors (m×k) and whether every residual
// |β_{m−1}·s_{m−1,i}| is at most tol.
func ritzPairs(alpha, beta []float64, k int, tol float64) ([]float64, *mat.Dense, bool, error) {
	m := len(alpha)
	t := mat.NewSymDense(m, nil)
	for i := range m {
		t.SetSym(i, i, alpha[i])
		if i+1 < m {
			t.SetSym(i, i+1, beta[i])
		}
	}
	var e mat.EigenSym
	if !e.Factorize(t, true) {
		return nil, nil, false, fmt.Errorf("cluster: SpectralClustering.Fit: Lanczos: the tridiagonal eigenproblem did not converge: %w", errs.ErrSingular)
	}
	var s mat.Dense
	e.VectorsTo(&s)
	k = min(k, m)
	ok := true
	for i := range k {
		if math.Abs(beta[m-1]*s.At(m-1, i)) > tol {
			ok = false
		}
	}
	return e.Values(nil)[:k], mat.DenseCopyOf(s.Slice(0, m, 0, k)), ok, nil
}
