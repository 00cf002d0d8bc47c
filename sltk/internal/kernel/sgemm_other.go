//go:build !amd64 || purego

package kernel

func sgemmKernel(k int, a, b, c []float32, ldc int, alpha float32, store bool) {
	sgemmKernelGo(k, a, b, c, ldc, alpha, store)
}

func sgemmKernelRow(k int, a, b []float32, bs int, c []float32, ldc int, alpha float32, store bool, tiles int) {
	sgemmKernelRowGo(k, a, b, bs, c, ldc, alpha, store, tiles)
}

func sgemmKernelIdx(n int, idx []int32, a, b, c []float32, ldc int, alpha float32, store bool) {
	sgemmKernelIdxGo(n, idx, a, b, c, ldc, alpha, store)
}

func sgemmKernelIdxRow(n int, idx []int32, a, b []float32, kc, bs int, c []float32, ldc int, alpha float32, store bool, tiles int) {
	sgemmKernelIdxRowGo(n, idx, a, b, bs, c, ldc, alpha, store, tiles)
}
