//go:build !amd64 || purego

package kernel

func gemmKernel(k int, a, b, c []float64, ldc int, alpha float64, store bool) {
	gemmKernelGo(k, a, b, c, ldc, alpha, store)
}

// gemmTile returns Gemm's micro-tile and kernel: 6×8 in pure Go.
func gemmTile() (mr, nr int, kernel func(k int, a, b, c []float64, ldc int, alpha float64, store bool)) {
	return gemmMR, gemmNR, gemmKernel
}
