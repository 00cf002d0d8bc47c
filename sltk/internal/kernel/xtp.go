package kernel

import "math"

// XtPAdd adds the product AᵀP to sums without packing either factor: for j < m and c < kp,
//
//	sums[j·kp + c] += Σ_r a[j·lda + r]·p[r·kp + c]   (r < rows),
//
// each term one fused multiply-add onto the running value, rows in order (XtPAddGo is the
// reference; the assembly has the same bits), within (rows+2)·2⁻⁵²·(|sums| + Σ_r |a·p|) of
// the exact value (TestXtPAdd). A is stored transposed (row j of A is
// a[j·lda : j·lda + rows], e.g. a coordinate of the data over a run of points) and P is a run
// of rows of kp posteriors. It is the centroid update of deterministic annealing,
// [X 1]ᵀ·P over the rows whose posteriors GibbsQuads just wrote, while they are in L1: the
// shapes there ((d+1)×rows times rows×kp, d and kp small) are too thin for Gemm, whose packing
// costs more than its arithmetic. It panics unless m, rows ≥ 1, kp is a positive multiple of
// 4, lda ≥ rows and the slices are long enough. Cost O(m·rows·kp), no allocation; in
// assembly two rows of sums by sixteen columns live in registers while the rows of P stream.
func XtPAdd(sums, a []float64, lda, m int, p []float64, rows, kp int) {
	if m < 1 || rows < 1 || kp < 4 || kp%4 != 0 || lda < rows {
		panic("kernel: XtPAdd: m or rows < 1, kp not a positive multiple of 4, or lda < rows")
	}
	_ = sums[m*kp-1]
	_ = a[(m-1)*lda+rows-1]
	_ = p[rows*kp-1]
	xtpAdd(sums, a, lda, m, p, rows, kp)
}

// XtPAddGo is XtPAdd in pure Go: every sum a chain of math.FMA over the rows in order.
func XtPAddGo(sums, a []float64, lda, m int, p []float64, rows, kp int) {
	for j := range m {
		s := sums[j*kp : (j+1)*kp]
		for r, x := range a[j*lda : j*lda+rows] {
			for c, v := range p[r*kp : (r+1)*kp] {
				s[c] = math.FMA(x, v, s[c])
			}
		}
	}
}
