//go:build amd64 && !purego

package cluster

import "golang.org/x/sys/cpu"

// kmHasAVX2 reports whether the CPU (and the operating system) runs AVX2.
var kmHasAVX2 = cpu.X86.HasAVX2

//go:noescape
func kmDistQuadsAVX2(x *float64, nq, d int, ct *float64, kp int, out, best *float64, idx *int)

//go:noescape
func kmAddRowsAVX2(sums, x *float64, idx *int, m, d int)

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

// kmAddRows is kmAddRowsGo, in assembly where AVX2 is available. The caller guarantees
// 0 ≤ idx[r] < len(sums)/d (the assembly does not check it).
func kmAddRows(sums, x []float64, idx []int, d int) {
	if !kmHasAVX2 || len(idx) == 0 {
		kmAddRowsGo(sums, x, idx, d)
		return
	}
	_ = x[len(idx)*d-1]
	kmAddRowsAVX2(&sums[0], &x[0], &idx[0], len(idx), d)
}
