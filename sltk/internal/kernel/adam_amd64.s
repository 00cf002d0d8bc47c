//go:build amd64 && !purego

#include "textflag.h"

// Adam's loop (AdamGo is its reference), W entries per step: Y0 g, Y1 the new m, Y3 the new
// v, Y5 √v·rc2 + eps, Y6 the step (lr·m)/(√v·rc2 + eps), Y7 θ; Y8–Y14 the broadcast b1,
// 1−b1, b2, 1−b2, lr, rc2, eps. Registers: CX entries left, DI θ, SI g, R8 m, R9 v.

// func adam32AVX2(n int, theta, grad, m, v *float32, b1, ob1, b2, ob2, lr, rc2, eps float32)
TEXT ·adam32AVX2(SB), NOSPLIT, $0-68
	MOVQ          n+0(FP), CX
	MOVQ          theta+8(FP), DI
	MOVQ          grad+16(FP), SI
	MOVQ          m+24(FP), R8
	MOVQ          v+32(FP), R9
	VBROADCASTSS b1+40(FP), Y8
	VBROADCASTSS ob1+44(FP), Y9
	VBROADCASTSS b2+48(FP), Y10
	VBROADCASTSS ob2+52(FP), Y11
	VBROADCASTSS lr+56(FP), Y12
	VBROADCASTSS rc2+60(FP), Y13
	VBROADCASTSS eps+64(FP), Y14

loopS:
	VMOVUPS      (SI), Y0
	VMULPS       (R8), Y8, Y1
	VMULPS       Y0, Y9, Y2
	VADDPS       Y2, Y1, Y1
	VMOVUPS      Y1, (R8)
	VMULPS       (R9), Y10, Y3
	VMULPS       Y0, Y11, Y4
	VMULPS       Y0, Y4, Y4
	VADDPS       Y4, Y3, Y3
	VMOVUPS      Y3, (R9)
	VSQRTPS      Y3, Y5
	VMULPS       Y13, Y5, Y5
	VADDPS       Y14, Y5, Y5
	VMULPS       Y12, Y1, Y6
	VDIVPS       Y5, Y6, Y6
	VMOVUPS      (DI), Y7
	VSUBPS       Y6, Y7, Y7
	VMOVUPS      Y7, (DI)
	ADDQ          $32, SI
	ADDQ          $32, DI
	ADDQ          $32, R8
	ADDQ          $32, R9
	SUBQ          $8, CX
	JNZ           loopS
	VZEROUPPER
	RET

// func adam64AVX2(n int, theta, grad, m, v *float64, b1, ob1, b2, ob2, lr, rc2, eps float64)
TEXT ·adam64AVX2(SB), NOSPLIT, $0-96
	MOVQ          n+0(FP), CX
	MOVQ          theta+8(FP), DI
	MOVQ          grad+16(FP), SI
	MOVQ          m+24(FP), R8
	MOVQ          v+32(FP), R9
	VBROADCASTSD b1+40(FP), Y8
	VBROADCASTSD ob1+48(FP), Y9
	VBROADCASTSD b2+56(FP), Y10
	VBROADCASTSD ob2+64(FP), Y11
	VBROADCASTSD lr+72(FP), Y12
	VBROADCASTSD rc2+80(FP), Y13
	VBROADCASTSD eps+88(FP), Y14

loopD:
	VMOVUPD      (SI), Y0
	VMULPD       (R8), Y8, Y1
	VMULPD       Y0, Y9, Y2
	VADDPD       Y2, Y1, Y1
	VMOVUPD      Y1, (R8)
	VMULPD       (R9), Y10, Y3
	VMULPD       Y0, Y11, Y4
	VMULPD       Y0, Y4, Y4
	VADDPD       Y4, Y3, Y3
	VMOVUPD      Y3, (R9)
	VSQRTPD      Y3, Y5
	VMULPD       Y13, Y5, Y5
	VADDPD       Y14, Y5, Y5
	VMULPD       Y12, Y1, Y6
	VDIVPD       Y5, Y6, Y6
	VMOVUPD      (DI), Y7
	VSUBPD       Y6, Y7, Y7
	VMOVUPD      Y7, (DI)
	ADDQ          $32, SI
	ADDQ          $32, DI
	ADDQ          $32, R8
	ADDQ          $32, R9
	SUBQ          $4, CX
	JNZ           loopD
	VZEROUPPER
	RET

// AdamSum's loops: Adam's with the gradient Y0 = grad + grad2 (R10 walks grad2).

// func adamSum32AVX2(n int, theta, grad, grad2, m, v *float32, b1, ob1, b2, ob2, lr, rc2, eps float32)
TEXT ·adamSum32AVX2(SB), NOSPLIT, $0-76
	MOVQ          n+0(FP), CX
	MOVQ          theta+8(FP), DI
	MOVQ          grad+16(FP), SI
	MOVQ          grad2+24(FP), R10
	MOVQ          m+32(FP), R8
	MOVQ          v+40(FP), R9
	VBROADCASTSS b1+48(FP), Y8
	VBROADCASTSS ob1+52(FP), Y9
	VBROADCASTSS b2+56(FP), Y10
	VBROADCASTSS ob2+60(FP), Y11
	VBROADCASTSS lr+64(FP), Y12
	VBROADCASTSS rc2+68(FP), Y13
	VBROADCASTSS eps+72(FP), Y14

loopSS:
	VMOVUPS      (SI), Y0
	VADDPS       (R10), Y0, Y0
	VMULPS       (R8), Y8, Y1
	VMULPS       Y0, Y9, Y2
	VADDPS       Y2, Y1, Y1
	VMOVUPS      Y1, (R8)
	VMULPS       (R9), Y10, Y3
	VMULPS       Y0, Y11, Y4
	VMULPS       Y0, Y4, Y4
	VADDPS       Y4, Y3, Y3
	VMOVUPS      Y3, (R9)
	VSQRTPS      Y3, Y5
	VMULPS       Y13, Y5, Y5
	VADDPS       Y14, Y5, Y5
	VMULPS       Y12, Y1, Y6
	VDIVPS       Y5, Y6, Y6
	VMOVUPS      (DI), Y7
	VSUBPS       Y6, Y7, Y7
	VMOVUPS      Y7, (DI)
	ADDQ          $32, SI
	ADDQ          $32, R10
	ADDQ          $32, DI
	ADDQ          $32, R8
	ADDQ          $32, R9
	SUBQ          $8, CX
	JNZ           loopSS
	VZEROUPPER
	RET

// func adamSum64AVX2(n int, theta, grad, grad2, m, v *float64, b1, ob1, b2, ob2, lr, rc2, eps float64)
TEXT ·adamSum64AVX2(SB), NOSPLIT, $0-104
	MOVQ          n+0(FP), CX
	MOVQ          theta+8(FP), DI
	MOVQ          grad+16(FP), SI
	MOVQ          grad2+24(FP), R10
	MOVQ          m+32(FP), R8
	MOVQ          v+40(FP), R9
	VBROADCASTSD b1+48(FP), Y8
	VBROADCASTSD ob1+56(FP), Y9
	VBROADCASTSD b2+64(FP), Y10
	VBROADCASTSD ob2+72(FP), Y11
	VBROADCASTSD lr+80(FP), Y12
	VBROADCASTSD rc2+88(FP), Y13
	VBROADCASTSD eps+96(FP), Y14

loopSD:
	VMOVUPD      (SI), Y0
	VADDPD       (R10), Y0, Y0
	VMULPD       (R8), Y8, Y1
	VMULPD       Y0, Y9, Y2
	VADDPD       Y2, Y1, Y1
	VMOVUPD      Y1, (R8)
	VMULPD       (R9), Y10, Y3
	VMULPD       Y0, Y11, Y4
	VMULPD       Y0, Y4, Y4
	VADDPD       Y4, Y3, Y3
	VMOVUPD      Y3, (R9)
	VSQRTPD      Y3, Y5
	VMULPD       Y13, Y5, Y5
	VADDPD       Y14, Y5, Y5
	VMULPD       Y12, Y1, Y6
	VDIVPD       Y5, Y6, Y6
	VMOVUPD      (DI), Y7
	VSUBPD       Y6, Y7, Y7
	VMOVUPD      Y7, (DI)
	ADDQ          $32, SI
	ADDQ          $32, R10
	ADDQ          $32, DI
	ADDQ          $32, R8
	ADDQ          $32, R9
	SUBQ          $4, CX
	JNZ           loopSD
	VZEROUPPER
	RET
