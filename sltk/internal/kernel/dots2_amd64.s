//go:build amd64 && !purego

#include "textflag.h"
#include "reduce_amd64.h"

// func dots2AVX2(dst0, dst1, q0, q1, x []float64)
//
// Dots for two queries at once: each chunk of four values of a row is loaded once and used by
// both queries, so a multiply-add needs 0.75 loads instead of 1.125. Every dot product is
// summed exactly as in dotsAVX2 (REDUCE, reduce_amd64.h). Registers: DI dst0 cursor, R14 dst1 cursor, CX rows left,
// BX q0, R13 q1 − q0 in bytes, R8 row stride in bytes, R9 d/4, R10 d mod 4, SI first row of the
// group, R11 and R12 row bases, AX q0 cursor, DX loop counter, Y0–Y3 (q0) and Y4–Y7 (q1) the
// accumulators of four rows, Y8 and Y9 the query chunks, Y10 the row chunk.
TEXT ·dots2AVX2(SB), NOSPLIT, $0-120
	MOVQ dst0_base+0(FP), DI
	MOVQ dst0_len+8(FP), CX
	MOVQ dst1_base+24(FP), R14
	MOVQ q0_base+48(FP), BX
	MOVQ q0_len+56(FP), R8
	MOVQ q1_base+72(FP), R13
	SUBQ BX, R13
	MOVQ x_base+96(FP), SI
	MOVQ R8, R9
	SHRQ $2, R9
	MOVQ R8, R10
	ANDQ $3, R10
	SHLQ $3, R8

rows4:
	CMPQ   CX, $4
	JLT    rows1
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	MOVQ   SI, R11
	LEAQ   (SI)(R8*2), R12
	ADDQ   R8, R12
	MOVQ   BX, AX
	MOVQ   R9, DX
	TESTQ  DX, DX
	JZ     reduce4

loop4:
	VMOVUPD     (AX), Y8
	VMOVUPD     (AX)(R13*1), Y9
	VMOVUPD     (R11), Y10
	VFMADD231PD Y10, Y8, Y0
	VFMADD231PD Y10, Y9, Y4
	VMOVUPD     (R11)(R8*1), Y10
	VFMADD231PD Y10, Y8, Y1
	VFMADD231PD Y10, Y9, Y5
	VMOVUPD     (R11)(R8*2), Y10
	VFMADD231PD Y10, Y8, Y2
	VFMADD231PD Y10, Y9, Y6
	VMOVUPD     (R12), Y10
	VFMADD231PD Y10, Y8, Y3
	VFMADD231PD Y10, Y9, Y7
	ADDQ        $32, AX
	ADDQ        $32, R11
	ADDQ        $32, R12
	DECQ        DX
	JNZ         loop4

reduce4:
	REDUCE(Y0, X0, X8)
	REDUCE(Y1, X1, X8)
	REDUCE(Y2, X2, X8)
	REDUCE(Y3, X3, X8)
	REDUCE(Y4, X4, X8)
	REDUCE(Y5, X5, X8)
	REDUCE(Y6, X6, X8)
	REDUCE(Y7, X7, X8)
	MOVQ  R10, DX
	TESTQ DX, DX
	JZ    store4

tail4:
	VMOVSD      (AX), X8
	VMOVSD      (AX)(R13*1), X9
	VMOVSD      (R11), X10
	VFMADD231SD X10, X8, X0
	VFMADD231SD X10, X9, X4
	VMOVSD      (R11)(R8*1), X10
	VFMADD231SD X10, X8, X1
	VFMADD231SD X10, X9, X5
	VMOVSD      (R11)(R8*2), X10
	VFMADD231SD X10, X8, X2
	VFMADD231SD X10, X9, X6
	VMOVSD      (R12), X10
	VFMADD231SD X10, X8, X3
	VFMADD231SD X10, X9, X7
	ADDQ        $8, AX
	ADDQ        $8, R11
	ADDQ        $8, R12
	DECQ        DX
	JNZ         tail4

store4:
	VMOVSD X0, (DI)
	VMOVSD X1, 8(DI)
	VMOVSD X2, 16(DI)
	VMOVSD X3, 24(DI)
	VMOVSD X4, (R14)
	VMOVSD X5, 8(R14)
	VMOVSD X6, 16(R14)
	VMOVSD X7, 24(R14)
	ADDQ   $32, DI
	ADDQ   $32, R14
	LEAQ   (SI)(R8*4), SI
	SUBQ   $4, CX
	JMP    rows4

rows1:
	TESTQ  CX, CX
	JZ     done
	VXORPD Y0, Y0, Y0
	VXORPD Y4, Y4, Y4
	MOVQ   SI, R11
	MOVQ   BX, AX
	MOVQ   R9, DX
	TESTQ  DX, DX
	JZ     reduce1

loop1:
	VMOVUPD     (R11), Y10
	VFMADD231PD (AX), Y10, Y0
	VFMADD231PD (AX)(R13*1), Y10, Y4
	ADDQ        $32, AX
	ADDQ        $32, R11
	DECQ        DX
	JNZ         loop1

reduce1:
	REDUCE(Y0, X0, X8)
	REDUCE(Y4, X4, X8)
	MOVQ  R10, DX
	TESTQ DX, DX
	JZ    store1

tail1:
	VMOVSD      (R11), X10
	VFMADD231SD (AX), X10, X0
	VFMADD231SD (AX)(R13*1), X10, X4
	ADDQ        $8, AX
	ADDQ        $8, R11
	DECQ        DX
	JNZ         tail1

store1:
	VMOVSD X0, (DI)
	VMOVSD X4, (R14)
	ADDQ   $8, DI
	ADDQ   $8, R14
	ADDQ   R8, SI
	DECQ   CX
	JMP    rows1

done:
	VZEROUPPER
	RET
