//go:build amd64 && !purego

package kernel

// gemmKernel is the micro-kernel of Gemm: the assembly where the CPU has it, else
// gemmKernelGo (same bits). The caller guarantees k ≥ 1, len(a) ≥ 6k, len(b) ≥ 8k and six
// rows of eight values from c[0] at stride ldc.
func gemmKernel(k int, a, b, c []float64, ldc int, alpha float64, store bool) {
	if useAsm {
		_ = a[k*gemmMR-1]
		_ = b[k*gemmNR-1]
		_ = c[(gemmMR-1)*ldc+gemmNR-1]
		gemm6x8AVX2(k, &a[0], &b[0], &c[0], ldc, alpha, store)
		return
	}
	gemmKernelGo(k, a, b, c, ldc, alpha, store)
}

// gemm6x8AVX2 is the micro-kernel in assembly (gemm_amd64.s).
//
//go:noescape
func gemm6x8AVX2(k int, a, b, c *float64, ldc int, alpha float64, store bool)

// gemmTile returns Gemm's micro-tile and its kernel: 6×16 in 512-bit registers where the CPU
// has AVX-512 (useWide), else 6×8 (gemmKernel). Both give gemmKernelGo's bits.
func gemmTile() (mr, nr int, kernel func(k int, a, b, c []float64, ldc int, alpha float64, store bool)) {
	if useAsm && useWide {
		return gemmMR, gemmWideNR, gemmKernelWide
	}
	return gemmMR, gemmNR, gemmKernel
}

// gemmKernelWide is the 6×16 micro-kernel: two 6×8 tiles side by side in one pass over a.
// The caller guarantees k ≥ 1, len(a) ≥ 6k, len(b) ≥ 16k and six rows of sixteen values from
// c[0] at stride ldc.
func gemmKernelWide(k int, a, b, c []float64, ldc int, alpha float64, store bool) {
	_ = a[k*gemmMR-1]
	_ = b[k*gemmWideNR-1]
	_ = c[(gemmMR-1)*ldc+gemmWideNR-1]
	gemm6x16AVX512(k, &a[0], &b[0], &c[0], ldc, alpha, store)
}

// gemm6x16AVX512 is the wide micro-kernel in assembly (gemm_amd64.s).
//
//go:noescape
func gemm6x16AVX512(k int, a, b, c *float64, ldc int, alpha float64, store bool)
