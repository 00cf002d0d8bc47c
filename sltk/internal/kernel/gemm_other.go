//go:build !amd64 || purego

package kernel

func gemmKernel(k int, a, b, c []float64, ldc int, alpha float64, store bool) {
	gemmKernelGo(k, a, b, c, ldc, alpha, store)
}
