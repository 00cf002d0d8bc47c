//go:build !noasm

#include "textflag.h"

// func kmDistQuadsAVX2(x *float64, nq, d int, ct *float64, kp int, out, best *float64, idx *int)
//
// For every quad of rows and every group of four centroids: four accumulators (one per row),
// and for t = 0..d−1: c = ct[t][4g:4g+4], u_r = x_r[t] − c, acc_r += u_r·u_r. Separate VMULPD
// and VADDPD (no FMA), so every lane rounds exactly as the scalar Go loop does. Then, for each
// row, the smallest of its kp distances (VMINPD; distances are never NaN or −0) goes to best
// and the first lane holding it to idx: the first index of the minimum, the smallest-index tie
// rule. The best and idx pointers are advanced in their argument slots.
TEXT ·kmDistQuadsAVX2(SB), NOSPLIT, $0-64
	MOVQ x+0(FP), SI
	MOVQ nq+8(FP), CX
	MOVQ d+16(FP), R8
	SHLQ $3, R8              // row stride of x in bytes
	MOVQ ct+24(FP), DI
	MOVQ kp+32(FP), R9
	SHLQ $3, R9              // row stride of ct and out in bytes
	MOVQ out+40(FP), DX

quad:
	MOVQ SI, R10
	LEAQ (R10)(R8*1), R11
	LEAQ (R11)(R8*1), R12
	LEAQ (R12)(R8*1), R13
	XORQ BX, BX              // byte offset of the centroid group

group:
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	LEAQ (DI)(BX*1), R14
	XORQ AX, AX              // byte offset of the coordinate

dim:
	VMOVUPD      (R14), Y4
	VBROADCASTSD (R10)(AX*1), Y5
	VBROADCASTSD (R11)(AX*1), Y6
	VBROADCASTSD (R12)(AX*1), Y7
	VBROADCASTSD (R13)(AX*1), Y8
	VSUBPD       Y4, Y5, Y5
	VSUBPD       Y4, Y6, Y6
	VSUBPD       Y4, Y7, Y7
	VSUBPD       Y4, Y8, Y8
	VMULPD       Y5, Y5, Y5
	VMULPD       Y6, Y6, Y6
	VMULPD       Y7, Y7, Y7
	VMULPD       Y8, Y8, Y8
	VADDPD       Y5, Y0, Y0
	VADDPD       Y6, Y1, Y1
	VADDPD       Y7, Y2, Y2
	VADDPD       Y8, Y3, Y3
	ADDQ         R9, R14
	ADDQ         $8, AX
	CMPQ         AX, R8
	JLT          dim

	MOVQ    DX, AX
	VMOVUPD Y0, (AX)(BX*1)
	ADDQ    R9, AX
	VMOVUPD Y1, (AX)(BX*1)
	ADDQ    R9, AX
	VMOVUPD Y2, (AX)(BX*1)
	ADDQ    R9, AX
	VMOVUPD Y3, (AX)(BX*1)
	ADDQ    $32, BX
	CMPQ    BX, R9
	JLT     group

	MOVQ best+48(FP), R10
	MOVQ idx+56(FP), R11
	MOVQ DX, R12             // distances of the current row
	MOVQ $4, R13

row:
	VMOVUPD (R12), Y0
	MOVQ    $32, BX

minloop:
	CMPQ   BX, R9
	JGE    mindone
	VMINPD (R12)(BX*1), Y0, Y0
	ADDQ   $32, BX
	JMP    minloop

mindone:
	VEXTRACTF128 $1, Y0, X1
	VMINPD       X1, X0, X0
	VPERMILPD    $1, X0, X1
	VMINPD       X1, X0, X0
	VMOVSD       X0, (R10)
	VBROADCASTSD X0, Y0
	XORQ         BX, BX

find:
	CMPQ      BX, R9
	JGE       notfound
	VCMPPD    $0, (R12)(BX*1), Y0, Y1
	VMOVMSKPD Y1, AX
	TESTL     AX, AX
	JNZ       found
	ADDQ      $32, BX
	JMP       find

notfound:
	XORQ AX, AX
	XORQ BX, BX

found:
	BSFL AX, AX
	SHRQ $3, BX              // byte offset of the group / 8 = its first lane
	ADDQ BX, AX
	MOVQ AX, (R11)
	ADDQ $8, R10
	ADDQ $8, R11
	ADDQ R9, R12
	DECQ R13
	JNZ  row
	MOVQ R10, best+48(FP)
	MOVQ R11, idx+56(FP)

	LEAQ (SI)(R8*4), SI
	LEAQ (DX)(R9*4), DX
	DECQ CX
	JNZ  quad
	VZEROUPPER
	RET

// func kmCPUHasAVX2() bool
TEXT ·kmCPUHasAVX2(SB), NOSPLIT, $0-1
	MOVB $0, ret+0(FP)
	MOVL $0, AX
	CPUID
	CMPL AX, $7
	JLT  done
	MOVL $1, AX
	MOVL $0, CX
	CPUID
	MOVL CX, R8
	ANDL $0x18000000, R8     // OSXSAVE (bit 27) and AVX (bit 28)
	CMPL R8, $0x18000000
	JNE  done
	MOVL $0, CX
	XGETBV
	ANDL $6, AX              // the OS saves XMM and YMM state
	CMPL AX, $6
	JNE  done
	MOVL $7, AX
	MOVL $0, CX
	CPUID
	ANDL $0x20, BX           // AVX2 (leaf 7, EBX bit 5)
	JZ   done
	MOVB $1, ret+0(FP)

done:
	RET
