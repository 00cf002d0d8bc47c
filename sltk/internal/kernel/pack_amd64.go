//go:build amd64 && !purego

package kernel

import "unsafe"

// packColumnsAsm copies the nsl full slivers of packColumns (steps p < kc, w values each,
// from x[p·ld:], the slivers side by side) into dst in assembly when a sliver step is 24, 48
// or 64 bytes (Sgemm's 6 and 16, Gemm's 6 and 8), and reports whether it did.
func packColumnsAsm[T float](dst, x []T, ld, nsl, kc, w int) bool {
	size := int(unsafe.Sizeof(x[0]))
	if !useAsm || nsl == 0 || kc == 0 {
		return false
	}
	_ = x[(kc-1)*ld+nsl*w-1]
	_ = dst[nsl*kc*w-1]
	d, s := unsafe.Pointer(&dst[0]), unsafe.Pointer(&x[0])
	switch w * size {
	case 24:
		packCols24(kc, nsl, d, s, ld*size, kc*w*size)
	case 48:
		packCols48(kc, nsl, d, s, ld*size, kc*w*size)
	case 64:
		packCols64(kc, nsl, d, s, ld*size, kc*w*size)
	default:
		return false
	}
	return true
}

// packRowsAsm fills the first kc &^ 7 steps of a full float32 sliver s of width 6 or 16 from
// the w rows x[i·ld:] in assembly (eight steps of eight rows transposed in registers) and
// returns how many steps it filled: 0 for other widths, float64, or without the assembly.
func packRowsAsm[T float](s, x []T, ld, kc, w int) int {
	n8 := kc / 8
	s32, ok := any(s).([]float32)
	if !useAsm || !ok || n8 == 0 || (w != 6 && w != 16) {
		return 0
	}
	x32 := any(x).([]float32)
	_ = x32[(w-1)*ld+8*n8-1]
	_ = s32[8*n8*w-1]
	if w == 6 {
		gather32x6(n8, &s32[0], &x32[0], ld*4)
		return 8 * n8
	}
	gather32x8(n8, &s32[0], &x32[0], ld*4, 64)
	gather32x8(n8, &s32[8], &x32[8*ld], ld*4, 64)
	return 8 * n8
}

//go:noescape
func packCols24(kc, nsl int, dst, src unsafe.Pointer, ld, sl int)

//go:noescape
func packCols48(kc, nsl int, dst, src unsafe.Pointer, ld, sl int)

//go:noescape
func packCols64(kc, nsl int, dst, src unsafe.Pointer, ld, sl int)

//go:noescape
func gather32x8(n8 int, dst, src *float32, ld, step int)

//go:noescape
func gather32x6(n8 int, dst, src *float32, ld int)
