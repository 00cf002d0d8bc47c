//go:build amd64 && !purego

#include "textflag.h"

// func dotNextAVX2(x, y, next []float64) float64
//
// Registers: SI x, DI y, CX len(x), DX next, BX bytes of next, AX offset, Y0 the four lanes
// (s₀ … s₃), X1 s₂ and s₃ once split, X2 and X3 products.
TEXT ·dotNextAVX2(SB), NOSPLIT, $0-80
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	MOVQ y_base+24(FP), DI
	MOVQ next_base+48(FP), DX
	MOVQ next_len+56(FP), BX
	SHLQ $3, BX
	JZ   sum
	XORQ AX, AX

fetch:
	PREFETCHT0 (DX)(AX*1)
	ADDQ       $64, AX
	CMPQ       AX, BX
	JLT        fetch
	PREFETCHT0 -1(DX)(BX*1)

sum:
	VXORPD Y0, Y0, Y0
	XORQ   AX, AX
	MOVQ   CX, R8
	ANDQ   $-4, R8
	JZ     split

loop4:
	VMOVUPD (SI)(AX*8), Y2
	VMULPD  (DI)(AX*8), Y2, Y2
	VADDPD  Y2, Y0, Y0
	ADDQ    $4, AX
	CMPQ    AX, R8
	JLT     loop4

split:
	VEXTRACTF128 $1, Y0, X1
	CMPQ         AX, CX
	JGE          reduce

tail:
	VMOVSD (SI)(AX*8), X2
	VMULSD (DI)(AX*8), X2, X2
	VADDSD X2, X0, X0
	INCQ   AX
	CMPQ   AX, CX
	JLT    tail

reduce:
	VADDPD     X1, X0, X0 // (s₀ + s₂, s₁ + s₃)
	VUNPCKHPD  X0, X0, X1 // s₁ + s₃
	VADDSD     X0, X1, X0
	VZEROUPPER
	MOVSD      X0, ret+72(FP)
	RET
