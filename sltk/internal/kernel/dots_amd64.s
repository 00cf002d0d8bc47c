//go:build amd64 && !purego

#include "textflag.h"
#include "reduce_amd64.h"

// func dotsAVX2(dst, q, x []float64)
//
// Registers: DI dst cursor, CX rows left, BX q, R8 row stride in bytes, R9 d/4, R10 d mod 4,
// SI first row of the current group, R11–R13 row bases, AX q cursor, DX loop counter,
// Y0–Y7 one accumulator per row, Y8 the q chunk.
TEXT ·dotsAVX2(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ q_base+24(FP), BX
	MOVQ q_len+32(FP), R8
	MOVQ x_base+48(FP), SI
	MOVQ R8, R9
	SHRQ $2, R9
	MOVQ R8, R10
	ANDQ $3, R10
	SHLQ $3, R8

rows8:
	CMPQ CX, $8
	JLT  rows1
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
	LEAQ   (R12)(R8*2), R13
	ADDQ   R8, R13
	MOVQ   BX, AX
	MOVQ   R9, DX
	TESTQ  DX, DX
	JZ     reduce8

loop8:
	VMOVUPD     (AX), Y8
	VFMADD231PD (R11), Y8, Y0
	VFMADD231PD (R11)(R8*1), Y8, Y1
	VFMADD231PD (R11)(R8*2), Y8, Y2
	VFMADD231PD (R12), Y8, Y3
	VFMADD231PD (R12)(R8*1), Y8, Y4
	VFMADD231PD (R12)(R8*2), Y8, Y5
	VFMADD231PD (R13), Y8, Y6
	VFMADD231PD (R13)(R8*1), Y8, Y7
	ADDQ        $32, AX
	ADDQ        $32, R11
	ADDQ        $32, R12
	ADDQ        $32, R13
	DECQ        DX
	JNZ         loop8

reduce8:
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
	JZ    store8

tail8:
	VMOVSD      (AX), X8
	VFMADD231SD (R11), X8, X0
	VFMADD231SD (R11)(R8*1), X8, X1
	VFMADD231SD (R11)(R8*2), X8, X2
	VFMADD231SD (R12), X8, X3
	VFMADD231SD (R12)(R8*1), X8, X4
	VFMADD231SD (R12)(R8*2), X8, X5
	VFMADD231SD (R13), X8, X6
	VFMADD231SD (R13)(R8*1), X8, X7
	ADDQ        $8, AX
	ADDQ        $8, R11
	ADDQ        $8, R12
	ADDQ        $8, R13
	DECQ        DX
	JNZ         tail8

store8:
	VMOVSD X0, (DI)
	VMOVSD X1, 8(DI)
	VMOVSD X2, 16(DI)
	VMOVSD X3, 24(DI)
	VMOVSD X4, 32(DI)
	VMOVSD X5, 40(DI)
	VMOVSD X6, 48(DI)
	VMOVSD X7, 56(DI)
	ADDQ   $64, DI
	LEAQ   (SI)(R8*8), SI
	SUBQ   $8, CX
	JMP    rows8

rows1:
	TESTQ  CX, CX
	JZ     done
	VXORPD Y0, Y0, Y0
	MOVQ   SI, R11
	MOVQ   BX, AX
	MOVQ   R9, DX
	TESTQ  DX, DX
	JZ     reduce1

loop1:
	VMOVUPD     (AX), Y8
	VFMADD231PD (R11), Y8, Y0
	ADDQ        $32, AX
	ADDQ        $32, R11
	DECQ        DX
	JNZ         loop1

reduce1:
	REDUCE(Y0, X0, X8)
	MOVQ  R10, DX
	TESTQ DX, DX
	JZ    store1

tail1:
	VMOVSD      (AX), X8
	VFMADD231SD (R11), X8, X0
	ADDQ        $8, AX
	ADDQ        $8, R11
	DECQ        DX
	JNZ         tail1

store1:
	VMOVSD X0, (DI)
	ADDQ   $8, DI
	ADDQ   R8, SI
	DECQ   CX
	JMP    rows1

done:
	VZEROUPPER
	RET
