//go:build amd64 && !purego

#include "textflag.h"

// Offsets of the constants in ·tanhConst (32 bytes each; see the constants in tanh.go).
#define MAGIC 32
#define BIAS 64
#define LOG2E 160
#define LN2HI 192
#define LN2LO 224
#define POLY 256

// func expAVX2(dst, x []float64) int
//
// expBlocksGo in assembly: four lanes of expCore per step, stopping before the first group of
// four with a lane outside [expLo, expHi] or NaN (the ordered comparisons are false for NaN).
// Registers: DI dst, SI x, AX values done, CX groups left, R8 the constants, Y13 expLo,
// Y14 expHi, Y11 magic, Y6 bias, Y0–Y5 temporaries.
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
	VMOVUPD      MAGIC(R8), Y11
	VMOVUPD      BIAS(R8), Y6
	TESTQ        CX, CX
	JZ           done

loop:
	VMOVUPD      (SI)(AX*8), Y0
	VCMPPD       $0x1d, Y13, Y0, Y1 // x ≥ expLo (ordered)
	VCMPPD       $0x12, Y14, Y0, Y2 // x ≤ expHi (ordered)
	VANDPD       Y2, Y1, Y1
	VMOVMSKPD    Y1, DX
	CMPQ         DX, $15
	JNE          done
	VMULPD       LOG2E(R8), Y0, Y3
	VADDPD       Y11, Y3, Y3        // t = x·log2e + magic
	VSUBPD       Y11, Y3, Y4        // k = t − magic
	VMOVAPD      Y0, Y2
	VFNMADD231PD LN2HI(R8), Y4, Y2  // r = x − k·ln2hi
	VFNMADD231PD LN2LO(R8), Y4, Y2  // r −= k·ln2lo
	VMOVUPD      POLY(R8), Y5
	VFMADD213PD  POLY+32(R8), Y2, Y5
	VFMADD213PD  POLY+64(R8), Y2, Y5
	VFMADD213PD  POLY+96(R8), Y2, Y5
	VFMADD213PD  POLY+128(R8), Y2, Y5
	VFMADD213PD  POLY+160(R8), Y2, Y5
	VFMADD213PD  POLY+192(R8), Y2, Y5
	VFMADD213PD  POLY+224(R8), Y2, Y5
	VFMADD213PD  POLY+256(R8), Y2, Y5
	VFMADD213PD  POLY+288(R8), Y2, Y5
	VFMADD213PD  POLY+320(R8), Y2, Y5
	VFMADD213PD  POLY+352(R8), Y2, Y5
	VFMADD213PD  POLY+384(R8), Y2, Y5
	VFMADD213PD  POLY+416(R8), Y2, Y5
	VPADDQ       Y6, Y3, Y3
	VPSLLQ       $52, Y3, Y3        // 2^k
	VMULPD       Y3, Y5, Y5         // p·2^k
	VMOVUPD      Y5, (DI)(AX*8)
	ADDQ         $4, AX
	DECQ         CX
	JNZ          loop

done:
	MOVQ         AX, ret+48(FP)
	VZEROUPPER
	RET
