//go:build !amd64 || purego

package kernel

func sgemmKernel(k int, a, b, c []float32, ldc int, alpha float32, store bool) {
	sgemmKernelGo(k, a, b, c, ldc, alpha, store)
}

func sgemmKernelIdx(n int, idx []int32, a, b, c []float32, ldc int, alpha float32, store bool) {
	sgemmKernelIdxGo(n, idx, a, b, c, ldc, alpha, store)
}
