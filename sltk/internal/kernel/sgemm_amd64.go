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
