package embed

import (
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// centredSweep reads the centred data A = X − 1μᵀ of randomized PCA one block of rows at a
// time without ever forming A: each block is centred into a scratch buffer small enough to
// stay in the L2 cache, and every product the pass asks for is taken on that buffer before the
// next block is read. A power-iteration round of the range finder, W = Aᵀ(A·Z), is then one
// pass over the data instead of two, and no n×d copy is allocated.
//
// The products: Y_b = A_b·Z two rows at a time on kernel.Dots2 (A_b's rows are contiguous,
// Zᵀ is transposed once per pass), and A_bᵀ·Y_b on kernel.Gemm with A_b passed as transposed, whose
// packing then copies contiguous rows of both operands; nothing is transposed per block.
//
// Determinism: blocks (sweepRows rows, fewer for wide data) and groups (contiguous runs of
// blocks, at most sweepGroups) depend on n and d only. Each group adds its blocks' products
// into its own partial in block order, on one goroutine, and the partials are added in group
// order, so a pass returns the same bits on any number of cores.
type centredSweep struct {
	data       []float64 // X, row-major n×d
	n, d       int
	neg        []float64 // −μ: a block is centred as x + (−μ), which rounds as x − μ does
	rows       int       // rows per block
	blocks     int       // ⌈n/rows⌉
	groups     int       // min(blocks, sweepGroups)
	parts      []float64 // groups partials of a d×l product
	sq         []float64 // groups partial sums of squares
	free       chan []float64
	scratchLen int
}

const (
	// sweepRows is the most rows a block of centredSweep holds; sweepBlockFloats the most
	// entries (1024·64: 512 KiB, which leaves room in a 1 MiB L2 for the block's sketch rows and
	// Gemm's packing buffers), so wide data gets fewer rows, but never fewer than sweepMinRows
	// (Gemm's depth block, below which the partial products would be re-read too often).
	sweepRows        = 1024
	sweepMinRows     = 256
	sweepBlockFloats = 1 << 16
	// sweepGroups is the most partial sums a pass keeps: enough to balance the work over the
	// cores, few enough that their d×l partials cost little memory.
	sweepGroups = 16
)

// newCentredSweep prepares passes over the n×d data centred at mean, with products of up to
// l columns. Cost O(groups·d·l) memory now, O(rows·(d+l)) per worker during a pass.
func newCentredSweep(data []float64, n, d int, mean []float64, l int) *centredSweep {
	rows := min(sweepRows, max(sweepMinRows, sweepBlockFloats/max(d, 1)), n)
	blocks := (n + rows - 1) / rows
	groups := min(blocks, sweepGroups)
	neg := make([]float64, d)
	for j, v := range mean {
		neg[j] = -v
	}
	return &centredSweep{data: data, n: n, d: d, neg: neg, rows: rows, blocks: blocks, groups: groups,
		parts: make([]float64, groups*d*l), sq: make([]float64, groups),
		free: make(chan []float64, groups), scratchLen: rows * (d + l)}
}

// pass runs once over the blocks of A. With z (d×l) it forms Y_b = A_b·z, written to the
// block's rows of y when y is not nil; without z it takes Y_b from y. With w (d×l) it sets
// w = Σ_b A_bᵀ·Y_b = AᵀY. With sumSquares it returns ‖A‖_F², else 0. Cost O(n·d·l) for each
// product asked for, one read of X.
func (s *centredSweep) pass(z, y, w *mat.Dense, sumSquares bool) float64 {
	d := s.d
	var l int
	var zt []float64
	switch {
	case z != nil:
		_, l = z.Dims()
		zt = transposed(z)
	case y != nil:
		_, l = y.Dims()
	}
	par.Blocks(s.groups, 0, func(g int) {
		var buf []float64
		select {
		case buf = <-s.free:
		default:
			buf = make([]float64, s.scratchLen)
		}
		defer func() { s.free <- buf }()
		part := blas64.General{Rows: d, Cols: l, Stride: l, Data: s.parts[g*d*l : (g+1)*d*l]}
		sq, one := 0.0, []float64{0}
		lo, hi := g*s.blocks/s.groups, (g+1)*s.blocks/s.groups
		for b := lo; b < hi; b++ {
			r0, r1 := b*s.rows, min((b+1)*s.rows, s.n)
			m := r1 - r0
			ab := blas64.General{Rows: m, Cols: d, Stride: d, Data: buf[:m*d]}
			copy(ab.Data, s.data[r0*d:r1*d])
			for i := range m {
				kernel.AddTo(ab.Data[i*d:(i+1)*d], s.neg)
			}
			if sumSquares {
				kernel.Dots(one, ab.Data, ab.Data)
				sq += one[0]
			}
			yb := blas64.General{Rows: m, Cols: l, Stride: l, Data: buf[s.rows*d : s.rows*d+m*l]}
			if y != nil {
				yr := y.RawMatrix()
				yb = blas64.General{Rows: m, Cols: l, Stride: yr.Stride, Data: yr.Data[r0*yr.Stride : (r1-1)*yr.Stride+l]}
			}
			if z != nil { // two rows per pass over Zᵀ (kernel.Dots2: each product Dots' bits)
				row := func(i int) []float64 { return yb.Data[i*yb.Stride : i*yb.Stride+l] }
				i := 0
				for ; i+1 < m; i += 2 {
					kernel.Dots2(row(i), row(i+1), ab.Data[i*d:(i+1)*d], ab.Data[(i+1)*d:(i+2)*d], zt)
				}
				if i < m {
					kernel.Dots(row(i), ab.Data[i*d:(i+1)*d], zt)
				}
			}
			if w != nil {
				beta := 1.0
				if b == lo {
					beta = 0
				}
				kernel.GemmWorkers(1, blas.Trans, blas.NoTrans, 1, ab, yb, beta, part)
			}
		}
		s.sq[g] = sq
	})
	if w != nil {
		wr := w.RawMatrix()
		for i := range d {
			row := wr.Data[i*wr.Stride : i*wr.Stride+l]
			copy(row, s.parts[i*l:(i+1)*l])
			for g := 1; g < s.groups; g++ {
				kernel.AddTo(row, s.parts[g*d*l+i*l:g*d*l+(i+1)*l])
			}
		}
	}
	total := 0.0
	if sumSquares {
		for _, v := range s.sq {
			total += v
		}
	}
	return total
}
