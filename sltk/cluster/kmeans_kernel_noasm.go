//go:build !amd64 || noasm

package cluster

const kmHasAVX2 = false

// kmDistQuads is kmDistQuadsGo: this build has no assembly kernel.
func kmDistQuads(x []float64, nq, d int, ct []float64, kp int, out, best []float64, idx []int) {
	kmDistQuadsGo(x, nq, d, ct, kp, out, best, idx)
}
