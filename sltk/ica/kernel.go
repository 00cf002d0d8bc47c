package ica

import (
	"math"

	"github.com/sltk-book/sltk/sltk/internal/kernel"

	"gonum.org/v1/gonum/blas"
)

// contrastKernel accumulates, over all whitened observations u and for the m rows b_i of B
// (m×k),
//
//	P = Σ_u G'(Bu) uᵀ (m×k),  S2_i = Σ_u G″(b_iᵀu),  S0_i = Σ_u G(b_iᵀu) (if wantG),
//
// the sums behind the FastICA fixed point (A8, A11, A12) and the negentropy gradient (A9).
// It keeps the whitened data transposed, k×n (one component per row, as the notes store X),
// so that both products of a block of observations run along long contiguous rows instead
// of making one short call per observation: Y = B·U_b on the shared matrix product
// (kernel.Gemm, whose packing of U_b is a contiguous copy), and P_b = G'(Y)·U_bᵀ as m·k dot
// products of length |b| (kernel.Dots2, two rows of Y against the k rows of U_b at a time).
// P_b is not a Gemm: its inner dimension is the observations, the contiguous axis of both
// factors, which Gemm's packing would have to transpose element by element (two thirds of
// its time in this product, profiled on 10⁶×8). Blocks of observations run in parallel; each
// block writes its own partial sums, which are then added in block order, so the result does
// not depend on scheduling. All buffers are allocated once per fit. Cost O(n·m·k) flops plus
// n·m evaluations of G', G″.
type contrastKernel struct {
	ut       []float64 // k×n, row-major
	n, k     int
	c        Contrast
	alpha    float64
	y        [][]float64 // per worker, k×blockRows
	ub       [][]float64 // per worker, the block U_b (k×blockRows, contiguous rows)
	part     []float64   // per block: m×k + 2m
	P, S2, S []float64
}

// newContrastKernel prepares the kernel for whitened data given transposed, ut (k×n).
func newContrastKernel(ut []float64, n, k int, c Contrast, alpha float64) *contrastKernel {
	kr := &contrastKernel{ut: ut, n: n, k: k, c: c, alpha: alpha}
	kr.y, kr.ub = make([][]float64, workers(n)), make([][]float64, workers(n))
	for i := range kr.y {
		kr.y[i], kr.ub[i] = make([]float64, blockRows*k), make([]float64, blockRows*k)
	}
	kr.part = make([]float64, numBlocks(n)*(k*k+2*k))
	kr.P = make([]float64, k*k)
	kr.S2 = make([]float64, k)
	kr.S = make([]float64, k)
	return kr
}

// run fills P[:m*k], S2[:m] and S[:m] (S only if wantG) for the m×k matrix b.
func (kr *contrastKernel) run(b []float64, m int, wantG bool) {
	k, n := kr.k, kr.n
	stride := m*k + 2*m
	bm := general(b, m, k)
	forBlocks(n, func(wk, blk, lo, hi int) {
		rows := hi - lo
		ub := kr.ub[wk][:k*rows]
		for j := range k {
			copy(ub[j*rows:(j+1)*rows], kr.ut[j*n+lo:j*n+hi])
		}
		y := kr.y[wk][:m*rows]
		kernel.Gemm(blas.NoTrans, blas.NoTrans, 1, bm, general(ub, k, rows), 0, general(y, m, rows))
		part := kr.part[blk*stride : (blk+1)*stride]
		for i := range m {
			part[m*k+i], part[m*k+m+i] = kr.apply(y[i*rows:(i+1)*rows], wantG)
		}
		yi := func(i int) []float64 { return y[i*rows : (i+1)*rows] }
		i := 0
		for ; i+2 <= m; i += 2 { // P_b rows i, i+1: ⟨y_i, u_j⟩ and ⟨y_{i+1}, u_j⟩, j < k
			kernel.Dots2(part[i*k:(i+1)*k], part[(i+1)*k:(i+2)*k], yi(i), yi(i+1), ub)
		}
		if i < m {
			kernel.Dots(part[i*k:(i+1)*k], yi(i), ub)
		}
	})
	clear(kr.P[:m*k])
	clear(kr.S2[:m])
	clear(kr.S[:m])
	for blk := range numBlocks(n) {
		part := kr.part[blk*stride : (blk+1)*stride]
		for i, v := range part[:m*k] {
			kr.P[i] += v
		}
		for i := range m {
			kr.S2[i] += part[m*k+i]
			kr.S[i] += part[m*k+m+i]
		}
	}
}

// apply replaces each projection y in row by G'(y) and returns Σ G″(y) and Σ G(y) (the
// latter only if wantG).
func (kr *contrastKernel) apply(row []float64, wantG bool) (s2, s0 float64) {
	a := kr.alpha
	switch {
	case wantG:
		for j, v := range row {
			g, g1, g2 := kr.c.Eval(a, v)
			row[j] = g1
			s2 += g2
			s0 += g
		}
	case kr.c == LogCosh:
		// G'(y) = tanh(ay), G″(y) = a(1 − tanh²(ay)), four lanes at a time
		s2 = kernel.Tanh(row, a)
	case kr.c == Exp:
		for j, v := range row {
			v2 := v * v
			e := math.Exp(-v2 / 2)
			row[j] = v * e
			s2 += (1 - v2) * e
		}
	default:
		for j, v := range row {
			v2 := v * v
			row[j] = v2 * v
			s2 += 3 * v2
		}
	}
	return s2, s0
}
