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

// lanczosExtra is how many vectors the block of the Krylov method holds beyond the r wanted
// eigenpairs: an eigenvalue of multiplicity up to r + lanczosExtra among the wanted ones is
// found (a single Krylov vector sees one copy of a repeated eigenvalue only).
const lanczosExtra = 2

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
// Then, for the r = K − c smallest eigenpairs of L on the complement: a block Krylov method
// (band Lanczos) with a block of b = min(r + lanczosExtra, n − c) random start vectors; each
// new basis vector is L applied to the vector b places back, orthogonalised against the
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
	b := min(r+lanczosExtra, n-c)
	m := min(max(lz.maxIter, r+b), n-c) // basis size cap
	rng := rand.New(rand.NewPCG(lz.seed, lanczosStream))
	q := make([]float64, m*n)  // row j is q_j
	aq := make([]float64, m*n) // row j is L q_j
	t := make([]float64, m*m)  // T = QᵀLQ, upper triangle
	h := make([]float64, max(m, c))
	w := make([]float64, n)
	// add orthogonalises w against the null vectors and q_0..q_{j−1} and, unless it vanished,
	// stores it as q_j with L q_j and the new column of T.
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
		op.apply(q[j*n:(j+1)*n], aq[j*n:(j+1)*n])
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
	// Eigenvectors: Qᵀ·S_r (n×r) in the columns after the null vectors.
	rest := u.Slice(0, n, c, k).(*mat.Dense)
	blas64.Gemm(blas.Trans, blas.NoTrans, 1,
		blas64.General{Rows: steps, Cols: n, Stride: n, Data: q[:steps*n]},
		ritzVecs.RawMatrix(), 0, rest.RawMatrix())
	return append(vals, ritzVals...), u, steps, converged, nil
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
// T = QᵀLQ (upper triangle of t, stride m) and returns its r smallest eigenvalues, their
// eigenvectors (j×r) and whether every residual ‖LQs − θQs‖, computed from the stored LQ, is
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
		return nil, nil, false, fmt.Errorf("cluster: SpectralClustering.Fit: Lanczos: the projected eigenproblem did not converge: %w", errs.ErrSingular)
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
		for p := range res { // res = LQs − θ·Qs
			res[p] = lu[p] - theta[i]*res[p]
		}
		if blas64.Nrm2(blas64.Vector{N: n, Inc: 1, Data: res}) > tol {
			ok = false
		}
	}
	return theta, mat.DenseCopyOf(s.Slice(0, j, 0, r)), ok, nil
}
