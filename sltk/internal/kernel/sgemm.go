package kernel

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// Sgemm is Gemm in float32: c = alpha·op(a)·op(b) + beta·c with the contract and argument
// order of gonum's blas32.Gemm (bad shapes panic with its messages). It is the product under
// package nn's float32 training. Same blocking, packing and splitting over cores as Gemm, with
// a 6×16 micro-tile (twelve AVX2 registers of eight float32 lanes): where Asm() is true the
// micro-kernel runs in Go assembly (sgemm_amd64.s), otherwise in sgemmKernelGo, and both do
// the same float32 fused multiply-adds in the same order, so they return the same bits, and
// the bits do not depend on GOMAXPROCS. Relative to Σ|a||b| the result is within about
// k·2⁻²⁴ of the exact product. Cost O(m·n·k) for an m×k times k×n product, twice Gemm's
// speed per core (eight lanes instead of four). Where the CPU has AVX-512 the kernels run two
// tiles at a time in 512-bit registers (sgemm6x16AVX512; same bits, same packing), which on
// the Zen 5 bench machine doubled the rate on package nn's shapes (47–50 → 95–101 GFLOP/s on
// one core, best of four).
func Sgemm(tA, tB blas.Transpose, alpha float32, a, b blas32.General, beta float32, c blas32.General) {
	SgemmWorkers(0, tA, tB, alpha, a, b, beta, c)
}

// SgemmWorkers is Sgemm with its product split over at most workers goroutines (GOMAXPROCS
// when workers ≤ 0), as GemmWorkers is Gemm's. Same bits as Sgemm.
func SgemmWorkers(workers int, tA, tB blas.Transpose, alpha float32, a, b blas32.General, beta float32, c blas32.General) {
	sgemm(workers, nil, tA, tB, alpha, a, b, beta, c)
}

// SgemmSkipZeros is SgemmWorkers for an op(a) with many exact zeros, such as the pixels of
// images: after packing a block of op(a), each sliver of six rows drops the steps p at which
// its six values are all ±0, and the micro-kernel (sgemmKernelIdx) multiplies the remaining
// steps with the rows of the packed op(b) they index. A sliver with no such step runs the
// dense micro-kernel. A dropped step would add ±0·b_pj to each accumulator, which leaves a
// finite sum unchanged, so the result has Sgemm's bits wherever b is finite (except that a
// zero of c may carry the other sign); with an infinite or NaN b_pj at a dropped step, Sgemm's
// NaN does not appear. Cost: the multiply-adds of the steps kept, plus one pass over each
// packed block of op(a) (six loads and a compare per step) to find them; worth it when a good
// share of the six-row steps are all zero (package nn's first layer on Fashion-MNIST: a
// third of them in the product with the batch transposed, a sixth in the one with the batch).
func SgemmSkipZeros(workers int, tA, tB blas.Transpose, alpha float32, a, b blas32.General, beta float32, c blas32.General) {
	sgemm(workers, sgemmKernelIdx, tA, tB, alpha, a, b, beta, c)
}

// PackedB32 is the right operand op(b) of several Sgemm products packed once, the way Sgemm
// packs it for itself (panels of 256 steps, slivers of 16 columns, zero past the last
// column), so that products sharing it skip the copy: package nn's two batch shards multiply
// their inputs by the same first-layer weights, whose packing cost each shard about a sixth of
// that product's time. Pack fills it (in parts, from several goroutines if wanted);
// SgemmPacked multiplies with it, with the bits of Sgemm (or SgemmSkipZeros) on op(b).
type PackedB32 struct {
	k, n   int
	panels [][]float32
}

// NewPackedB32 returns the empty packing of a k×n op(b). Cost: k·⌈n/16⌉·16 float32 values.
func NewPackedB32(k, n int) *PackedB32 {
	return &PackedB32{k: k, n: n, panels: newPanels(k, (n+sgemmNR-1)/sgemmNR*sgemmNR)}
}

// newPanels returns the panels of a packed operand with k steps and w rows or columns (padded
// to whole slivers): one of min(gemmKC, k − pc)·w values for each block of steps from pc on.
func newPanels(k, w int) [][]float32 {
	var panels [][]float32
	for pc := 0; pc < k; pc += gemmKC {
		panels = append(panels, make([]float32, min(gemmKC, k-pc)*w))
	}
	return panels
}

// Pack packs part (0 ≤ part < parts) of op(b), which must be k×n (it panics otherwise): the
// part-th of parts nearly equal ranges of whole 16-column slivers, in every panel. Parts
// packed by different goroutines are independent; all parts must be packed before a
// product. Cost O(k·n/parts).
func (p *PackedB32) Pack(tB blas.Transpose, b blas32.General, part, parts int) {
	tb := tB == blas.Trans || tB == blas.ConjTrans
	kb, nb := b.Rows, b.Cols
	if tb {
		kb, nb = nb, kb
	}
	if kb != p.k || nb != p.n || b.Stride < max(1, b.Cols) || (b.Rows > 0 && b.Cols > 0 && len(b.Data) < (b.Rows-1)*b.Stride+b.Cols) ||
		part < 0 || part >= parts {
		panic("kernel: PackedB32.Pack: op(b) does not match the packing")
	}
	slivers := (p.n + sgemmNR - 1) / sgemmNR
	j0 := part * slivers / parts * sgemmNR
	j1 := min(p.n, (part+1)*slivers/parts*sgemmNR)
	if j0 >= j1 {
		return
	}
	g := gemmArgs[float32]{tb: tb, b: b.Data, ldb: b.Stride, nr: sgemmNR}
	for i, panel := range p.panels {
		pc := i * gemmKC
		kc := min(gemmKC, p.k-pc)
		g.packB(panel[j0*kc:], pc, kc, j0, j1-j0)
	}
}

// SgemmPacked is SgemmWorkers (or SgemmSkipZeros with skipZeros) with op(b) packed in b:
// c = alpha·op(a)·op(b) + beta·c, with their bits. Bad shapes panic with gonum's messages.
func SgemmPacked(workers int, skipZeros bool, tA blas.Transpose, alpha float32, a blas32.General, b *PackedB32, beta float32, c blas32.General) {
	shapeB := shape{b.k, b.n, max(1, b.n), b.k * b.n}
	ta, _, m, n, k, ok := gemmShapes(tA, blas.NoTrans, shape{a.Rows, a.Cols, a.Stride, len(a.Data)},
		shapeB, shape{c.Rows, c.Cols, c.Stride, len(c.Data)})
	if !ok {
		fake := blas32.General{Rows: b.k, Cols: b.n, Stride: max(1, b.n), Data: make([]float32, b.k*b.n)}
		blas32.Gemm(tA, blas.NoTrans, alpha, a, fake, beta, c) // panics with gonum's message
		return
	}
	g := gemmArgs[float32]{ta: ta, k: k, alpha: alpha, a: a.Data, lda: a.Stride, c: c.Data, ldc: c.Stride,
		mr: sgemmMR, nr: sgemmNR, kernel: sgemmKernel, kernelRow: sgemmKernelRow, pool: &sgemmPool, workers: workers,
		panels: b.panels}
	if skipZeros {
		g.kernelIdx, g.kernelIdxRow = sgemmKernelIdx, sgemmKernelIdxRow
	}
	gemm(g, m, n, beta)
}

// PackedA32 is the left operand op(a) of several Sgemm products packed once, the way Sgemm
// packs it for itself (panels of 256 steps, slivers of six rows, zero past the last row), so
// that products sharing it skip the copy: package neighbors multiplies one batch of queries
// by every block of rows, and packing the 480 queries again for each block of 256 rows cost
// 6 % of the product's time. Pack fills it; SgemmPackedAB multiplies it with a PackedB32, with
// the bits of Sgemm.
type PackedA32 struct {
	m, k   int
	panels [][]float32
}

// NewPackedA32 returns the empty packing of an m×k op(a). Cost: ⌈m/6⌉·6·k float32 values.
func NewPackedA32(m, k int) *PackedA32 {
	return &PackedA32{m: m, k: k, panels: newPanels(k, (m+sgemmMR-1)/sgemmMR*sgemmMR)}
}

// Pack packs op(a), which must be m×k (it panics otherwise), replacing what was packed
// before. Cost O(m·k).
func (p *PackedA32) Pack(tA blas.Transpose, a blas32.General) {
	ta := tA == blas.Trans || tA == blas.ConjTrans
	ma, ka := a.Rows, a.Cols
	if ta {
		ma, ka = ka, ma
	}
	if ma != p.m || ka != p.k || a.Stride < max(1, a.Cols) || (a.Rows > 0 && a.Cols > 0 && len(a.Data) < (a.Rows-1)*a.Stride+a.Cols) {
		panic("kernel: PackedA32.Pack: op(a) does not match the packing")
	}
	if p.m == 0 {
		return
	}
	for i, panel := range p.panels {
		pc := i * gemmKC
		packSlivers(panel, a.Data, a.Stride, ta, 0, p.m, pc, min(gemmKC, p.k-pc), sgemmMR)
	}
}

// SgemmPackedAB is SgemmWorkers with op(a) packed in a and op(b) in b: c = alpha·op(a)·op(b) +
// beta·c, with its bits; it packs nothing. Package neighbors keeps its rows packed in blocks
// (one PackedB32 each) and packs each batch of queries once: its 480×256×64 products went
// from 72–79 GFMA/s (SgemmWorkers, one core) to 81–86 (BenchmarkSgemmKNN, medians of three
// runs on a loaded machine whose peak measured 95–100). It panics if a and b do not
// have the same k or c is not a.m × b.n (or too short).
func SgemmPackedAB(workers int, a *PackedA32, b *PackedB32, alpha, beta float32, c blas32.General) {
	_, _, m, n, k, ok := gemmShapes(blas.NoTrans, blas.NoTrans, shape{a.m, a.k, max(1, a.k), a.m * a.k},
		shape{b.k, b.n, max(1, b.n), b.k * b.n}, shape{c.Rows, c.Cols, c.Stride, len(c.Data)})
	if !ok {
		panic("kernel: SgemmPackedAB: the shapes of a, b and c do not match")
	}
	g := gemmArgs[float32]{k: k, alpha: alpha, c: c.Data, ldc: c.Stride,
		mr: sgemmMR, nr: sgemmNR, kernel: sgemmKernel, kernelRow: sgemmKernelRow, pool: &sgemmPool, workers: workers,
		apanels: a.panels, panels: b.panels}
	gemm(g, m, n, beta)
}

// sgemm is SgemmWorkers with kernelIdx, when not nil, as the micro-kernel over the kept steps
// of SgemmSkipZeros.
func sgemm(workers int, kernelIdx func(n int, idx []int32, a, b, c []float32, ldc int, alpha float32, store bool),
	tA, tB blas.Transpose, alpha float32, a, b blas32.General, beta float32, c blas32.General) {
	ta, tb, m, n, k, ok := gemmShapes(tA, tB, shape{a.Rows, a.Cols, a.Stride, len(a.Data)},
		shape{b.Rows, b.Cols, b.Stride, len(b.Data)}, shape{c.Rows, c.Cols, c.Stride, len(c.Data)})
	if !ok {
		blas32.Gemm(tA, tB, alpha, a, b, beta, c) // panics with gonum's message
		return
	}
	g := gemmArgs[float32]{ta: ta, tb: tb, k: k, alpha: alpha,
		a: a.Data, lda: a.Stride, b: b.Data, ldb: b.Stride, c: c.Data, ldc: c.Stride,
		mr: sgemmMR, nr: sgemmNR, kernel: sgemmKernel, kernelRow: sgemmKernelRow, kernelIdx: kernelIdx,
		pool: &sgemmPool, workers: workers}
	if kernelIdx != nil {
		g.kernelIdxRow = sgemmKernelIdxRow
	}
	gemm(g, m, n, beta)
}

// The micro-tile of Sgemm.
const (
	sgemmMR = 6
	sgemmNR = 16
)

var sgemmPool = sync.Pool{New: func() any { return new([]float32) }}

// sgemmKernelGo is Sgemm's micro-kernel in pure Go, the reference the assembly must match:
// with a the packed sliver of sgemmMR rows and b of sgemmNR columns (k steps each), it sets
// c[i·ldc+j] = fma32(alpha, acc_ij, c[i·ldc+j]) where acc_ij accumulates a_ip·b_pj for
// p = 0, …, k−1 in order, each step one float32 fused multiply-add from zero. With store, c is
// not read and +0 takes its place, as in gemmKernelGo.
func sgemmKernelGo(k int, a, b, c []float32, ldc int, alpha float32, store bool) {
	var acc sgemmAcc
	a, b = a[:k*sgemmMR], b[:k*sgemmNR]
	for p := range k {
		acc.step(a[p*sgemmMR:p*sgemmMR+sgemmMR], b[p*sgemmNR:p*sgemmNR+sgemmNR])
	}
	acc.finish(c, ldc, alpha, store)
}

// sgemmKernelIdxGo is sgemmKernelGo over the steps idx[0], …, idx[n−1] of b only: a holds
// the n steps' sgemmMR values back to back, step t multiplies them with the sgemmNR values
// b[idx[t]·sgemmNR:]. With n = 0 the accumulators stay zero and c is finished as usual.
func sgemmKernelIdxGo(n int, idx []int32, a, b, c []float32, ldc int, alpha float32, store bool) {
	var acc sgemmAcc
	a, idx = a[:n*sgemmMR], idx[:n]
	for t, p := range idx {
		acc.step(a[t*sgemmMR:t*sgemmMR+sgemmMR], b[int(p)*sgemmNR:int(p)*sgemmNR+sgemmNR])
	}
	acc.finish(c, ldc, alpha, store)
}

// sgemmKernelRowGo is sgemmKernelGo over tiles tiles side by side: tile t multiplies a by
// the packed sliver b[t·bs:] into the sixteen columns of c from 16t; the reference of the
// assembly's loop over tiles.
func sgemmKernelRowGo(k int, a, b []float32, bs int, c []float32, ldc int, alpha float32, store bool, tiles int) {
	for t := range tiles {
		sgemmKernelGo(k, a, b[t*bs:], c[t*sgemmNR:], ldc, alpha, store)
	}
}

// sgemmKernelIdxRowGo is sgemmKernelIdxGo over tiles tiles side by side, as sgemmKernelRowGo.
func sgemmKernelIdxRowGo(n int, idx []int32, a, b []float32, bs int, c []float32, ldc int, alpha float32, store bool, tiles int) {
	for t := range tiles {
		sgemmKernelIdxGo(n, idx, a, b[t*bs:], c[t*sgemmNR:], ldc, alpha, store)
	}
}

// sgemmAcc holds the micro-tile's accumulators of the pure-Go micro-kernels.
type sgemmAcc [sgemmMR][sgemmNR]float32

// step adds the outer product of one step's sgemmMR values of a and sgemmNR values of b,
// one float32 fused multiply-add per accumulator.
func (acc *sgemmAcc) step(ap, bp []float32) {
	for i, ai := range ap {
		r := &acc[i]
		for j, bj := range bp {
			r[j] = fma32(ai, bj, r[j])
		}
	}
}

// finish sets c[i·ldc+j] = fma32(alpha, acc_ij, c[i·ldc+j]), or with store, c not read and +0
// in its place.
func (acc *sgemmAcc) finish(c []float32, ldc int, alpha float32, store bool) {
	for i := range sgemmMR {
		ci := c[i*ldc : i*ldc+sgemmNR]
		for j := range ci {
			cij := ci[j]
			if store {
				cij = 0
			}
			ci[j] = fma32(alpha, acc[i][j], cij)
		}
	}
}

// fma32 returns x·y + z rounded once to float32 (to nearest, ties to even), as the VFMADD…PS
// instructions do; Go has no float32 math.FMA. The product x·y is exact in float64 (24 + 24
// significant bits ≤ 53), so only the sum rounds: it is rounded to float64 "to odd" (an
// inexact result gets its last bit set, found from the exact error of the sum) and then to
// float32, which is correct because float64 carries more than 24 + 2 bits.
func fma32(x, y, z float32) float32 {
	p, q := float64(x)*float64(y), float64(z)
	s := p + q
	if math.IsInf(s, 0) || math.IsNaN(s) {
		return float32(s)
	}
	// The exact error e = p + q − s (Knuth's two-sum); if s is inexact and its last bit is
	// even, move it one ulp towards the exact value: the neighbour there has an odd last bit.
	bv := s - p
	e := (p - (s - bv)) + (q - bv)
	if bits := math.Float64bits(s); e != 0 && bits&1 == 0 {
		if (e > 0) == (s > 0) {
			bits++
		} else {
			bits--
		}
		s = math.Float64frombits(bits)
	}
	return float32(s)
}
