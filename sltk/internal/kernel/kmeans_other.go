//go:build !amd64 || purego

package kernel

func kmDistQuads(x []float64, nq, d int, ct []float64, kp int, out, best []float64, idx []int) {
	KMDistQuadsGo(x, nq, d, ct, kp, out, best, idx)
}

func kmAddRows(sums, x []float64, idx []int, d int) { KMAddRowsGo(sums, x, idx, d) }

func kmNearestQuads(x []float64, nq, d int, ct []float64, kp int, best []float64, idx []int) {
	KMNearestQuadsGo(x, nq, d, ct, kp, best, idx)
}

func kmOcts() bool { return false }
