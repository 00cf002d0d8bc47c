//go:build amd64 && !purego

#include "textflag.h"

// func gemm6x8AVX2(k int, a, b, c *float64, ldc int, alpha float64, store bool)
//
// The micro-kernel of Gemm (gemmKernelGo is its reference): Y0–Y11 hold the 6×8 block of
// accumulators (row i in Y(2i), Y(2i+1)), Y12–Y13 the eight b values of step p, Y14–Y15 a
// broadcast a value. Registers: CX steps left, SI packed a, DI packed b, DX row of c, R8 ldc
// in bytes.
TEXT ·gemm6x8AVX2(SB), NOSPLIT, $0-49
	MOVQ         k+0(FP), CX
	MOVQ         a+8(FP), SI
	MOVQ         b+16(FP), DI
	MOVQ         c+24(FP), DX
	MOVQ         ldc+32(FP), R8
	SHLQ         $3, R8
	VXORPD       Y0, Y0, Y0
	VXORPD       Y1, Y1, Y1
	VXORPD       Y2, Y2, Y2
	VXORPD       Y3, Y3, Y3
	VXORPD       Y4, Y4, Y4
	VXORPD       Y5, Y5, Y5
	VXORPD       Y6, Y6, Y6
	VXORPD       Y7, Y7, Y7
	VXORPD       Y8, Y8, Y8
	VXORPD       Y9, Y9, Y9
	VXORPD       Y10, Y10, Y10
	VXORPD       Y11, Y11, Y11

loop:
	VMOVUPD      (DI), Y12
	VMOVUPD      32(DI), Y13
	VBROADCASTSD 0(SI), Y14
	VFMADD231PD  Y12, Y14, Y0
	VFMADD231PD  Y13, Y14, Y1
	VBROADCASTSD 8(SI), Y15
	VFMADD231PD  Y12, Y15, Y2
	VFMADD231PD  Y13, Y15, Y3
	VBROADCASTSD 16(SI), Y14
	VFMADD231PD  Y12, Y14, Y4
	VFMADD231PD  Y13, Y14, Y5
	VBROADCASTSD 24(SI), Y15
	VFMADD231PD  Y12, Y15, Y6
	VFMADD231PD  Y13, Y15, Y7
	VBROADCASTSD 32(SI), Y14
	VFMADD231PD  Y12, Y14, Y8
	VFMADD231PD  Y13, Y14, Y9
	VBROADCASTSD 40(SI), Y15
	VFMADD231PD  Y12, Y15, Y10
	VFMADD231PD  Y13, Y15, Y11
	ADDQ         $48, SI
	ADDQ         $64, DI
	DECQ         CX
	JNZ          loop

	MOVBLZX      store+48(FP), AX
	TESTL        AX, AX
	JNZ          overwrite
	VBROADCASTSD alpha+40(FP), Y14
	VMOVUPD      (DX), Y12
	VMOVUPD      32(DX), Y13
	VFMADD231PD  Y0, Y14, Y12
	VFMADD231PD  Y1, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPD      (DX), Y12
	VMOVUPD      32(DX), Y13
	VFMADD231PD  Y2, Y14, Y12
	VFMADD231PD  Y3, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPD      (DX), Y12
	VMOVUPD      32(DX), Y13
	VFMADD231PD  Y4, Y14, Y12
	VFMADD231PD  Y5, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPD      (DX), Y12
	VMOVUPD      32(DX), Y13
	VFMADD231PD  Y6, Y14, Y12
	VFMADD231PD  Y7, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPD      (DX), Y12
	VMOVUPD      32(DX), Y13
	VFMADD231PD  Y8, Y14, Y12
	VFMADD231PD  Y9, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	ADDQ         R8, DX
	VMOVUPD      (DX), Y12
	VMOVUPD      32(DX), Y13
	VFMADD231PD  Y10, Y14, Y12
	VFMADD231PD  Y11, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	VZEROUPPER
	RET

// overwrite: beta was 0 and this is the first block of k, so c is not read: the
// accumulators are added to zeros instead, the same fused multiply-adds with c = +0.
overwrite:
	VBROADCASTSD alpha+40(FP), Y14
	VXORPD       Y12, Y12, Y12
	VXORPD       Y13, Y13, Y13
	VFMADD231PD  Y0, Y14, Y12
	VFMADD231PD  Y1, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPD       Y12, Y12, Y12
	VXORPD       Y13, Y13, Y13
	VFMADD231PD  Y2, Y14, Y12
	VFMADD231PD  Y3, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPD       Y12, Y12, Y12
	VXORPD       Y13, Y13, Y13
	VFMADD231PD  Y4, Y14, Y12
	VFMADD231PD  Y5, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPD       Y12, Y12, Y12
	VXORPD       Y13, Y13, Y13
	VFMADD231PD  Y6, Y14, Y12
	VFMADD231PD  Y7, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPD       Y12, Y12, Y12
	VXORPD       Y13, Y13, Y13
	VFMADD231PD  Y8, Y14, Y12
	VFMADD231PD  Y9, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	ADDQ         R8, DX
	VXORPD       Y12, Y12, Y12
	VXORPD       Y13, Y13, Y13
	VFMADD231PD  Y10, Y14, Y12
	VFMADD231PD  Y11, Y14, Y13
	VMOVUPD      Y12, (DX)
	VMOVUPD      Y13, 32(DX)
	VZEROUPPER
	RET

// func gemm6x16AVX512(k int, a, b, c *float64, ldc int, alpha float64, store bool)
//
// gemm6x8AVX2 with a 6×16 tile in 512-bit registers, for CPUs with AVX-512 (useWide):
// Z0–Z11 hold the accumulators (row i in Z(2i), Z(2i+1)), Z12–Z13 the sixteen b values of step
// p, Z14–Z19 the six broadcast a values. Every element gets the same fused multiply-adds in
// the same order as in gemmKernelGo, so the bits are those of the 6×8 kernels.
TEXT ·gemm6x16AVX512(SB), NOSPLIT, $0-49
	MOVQ         k+0(FP), CX
	MOVQ         a+8(FP), SI
	MOVQ         b+16(FP), DI
	MOVQ         c+24(FP), DX
	MOVQ         ldc+32(FP), R8
	SHLQ         $3, R8
	VPXORQ       Z0, Z0, Z0
	VPXORQ       Z1, Z1, Z1
	VPXORQ       Z2, Z2, Z2
	VPXORQ       Z3, Z3, Z3
	VPXORQ       Z4, Z4, Z4
	VPXORQ       Z5, Z5, Z5
	VPXORQ       Z6, Z6, Z6
	VPXORQ       Z7, Z7, Z7
	VPXORQ       Z8, Z8, Z8
	VPXORQ       Z9, Z9, Z9
	VPXORQ       Z10, Z10, Z10
	VPXORQ       Z11, Z11, Z11

loop16:
	VMOVUPD      (DI), Z12
	VMOVUPD      64(DI), Z13
	VBROADCASTSD 0(SI), Z14
	VBROADCASTSD 8(SI), Z15
	VBROADCASTSD 16(SI), Z16
	VBROADCASTSD 24(SI), Z17
	VBROADCASTSD 32(SI), Z18
	VBROADCASTSD 40(SI), Z19
	VFMADD231PD  Z12, Z14, Z0
	VFMADD231PD  Z13, Z14, Z1
	VFMADD231PD  Z12, Z15, Z2
	VFMADD231PD  Z13, Z15, Z3
	VFMADD231PD  Z12, Z16, Z4
	VFMADD231PD  Z13, Z16, Z5
	VFMADD231PD  Z12, Z17, Z6
	VFMADD231PD  Z13, Z17, Z7
	VFMADD231PD  Z12, Z18, Z8
	VFMADD231PD  Z13, Z18, Z9
	VFMADD231PD  Z12, Z19, Z10
	VFMADD231PD  Z13, Z19, Z11
	ADDQ         $48, SI
	ADDQ         $128, DI
	DECQ         CX
	JNZ          loop16

	VBROADCASTSD alpha+40(FP), Z14
	MOVBLZX      store+48(FP), AX
	TESTL        AX, AX
	JNZ          overwrite16
	VMOVUPD      (DX), Z12
	VMOVUPD      64(DX), Z13
	VFMADD231PD  Z0, Z14, Z12
	VFMADD231PD  Z1, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	ADDQ         R8, DX
	VMOVUPD      (DX), Z12
	VMOVUPD      64(DX), Z13
	VFMADD231PD  Z2, Z14, Z12
	VFMADD231PD  Z3, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	ADDQ         R8, DX
	VMOVUPD      (DX), Z12
	VMOVUPD      64(DX), Z13
	VFMADD231PD  Z4, Z14, Z12
	VFMADD231PD  Z5, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	ADDQ         R8, DX
	VMOVUPD      (DX), Z12
	VMOVUPD      64(DX), Z13
	VFMADD231PD  Z6, Z14, Z12
	VFMADD231PD  Z7, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	ADDQ         R8, DX
	VMOVUPD      (DX), Z12
	VMOVUPD      64(DX), Z13
	VFMADD231PD  Z8, Z14, Z12
	VFMADD231PD  Z9, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	ADDQ         R8, DX
	VMOVUPD      (DX), Z12
	VMOVUPD      64(DX), Z13
	VFMADD231PD  Z10, Z14, Z12
	VFMADD231PD  Z11, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	VZEROUPPER
	RET

// overwrite16: beta was 0 and this is the first block of k: c is not read (+0 instead).
overwrite16:
	VPXORQ       Z12, Z12, Z12
	VPXORQ       Z13, Z13, Z13
	VFMADD231PD  Z0, Z14, Z12
	VFMADD231PD  Z1, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	ADDQ         R8, DX
	VPXORQ       Z12, Z12, Z12
	VPXORQ       Z13, Z13, Z13
	VFMADD231PD  Z2, Z14, Z12
	VFMADD231PD  Z3, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	ADDQ         R8, DX
	VPXORQ       Z12, Z12, Z12
	VPXORQ       Z13, Z13, Z13
	VFMADD231PD  Z4, Z14, Z12
	VFMADD231PD  Z5, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	ADDQ         R8, DX
	VPXORQ       Z12, Z12, Z12
	VPXORQ       Z13, Z13, Z13
	VFMADD231PD  Z6, Z14, Z12
	VFMADD231PD  Z7, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	ADDQ         R8, DX
	VPXORQ       Z12, Z12, Z12
	VPXORQ       Z13, Z13, Z13
	VFMADD231PD  Z8, Z14, Z12
	VFMADD231PD  Z9, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	ADDQ         R8, DX
	VPXORQ       Z12, Z12, Z12
	VPXORQ       Z13, Z13, Z13
	VFMADD231PD  Z10, Z14, Z12
	VFMADD231PD  Z11, Z14, Z13
	VMOVUPD      Z12, (DX)
	VMOVUPD      Z13, 64(DX)
	VZEROUPPER
	RET
