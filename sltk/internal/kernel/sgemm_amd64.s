//go:build amd64 && !purego

#include "textflag.h"

// func sgemm6x16AVX2(k int, a, b *float32, bs int, c *float32, ldc int, alpha float32, store bool, tiles int)
//
// The micro-kernel of Sgemm (sgemmKernelGo is its reference), gemm6x8AVX2 in float32, over
// tiles tiles side by side: tile t multiplies the packed sliver a by the packed sliver of b at
// b + t·bs bytes into the 6×16 block of c at c + 64·t bytes (one call for a row of tiles
// saves the call's cost per tile). Y0–Y11 hold the 6×16 block of accumulators (row i in
// Y(2i), Y(2i+1)), Y12–Y13 the sixteen b values of step p, Y14–Y15 a broadcast a value.
// Registers: CX steps left, SI packed a, DI packed b, DX row of c, R8 ldc in bytes, BX and
// R11 the tile's b and c, R12 tiles left, R13 bs.
TEXT ·sgemm6x16AVX2(SB), NOSPLIT, $0-64
	MOVQ         b+16(FP), BX
	MOVQ         bs+24(FP), R13
	MOVQ         c+32(FP), R11
	MOVQ         ldc+40(FP), R8
	SHLQ         $2, R8
	MOVQ         tiles+56(FP), R12

dtile:
	MOVQ         k+0(FP), CX
	MOVQ         a+8(FP), SI
	MOVQ         BX, DI
	MOVQ         R11, DX
	VXORPS       Y0, Y0, Y0
	VXORPS       Y1, Y1, Y1
	VXORPS       Y2, Y2, Y2
	VXORPS       Y3, Y3, Y3
	VXORPS       Y4, Y4, Y4
	VXORPS       Y5, Y5, Y5
	VXORPS       Y6, Y6, Y6
	VXORPS       Y7, Y7, Y7
	VXORPS       Y8, Y8, Y8
	VXORPS       Y9, Y9, Y9
	VXORPS       Y10, Y10, Y10
	VXORPS       Y11, Y11, Y11

dloop:
	VMOVUPS      (DI), Y12
	VMOVUPS      32(DI), Y13
	VBROADCASTSS 0(SI), Y14
	VFMADD231PS  Y12, Y14, Y0
	VFMADD231PS  Y13, Y14, Y1
	VBROADCASTSS 4(SI), Y15
	VFMADD231PS  Y12, Y15, Y2
	VFMADD231PS  Y13, Y15, Y3
	VBROADCASTSS 8(SI), Y14
	VFMADD231PS  Y12, Y14, Y4
	VFMADD231PS  Y13, Y14, Y5
	VBROADCASTSS 12(SI), Y15
	VFMADD231PS  Y12, Y15, Y6
	VFMADD231PS  Y13, Y15, Y7
	VBROADCASTSS 16(SI), Y14
	VFMADD231PS  Y12, Y14, Y8
	VFMADD231PS  Y13, Y14, Y9
	VBROADCASTSS 20(SI), Y15
	VFMADD231PS  Y12, Y15, Y10
	VFMADD231PS  Y13, Y15, Y11
	ADDQ         $24, SI
	ADDQ         $64, DI
	DECQ         CX
	JNZ          dloop

	MOVBLZX      store+52(FP), AX
	TESTL        AX, AX
	JNZ          doverwrite
	VBROADCASTSS alpha+48(FP), Y14
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y0, Y14, Y12
	VFMADD231PS  Y1, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y2, Y14, Y12
	VFMADD231PS  Y3, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y4, Y14, Y12
	VFMADD231PS  Y5, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y6, Y14, Y12
	VFMADD231PS  Y7, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y8, Y14, Y12
	VFMADD231PS  Y9, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y10, Y14, Y12
	VFMADD231PS  Y11, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	JMP          dnext

// overwrite: beta was 0 and this is the first block of k, so c is not read: the
// accumulators are added to zeros instead, the same fused multiply-adds with c = +0.
doverwrite:
	VBROADCASTSS alpha+48(FP), Y14
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y0, Y14, Y12
	VFMADD231PS  Y1, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y2, Y14, Y12
	VFMADD231PS  Y3, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y4, Y14, Y12
	VFMADD231PS  Y5, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y6, Y14, Y12
	VFMADD231PS  Y7, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y8, Y14, Y12
	VFMADD231PS  Y9, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y10, Y14, Y12
	VFMADD231PS  Y11, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)

dnext:
	ADDQ         R13, BX
	ADDQ         $64, R11
	DECQ         R12
	JNZ          dtile
	VZEROUPPER
	RET

// func sgemm6x16IdxAVX2(n int, idx *int32, a, b *float32, bs int, c *float32, ldc int, alpha float32, store bool, tiles int)
//
// sgemm6x16AVX2 over the n steps idx[0], …, idx[n−1] of the packed b only (sgemmKernelIdxGo
// is its reference): the packed a holds those n steps back to back, and step t of tile u
// reads the sixteen b values at b + u·bs + 64·idx[t] bytes. R9 walks idx, R10 is the step's
// byte offset in b.
TEXT ·sgemm6x16IdxAVX2(SB), NOSPLIT, $0-72
	MOVQ         b+24(FP), BX
	MOVQ         bs+32(FP), R13
	MOVQ         c+40(FP), R11
	MOVQ         ldc+48(FP), R8
	SHLQ         $2, R8
	MOVQ         tiles+64(FP), R12

itile:
	MOVQ         n+0(FP), CX
	MOVQ         idx+8(FP), R9
	MOVQ         a+16(FP), SI
	MOVQ         BX, DI
	MOVQ         R11, DX
	VXORPS       Y0, Y0, Y0
	VXORPS       Y1, Y1, Y1
	VXORPS       Y2, Y2, Y2
	VXORPS       Y3, Y3, Y3
	VXORPS       Y4, Y4, Y4
	VXORPS       Y5, Y5, Y5
	VXORPS       Y6, Y6, Y6
	VXORPS       Y7, Y7, Y7
	VXORPS       Y8, Y8, Y8
	VXORPS       Y9, Y9, Y9
	VXORPS       Y10, Y10, Y10
	VXORPS       Y11, Y11, Y11

	TESTQ        CX, CX
	JZ           idone

iloop:
	MOVLQSX      (R9), R10
	SHLQ         $6, R10
	VMOVUPS      (DI)(R10*1), Y12
	VMOVUPS      32(DI)(R10*1), Y13
	VBROADCASTSS 0(SI), Y14
	VFMADD231PS  Y12, Y14, Y0
	VFMADD231PS  Y13, Y14, Y1
	VBROADCASTSS 4(SI), Y15
	VFMADD231PS  Y12, Y15, Y2
	VFMADD231PS  Y13, Y15, Y3
	VBROADCASTSS 8(SI), Y14
	VFMADD231PS  Y12, Y14, Y4
	VFMADD231PS  Y13, Y14, Y5
	VBROADCASTSS 12(SI), Y15
	VFMADD231PS  Y12, Y15, Y6
	VFMADD231PS  Y13, Y15, Y7
	VBROADCASTSS 16(SI), Y14
	VFMADD231PS  Y12, Y14, Y8
	VFMADD231PS  Y13, Y14, Y9
	VBROADCASTSS 20(SI), Y15
	VFMADD231PS  Y12, Y15, Y10
	VFMADD231PS  Y13, Y15, Y11
	ADDQ         $24, SI
	ADDQ         $4, R9
	DECQ         CX
	JNZ          iloop

idone:
	MOVBLZX      store+60(FP), AX
	TESTL        AX, AX
	JNZ          ioverwrite
	VBROADCASTSS alpha+56(FP), Y14
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y0, Y14, Y12
	VFMADD231PS  Y1, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y2, Y14, Y12
	VFMADD231PS  Y3, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y4, Y14, Y12
	VFMADD231PS  Y5, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y6, Y14, Y12
	VFMADD231PS  Y7, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y8, Y14, Y12
	VFMADD231PS  Y9, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPS      (DX), Y12
	VMOVUPS      32(DX), Y13
	VFMADD231PS  Y10, Y14, Y12
	VFMADD231PS  Y11, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	JMP          inext

// overwrite: beta was 0 and this is the first block of k, so c is not read: the
// accumulators are added to zeros instead, the same fused multiply-adds with c = +0.
ioverwrite:
	VBROADCASTSS alpha+56(FP), Y14
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y0, Y14, Y12
	VFMADD231PS  Y1, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y2, Y14, Y12
	VFMADD231PS  Y3, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y4, Y14, Y12
	VFMADD231PS  Y5, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y6, Y14, Y12
	VFMADD231PS  Y7, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y8, Y14, Y12
	VFMADD231PS  Y9, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPS       Y12, Y12, Y12
	VXORPS       Y13, Y13, Y13
	VFMADD231PS  Y10, Y14, Y12
	VFMADD231PS  Y11, Y14, Y13
	VMOVUPS      Y12, (DX)
	VMOVUPS      Y13, 32(DX)

inext:
	ADDQ         R13, BX
	ADDQ         $64, R11
	DECQ         R12
	JNZ          itile
	VZEROUPPER
	RET
