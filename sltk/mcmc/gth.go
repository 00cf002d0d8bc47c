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
// The states are eliminated in blocks of gthBlock (gthWork.reduce, which HittingTimes
// shares), so that nearly all the work is one matrix product per block on kernel.Gemm instead
// of a rank-one update per state, which is bound by memory traffic: the same censored chains,
// with the additions in another order. Each block's product runs on all cores while the next
// block is factored beside it (reduce); every element is computed the same way whatever the
// split, so the result does not depend on the number of cores.
//
// ok is false when some s_k is 0: state k cannot reach 0..k−1 in the censored chain, so the
// chain is reducible (π is not unique); callers test connectivity first, so this only guards
// against underflow. Cost n³/3 multiply-adds for the updates plus about gthBlock·n² for the
// block solves, at kernel.Gemm's rate (about 17 ms of CPU time at n = 1000, 1 s at MaxStates),
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
	if newGTHWork(n-1, n).reduce(rd, newGTHWork(n-1, n), 1, n-1) >= 0 {
		return nil, false
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

// gthUpdateRows is the least height of the row bands into which reduce cuts a block's update
// of the states left, the units that the goroutines take in turn. Bands are taller when that
// gives more than two per goroutine: every band packs the block's rows R (m × the columns
// left) again for kernel.Gemm, which with 96-row bands at n = 1000 was a fifth of the CPU
// time (about 10 bands per block; with 2 per goroutine the packing is as in one product).
const gthUpdateRows = 96

// gthParallelWork is the number of multiply-adds of a block's update below which reduce runs
// it on one goroutine (about kernel.Gemm's own cut).
const gthParallelWork = 1 << 21

// reduce censors the chain held in rd to the states 0..lo−1 by eliminating hi, hi−1, …, lo in
// blocks of gthBlock states from the top (the last block partial), exactly the GTH steps for
// those states (panel documents them), with w and alt as the scratch spaces of alternate
// blocks. It returns the first state whose pivot is not positive, or −1.
//
// Each block is eliminated in two parts: its panel (the block solve and the products R and G)
// and its update of the states left, A_LL += G·R, where nearly all the work is. The next
// block's panel needs only the part of the update that lands in its own rows and columns. So
// one goroutine updates those rows and columns and then factors the next panel (into the other
// scratch space), while the other goroutines update the rest in bands of rows (two per
// goroutine, at least gthUpdateRows rows each); the goroutine of the panel joins them when it
// is done. That is one parallel section per block with no serial step between two sections
// (before, the panel ran between two updates, with the other cores idle), run by a par.Team
// that stays for the whole reduction instead of goroutines started per section (each start
// waited for an idle core to wake up). Every entry
// receives the same fused products in the same order as from one kernel.Gemm call (the inner
// dimension, one block, is below kernel.Gemm's cut of the sums), so the result does not
// depend on the number of cores or on which goroutine updated what: the same bits as before.
func (w *gthWork) reduce(rd *reduction, alt *gthWork, lo, hi int) int {
	if hi < lo {
		return -1
	}
	first := func(bhi int) int { return max(lo, bhi-gthBlock+1) }
	cur, next := w, alt
	// The team starts before the first panel, which hides its start-up; a chain whose first
	// update is small runs on this goroutine alone.
	workers := 1
	if top := first(hi); top*(rd.x+top)*(hi-top+1) >= gthParallelWork {
		workers = runtime.GOMAXPROCS(0)
	}
	team := par.NewTeam(workers)
	defer team.Close()
	if k := cur.panel(rd, first(hi), hi); k >= 0 {
		return k
	}
	for bhi := hi; ; {
		blk := first(bhi) // the block whose panel is done; the states left are 0..blk−1
		x, m := rd.x, bhi-first(bhi)+1
		cols := x + blk
		if blk == 0 {
			return -1
		}
		if blk == lo { // the last block: its update alone
			cur.update(rd, blk, m, 0, blk, 0, cols)
			return -1
		}
		nhi := blk - 1
		nlo := first(nhi)
		fail := -1
		chain := func() { // the next panel's rows and columns, then the panel
			cur.update(rd, blk, m, nlo, blk, 0, cols)
			cur.update(rd, blk, m, 0, nlo, x+nlo, cols)
			fail = next.panel(rd, nlo, nhi)
		}
		rows := max(gthUpdateRows, (nlo+2*workers-1)/(2*workers)/6*6+6) // a multiple of Gemm's 6-row tile
		bands := (nlo + rows - 1) / rows
		band := func(b int) {
			cur.update(rd, blk, m, b*rows, min(nlo, (b+1)*rows), 0, x+nlo)
		}
		if workers > 1 && blk*cols*m >= gthParallelWork {
			team.Run(bands+1, func(t int) { // task 0, the chain, on this goroutine; then the bands
				if t == 0 {
					chain()
				} else {
					band(t - 1)
				}
			})
		} else {
			chain()
			for b := range bands {
				band(b)
			}
		}
		if fail >= 0 {
			return fail
		}
		cur, next = next, cur
		bhi = nhi
	}
}

// update adds G·R of the m-state block starting at state blk (its products in w) to rows
// r0..r1−1 and columns c0..c1−1 of a (columns counted with the extras), on this goroutine.
func (w *gthWork) update(rd *reduction, blk, m, r0, r1, c0, c1 int) {
	if r1 <= r0 || c1 <= c0 {
		return
	}
	cols := rd.x + blk
	kernel.GemmWorkers(1, blas.NoTrans, blas.NoTrans, 1, general(w.g[r0*m:], r1-r0, m, m),
		general(w.r[c0:], m, c1-c0, cols), 1, general(rd.a[r0*rd.ld+c0:], r1-r0, c1-c0, rd.ld))
}

// general wraps a row-major block as a BLAS matrix; data starts at its first entry.
func general(data []float64, rows, cols, stride int) blas64.General {
	return blas64.General{Rows: rows, Cols: cols, Stride: stride, Data: data[:(rows-1)*stride+cols]}
}

// panel runs the first three of the four steps that censor the chain held in the reduction to
// the states 0..lo−1 by eliminating hi, hi−1, …, lo, exactly the GTH steps for those states;
// reduce runs the fourth, the update, in parts beside the next block's panel. With B = lo..hi
// (m states) and L = 0..lo−1 together with the extras (columns 0..x+lo−1):
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
//  4. The states left receive every update at once: A_LL += G·R (kernel.Gemm, in bands: update).
//
// Steps 2–4 add the same nonnegative products as the one-state algorithm, so no subtraction
// occurs. panel leaves R in w.r (and over the block's rows of a when rd.keepRows) and G in w.g
// (and over the block's columns of a), both products on this goroutine, and returns the first
// state whose pivot s_k is not positive, or −1. Cost 2·l·m² multiply-adds on kernel.Gemm for l
// columns left, m³/2 in the block solves; the update adds l²·m.
func (w *gthWork) panel(rd *reduction, lo, hi int) int {
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
	rBL, gLB := general(w.r, m, cols, cols), general(w.g, max(l, 1), m, m)
	kernel.GemmWorkers(1, blas.NoTrans, blas.NoTrans, 1, general(t, m, m, m), general(a[lo*ld:], m, cols, ld), 0, rBL)
	if rd.keepRows {
		for r := range m {
			copy(a[(lo+r)*ld:(lo+r)*ld+cols], w.r[r*cols:(r+1)*cols])
		}
	}
	if l > 0 {
		kernel.GemmWorkers(1, blas.NoTrans, blas.Trans, 1, general(a[x+lo:], l, m, ld), general(vt, m, m, m), 0, gLB)
		for i := range l {
			copy(a[i*ld+x+lo:i*ld+x+lo+m], w.g[i*m:(i+1)*m])
		}
	}
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
