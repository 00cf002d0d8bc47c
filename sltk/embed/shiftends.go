package embed

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	lapackImplPkg "gonum.org/v1/gonum/lapack/gonum"
	"gonum.org/v1/gonum/mat"
)

// lapackImpl is gonum's LAPACK, for the routines lapack64 does not wrap (Dsterf, Dgtsv).
type lapackImpl = lapackImplPkg.Implementation

const endsStream = 0x7368_6966_745f_656e // "shift_en": PCG stream of the start block

// endsExtra is how many vectors the Krylov block holds beyond the dims leading eigenpairs: a
// leading eigenvalue of multiplicity up to dims + endsExtra is found (as internal/lanczos.Extra).
const endsExtra = 2

// leadingPairs is the outcome of leadingOnE.
type leadingPairs struct {
	top   []float64  // the dims largest eigenvalues on e⊥, descending
	vecs  *mat.Dense // their orthonormal eigenvectors, n×dims
	steps int        // basis vectors built
	ok    bool       // every wanted Ritz pair met the tolerance
	worst float64    // the largest residual of the wanted Ritz pairs
}

// leadingOnE finds the dims largest eigenpairs of the symmetric n×n matrix a (row-major, both
// triangles stored) on the complement of e = (1, …, 1), in one block Krylov (band Lanczos)
// space with full reorthogonalisation. ConstantShift calls it for the leading eigenpairs of
// S̃^c = S^c − λ_min·Q, which on e⊥ is S^c − λ_min·I and so has the eigenvectors of S^c (and 0
// on e): the search does not wait for λ_min, the other end of the spectrum, which smallestOnE
// finds beside it (λ_min of dissimilarities, at the edge of a dense cluster of negative
// eigenvalues, needs a higher polynomial degree than a block of dims + 2 vectors reaches
// cheaply, so one Krylov space for both ends was slower).
//
// The method: a block of b = dims + endsExtra random vectors; each next block is A
// times the last one (blockProduct: A read once per block, rows over all cores), made
// orthogonal to e and to the whole basis by two passes of block classical Gram–Schmidt
// (kernel.Gemm), then orthonormalised within the block (a further pass against the basis when a
// vector lost more than half its length there; a vector that vanishes is replaced by a random
// one, and no vector left means the basis spans e⊥). T = QᵀAQ is formed explicitly from the
// stored AQ. From 2b vectors on, every max(b, 12, j/6) vectors (whole blocks, j the basis
// size: the O(j³) steps then cost a bounded multiple of the last one), the Ritz values
// (eigenvalues of T only, after its tridiagonal reduction, newTridiag) are computed; when the
// wanted ones have settled (changed by at most 10⁻³·tol since the previous computation), or
// the basis is full, the Rayleigh–Ritz step with vectors (the wanted eigenvectors of T alone,
// by inverse iteration on the same reduction, tridiag.vectors; a full eigendecomposition of T
// with all j vectors was a serial 10–16 ms of a 60 ms fit at n = 1000, j = 180) measures
// every wanted pair's residual ‖Au − θu‖ explicitly from the stored AQ (the stopping test; the
// three-term estimate misses rounding) and accepts when all are at most tol; otherwise it tries
// again after log₁₀(worst residual/tol) more blocks. Cost O(m·n²) multiply-adds of the products
// in m/b passes over A, O(m²·n) for the orthogonalisation, O(m³) per Ritz step, for m basis
// vectors (at most maxIter); memory O(m·n).
func leadingOnE(a []float64, n, dims int, tol float64, maxIter int, seed uint64) (leadingPairs, error) {
	b := min(dims+endsExtra, n-1)
	m := min(max(maxIter, dims+1+b), n-1) // basis size cap
	rng := rand.New(rand.NewPCG(seed, endsStream))
	q := make([]float64, m*n)  // row j is q_j
	aq := make([]float64, m*n) // row j is A q_j
	t := make([]float64, m*m)  // T = QᵀAQ, upper triangle (t[i·m+j], i ≤ j)
	w := make([]float64, b*n)  // the next block
	h := make([]float64, b*m)  // projections of the block on the basis
	w0 := make([]float64, b)
	j := 0
	rows := func(x []float64, lo, hi int) blas64.General {
		return blas64.General{Rows: hi - lo, Cols: n, Stride: n, Data: x[lo*n : hi*n]}
	}
	// againstBasis removes from v its components along e and q_0..q_{hi−1}, one Gemv pass.
	hv := make([]float64, m)
	againstBasis := func(v []float64, hi int) {
		deflate(v)
		if hi == 0 {
			return
		}
		qm := rows(q, 0, hi)
		vv := blas64.Vector{N: n, Inc: 1, Data: v}
		blas64.Gemv(blas.NoTrans, 1, qm, vv, 0, blas64.Vector{N: hi, Inc: 1, Data: hv})
		blas64.Gemv(blas.Trans, -1, qm, blas64.Vector{N: hi, Inc: 1, Data: hv}, 1, vv)
	}
	nrm := func(v []float64) float64 { return blas64.Nrm2(blas64.Vector{N: n, Inc: 1, Data: v}) }
	// appendBlock orthonormalises the first k rows of w against e and the basis and appends the
	// survivors with their products A q and the new columns of T; it returns how many it added.
	appendBlock := func(k int) int {
		k = min(k, m-j)
		if k <= 0 {
			return 0
		}
		for r := range k {
			w0[r] = nrm(w[r*n : (r+1)*n])
		}
		for range 2 {
			for r := range k {
				deflate(w[r*n : (r+1)*n])
			}
			if j > 0 { // W −= (W Qᵀ) Q
				hb := blas64.General{Rows: k, Cols: j, Stride: j, Data: h[:k*j]}
				kernel.Gemm(blas.NoTrans, blas.Trans, 1, rows(w, 0, k), rows(q, 0, j), 0, hb)
				kernel.Gemm(blas.NoTrans, blas.NoTrans, -1, hb, rows(q, 0, j), 1, rows(w, 0, k))
			}
		}
		j0 := j
		for r := range k {
			v := w[r*n : (r+1)*n]
			for try := 0; ; try++ {
				before := nrm(v)
				for range 2 { // within the block (the basis part is already done)
					deflate(v)
					if j > j0 {
						qm := rows(q, j0, j)
						vv := blas64.Vector{N: n, Inc: 1, Data: v}
						blas64.Gemv(blas.NoTrans, 1, qm, vv, 0, blas64.Vector{N: j - j0, Inc: 1, Data: hv})
						blas64.Gemv(blas.Trans, -1, qm, blas64.Vector{N: j - j0, Inc: 1, Data: hv}, 1, vv)
					}
				}
				after := nrm(v)
				if after < 0.5*before && after > 1e-10*w0[r] {
					againstBasis(v, j) // the cancellation cost orthogonality to the basis: repair
					after = nrm(v)
				}
				if after > 1e-10*w0[r] {
					for i := range v {
						v[i] /= after
					}
					copy(q[j*n:(j+1)*n], v)
					j++
					break
				}
				if try == 3 {
					break // no direction found: this row is dropped
				}
				for i := range v { // vanished: a fresh random vector, orthogonalised in full
					v[i] = rng.NormFloat64()
				}
				w0[r] = nrm(v)
				againstBasis(v, j)
				againstBasis(v, j)
			}
		}
		if j == j0 {
			return 0
		}
		blockProduct(aq[j0*n:j*n], a, q[j0*n:j*n], n, j-j0)
		// The new columns of T: q_iᵀ A q_c for i < j, c in [j0, j).
		hb := blas64.General{Rows: j, Cols: j - j0, Stride: j - j0, Data: h[:j*(j-j0)]}
		kernel.Gemm(blas.NoTrans, blas.Trans, 1, rows(q, 0, j), rows(aq, j0, j), 0, hb)
		for i := range j {
			for c := max(i, j0); c < j; c++ {
				t[i*m+c] = hb.Data[i*hb.Stride+c-j0]
			}
		}
		return j - j0
	}
	for i := range w {
		w[i] = rng.NormFloat64()
	}
	last := appendBlock(b) // rows [j−last, j) are the last block
	var prev []float64     // the wanted Ritz values at the previous block
	nextFull := 0          // no Rayleigh–Ritz step with vectors before this many vectors
	checked := 0           // vectors at the last Ritz values
	for {
		full := j >= m || last == 0
		if (j >= 2*b && j >= checked+max(b, 12, (j/6+b-1)/b*b)) || full {
			checked = j
			tr, ok := newTridiag(t, m, j)
			if !ok {
				return leadingPairs{}, fmt.Errorf("the projected eigenproblem did not converge: %w", errs.ErrSingular)
			}
			theta := largest(tr.vals, dims)
			settled := prev != nil
			for i := range theta {
				if settled && math.Abs(theta[i]-prev[i]) > 1e-3*tol {
					settled = false
				}
			}
			prev = theta
			if (settled && j >= nextFull) || full {
				res, err := ritzLeading(q, aq, tr, j, n, dims, tol)
				if err != nil || res.ok || full {
					res.steps = j
					return res, err
				}
				// Not yet: the residuals shrink about tenfold per block (less on hard spectra,
				// where more tries follow), so try again after log₁₀(worst/tol) more blocks.
				blocks := 1.0 // (NaN and +Inf residuals: the most)
				if l := math.Ceil(math.Log10(res.worst / tol)); !(l <= 16) {
					blocks = 16
				} else if l > 1 {
					blocks = l
				}
				nextFull = j + b*int(blocks)
			}
		}
		copy(w, aq[(j-last)*n:j*n])
		last = appendBlock(last)
	}
}

// deflate removes from v its component along e = (1, …, 1): it subtracts v's mean.
func deflate(v []float64) {
	s := 0.0
	for _, x := range v {
		s += x
	}
	s /= float64(len(v))
	for i := range v {
		v[i] -= s
	}
}

// largest returns, from ascending eigenvalues, the dims largest in descending order (fewer when
// there are fewer values).
func largest(vals []float64, dims int) []float64 {
	var out []float64
	for i := len(vals) - 1; i >= 0 && len(out) < dims; i-- {
		out = append(out, vals[i])
	}
	return out
}

// ritzLeading is the Rayleigh–Ritz step of leadingOnE on the j basis vectors: from tr, the
// tridiagonal reduction of T = QᵀAQ with its eigenvalues, it takes the dims largest Ritz values
// θ and their eigenvectors s of T (tridiag.vectors), forms the Ritz pairs (θ, Qs) and their
// residuals ‖AQs − θQs‖ from the stored AQ (two Gemm products of dims×j by j×n), and reports
// whether all are at most tol. Cost O(dims·j² + dims·j·n) (the reduction is leadingOnE's).
func ritzLeading(q, aq []float64, tr *tridiag, j, n, dims int, tol float64) (leadingPairs, error) {
	if j < dims {
		return leadingPairs{}, nil
	}
	vals := tr.vals
	idx := make([]int, 0, dims) // the wanted pairs, the largest first
	for i := j - 1; len(idx) < dims; i-- {
		idx = append(idx, i)
	}
	sw := tr.vectors(idx) // row c is the eigenvector idx[c] of T
	k := len(idx)
	swg := blas64.General{Rows: k, Cols: j, Stride: j, Data: sw}
	u := blas64.General{Rows: k, Cols: n, Stride: n, Data: make([]float64, k*n)}  // Ritz vectors
	au := blas64.General{Rows: k, Cols: n, Stride: n, Data: make([]float64, k*n)} // A times them
	kernel.Gemm(blas.NoTrans, blas.NoTrans, 1, swg, blas64.General{Rows: j, Cols: n, Stride: n, Data: q[:j*n]}, 0, u)
	kernel.Gemm(blas.NoTrans, blas.NoTrans, 1, swg, blas64.General{Rows: j, Cols: n, Stride: n, Data: aq[:j*n]}, 0, au)
	res := leadingPairs{top: make([]float64, dims), ok: true}
	if dims > 0 {
		res.vecs = mat.NewDense(n, dims, nil)
	}
	for c, i := range idx {
		r := 0.0
		for p := range n {
			d := au.Data[c*n+p] - vals[i]*u.Data[c*n+p]
			r += d * d
		}
		if !(math.Sqrt(r) <= tol) {
			res.ok = false
			res.worst = math.Max(res.worst, math.Sqrt(r))
			if math.IsNaN(r) {
				res.worst = math.Inf(1)
			}
		}
		res.top[c] = vals[i]
		for p := range n {
			res.vecs.Set(p, c, u.Data[c*n+p])
		}
	}
	return res, nil
}

// blockProduct sets the k rows of y (k×n) to A times the k rows of x (k×n), for the symmetric
// n×n a: row i of A is dotted with all k vectors at once (kernel.Dots2, two rows of A per
// call), so A is read once per block while the block stays in cache; rows of A are split over
// all cores (each output is one dot product, computed the same way whatever the split). A
// general Gemm would pack all of A on every call, as much work as the product for k ≈ 10.
// Cost O(k·n²).
func blockProduct(y, a, x []float64, n, k int) {
	par.Chunks(n, 64, func(lo, hi int) {
		d := make([]float64, 2*k)
		d0, d1 := d[:k], d[k:]
		i := lo
		for ; i+1 < hi; i += 2 {
			kernel.Dots2(d0, d1, a[i*n:(i+1)*n], a[(i+1)*n:(i+2)*n], x)
			for c := range k {
				y[c*n+i], y[c*n+i+1] = d0[c], d1[c]
			}
		}
		if i < hi {
			kernel.Dots(d0, a[i*n:(i+1)*n], x)
			for c := range k {
				y[c*n+i] = d0[c]
			}
		}
	})
}

// smallestOnE returns the smallest eigenvalue of the symmetric n×n matrix a (row-major, both
// triangles) on the complement of e = (1, …, 1), by single-vector Lanczos with full
// reorthogonalisation, the number of basis vectors built and whether the Ritz pair met tol.
// Only the value is wanted (the shift of ConstantShift), so one start vector suffices even for a
// repeated eigenvalue, and T = QᵀAQ is the tridiagonal of the recurrence (α_j = q_jᵀAq_j, β_j the
// length of the next vector after orthogonalisation against e and the whole basis, two Gemv
// passes; the terms outside the band are rounding): its eigenvalues cost O(j²) (Dsterf) where a
// dense projected problem costs O(j³). Every 4 steps the smallest Ritz value θ is computed; once
// it changed by at most tol, its Ritz vector u = Q·s (s by inverse iteration on T − θI,
// Dgtsv) is checked explicitly: accepted when ‖Au − θu‖ ≤ tol. A vanishing next vector (an
// invariant subspace) is replaced by a random one orthogonal to the basis (β = 0). Cost
// O(m·n²) for the products (rows of A over all cores), O(m²·n) for the orthogonalisation, for
// m ≤ maxIter basis vectors; memory O(m·n).
func smallestOnE(a []float64, n int, tol float64, maxIter int, seed uint64) (float64, int, bool, error) {
	m := min(max(maxIter, 2), n-1)
	rng := rand.New(rand.NewPCG(seed, endsStream))
	q := make([]float64, m*n)
	alpha, beta := make([]float64, m), make([]float64, m)
	w, h := make([]float64, n), make([]float64, m)
	matvec := func(y, x []float64) {
		par.Chunks(n, 64, func(lo, hi int) { kernel.Dots(y[lo:hi], x, a[lo*n:hi*n]) })
	}
	vec := func(x []float64) blas64.Vector { return blas64.Vector{N: len(x), Inc: 1, Data: x} }
	// orth makes w orthogonal to e and q_0..q_{j−1} (two passes) and returns its length before
	// and after.
	orth := func(j int) (float64, float64) {
		before := blas64.Nrm2(vec(w))
		for range 2 {
			deflate(w)
			if j > 0 {
				qm := blas64.General{Rows: j, Cols: n, Stride: n, Data: q[:j*n]}
				blas64.Gemv(blas.NoTrans, 1, qm, vec(w), 0, vec(h[:j]))
				blas64.Gemv(blas.Trans, -1, qm, vec(h[:j]), 1, vec(w))
			}
		}
		return before, blas64.Nrm2(vec(w))
	}
	// next stores w/‖w‖ as q_j, or a random vector orthogonal to the basis when w vanished; it
	// reports false when no direction is left.
	next := func(j int, before, after float64) bool {
		for try := 0; !(after > 1e-10*before); try++ {
			if try == 3 {
				return false
			}
			for i := range w {
				w[i] = rng.NormFloat64()
			}
			before, after = orth(j)
		}
		for i := range w {
			q[j*n+i] = w[i] / after
		}
		return true
	}
	for i := range w {
		w[i] = rng.NormFloat64()
	}
	if b0, b1 := orth(0); !next(0, b0, b1) {
		return 0, 0, false, nil
	}
	d, e := make([]float64, m), make([]float64, m)
	prev := math.Inf(1)
	for j := 0; j < m; j++ {
		qj := q[j*n : (j+1)*n]
		matvec(w, qj)
		alpha[j] = blas64.Dot(vec(qj), vec(w))
		before, after := orth(j + 1)
		beta[j] = after
		last := j+1 == m // the cap, or a basis that spans e⊥ (m ≤ n − 1)
		if (j+1)%4 == 0 || last {
			copy(d, alpha[:j+1])
			copy(e, beta[:j])
			if !(lapackImpl{}).Dsterf(j+1, d[:j+1], e[:j+1]) {
				return 0, 0, false, fmt.Errorf("the tridiagonal eigenproblem did not converge: %w", errs.ErrSingular)
			}
			theta := d[0]
			if math.Abs(theta-prev) <= tol || last {
				if ritzResidual(a, q, alpha, beta, j+1, n, theta, matvec) <= tol {
					return theta, j + 1, true, nil
				}
				if last {
					return theta, j + 1, false, nil
				}
			}
			prev = theta
		}
		if j+1 < m {
			if !(after > 1e-10*before) {
				beta[j] = 0 // an invariant subspace: T splits, the next vector is random
			}
			if !next(j+1, before, after) {
				return 0, j + 1, false, nil
			}
		}
	}
	return 0, m, false, nil
}

// ritzResidual returns ‖Au − θu‖ for the Ritz vector u = Q·s of the smallest Ritz value θ of
// the j×j tridiagonal T (diagonal alpha, off-diagonal beta), s found by two steps of inverse
// iteration on T − θI (Dgtsv; θ moved off the exact eigenvalue by a relative 1e-14). One more
// product with A. Cost O(n² + j·n).
func ritzResidual(a, q, alpha, beta []float64, j, n int, theta float64, matvec func(y, x []float64)) float64 {
	s := make([]float64, j)
	for i := range s {
		s[i] = 1
	}
	shift := theta - 1e-14*math.Max(math.Abs(theta), 1e-300)
	for range 2 {
		dl, du, dd := make([]float64, j), make([]float64, j), make([]float64, j)
		for i := range j {
			dd[i] = alpha[i] - shift
			if i+1 < j {
				dl[i], du[i] = beta[i], beta[i]
			}
		}
		if !(lapackImpl{}).Dgtsv(j, 1, dl, dd, du, s, 1) {
			return math.Inf(1)
		}
		nrm := blas64.Nrm2(blas64.Vector{N: j, Inc: 1, Data: s})
		if !(nrm > 0) || math.IsInf(nrm, 0) {
			return math.Inf(1)
		}
		for i := range s {
			s[i] /= nrm
		}
	}
	u, au := make([]float64, n), make([]float64, n)
	blas64.Gemv(blas.Trans, 1, blas64.General{Rows: j, Cols: n, Stride: n, Data: q[:j*n]},
		blas64.Vector{N: j, Inc: 1, Data: s}, 0, blas64.Vector{N: n, Inc: 1, Data: u})
	matvec(au, u)
	r := 0.0
	for i := range u {
		r += (au[i] - theta*u[i]) * (au[i] - theta*u[i])
	}
	return math.Sqrt(r)
}
