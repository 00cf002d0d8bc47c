//go:build amd64 && !purego

#include "textflag.h"

// The packing of Gemm and Sgemm (packColumns, packRows in gemm.go are the reference).

// packCols: for p < kc, for s < nsl, copy one sliver step of B bytes from src + p·ld + s·B
// to dst + s·sl + p·B. CX steps left, DX nsl, SI the source row of step p, DI its place in
// the first sliver, R8 ld, R9 sl; inner loop: BX slivers left, R10 source, R11 destination.
#define PACKCOLS(B, LOADSTORE) \
	MOVQ kc+0(FP), CX \
	MOVQ nsl+8(FP), DX \
	MOVQ dst+16(FP), DI \
	MOVQ src+24(FP), SI \
	MOVQ ld+32(FP), R8 \
	MOVQ sl+40(FP), R9 \
step: \
	MOVQ SI, R10 \
	MOVQ DI, R11 \
	MOVQ DX, BX \
sliver: \
	LOADSTORE \
	ADDQ $B, R10 \
	ADDQ R9, R11 \
	DECQ BX \
	JNZ  sliver \
	ADDQ R8, SI \
	ADDQ $B, DI \
	DECQ CX \
	JNZ  step \
	VZEROUPPER \
	RET

#define COPY24 VMOVUPS (R10), X0; VMOVQ 16(R10), X1; VMOVUPS X0, (R11); VMOVQ X1, 16(R11)
#define COPY48 VMOVUPS (R10), Y0; VMOVUPS 32(R10), X1; VMOVUPS Y0, (R11); VMOVUPS X1, 32(R11)
#define COPY64 VMOVUPS (R10), Y0; VMOVUPS 32(R10), Y1; VMOVUPS Y0, (R11); VMOVUPS Y1, 32(R11)
#define COPY128 VMOVUPS (R10), Y0; VMOVUPS 32(R10), Y1; VMOVUPS 64(R10), Y2; VMOVUPS 96(R10), Y3; VMOVUPS Y0, (R11); VMOVUPS Y1, 32(R11); VMOVUPS Y2, 64(R11); VMOVUPS Y3, 96(R11)

// func packCols24(kc, nsl int, dst, src unsafe.Pointer, ld, sl int)
TEXT ·packCols24(SB), NOSPLIT, $0-48
	PACKCOLS(24, COPY24)

// func packCols48(kc, nsl int, dst, src unsafe.Pointer, ld, sl int)
TEXT ·packCols48(SB), NOSPLIT, $0-48
	PACKCOLS(48, COPY48)

// func packCols64(kc, nsl int, dst, src unsafe.Pointer, ld, sl int)
TEXT ·packCols64(SB), NOSPLIT, $0-48
	PACKCOLS(64, COPY64)

// func packCols128(kc, nsl int, dst, src unsafe.Pointer, ld, sl int)
TEXT ·packCols128(SB), NOSPLIT, $0-48
	PACKCOLS(128, COPY128)

// TRANSPOSE8 turns the rows Y0–Y7 (eight float32 each: steps p … p+7 of eight matrix rows)
// into the columns Y8–Y15 (Y8+j holds step p+j of the eight rows), clobbering Y0–Y7.
#define TRANSPOSE8 \
	VUNPCKLPS  Y1, Y0, Y8 \
	VUNPCKHPS  Y1, Y0, Y9 \
	VUNPCKLPS  Y3, Y2, Y10 \
	VUNPCKHPS  Y3, Y2, Y11 \
	VUNPCKLPS  Y5, Y4, Y12 \
	VUNPCKHPS  Y5, Y4, Y13 \
	VUNPCKLPS  Y7, Y6, Y14 \
	VUNPCKHPS  Y7, Y6, Y15 \
	VSHUFPS    $0x44, Y10, Y8, Y0 \
	VSHUFPS    $0xee, Y10, Y8, Y1 \
	VSHUFPS    $0x44, Y11, Y9, Y2 \
	VSHUFPS    $0xee, Y11, Y9, Y3 \
	VSHUFPS    $0x44, Y14, Y12, Y4 \
	VSHUFPS    $0xee, Y14, Y12, Y5 \
	VSHUFPS    $0x44, Y15, Y13, Y6 \
	VSHUFPS    $0xee, Y15, Y13, Y7 \
	VPERM2F128 $0x20, Y4, Y0, Y8 \
	VPERM2F128 $0x20, Y5, Y1, Y9 \
	VPERM2F128 $0x20, Y6, Y2, Y10 \
	VPERM2F128 $0x20, Y7, Y3, Y11 \
	VPERM2F128 $0x31, Y4, Y0, Y12 \
	VPERM2F128 $0x31, Y5, Y1, Y13 \
	VPERM2F128 $0x31, Y6, Y2, Y14 \
	VPERM2F128 $0x31, Y7, Y3, Y15

// LOAD6 loads eight steps of the six rows at SI, SI+ld, SI+2ld, R9 = SI+3ld, R9+ld, R9+2ld
// (R8 = ld) into Y0–Y5.
#define LOAD6 \
	VMOVUPS (SI), Y0 \
	VMOVUPS (SI)(R8*1), Y1 \
	VMOVUPS (SI)(R8*2), Y2 \
	VMOVUPS (R9), Y3 \
	VMOVUPS (R9)(R8*1), Y4 \
	VMOVUPS (R9)(R8*2), Y5

// func gather32x8(n8 int, dst, src *float32, ld, step int)
// For the 8·n8 steps p: dst[p·step/4 + i] = src[i·ld/4 + p] for the eight rows i < 8 (ld and
// step in bytes). CX blocks of eight steps left; SI, R9 = SI+3ld, R10 = SI+6ld the rows; DI,
// R11 = DI+3step, R12 = DI+6step the steps' places; R8 ld, DX step.
TEXT ·gather32x8(SB), NOSPLIT, $0-40
	MOVQ n8+0(FP), CX
	MOVQ dst+8(FP), DI
	MOVQ src+16(FP), SI
	MOVQ ld+24(FP), R8
	MOVQ step+32(FP), DX
	LEAQ (SI)(R8*2), R9
	ADDQ R8, R9
	LEAQ (R9)(R8*2), R10
	ADDQ R8, R10

block8:
	LOAD6
	VMOVUPS (R10), Y6
	VMOVUPS (R10)(R8*1), Y7
	TRANSPOSE8
	LEAQ    (DI)(DX*2), R11
	ADDQ    DX, R11
	LEAQ    (R11)(DX*2), R12
	ADDQ    DX, R12
	VMOVUPS Y8, (DI)
	VMOVUPS Y9, (DI)(DX*1)
	VMOVUPS Y10, (DI)(DX*2)
	VMOVUPS Y11, (R11)
	VMOVUPS Y12, (R11)(DX*1)
	VMOVUPS Y13, (R11)(DX*2)
	VMOVUPS Y14, (R12)
	VMOVUPS Y15, (R12)(DX*1)
	LEAQ    (R12)(DX*2), DI
	ADDQ    $32, SI
	ADDQ    $32, R9
	ADDQ    $32, R10
	DECQ    CX
	JNZ     block8
	VZEROUPPER
	RET

// STORE6(Y, X, OFF) stores the first six lanes of the column in Y (X its lower half) at
// DI + OFF (X0 a scratch register).
#define STORE6(Y, X, OFF) VMOVUPS X, OFF(DI); VEXTRACTF128 $1, Y, X0; VMOVQ X0, OFF+16(DI)

// func gather32x6(n8 int, dst, src *float32, ld int)
// For the 8·n8 steps p: dst[6p + i] = src[i·ld/4 + p] for the six rows i < 6 (ld in bytes):
// gather32x8's transpose with two rows left unread (their lanes are not stored). CX blocks
// left; SI and R9 = SI+3ld the rows; DI the places of the block's steps; R8 ld.
TEXT ·gather32x6(SB), NOSPLIT, $0-32
	MOVQ n8+0(FP), CX
	MOVQ dst+8(FP), DI
	MOVQ src+16(FP), SI
	MOVQ ld+24(FP), R8
	LEAQ (SI)(R8*2), R9
	ADDQ R8, R9

block6:
	LOAD6
	TRANSPOSE8
	STORE6(Y8, X8, 0)
	STORE6(Y9, X9, 24)
	STORE6(Y10, X10, 48)
	STORE6(Y11, X11, 72)
	STORE6(Y12, X12, 96)
	STORE6(Y13, X13, 120)
	STORE6(Y14, X14, 144)
	STORE6(Y15, X15, 168)
	ADDQ $192, DI
	ADDQ $32, SI
	ADDQ $32, R9
	DECQ CX
	JNZ  block6
	VZEROUPPER
	RET

// TRANSPOSE4x4(A, B, C, D, S0, S1, S2, S3) transposes four rows of four float64 (A–D, one
// row each) into four steps (S0–S3, the four rows' values at one step each), through Y12–Y15.
#define TRANSPOSE4x4(A, B, C, D, S0, S1, S2, S3) \
	VUNPCKLPD B, A, Y12 \
	VUNPCKHPD B, A, Y13 \
	VUNPCKLPD D, C, Y14 \
	VUNPCKHPD D, C, Y15 \
	VPERM2F128 $0x20, Y14, Y12, S0 \
	VPERM2F128 $0x20, Y15, Y13, S1 \
	VPERM2F128 $0x31, Y14, Y12, S2 \
	VPERM2F128 $0x31, Y15, Y13, S3

// func gather64x6(n4 int, dst, src *float64, ld int)
// For the 4·n4 steps p: dst[6p + i] = src[i·ld/8 + p] for the six rows i < 6 (ld in bytes):
// Gemm's packing of a 6-row sliver of a. CX blocks of four steps left; SI, R9 = SI+3ld the
// rows; DI the first step's place; R8 ld.
TEXT ·gather64x6(SB), NOSPLIT, $0-32
	MOVQ n4+0(FP), CX
	MOVQ dst+8(FP), DI
	MOVQ src+16(FP), SI
	MOVQ ld+24(FP), R8
	LEAQ (SI)(R8*2), R9
	ADDQ R8, R9

block64x6:
	LOAD6
	TRANSPOSE4x4(Y0, Y1, Y2, Y3, Y6, Y7, Y8, Y9)
	VUNPCKLPD Y5, Y4, Y10
	VUNPCKHPD Y5, Y4, Y11
	VMOVUPD Y6, (DI)
	VMOVUPD X10, 32(DI)
	VMOVUPD Y7, 48(DI)
	VMOVUPD X11, 80(DI)
	VMOVUPD Y8, 96(DI)
	VEXTRACTF128 $1, Y10, 128(DI)
	VMOVUPD Y9, 144(DI)
	VEXTRACTF128 $1, Y11, 176(DI)
	ADDQ $192, DI
	ADDQ $32, SI
	ADDQ $32, R9
	DECQ CX
	JNZ  block64x6
	VZEROUPPER
	RET

// func gather64x8(n4 int, dst, src *float64, ld int)
// For the 4·n4 steps p: dst[8p + i] = src[i·ld/8 + p] for the eight rows i < 8 (ld in bytes):
// Gemm's packing of an 8-column sliver of a transposed b. Registers as in gather64x6, with
// R10 = SI+6ld for rows 6 and 7.
TEXT ·gather64x8(SB), NOSPLIT, $0-32
	MOVQ n4+0(FP), CX
	MOVQ dst+8(FP), DI
	MOVQ src+16(FP), SI
	MOVQ ld+24(FP), R8
	LEAQ (SI)(R8*2), R9
	ADDQ R8, R9
	LEAQ (R9)(R8*2), R10
	ADDQ R8, R10

block64x8:
	LOAD6
	VMOVUPD (R10), Y6
	VMOVUPD (R10)(R8*1), Y7
	TRANSPOSE4x4(Y0, Y1, Y2, Y3, Y8, Y9, Y10, Y11)
	VMOVUPD Y8, (DI)
	VMOVUPD Y9, 64(DI)
	VMOVUPD Y10, 128(DI)
	VMOVUPD Y11, 192(DI)
	TRANSPOSE4x4(Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11)
	VMOVUPD Y8, 32(DI)
	VMOVUPD Y9, 96(DI)
	VMOVUPD Y10, 160(DI)
	VMOVUPD Y11, 224(DI)
	ADDQ $256, DI
	ADDQ $32, SI
	ADDQ $32, R9
	ADDQ $32, R10
	DECQ CX
	JNZ  block64x8
	VZEROUPPER
	RET
