//go:build !amd64 || purego

package kernel

func sgemmKernel(k int, a, b, c []float32, ldc int, alpha float32, store bool) {
	sgemmKernelGo(k, a, b, c, ldc, alpha, store)
}
