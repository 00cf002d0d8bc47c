//go:build amd64 && !purego

package kernel

// sgemmKernel is the micro-kernel of Sgemm: the assembly where the CPU has it, else
// sgemmKernelGo (same bits). The caller guarantees k ≥ 1, len(a) ≥ 6k, len(b) ≥ 16k and six
// rows of sixteen values from c[0] at stride ldc.
func sgemmKernel(k int, a, b, c []float32, ldc int, alpha float32, store bool) {
	if useAsm {
		_ = a[k*sgemmMR-1]
		_ = b[k*sgemmNR-1]
		_ = c[(sgemmMR-1)*ldc+sgemmNR-1]
		sgemm6x16AVX2(k, &a[0], &b[0], &c[0], ldc, alpha, store)
		return
	}
	sgemmKernelGo(k, a, b, c, ldc, alpha, store)
}

// sgemm6x16AVX2 is the micro-kernel in assembly (sgemm_amd64.s).
//
//go:noescape
func sgemm6x16AVX2(k int, a, b, c *float32, ldc int, alpha float32, store bool)

// sgemmKernelIdx is the micro-kernel of SgemmSkipZeros: the assembly where the CPU has it,
// else sgemmKernelIdxGo (same bits). The caller guarantees len(idx) ≥ n, len(a) ≥ 6n, every
// idx[t] < kc for a b of len(b) ≥ 16·kc, and six rows of sixteen values from c[0] at stride ldc.
func sgemmKernelIdx(n int, idx []int32, a, b, c []float32, ldc int, alpha float32, store bool) {
	if useAsm {
		_ = c[(sgemmMR-1)*ldc+sgemmNR-1]
		var ip *int32
		var ap *float32
		if n > 0 {
			_ = idx[n-1]
			_ = a[n*sgemmMR-1]
			ip, ap = &idx[0], &a[0]
		}
		sgemm6x16IdxAVX2(n, ip, ap, &b[0], &c[0], ldc, alpha, store)
		return
	}
	sgemmKernelIdxGo(n, idx, a, b, c, ldc, alpha, store)
}

// sgemm6x16IdxAVX2 is sgemmKernelIdx in assembly (sgemm_amd64.s).
//
//go:noescape
func sgemm6x16IdxAVX2(n int, idx *int32, a, b, c *float32, ldc int, alpha float32, store bool)
