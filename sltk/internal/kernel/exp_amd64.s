//go:build amd64 && !purego

#include "textflag.h"
#include "expcore_amd64.h"

// func expAVX2(dst, x []float64) int
//
// expBlocksGo in assembly: four lanes of expCore per step (0 in the lanes below expZero, which
// enter the polynomial as +0 and leave masked), stopping before the first group of four with
// a lane in neither [expLo, expHi] nor below expZero, or NaN (the ordered comparisons are false
// for NaN). Registers: DI dst, SI x, AX values done, CX groups left, R8 the constants, Y13
// expLo, Y14 expHi, Y10 expZero, Y9 the lanes below it, Y11 magic, Y6 bias, Y0–Y5 temporaries.
TEXT ·expAVX2(SB), NOSPLIT, $0-56
	MOVQ         dst_base+0(FP), DI
	MOVQ         x_base+24(FP), SI
	MOVQ         x_len+32(FP), CX
	SHRQ         $2, CX
	XORQ         AX, AX
	LEAQ         ·tanhConst(SB), R8
	LEAQ         ·expLimits(SB), R9
	VMOVUPD      (R9), Y13
	VMOVUPD      32(R9), Y14
	VMOVUPD      64(R9), Y10
	VMOVUPD      MAGIC(R8), Y11
	VMOVUPD      BIAS(R8), Y6
	TESTQ        CX, CX
	JZ           done

loop:
	VMOVUPD      (SI)(AX*8), Y0
	VCMPPD       $0x1d, Y13, Y0, Y1 // x ≥ expLo (ordered)
	VCMPPD       $0x12, Y14, Y0, Y2 // x ≤ expHi (ordered)
	VANDPD       Y2, Y1, Y1
	VCMPPD       $0x11, Y10, Y0, Y9 // x < expZero (ordered)
	VORPD        Y9, Y1, Y1
	VMOVMSKPD    Y1, DX
	CMPQ         DX, $15
	JNE          done
	VANDNPD      Y0, Y9, Y2         // x, or +0 where x < expZero
	EXPCORE                         // Y5 = e^x
	VANDNPD      Y5, Y9, Y5         // 0 where x < expZero
	VMOVUPD      Y5, (DI)(AX*8)
	ADDQ         $4, AX
	DECQ         CX
	JNZ          loop

done:
	MOVQ         AX, ret+48(FP)
	VZEROUPPER
	RET
