//go:build amd64 && !purego

#include "textflag.h"
#include "reduce_amd64.h"

// Offsets of the constants in ·tanhConst (32 bytes each; see the constants in tanh.go).
#define SIGN 0
#define MAGIC 32
#define BIAS 64
#define CLAMP 96
#define ONE 128
#define LOG2E 160
#define LN2HI 192
#define LN2LO 224
#define POLY 256

// func tanhAVX2(x []float64, a float64) float64
//
// Four lanes of tanh1 per step, in place; len(x) is a multiple of 4. Registers: SI x cursor,
// CX steps left, R8 the constants, Y15 sign mask, Y14 −2a, Y13 −40, Y11 magic, Y8 one, Y7 a,
// Y6 bias, Y12 the lane sums, Y0–Y5 temporaries.
TEXT ·tanhAVX2(SB), NOSPLIT, $0-40
	MOVQ         x_base+0(FP), SI
	MOVQ         x_len+8(FP), CX
	SHRQ         $2, CX
	LEAQ         ·tanhConst(SB), R8
	VBROADCASTSD a+24(FP), Y7
	VMOVUPD      SIGN(R8), Y15
	VADDPD       Y7, Y7, Y14
	VXORPD       Y15, Y14, Y14
	VMOVUPD      CLAMP(R8), Y13
	VMOVUPD      MAGIC(R8), Y11
	VMOVUPD      ONE(R8), Y8
	VMOVUPD      BIAS(R8), Y6
	VXORPD       Y12, Y12, Y12
	TESTQ        CX, CX
	JZ           reduce

loop:
	VMOVUPD      (SI), Y0
	VANDPD       Y15, Y0, Y1       // sign of x
	VANDNPD      Y0, Y15, Y2       // |x|
	VMULPD       Y14, Y2, Y2       // z = −2a|x|
	VMAXPD       Y13, Y2, Y2       // z = max(z, −40)
	VMULPD       LOG2E(R8), Y2, Y3
	VADDPD       Y11, Y3, Y3       // t = z·log2e + magic
	VSUBPD       Y11, Y3, Y4       // k = t − magic
	VFNMADD231PD LN2HI(R8), Y4, Y2 // r = z − k·ln2hi
	VFNMADD231PD LN2LO(R8), Y4, Y2 // r −= k·ln2lo
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
	VFMADD213PD  POLY+416(R8), Y2, Y5 // p(r)
	VPADDQ       Y6, Y3, Y3
	VPSLLQ       $52, Y3, Y3       // 2^k
	VMULPD       Y3, Y5, Y5        // e = p·2^k
	VSUBPD       Y5, Y8, Y3        // 1 − e
	VADDPD       Y5, Y8, Y4        // 1 + e
	VDIVPD       Y4, Y3, Y3
	VORPD        Y1, Y3, Y3        // t = sgn(x)(1 − e)/(1 + e)
	VMOVUPD      Y3, (SI)
	VMOVAPD      Y8, Y4
	VFNMADD231PD Y3, Y3, Y4        // 1 − t²
	VFMADD231PD  Y7, Y4, Y12       // s += a(1 − t²)
	ADDQ         $32, SI
	DECQ         CX
	JNZ          loop

reduce:
	REDUCE(Y12, X12, X0)
	VMOVSD       X12, ret+32(FP)
	VZEROUPPER
	RET
