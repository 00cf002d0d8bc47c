//go:build !amd64 || purego

package kernel

func xtpAdd(sums, a []float64, lda, m int, p []float64, rows, kp int) {
	XtPAddGo(sums, a, lda, m, p, rows, kp)
}
