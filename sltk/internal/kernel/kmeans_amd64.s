//go:build amd64 && !purego

#include "textflag.h"

// func kmDistQuadsAVX2(x *float64, nq, d int, ct *float64, kp int, out, best *float64, idx *int)
//
// For every quad of rows and every pair of groups of four centroids (then a last single group):
// one accumulator per row and group, and for t = 0..d−1: c = ct[t][4g:4g+4], u_r = x_r[t] − c,
// acc_r += u_r·u_r. The square and the sum are rounded separately (the sum as u·u·1 + acc when
// it runs on an FMA pipe, which rounds once, like an addition), so every lane rounds exactly as
// the scalar Go loop does. Then, for each
// row, the smallest of its kp distances (VMINPD; distances are never NaN or −0) goes to best
// and the first lane holding it to idx (BSF over the packed equality masks): the first index of
// the minimum, the smallest-index tie rule. The best and idx pointers are advanced in their argument slots.
// SQACC adds the squares Q to the accumulator A as Q·1 + A: one rounding, the same bits as
// VADDPD, but on the FMA pipes, so that the additions share the work with the subtractions on
// the FADD pipes instead of queueing behind them (needs Y9 = 1).
#define SQACC(Q, A) VFMADD231PD Y9, Q, A

// PAIRROW does one coordinate of one row against two groups of centroids (at R14 and 32(R14)):
// u = x − c, u·u, added to A0 and A1 (A1 through SQACC), with temporaries Y11–Y13.
#define PAIRROW(ROW, A0, A1) \
	VBROADCASTSD (ROW)(AX*1), Y11 \
	VSUBPD       (R14), Y11, Y12  \
	VSUBPD       32(R14), Y11, Y13 \
	VMULPD       Y12, Y12, Y12    \
	VMULPD       Y13, Y13, Y13    \
	VADDPD       Y12, A0, A0      \
	SQACC(Y13, A1)

TEXT ·kmDistQuadsAVX2(SB), NOSPLIT, $8-64
	MOVQ x+0(FP), SI
	MOVQ nq+8(FP), CX
	MOVQ d+16(FP), R8
	SHLQ $3, R8              // row stride of x in bytes
	MOVQ ct+24(FP), DI
	MOVQ kp+32(FP), R9
	SHLQ $3, R9              // row stride of ct and out in bytes
	MOVQ out+40(FP), DX

	MOVQ         $0x3ff0000000000000, AX
	MOVQ         AX, X9
	VBROADCASTSD X9, Y9      // 1.0 (see SQACC)

quad:
	MOVQ SI, R10
	LEAQ (R10)(R8*1), R11
	LEAQ (R11)(R8*1), R12
	LEAQ (R12)(R8*1), R13
	XORQ BX, BX              // byte offset of the centroid group

pairs:
	LEAQ 64(BX), AX
	CMPQ AX, R9
	JGT  group               // fewer than two groups left
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	LEAQ (DI)(BX*1), R14
	XORQ AX, AX

dim2:
	PAIRROW(R10, Y0, Y1)
	PAIRROW(R11, Y2, Y3)
	PAIRROW(R12, Y4, Y5)
	PAIRROW(R13, Y6, Y7)
	ADDQ R9, R14
	ADDQ $8, AX
	CMPQ AX, R8
	JLT  dim2

	MOVQ    DX, AX
	VMOVUPD Y0, (AX)(BX*1)
	VMOVUPD Y1, 32(AX)(BX*1)
	ADDQ    R9, AX
	VMOVUPD Y2, (AX)(BX*1)
	VMOVUPD Y3, 32(AX)(BX*1)
	ADDQ    R9, AX
	VMOVUPD Y4, (AX)(BX*1)
	VMOVUPD Y5, 32(AX)(BX*1)
	ADDQ    R9, AX
	VMOVUPD Y6, (AX)(BX*1)
	VMOVUPD Y7, 32(AX)(BX*1)
	ADDQ    $64, BX
	JMP     pairs

group:
	CMPQ BX, R9
	JGE  groupsdone
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
	SQACC(Y6, Y1)
	VADDPD       Y7, Y2, Y2
	SQACC(Y8, Y3)
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
	JMP     group

groupsdone:
	MOVQ best+48(FP), R10
	MOVQ idx+56(FP), R11
	MOVQ DX, outsave-8(SP)   // DX is a temporary below
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

	// The first lane equal to the minimum, without a branch per group (which group holds it
	// is data-dependent and would be mispredicted about once per row): the equality masks of
	// up to 16 groups are packed into R14, group 0 in the low bits, and BSF finds the lane.
	XORQ BX, BX              // byte offset of the chunk's first group

findchunk:
	LEAQ    512(BX), AX
	CMPQ    AX, R9
	CMOVQGT R9, AX           // end of the chunk of at most 16 groups
	XORQ    R14, R14

findgroup:
	SUBQ      $32, AX
	VCMPPD    $0, (R12)(AX*1), Y0, Y1
	VMOVMSKPD Y1, DX
	SHLQ      $4, R14
	ORQ       DX, R14
	CMPQ      AX, BX
	JGT       findgroup
	TESTQ     R14, R14
	JNZ       found
	ADDQ      $512, BX
	CMPQ      BX, R9
	JLT       findchunk
	MOVQ      $1, R14        // not found (only if the minimum were NaN): index 0
	XORQ      BX, BX

found:
	BSFQ R14, AX
	SHRQ $3, BX              // byte offset of the chunk / 8 = its first lane
	ADDQ BX, AX
	MOVQ AX, (R11)
	ADDQ $8, R10
	ADDQ $8, R11
	ADDQ R9, R12
	DECQ R13
	JNZ  row
	MOVQ R10, best+48(FP)
	MOVQ R11, idx+56(FP)
	MOVQ outsave-8(SP), DX

	LEAQ (SI)(R8*4), SI
	LEAQ (DX)(R9*4), DX
	DECQ CX
	JNZ  quad
	VZEROUPPER
	RET

// func kmAddRowsAVX2(sums, x *float64, idx *int, m, d int)
//
// For r = 0..m−1 in order: sums[idx[r]·d + t] += x[r·d + t] for every t, four coordinates per
// VADDPD and the last d mod 4 one by one; each coordinate is one addition, as in KMAddRowsGo.
// Registers: DI sums, SI row r of x, BX idx cursor, CX rows left, R9 row bytes, R11 bytes in
// whole vectors, R10 the cluster's row of sums, DX the byte offset in the row.
TEXT ·kmAddRowsAVX2(SB), NOSPLIT, $0-40
	MOVQ  sums+0(FP), DI
	MOVQ  x+8(FP), SI
	MOVQ  idx+16(FP), BX
	MOVQ  m+24(FP), CX
	MOVQ  d+32(FP), R9
	SHLQ  $3, R9
	MOVQ  R9, R11
	ANDQ  $-32, R11
	TESTQ CX, CX
	JZ    addsdone

addrow:
	MOVQ  (BX), AX
	IMULQ R9, AX
	LEAQ  (DI)(AX*1), R10
	XORQ  DX, DX

addvec:
	CMPQ    DX, R11
	JGE     addtail
	VMOVUPD (SI)(DX*1), Y0
	VADDPD  (R10)(DX*1), Y0, Y0
	VMOVUPD Y0, (R10)(DX*1)
	ADDQ    $32, DX
	JMP     addvec

addtail:
	CMPQ   DX, R9
	JGE    addnext
	VMOVSD (SI)(DX*1), X0
	VADDSD (R10)(DX*1), X0, X0
	VMOVSD X0, (R10)(DX*1)
	ADDQ   $8, DX
	JMP    addtail

addnext:
	ADDQ R9, SI
	ADDQ $8, BX
	DECQ CX
	JNZ  addrow

addsdone:
	VZEROUPPER
	RET
