//go:build amd64 && !purego

#include "textflag.h"
#include "reduce_amd64.h"
#include "expcore_amd64.h"


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
	EXPCORE                        // Y5 = e = e^z
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
