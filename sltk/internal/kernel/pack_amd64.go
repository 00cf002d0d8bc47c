//go:build amd64 && !purego

package kernel

import "unsafe"

// packColumnsAsm copies the nsl full slivers of packColumns (steps p < kc, w values each,
// from x[p·ld:], the slivers side by side) into dst in assembly when a sliver step is 24, 48,
// 64 or 128 bytes (Sgemm's 6 and 16, Gemm's 6, 8 and 16), and reports whether it did.
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
	case 128:
		packCols128(kc, nsl, d, s, ld*size, kc*w*size)
	default:
		return false
	}
	return true
}

// packRowsAsm fills the first steps of a full sliver s from the w rows x[i·ld:] in assembly
// and returns how many steps it filled: kc &^ 7 for float32 slivers of width 6 or 16 (eight
// steps of eight rows transposed in registers), kc &^ 3 for float64 slivers of width 6 or 8
// (four steps of four rows at a time); 0 for other widths or without the assembly.
func packRowsAsm[T float](s, x []T, ld, kc, w int) int {
	if s64, ok := any(s).([]float64); ok {
		n4 := kc / 4
		if !useAsm || n4 == 0 || (w != 6 && w != 8) {
			return 0
		}
		x64 := any(x).([]float64)
		_ = x64[(w-1)*ld+4*n4-1]
		_ = s64[4*n4*w-1]
		if w == 6 {
			gather64x6(n4, &s64[0], &x64[0], ld*8)
		} else {
			gather64x8(n4, &s64[0], &x64[0], ld*8)
		}
		return 4 * n4
	}
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
func packCols128(kc, nsl int, dst, src unsafe.Pointer, ld, sl int)

//go:noescape
func gather32x8(n8 int, dst, src *float32, ld, step int)

//go:noescape
func gather32x6(n8 int, dst, src *float32, ld int)

//go:noescape
func gather64x6(n4 int, dst, src *float64, ld int)

//go:noescape
func gather64x8(n4 int, dst, src *float64, ld int)
