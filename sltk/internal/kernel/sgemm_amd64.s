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

// Macros of the AVX-512 kernels below. ZERO_PAIR and ZERO_ONE clear the accumulators of a pair
// of tiles (Z0–Z11) or of one tile (Z0–Z5). BCAST6 broadcasts the six a values at SI into
// Z14–Z19. FMA_PAIR and FMA_ONE add step p (b values in Z12, Z13) into the accumulators.
// STORE_PAIR(op, i, j) and STORE_ONE(op, i) write row accumulators Zi (and Zj) into the row
// of c at DX: c ← alpha·acc + c with op = LOAD_C, or alpha·acc + 0 with op = ZERO_C (the first
// block of k with beta = 0, c not read).
#define ZERO_PAIR VPXORD Z0, Z0, Z0; VPXORD Z1, Z1, Z1; VPXORD Z2, Z2, Z2; VPXORD Z3, Z3, Z3; VPXORD Z4, Z4, Z4; VPXORD Z5, Z5, Z5; VPXORD Z6, Z6, Z6; VPXORD Z7, Z7, Z7; VPXORD Z8, Z8, Z8; VPXORD Z9, Z9, Z9; VPXORD Z10, Z10, Z10; VPXORD Z11, Z11, Z11
#define ZERO_ONE VPXORD Z0, Z0, Z0; VPXORD Z1, Z1, Z1; VPXORD Z2, Z2, Z2; VPXORD Z3, Z3, Z3; VPXORD Z4, Z4, Z4; VPXORD Z5, Z5, Z5
#define BCAST6 VBROADCASTSS 0(SI), Z14; VBROADCASTSS 4(SI), Z15; VBROADCASTSS 8(SI), Z16; VBROADCASTSS 12(SI), Z17; VBROADCASTSS 16(SI), Z18; VBROADCASTSS 20(SI), Z19
#define FMA_PAIR VFMADD231PS Z12, Z14, Z0; VFMADD231PS Z13, Z14, Z1; VFMADD231PS Z12, Z15, Z2; VFMADD231PS Z13, Z15, Z3; VFMADD231PS Z12, Z16, Z4; VFMADD231PS Z13, Z16, Z5; VFMADD231PS Z12, Z17, Z6; VFMADD231PS Z13, Z17, Z7; VFMADD231PS Z12, Z18, Z8; VFMADD231PS Z13, Z18, Z9; VFMADD231PS Z12, Z19, Z10; VFMADD231PS Z13, Z19, Z11
#define FMA_ONE VFMADD231PS Z12, Z14, Z0; VFMADD231PS Z12, Z15, Z1; VFMADD231PS Z12, Z16, Z2; VFMADD231PS Z12, Z17, Z3; VFMADD231PS Z12, Z18, Z4; VFMADD231PS Z12, Z19, Z5
#define LOAD_C(r, off) VMOVUPS off(DX), r
#define ZERO_C(r, off) VPXORD r, r, r
#define STORE_PAIR(op, i, j) op(Z12, 0); op(Z13, 64); VFMADD231PS i, Z20, Z12; VFMADD231PS j, Z20, Z13; VMOVUPS Z12, (DX); VMOVUPS Z13, 64(DX); ADDQ R8, DX
#define STORE_ONE(op, i) op(Z12, 0); VFMADD231PS i, Z20, Z12; VMOVUPS Z12, (DX); ADDQ R8, DX
#define ROWS_PAIR(op) STORE_PAIR(op, Z0, Z1); STORE_PAIR(op, Z2, Z3); STORE_PAIR(op, Z4, Z5); STORE_PAIR(op, Z6, Z7); STORE_PAIR(op, Z8, Z9); STORE_PAIR(op, Z10, Z11)
#define ROWS_ONE(op) STORE_ONE(op, Z0); STORE_ONE(op, Z1); STORE_ONE(op, Z2); STORE_ONE(op, Z3); STORE_ONE(op, Z4); STORE_ONE(op, Z5)

// func sgemm6x16AVX512(k int, a, b *float32, bs int, c *float32, ldc int, alpha float32, store bool, tiles int)
//
// sgemm6x16AVX2 with 512-bit registers, for CPUs with AVX-512 (useWide): a pair of tiles
// side by side (the slivers at b and b + bs, the 32 columns of c from c) runs at once, row i
// of the first in Z(2i) and of the second in Z(2i+1), so that twelve accumulators hide the
// latency of the fused multiply-adds; a last odd tile runs alone in Z0–Z5. Z12–Z13 hold the b
// values of step p, Z14–Z19 the six broadcast a values, Z20 alpha. Every element gets the
// same fused multiply-adds in the same order as in sgemmKernelGo, so the bits are those of
// the AVX2 kernel. Registers: CX steps left, SI packed a, DI and R10 the pair's b, DX row of
// c, R8 ldc in bytes, BX and R11 the pair's b and c, R12 tiles left, R13 bs.
TEXT ·sgemm6x16AVX512(SB), NOSPLIT, $0-64
	MOVQ         b+16(FP), BX
	MOVQ         bs+24(FP), R13
	MOVQ         c+32(FP), R11
	MOVQ         ldc+40(FP), R8
	SHLQ         $2, R8
	MOVQ         tiles+56(FP), R12
	VBROADCASTSS alpha+48(FP), Z20

dpair:
	CMPQ         R12, $2
	JLT          done
	MOVQ         k+0(FP), CX
	MOVQ         a+8(FP), SI
	MOVQ         BX, DI
	LEAQ         (BX)(R13*1), R10
	MOVQ         R11, DX
	ZERO_PAIR
dpairloop:
	VMOVUPS      (DI), Z12
	VMOVUPS      (R10), Z13
	BCAST6
	FMA_PAIR
	ADDQ         $24, SI
	ADDQ         $64, DI
	ADDQ         $64, R10
	DECQ         CX
	JNZ          dpairloop
	MOVBLZX      store+52(FP), AX
	TESTL        AX, AX
	JNZ          dpairover
	ROWS_PAIR(LOAD_C)
	JMP          dpairnext
dpairover:
	ROWS_PAIR(ZERO_C)
dpairnext:
	LEAQ         (BX)(R13*2), BX
	ADDQ         $128, R11
	SUBQ         $2, R12
	JMP          dpair

done:
	TESTQ        R12, R12
	JZ           ddone
	MOVQ         k+0(FP), CX
	MOVQ         a+8(FP), SI
	MOVQ         BX, DI
	MOVQ         R11, DX
	ZERO_ONE
doneloop:
	VMOVUPS      (DI), Z12
	BCAST6
	FMA_ONE
	ADDQ         $24, SI
	ADDQ         $64, DI
	DECQ         CX
	JNZ          doneloop
	MOVBLZX      store+52(FP), AX
	TESTL        AX, AX
	JNZ          doneover
	ROWS_ONE(LOAD_C)
	JMP          donenext
doneover:
	ROWS_ONE(ZERO_C)
donenext:

ddone:
	VZEROUPPER
	RET

// func sgemm6x16IdxAVX512(n int, idx *int32, a, b *float32, bs int, c *float32, ldc int, alpha float32, store bool, tiles int)
//
// sgemm6x16IdxAVX2 with 512-bit registers, two tiles at a time as in sgemm6x16AVX512; R9
// walks idx, AX is the step's byte offset in b.
TEXT ·sgemm6x16IdxAVX512(SB), NOSPLIT, $0-72
	MOVQ         b+24(FP), BX
	MOVQ         bs+32(FP), R13
	MOVQ         c+40(FP), R11
	MOVQ         ldc+48(FP), R8
	SHLQ         $2, R8
	MOVQ         tiles+64(FP), R12
	VBROADCASTSS alpha+56(FP), Z20

ipair:
	CMPQ         R12, $2
	JLT          ione
	MOVQ         n+0(FP), CX
	MOVQ         idx+8(FP), R9
	MOVQ         a+16(FP), SI
	MOVQ         BX, DI
	LEAQ         (BX)(R13*1), R10
	MOVQ         R11, DX
	ZERO_PAIR
	TESTQ        CX, CX
	JZ           ipairend
ipairloop:
	MOVLQSX      (R9), AX
	SHLQ         $6, AX
	VMOVUPS      (DI)(AX*1), Z12
	VMOVUPS      (R10)(AX*1), Z13
	BCAST6
	FMA_PAIR
	ADDQ         $24, SI
	ADDQ         $4, R9
	DECQ         CX
	JNZ          ipairloop
ipairend:
	MOVBLZX      store+60(FP), AX
	TESTL        AX, AX
	JNZ          ipairover
	ROWS_PAIR(LOAD_C)
	JMP          ipairnext
ipairover:
	ROWS_PAIR(ZERO_C)
ipairnext:
	LEAQ         (BX)(R13*2), BX
	ADDQ         $128, R11
	SUBQ         $2, R12
	JMP          ipair

ione:
	TESTQ        R12, R12
	JZ           idone
	MOVQ         n+0(FP), CX
	MOVQ         idx+8(FP), R9
	MOVQ         a+16(FP), SI
	MOVQ         BX, DI
	MOVQ         R11, DX
	ZERO_ONE
	TESTQ        CX, CX
	JZ           ioneend
ioneloop:
	MOVLQSX      (R9), AX
	SHLQ         $6, AX
	VMOVUPS      (DI)(AX*1), Z12
	BCAST6
	FMA_ONE
	ADDQ         $24, SI
	ADDQ         $4, R9
	DECQ         CX
	JNZ          ioneloop
ioneend:
	MOVBLZX      store+60(FP), AX
	TESTL        AX, AX
	JNZ          ioneover
	ROWS_ONE(LOAD_C)
	JMP          ionenext
ioneover:
	ROWS_ONE(ZERO_C)
ionenext:

idone:
	VZEROUPPER
	RET
