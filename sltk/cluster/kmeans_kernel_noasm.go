//go:build !amd64 || purego

package cluster

const kmHasAVX2 = false

// kmDistQuads is kmDistQuadsGo: this build has no assembly kernel.
func kmDistQuads(x []float64, nq, d int, ct []float64, kp int, out, best []float64, idx []int) {
	kmDistQuadsGo(x, nq, d, ct, kp, out, best, idx)
}

// kmAddRows is kmAddRowsGo: this build has no assembly kernel.
func kmAddRows(sums, x []float64, idx []int, d int) { kmAddRowsGo(sums, x, idx, d) }
