//go:build amd64 && !purego

package kernel

// sgemmKernel is the micro-kernel of Sgemm: the assembly where the CPU has it, else
// sgemmKernelGo (same bits). The caller guarantees k ≥ 1, len(a) ≥ 6k, len(b) ≥ 16k and six
// rows of sixteen values from c[0] at stride ldc.
func sgemmKernel(k int, a, b, c []float32, ldc int, alpha float32, store bool) {
	sgemmKernelRow(k, a, b, 0, c, ldc, alpha, store, 1)
}

// sgemmKernelRow is sgemmKernel over tiles ≥ 1 tiles side by side: tile t multiplies a by
// the sliver b[t·bs:] into the sixteen columns of c from 16t (sgemmKernelRowGo). The caller
// guarantees len(b) ≥ (tiles−1)·bs + 16k and six rows of 16·tiles values from c[0].
func sgemmKernelRow(k int, a, b []float32, bs int, c []float32, ldc int, alpha float32, store bool, tiles int) {
	if useAsm {
		_ = a[k*sgemmMR-1]
		_ = b[(tiles-1)*bs+k*sgemmNR-1]
		_ = c[(sgemmMR-1)*ldc+tiles*sgemmNR-1]
		if useWide {
			sgemm6x16AVX512(k, &a[0], &b[0], bs*4, &c[0], ldc, alpha, store, tiles)
			return
		}
		sgemm6x16AVX2(k, &a[0], &b[0], bs*4, &c[0], ldc, alpha, store, tiles)
		return
	}
	sgemmKernelRowGo(k, a, b, bs, c, ldc, alpha, store, tiles)
}

// sgemm6x16AVX2 is the micro-kernel in assembly (sgemm_amd64.s), over tiles tiles; bs in
// bytes.
//
//go:noescape
func sgemm6x16AVX2(k int, a, b *float32, bs int, c *float32, ldc int, alpha float32, store bool, tiles int)

// sgemmKernelIdx is the micro-kernel of SgemmSkipZeros: the assembly where the CPU has it,
// else sgemmKernelIdxGo (same bits). The caller guarantees len(idx) ≥ n, len(a) ≥ 6n, every
// idx[t] < kc for a b of len(b) ≥ 16·kc, and six rows of sixteen values from c[0] at stride ldc.
func sgemmKernelIdx(n int, idx []int32, a, b, c []float32, ldc int, alpha float32, store bool) {
	sgemmKernelIdxRow(n, idx, a, b, len(b)/sgemmNR, 0, c, ldc, alpha, store, 1)
}

// sgemmKernelIdxRow is sgemmKernelIdx over tiles ≥ 1 tiles side by side, tile t with the
// sliver b[t·bs:] of kc steps into the sixteen columns of c from 16t (sgemmKernelIdxRowGo).
// The caller guarantees every idx[t] < kc, len(b) ≥ (tiles−1)·bs + 16·kc and six rows of
// 16·tiles values from c[0].
func sgemmKernelIdxRow(n int, idx []int32, a, b []float32, kc, bs int, c []float32, ldc int, alpha float32, store bool, tiles int) {
	if useAsm {
		_ = c[(sgemmMR-1)*ldc+tiles*sgemmNR-1]
		_ = b[(tiles-1)*bs+kc*sgemmNR-1]
		var ip *int32
		var ap *float32
		if n > 0 {
			_ = idx[n-1]
			_ = a[n*sgemmMR-1]
			ip, ap = &idx[0], &a[0]
		}
		if useWide {
			sgemm6x16IdxAVX512(n, ip, ap, &b[0], bs*4, &c[0], ldc, alpha, store, tiles)
			return
		}
		sgemm6x16IdxAVX2(n, ip, ap, &b[0], bs*4, &c[0], ldc, alpha, store, tiles)
		return
	}
	sgemmKernelIdxRowGo(n, idx, a, b, bs, c, ldc, alpha, store, tiles)
}

// sgemm6x16IdxAVX2 is sgemmKernelIdxRow in assembly (sgemm_amd64.s); bs in bytes.
//
//go:noescape
func sgemm6x16IdxAVX2(n int, idx *int32, a, b *float32, bs int, c *float32, ldc int, alpha float32, store bool, tiles int)

// sgemm6x16AVX512 is sgemm6x16AVX2 in 512-bit registers, two tiles at a time, for CPUs with
// AVX-512 (sgemm_amd64.s); same bits.
//
//go:noescape
func sgemm6x16AVX512(k int, a, b *float32, bs int, c *float32, ldc int, alpha float32, store bool, tiles int)

// sgemm6x16IdxAVX512 is sgemm6x16IdxAVX2 in 512-bit registers (sgemm_amd64.s); same bits.
//
//go:noescape
func sgemm6x16IdxAVX512(n int, idx *int32, a, b *float32, bs int, c *float32, ldc int, alpha float32, store bool, tiles int)
