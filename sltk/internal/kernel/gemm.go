package kernel

import (
	"math"
	"runtime"
	"sync"
	"unsafe"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// Gemm sets c = alpha·op(a)·op(b) + beta·c, with op(x) = x or xᵀ as tA and tB say: the same
// contract and argument order as gonum's blas64.Gemm, so that callers can switch between the
// two (inconsistent shapes, strides or lengths panic with gonum's messages, since Gemm hands
// them to blas64.Gemm). It is the matrix product under the library's training loops (the
// neural networks of package nn, FastICA). Cost O(m·n·k) for an m×k times k×n product.
//
// It is a blocked product in the manner of GotoBLAS/BLIS: panels of op(b) (gemmKC rows by
// up to gemmNC columns) and of op(a) (gemmMC by gemmKC) are copied ("packed") into
// contiguous buffers, which is where the four transpose cases are handled, and a
// register-blocked micro-kernel multiplies a 6-row sliver of the packed a by an 8-column
// sliver of the packed b, keeping the 6×8 block of c in twelve AVX2 registers (a 16-column
// sliver in twelve 512-bit registers where the CPU has AVX-512, gemmTile: on the Zen 5 bench
// machine that halved the time of a 1000-state GTH solve, 22.9 → 11.9 ms of CPU time). Where
// Asm() is true the micro-kernel runs in Go assembly (gemm_amd64.s), otherwise in
// gemmKernelGo; all of them do, for every element, the same fused multiply-adds in the same order
// (acc ← fma(a_ip, b_pj, acc) for p in order within one gemmKC block, then
// c ← fma(alpha, acc, c)), so they return the same bits. Products of more than about 2·10⁶
// multiply-adds are split over up to GOMAXPROCS goroutines by columns (or rows) of c; every
// element is computed the same way whatever the split, so the result does not depend on the
// number of cores. The result differs from blas64.Gemm's only by rounding (the order of the
// additions differs): relative to Σ|a||b| by at most about k·2⁻⁵³.
func Gemm(tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General) {
	GemmWorkers(0, tA, tB, alpha, a, b, beta, c)
}

// GemmWorkers is Gemm with its product split over at most workers goroutines (Gemm's own
// limit, GOMAXPROCS, when workers ≤ 0): for callers that already run several products side by
// side, such as package nn's batch shards, and would otherwise start more goroutines than
// cores. Same bits as Gemm.
func GemmWorkers(workers int, tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General) {
	ta, tb, m, n, k, ok := gemmShapes(tA, tB, shape{a.Rows, a.Cols, a.Stride, len(a.Data)},
		shape{b.Rows, b.Cols, b.Stride, len(b.Data)}, shape{c.Rows, c.Cols, c.Stride, len(c.Data)})
	if !ok {
		blas64.Gemm(tA, tB, alpha, a, b, beta, c) // panics with gonum's message
		return
	}
	mr, nr, kern := gemmTile()
	gemm(gemmArgs[float64]{ta: ta, tb: tb, k: k, alpha: alpha,
		a: a.Data, lda: a.Stride, b: b.Data, ldb: b.Stride, c: c.Data, ldc: c.Stride,
		mr: mr, nr: nr, kernel: kern, pool: &gemmPool, workers: workers}, m, n, beta)
}

// float is the element type of the products: Gemm's float64 and Sgemm's float32.
type float interface{ float32 | float64 }

// gemm is the body of Gemm and Sgemm once the shapes are checked: c = beta·c, then the
// blocked product added in, split over goroutines as Gemm documents.
func gemm[T float](g gemmArgs[T], m, n int, beta T) {
	if m == 0 || n == 0 {
		return
	}
	// With beta = 0 the micro-kernel's first block of k overwrites c, which saves clearing c
	// and reading it back; the bits are the same, since it adds to +0 as a cleared c would.
	g.store = beta == 0 && g.alpha != 0 && g.k != 0
	if beta != 1 && !g.store {
		for i := range m {
			row := g.c[i*g.ldc : i*g.ldc+n]
			if beta == 0 {
				clear(row)
				continue
			}
			for j := range row {
				row[j] *= beta
			}
		}
	}
	if g.alpha == 0 || g.k == 0 {
		return
	}
	workers := runtime.GOMAXPROCS(0)
	if g.workers > 0 {
		workers = min(workers, g.workers)
	}
	workers = min(workers, max(1, m*n*g.k/gemmParallelWork))
	if workers == 1 {
		g.run(0, m, 0, n)
		return
	}
	var wg sync.WaitGroup
	// Split the longer side of c into workers parts, aligned to the micro-tile.
	side, unit := n, g.nr
	if m > n {
		side, unit = m, g.mr
	}
	step := (side + workers - 1) / workers
	step = (step + unit - 1) / unit * unit
	for lo := 0; lo < side; lo += step {
		hi := min(lo+step, side)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if m > n {
				g.run(lo, hi, 0, n)
			} else {
				g.run(0, m, lo, hi)
			}
		}()
	}
	wg.Wait()
}

// shape is a row-major matrix's dimensions, stride and storage length (of a blas64.General or
// a blas32.General).
type shape struct{ rows, cols, stride, len int }

// gemmShapes returns whether op(a) and op(b) are transposed, the m×k and k×n of the product,
// and whether the shapes agree and the slices are long enough (the checks of gonum's Dgemm,
// which Gemm leaves to blas64.Gemm when one fails).
func gemmShapes(tA, tB blas.Transpose, a, b, c shape) (ta, tb bool, m, n, k int, ok bool) {
	ta, tb = tA == blas.Trans || tA == blas.ConjTrans, tB == blas.Trans || tB == blas.ConjTrans
	m, k = a.rows, a.cols
	if ta {
		m, k = k, m
	}
	kb, n := b.rows, b.cols
	if tb {
		kb, n = n, kb
	}
	okT := func(t blas.Transpose) bool {
		return t == blas.NoTrans || t == blas.Trans || t == blas.ConjTrans
	}
	if !okT(tA) || !okT(tB) || k != kb || c.rows != m || c.cols != n || m < 0 || n < 0 || k < 0 {
		return ta, tb, m, n, k, false
	}
	enough := func(g shape) bool {
		if g.stride < max(1, g.cols) {
			return false
		}
		return g.rows == 0 || g.cols == 0 || g.len >= (g.rows-1)*g.stride+g.cols
	}
	return ta, tb, m, n, k, enough(a) && enough(b) && enough(c)
}

// The blocking of Gemm: the micro-tile is gemmMR×gemmNR (six rows of four-lane registers
// times two), a packed a block gemmMC×gemmKC (192 KiB, for the L2 cache), a packed b
// sliver gemmKC×gemmNR (16 KiB, for L1). Only gemmKC changes the bits of the result (it is
// where the sums are cut); gemmMC and gemmNC only change speed. Sgemm uses the same blocking
// with tiles of sgemmMR×sgemmNR.
const (
	gemmMR           = 6
	gemmNR           = 8
	gemmWideNR       = 16 // the AVX-512 kernel's tile: 6×16 (gemmTile)
	gemmKC           = 256
	gemmMC           = 96
	gemmNC           = 2048
	gemmParallelWork = 1 << 21
	gemmTileMax      = 6 * 16 // the largest micro-tile, Sgemm's
)

// gemmArgs is one product: its operands, and the micro-kernel with its mr×nr tile.
type gemmArgs[T float] struct {
	ta, tb        bool
	k             int
	alpha         T
	a, b, c       []T
	lda, ldb, ldc int
	mr, nr        int
	kernel        func(k int, a, b, c []T, ldc int, alpha T, store bool)
	// kernelIdx, when set, is the micro-kernel over listed steps of SgemmSkipZeros: each
	// packed sliver of op(a) drops its all-zero steps (compact) and runs through it.
	kernelIdx func(n int, idx []int32, a, b, c []T, ldc int, alpha T, store bool)
	// kernelRow and kernelIdxRow, when set (Sgemm's), are kernel and kernelIdx over a row of
	// tiles side by side, the slivers of b bs values apart: one call per sliver of a and
	// block of b instead of one per tile.
	kernelRow    func(k int, a, b []T, bs int, c []T, ldc int, alpha T, store bool, tiles int)
	kernelIdxRow func(n int, idx []int32, a, b []T, kc, bs int, c []T, ldc int, alpha T, store bool, tiles int)
	store        bool // beta is 0: the first block of k writes c without reading it
	// panels, when set, holds op(b) packed already (PackedB32): panel pc/gemmKC is the block
	// of steps [pc, pc+kc) over all n columns, in slivers of nr, so that the columns from jc
	// on start at panel[jc·kc:]; run then packs no b.
	panels [][]T
	// apanels, when set, holds op(a) packed already (PackedA32): panel pc/gemmKC is the block
	// of steps [pc, pc+kc) over all m rows, in slivers of mr, so that the rows from ic on
	// (ic a multiple of mr) start at panel[ic·kc:]; run then packs no a (and kernelIdx, which
	// compacts the packed a in place, must be nil).
	apanels [][]T
	pool    *sync.Pool // of *[]T packing buffers
	workers int        // at most this many goroutines; ≤ 0: GOMAXPROCS
}

// gemmPool recycles packing buffers (every element is written before it is read).
var gemmPool = sync.Pool{New: func() any { return new([]float64) }}

// run computes the block rows [i0, i1) × columns [j0, j1) of c.
func (g *gemmArgs[T]) run(i0, i1, j0, j1 int) {
	// Packing buffers sized to this block (a thin product gets small ones).
	up := func(x, u int) int { return (x + u - 1) / u * u }
	mr, nr := g.mr, g.nr
	kcMax := min(gemmKC, g.k)
	la := min(gemmMC, up(i1-i0, mr)) * kcMax
	if g.apanels != nil {
		la = 0
	}
	need := la + kcMax*min(gemmNC, up(j1-j0, nr))
	if g.panels != nil {
		need = la
	}
	bufp := g.pool.Get().(*[]T)
	defer g.pool.Put(bufp)
	if cap(*bufp) < need {
		*bufp = make([]T, need)
	}
	buf := (*bufp)[:need]
	pa, pb := buf[:la], buf[la:]
	// SgemmSkipZeros: the steps each sliver of the packed a keeps (kept[s] of them, listed in
	// steps[s·kcMax:]).
	var steps []int32
	var kept []int
	if g.kernelIdx != nil {
		stp := idxPool.Get().(*[]int32)
		defer idxPool.Put(stp)
		ns := la / (mr * kcMax)
		if cap(*stp) < ns*kcMax {
			*stp = make([]int32, ns*kcMax)
		}
		steps, kept = (*stp)[:ns*kcMax], make([]int, ns)
	}
	var tileBuf [gemmTileMax]T
	tile := tileBuf[:mr*nr]
	for jc := j0; jc < j1; jc += gemmNC {
		nc := min(gemmNC, j1-jc)
		for pc := 0; pc < g.k; pc += gemmKC {
			kc := min(gemmKC, g.k-pc)
			store := g.store && pc == 0
			if g.panels != nil {
				pb = g.panels[pc/gemmKC][jc*kc:]
			} else {
				g.packB(pb, pc, kc, jc, nc)
			}
			for ic := i0; ic < i1; ic += gemmMC {
				mc := min(gemmMC, i1-ic)
				if g.apanels != nil {
					pa = g.apanels[pc/gemmKC][ic*kc:]
				} else {
					g.packA(pa, ic, mc, pc, kc)
				}
				if steps != nil {
					for ir := 0; ir < mc; ir += mr {
						kept[ir/mr] = compact(pa[ir*kc:(ir+mr)*kc], steps[ir/mr*kcMax:][:kc], mr)
					}
				}
				if g.kernelRow != nil {
					g.rows(pa, pb, tile, steps, kept, kcMax, kc, mc, nc, ic*g.ldc+jc, store)
					continue
				}
				for jr := 0; jr < nc; jr += nr {
					for ir := 0; ir < mc; ir += mr {
						g.tile(pa, pb[jr*kc:(jr+nr)*kc], tile, steps, kept, kcMax, kc, ir, mc, jr, nc, (ic+ir)*g.ldc+jc+jr, store)
					}
				}
			}
		}
	}
}

// rows multiplies the packed block of a (mc rows) by the packed block of b (nc columns) into
// c at off, one call of kernelRow (or kernelIdxRow, over the kept steps of a sparse sliver)
// per full sliver of a for the full slivers of b, and tile by tile at the edges.
func (g *gemmArgs[T]) rows(pa, pb, tile []T, steps []int32, kept []int, kcMax, kc, mc, nc, off int, store bool) {
	mr, nr := g.mr, g.nr
	if full := nc / nr; full > 0 {
		for ir := 0; ir+mr <= mc; ir += mr {
			as, c := pa[ir*kc:(ir+mr)*kc], g.c[off+ir*g.ldc:]
			if s := ir / mr; steps != nil && kept[s] < kc {
				g.kernelIdxRow(kept[s], steps[s*kcMax:], as, pb, kc, nr*kc, c, g.ldc, g.alpha, store, full)
			} else {
				g.kernelRow(kc, as, pb, nr*kc, c, g.ldc, g.alpha, store, full)
			}
		}
	}
	for jr := 0; jr < nc; jr += nr {
		for ir := 0; ir < mc; ir += mr {
			if jr+nr <= nc && ir+mr <= mc {
				continue // done above
			}
			g.tile(pa, pb[jr*kc:(jr+nr)*kc], tile, steps, kept, kcMax, kc, ir, mc, jr, nc, off+ir*g.ldc+jr, store)
		}
	}
}

// tile multiplies the packed sliver of a at row ir of the block (mc rows) with the packed
// sliver bs of b at column jr (nc columns) into c at off: by the dense micro-kernel, or by
// kernelIdx over the kept steps of a sparse sliver; an edge tile through a full-size copy, so
// that the kernel never touches c outside the matrix (the bits are those of a full tile).
func (g *gemmArgs[T]) tile(pa, bs, tile []T, steps []int32, kept []int, kcMax, kc, ir, mc, jr, nc, off int, store bool) {
	mr, nr := g.mr, g.nr
	mrr, nrr := min(mr, mc-ir), min(nr, nc-jr)
	as := pa[ir*kc : (ir+mr)*kc]
	sparse := steps != nil && kept[ir/mr] < kc
	if mrr == mr && nrr == nr {
		if sparse {
			g.kernelIdx(kept[ir/mr], steps[ir/mr*kcMax:], as, bs, g.c[off:], g.ldc, g.alpha, store)
			return
		}
		g.kernel(kc, as, bs, g.c[off:], g.ldc, g.alpha, store)
		return
	}
	for i := range mrr {
		copy(tile[i*nr:i*nr+nrr], g.c[off+i*g.ldc:off+i*g.ldc+nrr])
	}
	if sparse {
		g.kernelIdx(kept[ir/mr], steps[ir/mr*kcMax:], as, bs, tile, nr, g.alpha, store)
	} else {
		g.kernel(kc, as, bs, tile, nr, g.alpha, store)
	}
	for i := range mrr {
		copy(g.c[off+i*g.ldc:off+i*g.ldc+nrr], tile[i*nr:i*nr+nrr])
	}
}

// idxPool recycles SgemmSkipZeros' lists of kept steps.
var idxPool = sync.Pool{New: func() any { return new([]int32) }}

// compact drops from the packed sliver s (steps of w values) the steps whose w values are all
// ±0, moving the others down in order, lists the kept steps' indices in steps and returns
// their count. Cost O(len(s)), one pass; for Sgemm's slivers (six float32) without a branch
// per step (compact6).
func compact[T float](s []T, steps []int32, w int) int {
	if s32, ok := any(s).([]float32); ok && w == 6 {
		return compact6(s32, steps)
	}
	n := 0
	for p := range steps {
		v := s[p*w : p*w+w]
		zero := true
		for _, x := range v {
			if x != 0 {
				zero = false
				break
			}
		}
		if zero {
			continue
		}
		if n != p {
			copy(s[n*w:n*w+w], v)
		}
		steps[n] = int32(p)
		n++
	}
	return n
}

// compact6 is compact for steps of six float32, read and moved as three uint64 words: every
// step is copied to the next free place, which it keeps only when one of its six values is
// not ±0 (the words OR to nonzero with the sign bits cleared), so the pass has no branch
// that depends on the data.
func compact6(s []float32, steps []int32) int {
	if len(steps) == 0 {
		return 0
	}
	_ = s[len(steps)*6-1]
	base := unsafe.Pointer(&s[0])
	n := 0
	for p := range steps {
		v := (*[3]uint64)(unsafe.Add(base, p*24))
		d := (*[3]uint64)(unsafe.Add(base, n*24))
		w0, w1, w2 := v[0], v[1], v[2]
		d[0], d[1], d[2] = w0, w1, w2
		steps[n] = int32(p)
		nz := (w0 | w1 | w2) &^ 0x8000000080000000
		n += int((nz | -nz) >> 63)
	}
	return n
}

// packA copies op(a)[ic:ic+mc, pc:pc+kc] into dst as slivers of mr rows: sliver s holds,
// for p = 0, …, kc−1, the mr values op(a)[ic+s·mr+i, pc+p], zero past row ic+mc.
func (g *gemmArgs[T]) packA(dst []T, ic, mc, pc, kc int) {
	packSlivers(dst, g.a, g.lda, g.ta, ic, mc, pc, kc, g.mr)
}

// packB copies op(b)[pc:pc+kc, jc:jc+nc] into dst as slivers of nr columns: sliver s
// holds, for p = 0, …, kc−1, the nr values op(b)[pc+p, jc+s·nr+j], zero past column jc+nc.
// It is packA's packing of op(b)ᵀ, whose entry (j, p) is b[p, j] unless tb.
func (g *gemmArgs[T]) packB(dst []T, pc, kc, jc, nc int) {
	packSlivers(dst, g.b, g.ldb, !g.tb, jc, nc, pc, kc, g.nr)
}

// packSlivers copies the rows×kc block at (r0, c0) of the matrix y into dst as slivers of w
// rows: sliver s holds, for p = 0, …, kc−1, the w values y[r0+s·w+i, c0+p], zero past row
// r0+rows. y[i, p] is x[p·ld+i] when trans (its rows are x's columns), x[i·ld+p] otherwise.
// The full slivers go through assembly where there is one (packColumnsAsm, packRowsAsm):
// packing element by element in Go cost a third of the time of the products it fed in
// package nn's training.
func packSlivers[T float](dst, x []T, ld int, trans bool, r0, rows, c0, kc, w int) {
	if trans {
		packColumns(dst, x, ld, r0, rows, c0, kc, w)
		return
	}
	for ir := 0; ir < rows; ir += w {
		s := dst[ir*kc : (ir+w)*kc]
		n := min(w, rows-ir)
		from := 0
		if n == w {
			from = packRowsAsm(s, x[(r0+ir)*ld+c0:], ld, kc, w)
		}
		for i := range w {
			if i >= n {
				for p := range kc {
					s[p*w+i] = 0
				}
				continue
			}
			for p, v := range x[(r0+ir+i)*ld+c0:][from:kc] {
				s[(from+p)*w+i] = v
			}
		}
	}
}

// packColumns is packSlivers when trans: for fixed p the values of all slivers are the
// contiguous x[(c0+p)·ld+r0:][:rows], so it reads x one row at a time (a sliver at a time
// would touch kc rows of x, kc pages apart, per few values).
func packColumns[T float](dst, x []T, ld, r0, rows, c0, kc, w int) {
	full := rows / w * w
	done := packColumnsAsm(dst, x[c0*ld+r0:], ld, full/w, kc, w)
	if done && full == rows {
		return
	}
	for p := range kc {
		src := x[(c0+p)*ld+r0:][:rows]
		if !done {
			for ir := 0; ir < full; ir += w {
				copy(dst[ir*kc+p*w:][:w], src[ir:ir+w])
			}
		}
		if full < rows {
			d := dst[full*kc+p*w:][:w]
			copy(d, src[full:])
			clear(d[rows-full:])
		}
	}
}

// gemmKernelGo is the micro-kernel in pure Go, the reference the assembly must match: with
// a the packed sliver of gemmMR rows and b of gemmNR columns (k steps each), it sets
// c[i·ldc+j] = fma(alpha, acc_ij, c[i·ldc+j]) where acc_ij accumulates a_ip·b_pj for
// p = 0, …, k−1 in order, each step one fused multiply-add from zero. With store, c is not
// read and +0 takes its place (the first block of a product with beta = 0).
func gemmKernelGo(k int, a, b, c []float64, ldc int, alpha float64, store bool) {
	var acc [gemmMR][gemmNR]float64
	a, b = a[:k*gemmMR], b[:k*gemmNR]
	for p := range k {
		ap := a[p*gemmMR : p*gemmMR+gemmMR]
		bp := b[p*gemmNR : p*gemmNR+gemmNR]
		for i, ai := range ap {
			r := &acc[i]
			for j, bj := range bp {
				r[j] = math.FMA(ai, bj, r[j])
			}
		}
	}
	for i := range gemmMR {
		ci := c[i*ldc : i*ldc+gemmNR]
		for j := range ci {
			cij := ci[j]
			if store {
				cij = 0
			}
			ci[j] = math.FMA(alpha, acc[i][j], cij)
		}
	}
}
