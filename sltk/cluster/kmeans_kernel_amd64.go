//go:build !noasm

package cluster

// kmHasAVX2 reports whether the CPU and the operating system support AVX2 (CPUID and XGETBV, in
// kmeans_kernel_amd64.s).
var kmHasAVX2 = kmCPUHasAVX2()

//go:noescape
func kmDistQuadsAVX2(x *float64, nq, d int, ct *float64, kp int, out, best *float64, idx *int)

func kmCPUHasAVX2() bool

// kmDistQuads is kmDistQuadsGo, in assembly where AVX2 is available. It needs nq ≥ 1, d ≥ 1,
// kp a positive multiple of 4, len(x) ≥ 4·nq·d, len(ct) ≥ d·kp, len(out) ≥ 4·nq·kp and
// len(best), len(idx) ≥ 4·nq.
func kmDistQuads(x []float64, nq, d int, ct []float64, kp int, out, best []float64, idx []int) {
	if !kmHasAVX2 {
		kmDistQuadsGo(x, nq, d, ct, kp, out, best, idx)
		return
	}
	_ = x[4*nq*d-1]
	_ = ct[d*kp-1]
	_ = out[4*nq*kp-1]
	_ = best[4*nq-1]
	_ = idx[4*nq-1]
	kmDistQuadsAVX2(&x[0], nq, d, &ct[0], kp, &out[0], &best[0], &idx[0])
}
