package mcmc

import (
	"runtime"
	"sync"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// gthBlock is the number of states gth eliminates per block: the inner dimension of the
// block's rank-gthBlock update of the states left, which runs on kernel.Gemm.
const gthBlock = 64

// gthRescale bounds the unnormalised weights of gth's back substitution (π_0 = 1), which can
// grow as large as 1/π_0.
const gthRescale = 0x1p500

// gth returns the stationary distribution of the row-stochastic n×n matrix q by the
// Grassmann–Taksar–Heyman state reduction (Grassmann, Taksar & Heyman 1985): it censors the
// chain to states 0..k−1 for k = n−1, …, 1, the censored transition q_ij + f_ik·q_kj with
// f_ik = q_ik/s_k and s_k = Σ_{j<k} q_kj, and recovers π by back substitution
// π_k = Σ_{i<k} π_i·f_ik. Every operation adds or multiplies nonnegative numbers; the one
// subtraction of Gaussian elimination, 1 − q_kk, is replaced by the sum s_k of the row's other
// entries. The result is therefore accurate to a few ulps per component, relative, however
// slowly the chain mixes (nearly decomposable chains, spectral gap down to underflow), and does
// not depend on periodicity. The diagonal of q is never read.
//
// The states are eliminated in blocks of gthBlock (gthWork.eliminate, which HittingTimes
// shares), so that nearly all the work is one matrix product per block on kernel.Gemm instead
// of a rank-one update per state, which is bound by memory traffic: the same censored chains,
// with the additions in another order.
// kernel.Gemm computes every element the same way on any number of cores, so the result does
// not depend on the number of cores.
//
// ok is false when some s_k is 0: state k cannot reach 0..k−1 in the censored chain, so the
// chain is reducible (π is not unique); callers test connectivity first, so this only guards
// against underflow. Cost n³/3 multiply-adds for the updates plus about gthBlock·n² for the
// block solves, at kernel.Gemm's rate (at n = 1000 about 17 ms of CPU time with AVX2, 12 ms
// with AVX-512; 1 s at MaxStates with AVX2),
// 8·n² bytes for the working copy and 16·gthBlock·n for the block's scratch.
func gth(q mat.Matrix) (pi []float64, ok bool) {
	n, _ := q.Dims()
	buf := gthPool.Get().(*[]float64)
	defer gthPool.Put(buf)
	if cap(*buf) < n*n {
		*buf = make([]float64, n*n)
	}
	a := (*buf)[:n*n]
	copyRows(a, q)
	rd := &reduction{a: a, ld: n, pivots: make([]float64, n)}
	w := newGTHWork(n-1, n)
	for hi := n - 1; hi >= 1; hi -= gthBlock {
		if w.eliminate(rd, max(1, hi-gthBlock+1), hi) >= 0 {
			return nil, false
		}
	}
	// Back substitution row by row: once π_i is final (every i′ < i added in), add π_i·f_ik
	// to every later π_k. The additions into π_k come in the order of i, as in Σ_{i<k}.
	pi = make([]float64, n)
	pi[0] = 1
	total := 1.0
	for i := range n {
		if i > 0 {
			total += pi[i]
			if total > gthRescale { // π_0 ≪ π_i: keep the unnormalised weights finite
				floats.Scale(1/gthRescale, pi)
				total /= gthRescale
			}
		}
		if i+1 < n && pi[i] != 0 {
			floats.AddScaled(pi[i+1:], pi[i], a[i*n+i+1:(i+1)*n])
		}
	}
	floats.Scale(1/total, pi)
	return pi, true
}

// gthPool recycles gth's working copies: a sweep over chains of one size then neither
// allocates nor clears 8·n² bytes per solve (at n = 1000 that was a fifth of the solve's time).
// The pool lets go of its buffers at garbage collections.
var gthPool = sync.Pool{New: func() any { return new([]float64) }}

// gthWork holds the scratch space of a state reduction, sized for its first (largest) block.
type gthWork struct {
	lsum  []float64 // per block state: its row sum over the states left and the counted extras
	t, vt []float64 // gthBlock² each: the block's row and column solves
	r, g  []float64 // the block's rows over the states left and the extras; its multipliers
}

// newGTHWork returns the scratch space for rows of width w (states and extras) in which n
// states are eliminated.
func newGTHWork(n, w int) *gthWork {
	m := min(gthBlock, n)
	return &gthWork{lsum: make([]float64, m), t: make([]float64, m*m), vt: make([]float64, m*m),
		r: make([]float64, m*w), g: make([]float64, m*n)}
}

// reduction is a matrix for state reduction: row i (stride ld) holds the extra columns
// 0..x−1 and then state j's entry at column x+j. The extras u..x−1 count towards the pivots
// (the probability of leaving to an absorbing set), the extras 0..u−1 do not (rewards carried
// along, such as expected steps); gth has none, HittingTimes two.
type reduction struct {
	a        []float64
	ld, x, u int
	pivots   []float64 // s_k of every state eliminated so far
	keepRows bool      // write each eliminated row's final entries over the states left back into a
}

// eliminate censors the chain held in the reduction to the states 0..lo−1 by eliminating hi,
// hi−1, …, lo, exactly the GTH steps for those states. With B = lo..hi (m states) and
// L = 0..lo−1 together with the extras (columns 0..x+lo−1):
//
//  1. The B×B block is eliminated as in the one-state algorithm, with each row's sum over the
//     counted columns of L carried as one number (lsum), since the pivots s_k need only that
//     sum. Afterwards the block holds the multipliers f_ik above its diagonal and the rows u_kj
//     (as they were when k was eliminated) below it.
//  2. Row k of B at its elimination is R_k = A_k + Σ_{k′>k} f_kk′·R_k′ on the columns L:
//     R = T·A_BL with T = (I − F)⁻¹ = I + F + F² + …, built from nonnegative terms.
//  3. The multipliers of a state i in L solve g_k·s_k = c_k + Σ_{k′>k} g_k′·u_k′k:
//     G = C·V with V = (S − U)⁻¹, again a sum of nonnegative terms; G replaces C in a, where
//     gth's back substitution reads it.
//  4. The states left receive every update at once: A_LL += G·R (kernel.Gemm).
//
// Steps 2–4 add the same nonnegative products as the one-state algorithm, so no subtraction
// occurs. It returns the first state whose pivot s_k is not positive, or −1. Cost l²·m +
// 2·l·m² multiply-adds on kernel.Gemm for l columns left, m³/2 in the block solves.
func (w *gthWork) eliminate(rd *reduction, lo, hi int) int {
	a, ld, x := rd.a, rd.ld, rd.x
	m, l, cols := hi-lo+1, lo, x+lo
	lsum, s := w.lsum[:m], rd.pivots[lo:hi+1]
	for r := range m {
		lsum[r] = floats.Sum(a[(lo+r)*ld+rd.u : (lo+r)*ld+cols])
	}
	for k := hi; k >= lo; k-- {
		rowK := a[k*ld+x+lo : k*ld+x+k]
		sk := lsum[k-lo] + floats.Sum(rowK)
		if !(sk > 0) {
			return k
		}
		s[k-lo] = sk
		for i := lo; i < k; i++ {
			f := a[i*ld+x+k] / sk
			a[i*ld+x+k] = f
			if f != 0 {
				floats.AddScaled(a[i*ld+x+lo:i*ld+x+k], f, rowK)
				lsum[i-lo] += f * lsum[k-lo]
			}
		}
	}
	// T = (I − F)⁻¹ row by row from the bottom: T_r = e_r + Σ_{c>r} f_rc·T_c (row T_c is
	// zero left of c).
	t := w.t[:m*m]
	clear(t)
	for r := m - 1; r >= 0; r-- {
		tr := t[r*m : (r+1)*m]
		tr[r] = 1
		for c := r + 1; c < m; c++ {
			if f := a[(lo+r)*ld+x+lo+c]; f != 0 {
				floats.AddScaled(tr[c:], f, t[c*m+c:(c+1)*m])
			}
		}
	}
	// Vᵀ row by row from the bottom: Vᵀ_k = (e_k + Σ_{k′>k} u_k′k·Vᵀ_k′) / s_k.
	vt := w.vt[:m*m]
	clear(vt)
	for r := m - 1; r >= 0; r-- {
		vr := vt[r*m : (r+1)*m]
		vr[r] = 1
		for c := r + 1; c < m; c++ {
			if u := a[(lo+c)*ld+x+lo+r]; u != 0 {
				floats.AddScaled(vr[c:], u, vt[c*m+c:(c+1)*m])
			}
		}
		for j := r; j < m; j++ {
			vr[j] /= s[r]
		}
	}
	general := func(data []float64, rows, cols, stride int) blas64.General {
		return blas64.General{Rows: rows, Cols: cols, Stride: stride, Data: data[:(rows-1)*stride+cols]}
	}
	// R (rows lo..hi of a) and G (rows 0..l−1, columns of B) are independent: the two products
	// run side by side, each on half the cores, so that a block has one parallel section
	// before its update instead of two.
	half := max(1, runtime.GOMAXPROCS(0)/2)
	rBL, gLB := general(w.r, m, cols, cols), general(w.g, max(l, 1), m, m)
	var wg sync.WaitGroup
	if l > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kernel.GemmWorkers(half, blas.NoTrans, blas.Trans, 1, general(a[x+lo:], l, m, ld), general(vt, m, m, m), 0, gLB)
			for i := range l {
				copy(a[i*ld+x+lo:i*ld+x+lo+m], w.g[i*m:(i+1)*m])
			}
		}()
	}
	kernel.GemmWorkers(half, blas.NoTrans, blas.NoTrans, 1, general(t, m, m, m), general(a[lo*ld:], m, cols, ld), 0, rBL)
	if rd.keepRows {
		for r := range m {
			copy(a[(lo+r)*ld:(lo+r)*ld+cols], w.r[r*cols:(r+1)*cols])
		}
	}
	wg.Wait()
	if l == 0 {
		return -1
	}
	kernel.Gemm(blas.NoTrans, blas.NoTrans, 1, gLB, rBL, 1, general(a, l, cols, ld))
	return -1
}

// copyRows writes the n×n matrix q into a row by row (a has length n²). The rows of a
// *mat.Dense are copied on all cores (at n = 1000 a copy from memory took as long as a tenth of
// the solve); any other mat.Matrix is read on this goroutine, since its At need not be safe
// for concurrent use.
func copyRows(a []float64, q mat.Matrix) {
	n, _ := q.Dims()
	d, isDense := q.(*mat.Dense)
	if !isDense {
		for i := range n {
			for j := range n {
				a[i*n+j] = q.At(i, j)
			}
		}
		return
	}
	par.Chunks(n, max(1, (1<<16)/max(n, 1)), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			copy(a[i*n:(i+1)*n], d.RawRowView(i))
		}
	})
}
