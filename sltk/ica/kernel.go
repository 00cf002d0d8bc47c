package ica

import (
	"math"

	"github.com/sltk-book/sltk/sltk/internal/kernel"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// contrastKernel accumulates, over all whitened observations u and for the m rows b_i of B
// (m×k),
//
//	P = Σ_u G'(Bu) uᵀ (m×k),  S2_i = Σ_u G″(b_iᵀu),  S0_i = Σ_u G(b_iᵀu) (if wantG),
//
// the sums behind the FastICA fixed point (A8, A11, A12) and the negentropy gradient (A9).
// It keeps the whitened data transposed, k×n (one component per row, as the notes store X),
// so that both BLAS products of a block of observations, Y = B·U_b and P_b = G'(Y)·U_bᵀ,
// run along long contiguous rows instead of making one short call per observation. Blocks of
// observations run in parallel; each block writes its own partial sums, which are then added
// in block order, so the result does not depend on scheduling. All buffers are allocated once
// per fit. Cost O(n·m·k) flops plus n·m evaluations of G', G″.
type contrastKernel struct {
	ut       []float64 // k×n, row-major
	n, k     int
	c        Contrast
	alpha    float64
	y        [][]float64 // per worker, k×blockRows
	part     []float64   // per block: m×k + 2m
	P, S2, S []float64
}

// newContrastKernel prepares the kernel for whitened data given transposed, ut (k×n).
func newContrastKernel(ut []float64, n, k int, c Contrast, alpha float64) *contrastKernel {
	kr := &contrastKernel{ut: ut, n: n, k: k, c: c, alpha: alpha}
	kr.y = make([][]float64, workers(n))
	for i := range kr.y {
		kr.y[i] = make([]float64, blockRows*k)
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
		ub := blas64.General{Rows: k, Cols: rows, Stride: n, Data: kr.ut[lo:]}
		y := general(kr.y[wk][:m*rows], m, rows)
		kernel.Gemm(blas.NoTrans, blas.NoTrans, 1, bm, ub, 0, y)
		part := kr.part[blk*stride : (blk+1)*stride]
		for i := range m {
			part[m*k+i], part[m*k+m+i] = kr.apply(y.Data[i*rows:(i+1)*rows], wantG)
		}
		kernel.Gemm(blas.NoTrans, blas.Trans, 1, y, ub, 0, general(part[:m*k], m, k))
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
