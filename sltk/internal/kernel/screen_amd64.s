//go:build amd64 && !purego

#include "textflag.h"

// func screen32AVX2(idx []int32, dots []float32, norms []float64, qn, rel, abs, bound float64) int
//
// Four positions per step: Y0 = norms + qn (sum), Y1 = 2·dots (widened), Y1 = sum − Y1 (est),
// Y0 = rel·sum + abs (err), Y1 = est − err, then the mask of !(Y1 > bound); a nonzero mask
// writes its positions in order. Registers: DI idx cursor, SI dots, BX norms, CX steps left,
// AX position of the step, DX mask, R8 bit.
TEXT ·screen32AVX2(SB), NOSPLIT, $0-112
	MOVQ         idx_base+0(FP), DI
	MOVQ         dots_base+24(FP), SI
	MOVQ         dots_len+32(FP), CX
	MOVQ         norms_base+48(FP), BX
	VBROADCASTSD qn+72(FP), Y4
	VBROADCASTSD rel+80(FP), Y5
	VBROADCASTSD abs+88(FP), Y6
	VBROADCASTSD bound+96(FP), Y7
	MOVQ         DI, R9
	XORQ         AX, AX
	SHRQ         $2, CX
	JZ           done

loop:
	VADDPD    (BX)(AX*8), Y4, Y0
	VCVTPS2PD (SI)(AX*4), Y1
	VADDPD    Y1, Y1, Y1
	VSUBPD    Y1, Y0, Y1
	VMULPD    Y5, Y0, Y0
	VADDPD    Y6, Y0, Y0
	VSUBPD    Y0, Y1, Y1
	VCMPPD    $0x0A, Y7, Y1, Y1 // NGT_US: !(lower > bound), true for NaN
	VMOVMSKPD Y1, DX
	TESTQ     DX, DX
	JNZ       hits

next:
	ADDQ $4, AX
	DECQ CX
	JNZ  loop

done:
	VZEROUPPER
	SUBQ R9, DI
	SHRQ $2, DI
	MOVQ DI, ret+104(FP)
	RET

hits:
	BSFQ DX, R8
	LEAQ (AX)(R8*1), R10
	MOVL R10, (DI)
	ADDQ $4, DI
	BTRQ  R8, DX
	TESTQ DX, DX
	JNZ   hits
	JMP  next
