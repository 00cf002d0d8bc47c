//go:build !amd64 || purego

package kernel

func screen32(idx []int32, dots []float32, norms []float64, qn, rel, abs, bound float64) int {
	return Screen32Go(idx, dots, norms, qn, rel, abs, bound)
}
