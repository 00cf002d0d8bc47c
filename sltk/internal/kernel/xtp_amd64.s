//go:build amd64 && !purego

#include "textflag.h"

// func xtpAddAVX2(sums, a *float64, lda, m int, p *float64, rows, kp int)
//
// XtPAddGo in assembly. Rows of sums go two at a time (the second is the first again when one is
// left: it computes the same bits and is stored first, so the store of the first stands); for
// each pair, sixteen columns at a time the 2×16 sums live in Y0–Y7 while the rows of P stream
// through Y8–Y11, each multiplied by the broadcast entries of the two rows of A (Y12, Y13); the
// last kp mod 16 columns go four at a time. Every lane does the chain s = fma(a_r, p_r, s) over
// the rows in order, as the Go twin does. Registers: SI, R13 the two rows of A; DI, R14 the two
// rows of sums; R8 lda and R11 kp in bytes; R10 rows in bytes; DX rows of sums left; R9 P;
// BX the column offset in bytes; AX the current row of P; R12 the row offset into A in bytes.
TEXT ·xtpAddAVX2(SB), NOSPLIT, $0-56
	MOVQ         sums+0(FP), DI
	MOVQ         a+8(FP), SI
	MOVQ         lda+16(FP), R8
	SHLQ         $3, R8
	MOVQ         m+24(FP), DX
	MOVQ         p+32(FP), R9
	MOVQ         rows+40(FP), R10
	SHLQ         $3, R10
	MOVQ         kp+48(FP), R11
	SHLQ         $3, R11

pair:
	MOVQ         SI, R13
	MOVQ         DI, R14
	CMPQ         DX, $1
	JEQ          single
	ADDQ         R8, R13
	ADDQ         R11, R14

single:
	XORQ         BX, BX

group16:
	LEAQ         128(BX), CX
	CMPQ         CX, R11
	JGT          block4
	VMOVUPD      (DI)(BX*1), Y0
	VMOVUPD      32(DI)(BX*1), Y1
	VMOVUPD      64(DI)(BX*1), Y2
	VMOVUPD      96(DI)(BX*1), Y3
	VMOVUPD      (R14)(BX*1), Y4
	VMOVUPD      32(R14)(BX*1), Y5
	VMOVUPD      64(R14)(BX*1), Y6
	VMOVUPD      96(R14)(BX*1), Y7
	LEAQ         (R9)(BX*1), AX
	XORQ         R12, R12

rows16:
	VMOVUPD      (AX), Y8
	VMOVUPD      32(AX), Y9
	VMOVUPD      64(AX), Y10
	VMOVUPD      96(AX), Y11
	VBROADCASTSD (SI)(R12*1), Y12
	VBROADCASTSD (R13)(R12*1), Y13
	VFMADD231PD  Y8, Y12, Y0
	VFMADD231PD  Y9, Y12, Y1
	VFMADD231PD  Y10, Y12, Y2
	VFMADD231PD  Y11, Y12, Y3
	VFMADD231PD  Y8, Y13, Y4
	VFMADD231PD  Y9, Y13, Y5
	VFMADD231PD  Y10, Y13, Y6
	VFMADD231PD  Y11, Y13, Y7
	ADDQ         R11, AX
	ADDQ         $8, R12
	CMPQ         R12, R10
	JLT          rows16
	VMOVUPD      Y4, (R14)(BX*1)
	VMOVUPD      Y5, 32(R14)(BX*1)
	VMOVUPD      Y6, 64(R14)(BX*1)
	VMOVUPD      Y7, 96(R14)(BX*1)
	VMOVUPD      Y0, (DI)(BX*1)
	VMOVUPD      Y1, 32(DI)(BX*1)
	VMOVUPD      Y2, 64(DI)(BX*1)
	VMOVUPD      Y3, 96(DI)(BX*1)
	MOVQ         CX, BX
	JMP          group16

block4:
	CMPQ         BX, R11
	JGE          next
	VMOVUPD      (DI)(BX*1), Y0
	VMOVUPD      (R14)(BX*1), Y4
	LEAQ         (R9)(BX*1), AX
	XORQ         R12, R12

rows4:
	VMOVUPD      (AX), Y8
	VBROADCASTSD (SI)(R12*1), Y12
	VBROADCASTSD (R13)(R12*1), Y13
	VFMADD231PD  Y8, Y12, Y0
	VFMADD231PD  Y8, Y13, Y4
	ADDQ         R11, AX
	ADDQ         $8, R12
	CMPQ         R12, R10
	JLT          rows4
	VMOVUPD      Y4, (R14)(BX*1)
	VMOVUPD      Y0, (DI)(BX*1)
	ADDQ         $32, BX
	JMP          block4

next:
	LEAQ         (SI)(R8*2), SI
	LEAQ         (DI)(R11*2), DI
	SUBQ         $2, DX
	JGT          pair
	VZEROUPPER
	RET
