//go:build amd64 && !purego

#include "textflag.h"

// func narrowAVX(n int, dst *float32, src *float64)
// Eight values per step: two VCVTPD2PSY (four float64 to four float32 each, rounded to nearest
// under the default MXCSR, as Go's conversion). CX values left, DI dst, SI src.
TEXT ·narrowAVX(SB), NOSPLIT, $0-24
	MOVQ       n+0(FP), CX
	MOVQ       dst+8(FP), DI
	MOVQ       src+16(FP), SI

loop:
	VCVTPD2PSY (SI), X0
	VCVTPD2PSY 32(SI), X1
	VMOVUPS    X0, (DI)
	VMOVUPS    X1, 16(DI)
	ADDQ       $64, SI
	ADDQ       $32, DI
	SUBQ       $8, CX
	JNZ        loop
	VZEROUPPER
	RET

// func reluGrad32AVX(n int, d, a *float32)
// d &= (a > 0) lane by lane: VCMPPS with predicate GT_OQ (0x1e) is all ones where a > 0 and
// zero where a ≤ 0 or a is NaN. CX values left, DI d, SI a, Y15 zero.
TEXT ·reluGrad32AVX(SB), NOSPLIT, $0-24
	MOVQ    n+0(FP), CX
	MOVQ    d+8(FP), DI
	MOVQ    a+16(FP), SI
	VXORPS  Y15, Y15, Y15

loop32:
	VMOVUPS (SI), Y0
	VCMPPS  $0x1e, Y15, Y0, Y1
	VANDPS  (DI), Y1, Y1
	VMOVUPS Y1, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JNZ     loop32
	VZEROUPPER
	RET

// func reluGrad64AVX(n int, d, a *float64)
TEXT ·reluGrad64AVX(SB), NOSPLIT, $0-24
	MOVQ    n+0(FP), CX
	MOVQ    d+8(FP), DI
	MOVQ    a+16(FP), SI
	VXORPD  Y15, Y15, Y15

loop64:
	VMOVUPD (SI), Y0
	VCMPPD  $0x1e, Y15, Y0, Y1
	VANDPD  (DI), Y1, Y1
	VMOVUPD Y1, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $4, CX
	JNZ     loop64
	VZEROUPPER
	RET

// func add32AVX(n int, dst, src *float32)
// dst += src, eight lanes per step. CX values left, DI dst, SI src.
TEXT ·add32AVX(SB), NOSPLIT, $0-24
	MOVQ    n+0(FP), CX
	MOVQ    dst+8(FP), DI
	MOVQ    src+16(FP), SI

add32:
	VMOVUPS (SI), Y0
	VADDPS  (DI), Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JNZ     add32
	VZEROUPPER
	RET

// func add64AVX(n int, dst, src *float64)
TEXT ·add64AVX(SB), NOSPLIT, $0-24
	MOVQ    n+0(FP), CX
	MOVQ    dst+8(FP), DI
	MOVQ    src+16(FP), SI

add64:
	VMOVUPD (SI), Y0
	VADDPD  (DI), Y0, Y0
	VMOVUPD Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $4, CX
	JNZ     add64
	VZEROUPPER
	RET

// func biasRelu32AVX(n int, z, bias *float32)
// z = max(z + bias, 0) with Go's max: x = z + bias, then x with the lanes where x ≤ 0 (ordered
// compare LE_OQ, 0x12: −0 too, NaN not) cleared. CX values left, DI z, SI bias, Y15 zero.
TEXT ·biasRelu32AVX(SB), NOSPLIT, $0-24
	MOVQ    n+0(FP), CX
	MOVQ    z+8(FP), DI
	MOVQ    bias+16(FP), SI
	VXORPS  Y15, Y15, Y15

brloop32:
	VMOVUPS (DI), Y0
	VADDPS  (SI), Y0, Y0
	VCMPPS  $0x12, Y15, Y0, Y1
	VANDNPS Y0, Y1, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JNZ     brloop32
	VZEROUPPER
	RET

// func biasRelu64AVX(n int, z, bias *float64)
TEXT ·biasRelu64AVX(SB), NOSPLIT, $0-24
	MOVQ    n+0(FP), CX
	MOVQ    z+8(FP), DI
	MOVQ    bias+16(FP), SI
	VXORPD  Y15, Y15, Y15

brloop64:
	VMOVUPD (DI), Y0
	VADDPD  (SI), Y0, Y0
	VCMPPD  $0x12, Y15, Y0, Y1
	VANDNPD Y0, Y1, Y0
	VMOVUPD Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $4, CX
	JNZ     brloop64
	VZEROUPPER
	RET
