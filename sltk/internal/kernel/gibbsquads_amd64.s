//go:build amd64 && !purego

#include "textflag.h"
#include "expcore_amd64.h"

// TRANSPOSE4 transposes the 4×4 block held as rows in Y0, Y1, Y7, Y8 (Y2–Y5 scratch): after
// it, lane r of Y0 is what was lane 0 of row r, and so on. Applied twice it is the identity.
#define TRANSPOSE4 \
	VUNPCKLPD  Y1, Y0, Y2        \
	VUNPCKHPD  Y1, Y0, Y3        \
	VUNPCKLPD  Y8, Y7, Y4        \
	VUNPCKHPD  Y8, Y7, Y5        \
	VPERM2F128 $0x20, Y4, Y2, Y0 \
	VPERM2F128 $0x20, Y5, Y3, Y1 \
	VPERM2F128 $0x31, Y4, Y2, Y7 \
	VPERM2F128 $0x31, Y5, Y3, Y8

// GIBBS turns one column of distances C (one lane per row) into e = exp(−a) with
// a = (C − m)·invT, or 0 where a < cut fails, and adds e to the row sums Y10: the lanes that
// are cut off enter the polynomial as +0 and leave masked; a column cut off in all four rows
// (most of them at low temperature) skips the polynomial and adds +0, as it would. L is a
// label unique to the expansion.
#define GIBBS(C, L) \
	VSUBPD    Y12, C, C      \
	VMULPD    Y15, C, C      \
	VCMPPD    $0x11, Y14, C, Y9 \
	VXORPD    Y13, C, Y2     \
	VANDPD    Y9, Y2, Y2     \
	VXORPD    C, C, C        \
	VMOVMSKPD Y9, R12        \
	TESTQ     R12, R12       \
	JZ        L              \
	EXPCORE                  \
	VANDPD    Y9, Y5, C      \
L:                           \
	VADDPD    C, Y10, Y10

// func gibbsQuadsAVX2(p, dist, m, z *float64, nq, kp int, invT, cut float64)
//
// GibbsQuadsGo in assembly, one lane per row of a quad: each 4×4 block of distances is
// transposed, exponentiated column by column (so that every lane adds its row's terms in column
// order, as the scalar sum does), transposed back and stored; then the quad's rows are
// multiplied by 1/z. Registers: SI dist and DI p at the quad's first row, DX the row stride in
// bytes, BX, AX, R9, R13 the offsets of the current column block in rows 0–3, R10 m, R11 z,
// CX quads left, R12 the mask of kept lanes, R8 the constants, Y15 invT, Y14 cut, Y13 the sign
// mask, Y12 the quad's minima, Y11 magic, Y6 bias, Y10 the row sums, Y9 the kept lanes, Y0–Y5,
// Y7, Y8 temporaries.
TEXT ·gibbsQuadsAVX2(SB), NOSPLIT, $0-64
	MOVQ         p+0(FP), DI
	MOVQ         dist+8(FP), SI
	MOVQ         m+16(FP), R10
	MOVQ         z+24(FP), R11
	MOVQ         nq+32(FP), CX
	MOVQ         kp+40(FP), DX
	SHLQ         $3, DX
	VBROADCASTSD invT+48(FP), Y15
	VBROADCASTSD cut+56(FP), Y14
	LEAQ         ·tanhConst(SB), R8
	VMOVUPD      SIGN(R8), Y13
	VMOVUPD      MAGIC(R8), Y11
	VMOVUPD      BIAS(R8), Y6

quad:
	VMOVUPD      (R10), Y12
	VXORPD       Y10, Y10, Y10
	XORQ         BX, BX
	MOVQ         DX, AX
	LEAQ         (DX)(DX*1), R9
	LEAQ         (R9)(DX*1), R13

cols:
	VMOVUPD      (SI)(BX*1), Y0
	VMOVUPD      (SI)(AX*1), Y1
	VMOVUPD      (SI)(R9*1), Y7
	VMOVUPD      (SI)(R13*1), Y8
	TRANSPOSE4
	GIBBS(Y0, cut0)
	GIBBS(Y1, cut1)
	GIBBS(Y7, cut2)
	GIBBS(Y8, cut3)
	TRANSPOSE4
	VMOVUPD      Y0, (DI)(BX*1)
	VMOVUPD      Y1, (DI)(AX*1)
	VMOVUPD      Y7, (DI)(R9*1)
	VMOVUPD      Y8, (DI)(R13*1)
	ADDQ         $32, BX
	ADDQ         $32, AX
	ADDQ         $32, R9
	ADDQ         $32, R13
	CMPQ         BX, DX
	JLT          cols

	VMOVUPD      Y10, (R11)
	VMOVUPD      ONE(R8), Y0
	VDIVPD       Y10, Y0, Y10 // 1/z, one lane per row
	VPERMPD      $0x00, Y10, Y0
	VPERMPD      $0x55, Y10, Y1
	VPERMPD      $0xAA, Y10, Y7
	VPERMPD      $0xFF, Y10, Y8
	XORQ         BX, BX
	MOVQ         DX, AX
	LEAQ         (DX)(DX*1), R9
	LEAQ         (R9)(DX*1), R13

scale:
	VMULPD       (DI)(BX*1), Y0, Y2
	VMULPD       (DI)(AX*1), Y1, Y3
	VMULPD       (DI)(R9*1), Y7, Y4
	VMULPD       (DI)(R13*1), Y8, Y5
	VMOVUPD      Y2, (DI)(BX*1)
	VMOVUPD      Y3, (DI)(AX*1)
	VMOVUPD      Y4, (DI)(R9*1)
	VMOVUPD      Y5, (DI)(R13*1)
	ADDQ         $32, BX
	ADDQ         $32, AX
	ADDQ         $32, R9
	ADDQ         $32, R13
	CMPQ         BX, DX
	JLT          scale

	LEAQ         (SI)(DX*4), SI
	LEAQ         (DI)(DX*4), DI
	ADDQ         $32, R10
	ADDQ         $32, R11
	DECQ         CX
	JNZ          quad
	VZEROUPPER
	RET
