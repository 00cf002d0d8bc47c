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

// func kmNearestQuadsAVX2(x *float64, nq, d int, ct *float64, kp int, tab, best *float64, idx *int)
//
// The nearest centroid of four rows at a time, with no distance stored: the groups of four
// centroids go in chunks of three (two, or one, at the end: 4 groups as 2 + 2, not 3 + 1),
// one accumulator per row and group, 12 of them for three groups, so that enough independent
// sums are in flight to hide the latency of the additions. Each lane rounds as in
// kmDistQuadsAVX2 (u = x_t − c, u·u, acc + u·u in coordinate order). After a chunk each row's
// state, the lane minima V and their centroid indices I (on the stack), takes the chunk's
// groups in order: where acc < V (strict) the lane takes acc and the group's index vector
// from tab, else it keeps its own. A lane so holds the smallest of its distances and the first
// index reaching it. Last, for each row, the smallest of the four lane minima is the row's
// minimum, and the smallest index among the lanes equal to it is the first index of the
// minimum (the other lanes are blended to +Inf first). tab holds +Inf ×4, then the indices
// 0, 1, …, kp−1 as float64. Distances are never NaN.
//
// Registers: SI the quad's first row, CX quads left, R8 row bytes of x, DI ct, R9 row bytes
// of ct, DX tab, R10–R13 the four rows, BX byte offset of the chunk's first group, R14 its
// centroids at coordinate t, AX byte offset of the coordinate, Y9 = 1 (SQACC). Stack: V of
// rows 0–3 at 0, 32, 64, 96(SP), I at 128–224(SP).

// TRIROW does one coordinate of one row against three groups: u = x − c, u·u into A, B, C;
// ADD1 and ADD2 (VADDPD or SQACC) alternate the additions between the two kinds of pipe.
#define TRIROW(ROW, A, B, C, ADD1, ADD2) \
	VBROADCASTSD (ROW)(AX*1), Y13 \
	VSUBPD       (R14), Y13, Y14  \
	VSUBPD       32(R14), Y13, Y15 \
	VMULPD       Y14, Y14, Y14    \
	VMULPD       Y15, Y15, Y15    \
	ADD1(Y14, A)                  \
	ADD2(Y15, B)                  \
	VSUBPD       64(R14), Y13, Y14 \
	VMULPD       Y14, Y14, Y14    \
	ADD1(Y14, C)

#define ADDPD(Q, A) VADDPD Q, A, A

// ONEROW does one coordinate of one row against the group in Y4.
#define ONEROW(ROW, T, A, ADD) \
	VBROADCASTSD (ROW)(AX*1), T \
	VSUBPD       Y4, T, T       \
	VMULPD       T, T, T        \
	ADD(T, A)

// LOADST and SAVEST move row R's state (R = 0..3) between the stack and Y13 (V), Y14 (I).
#define LOADST(R) \
	VMOVUPD (R*32)(SP), Y13      \
	VMOVUPD (128+R*32)(SP), Y14

#define SAVEST(R) \
	VMOVUPD Y13, (R*32)(SP)      \
	VMOVUPD Y14, (128+R*32)(SP)

// FOLD takes the distances A of the group at byte offset OFF from the chunk's first into the
// state in Y13, Y14 (mask in Y15).
#define FOLD(A, OFF) \
	VCMPPD    $1, Y13, A, Y15            \
	VMINPD    Y13, A, Y13                \
	VBLENDVPD Y15, (32+OFF)(DX)(BX*1), Y14, Y14

// TRANSPOSE4 transposes the four row vectors R0–R3 in place (lane r of Rℓ becomes lane ℓ of
// row r: rows to lanes), with Y12–Y15 as scratch.
#define TRANSPOSE4(R0, R1, R2, R3) \
	VUNPCKLPD  R1, R0, Y12         \
	VUNPCKHPD  R1, R0, Y13         \
	VUNPCKLPD  R3, R2, Y14         \
	VUNPCKHPD  R3, R2, Y15         \
	VPERM2F128 $0x20, Y14, Y12, R0 \
	VPERM2F128 $0x20, Y15, Y13, R1 \
	VPERM2F128 $0x31, Y14, Y12, R2 \
	VPERM2F128 $0x31, Y15, Y13, R3

// FIRST takes the distances B of the group at byte offset OFF of tab into a row's state held
// in registers: the lane minima in A, which held the distances of the group before, and their
// indices in I, which start as the indices in IPREV (mask in Y15).
#define FIRST(A, B, OFF, IPREV, I) \
	VCMPPD    $1, A, B, Y15   \
	VMINPD    A, B, A         \
	VBLENDVPD Y15, OFF(DX), IPREV, I

TEXT ·kmNearestQuadsAVX2(SB), NOSPLIT, $256-64
	MOVQ x+0(FP), SI
	MOVQ nq+8(FP), CX
	MOVQ d+16(FP), R8
	SHLQ $3, R8
	MOVQ ct+24(FP), DI
	MOVQ kp+32(FP), R9
	SHLQ $3, R9
	MOVQ tab+40(FP), DX

	MOVQ         $0x3ff0000000000000, AX
	MOVQ         AX, X9
	VBROADCASTSD X9, Y9

nquad:
	MOVQ SI, R10
	LEAQ (R10)(R8*1), R11
	LEAQ (R11)(R8*1), R12
	LEAQ (R12)(R8*1), R13
	XORQ BX, BX
	CMPQ R9, $32
	JEQ  nfirstgeneric
	CMPQ R9, $64
	JEQ  nfirstpair
	CMPQ R9, $128
	JEQ  nfirstpair

	// The first chunk, three groups; its state stays in registers: V in Y0, Y3, Y6, Y10 and I
	// in Y1, Y4, Y7, Y11 (rows 0–3), the layout the tail takes.
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	VXORPD Y8, Y8, Y8
	VXORPD Y10, Y10, Y10
	VXORPD Y11, Y11, Y11
	VXORPD Y12, Y12, Y12
	MOVQ   DI, R14
	XORQ   AX, AX

nfirsttridim:
	TRIROW(R10, Y0, Y1, Y2, ADDPD, SQACC)
	TRIROW(R11, Y3, Y4, Y5, SQACC, ADDPD)
	TRIROW(R12, Y6, Y7, Y8, ADDPD, SQACC)
	TRIROW(R13, Y10, Y11, Y12, SQACC, ADDPD)
	ADDQ R9, R14
	ADDQ $8, AX
	CMPQ AX, R8
	JLT  nfirsttridim

	VMOVUPD 32(DX), Y14      // the indices of group 0
	FIRST(Y0, Y1, 64, Y14, Y1)
	FIRST(Y0, Y2, 96, Y1, Y1)
	FIRST(Y3, Y4, 64, Y14, Y4)
	FIRST(Y3, Y5, 96, Y4, Y4)
	FIRST(Y6, Y7, 64, Y14, Y7)
	FIRST(Y6, Y8, 96, Y7, Y7)
	FIRST(Y10, Y11, 64, Y14, Y11)
	FIRST(Y10, Y12, 96, Y11, Y11)
	MOVQ $96, BX
	CMPQ BX, R9
	JGE  ntail

nspill:
	VMOVUPD Y0, 0(SP)
	VMOVUPD Y3, 32(SP)
	VMOVUPD Y6, 64(SP)
	VMOVUPD Y10, 96(SP)
	VMOVUPD Y1, 128(SP)
	VMOVUPD Y4, 160(SP)
	VMOVUPD Y7, 192(SP)
	VMOVUPD Y11, 224(SP)
	JMP     nchunk

nfirstpair:
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	MOVQ   DI, R14
	XORQ   AX, AX

nfirstpairdim:
	PAIRROW(R10, Y0, Y1)
	PAIRROW(R11, Y2, Y3)
	PAIRROW(R12, Y4, Y5)
	PAIRROW(R13, Y6, Y7)
	ADDQ R9, R14
	ADDQ $8, AX
	CMPQ AX, R8
	JLT  nfirstpairdim

	// Rows 0–3 to the tail's layout: V in Y0, Y3, Y6, Y10, I in Y1, Y4, Y7, Y11.
	VMOVUPD   32(DX), Y14
	FIRST(Y6, Y7, 64, Y14, Y11)
	VMOVAPD   Y6, Y10
	FIRST(Y4, Y5, 64, Y14, Y7)
	VMOVAPD   Y4, Y6
	FIRST(Y2, Y3, 64, Y14, Y4)
	VMOVAPD   Y2, Y3
	FIRST(Y0, Y1, 64, Y14, Y1)
	MOVQ      $64, BX
	CMPQ      BX, R9
	JGE       ntail
	JMP       nspill

nfirstgeneric:
	VMOVUPD (DX), Y0         // V = +Inf, I = the indices of group 0
	VMOVUPD 32(DX), Y1
	VMOVUPD Y0, 0(SP)
	VMOVUPD Y0, 32(SP)
	VMOVUPD Y0, 64(SP)
	VMOVUPD Y0, 96(SP)
	VMOVUPD Y1, 128(SP)
	VMOVUPD Y1, 160(SP)
	VMOVUPD Y1, 192(SP)
	VMOVUPD Y1, 224(SP)

nchunk:
	MOVQ R9, AX
	SUBQ BX, AX              // bytes of ct's row left
	CMPQ AX, $32
	JEQ  nsingle
	CMPQ AX, $64
	JEQ  npair
	CMPQ AX, $128
	JEQ  npair

	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	VXORPD Y8, Y8, Y8
	VXORPD Y10, Y10, Y10
	VXORPD Y11, Y11, Y11
	VXORPD Y12, Y12, Y12
	LEAQ   (DI)(BX*1), R14
	XORQ   AX, AX

ntridim:
	TRIROW(R10, Y0, Y1, Y2, ADDPD, SQACC)
	TRIROW(R11, Y3, Y4, Y5, SQACC, ADDPD)
	TRIROW(R12, Y6, Y7, Y8, ADDPD, SQACC)
	TRIROW(R13, Y10, Y11, Y12, SQACC, ADDPD)
	ADDQ R9, R14
	ADDQ $8, AX
	CMPQ AX, R8
	JLT  ntridim

	LOADST(0)
	FOLD(Y0, 0)
	FOLD(Y1, 32)
	FOLD(Y2, 64)
	SAVEST(0)
	LOADST(1)
	FOLD(Y3, 0)
	FOLD(Y4, 32)
	FOLD(Y5, 64)
	SAVEST(1)
	LOADST(2)
	FOLD(Y6, 0)
	FOLD(Y7, 32)
	FOLD(Y8, 64)
	SAVEST(2)
	LOADST(3)
	FOLD(Y10, 0)
	FOLD(Y11, 32)
	FOLD(Y12, 64)
	SAVEST(3)
	ADDQ $96, BX
	JMP  nnext

npair:
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	LEAQ   (DI)(BX*1), R14
	XORQ   AX, AX

npairdim:
	PAIRROW(R10, Y0, Y1)
	PAIRROW(R11, Y2, Y3)
	PAIRROW(R12, Y4, Y5)
	PAIRROW(R13, Y6, Y7)
	ADDQ R9, R14
	ADDQ $8, AX
	CMPQ AX, R8
	JLT  npairdim

	LOADST(0)
	FOLD(Y0, 0)
	FOLD(Y1, 32)
	SAVEST(0)
	LOADST(1)
	FOLD(Y2, 0)
	FOLD(Y3, 32)
	SAVEST(1)
	LOADST(2)
	FOLD(Y4, 0)
	FOLD(Y5, 32)
	SAVEST(2)
	LOADST(3)
	FOLD(Y6, 0)
	FOLD(Y7, 32)
	SAVEST(3)
	ADDQ $64, BX
	JMP  nnext

nsingle:
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	LEAQ   (DI)(BX*1), R14
	XORQ   AX, AX

nsingledim:
	VMOVUPD (R14), Y4
	ONEROW(R10, Y5, Y0, ADDPD)
	ONEROW(R11, Y6, Y1, SQACC)
	ONEROW(R12, Y5, Y2, ADDPD)
	ONEROW(R13, Y6, Y3, SQACC)
	ADDQ    R9, R14
	ADDQ    $8, AX
	CMPQ    AX, R8
	JLT     nsingledim

	LOADST(0)
	FOLD(Y0, 0)
	SAVEST(0)
	LOADST(1)
	FOLD(Y1, 0)
	SAVEST(1)
	LOADST(2)
	FOLD(Y2, 0)
	SAVEST(2)
	LOADST(3)
	FOLD(Y3, 0)
	SAVEST(3)
	ADDQ $32, BX

nnext:
	CMPQ BX, R9
	JLT  nchunk

	VMOVUPD 0(SP), Y0
	VMOVUPD 32(SP), Y3
	VMOVUPD 64(SP), Y6
	VMOVUPD 96(SP), Y10
	VMOVUPD 128(SP), Y1
	VMOVUPD 160(SP), Y4
	VMOVUPD 192(SP), Y7
	VMOVUPD 224(SP), Y11

	// The four rows at once: transpose the lane minima (rows to lanes), the smallest of the
	// four lanes of each row in Y2, then the indices, each blended to +Inf where its lane
	// minimum is not the row's minimum, and their smallest, converted to int64.
ntail:
	MOVQ        best+48(FP), R10
	MOVQ        idx+56(FP), R11
	TRANSPOSE4(Y0, Y3, Y6, Y10)
	VMINPD      Y3, Y0, Y2
	VMINPD      Y10, Y6, Y5
	VMINPD      Y5, Y2, Y2
	VMOVUPD     Y2, (R10)
	VCMPPD      $4, Y2, Y0, Y0
	VCMPPD      $4, Y2, Y3, Y3
	VCMPPD      $4, Y2, Y6, Y6
	VCMPPD      $4, Y2, Y10, Y10
	TRANSPOSE4(Y1, Y4, Y7, Y11)
	VBLENDVPD   Y0, (DX), Y1, Y1
	VBLENDVPD   Y3, (DX), Y4, Y4
	VBLENDVPD   Y6, (DX), Y7, Y7
	VBLENDVPD   Y10, (DX), Y11, Y11
	VMINPD      Y4, Y1, Y1
	VMINPD      Y11, Y7, Y7
	VMINPD      Y7, Y1, Y1
	VCVTTPD2DQY Y1, X1
	VPMOVSXDQ   X1, Y1
	VMOVDQU     Y1, (R11)
	ADDQ        $32, R10
	ADDQ        $32, R11
	MOVQ        R10, best+48(FP)
	MOVQ        R11, idx+56(FP)

	LEAQ (SI)(R8*4), SI
	DECQ CX
	JNZ  nquad
	VZEROUPPER
	RET

// func kmNearestOctsAVX512(x *float64, no, d int, ct *float64, kp, k int, tab *int, best *float64, idx *int)
//
// KMNearestQuads for CPUs with AVX-512, eight rows at a time with the rows in the lanes: lane
// r of a register belongs to row r of the octet, so that a centroid's coordinate is one
// broadcast (embedded in the subtraction) and a row's distances are in one register per
// centroid, not in lanes of one; no centroid is padded to the vector width and no minimum is
// taken across lanes. Only the centroids j < k are measured (k ≤ kp; the caller passes
// kmSearched's k, past which every centroid is +Inf and could never win).
//
// Each octet's rows are first transposed into a buffer on the stack (column t of the eight
// rows at 64·t bytes, d ≤ KMOctMaxD), four columns at a time (OQUADT) and the last one to
// three as pairs (OPAIRT2), one octet ahead of the one being measured, in two buffers that
// alternate (xT at 0 and 2048(SP)), so that the measurement never waits for the
// transposition. Then, for each chunk of C centroids (C = 12 while at least twelve are left,
// else the number left rounded up to even; the extra one is a +Inf centroid), for
// t = 0..d−1 and each centroid j of the chunk: u = x_t − c_tj, u·u, s_j + u·u, each rounded
// on its own as in KMNearestQuadsGo (s_j starts as the u·u of t = 0; every second addition
// runs on an FMA pipe as u·u·1 + s_j, which rounds once like VADDPD). Last, the chunk's
// sums, in index order, are taken into the lanes' state (the smallest distance so far V in
// Z28, its index I in Z29, from +Inf and 0): where s_j < V (strict), V = s_j and I = j. A
// lane so ends with KMNearestQuadsGo's (best, idx) for its row: the first index of the
// smallest distance. tab holds the indices 0, 1, …, KMMaxKP−1 as int64.
//
// Registers: SI the next octet's first row (the one to transpose), CX octets left, R8 row
// bytes of x, DI ct, R9 row bytes of ct, R11 k·8, R15 tab, R13 the buffer of the octet being
// measured, BX its byte offset of the chunk's first centroid (during the transposition: the
// buffer written), R14 the chunk's centroids at coordinate t, R12 column t in the buffer, DX
// coordinates left, AX the line to prefetch; best and idx advance in their argument slots.
// Z0–Z11 the sums, Z12 x_t, Z13–Z16 temporaries, Z26–Z27 the transposition's index vectors,
// Z30 = 1 (OSQACC).

// OCEN does centroid J of the chunk (its value at 8·J(R14)) for the eight rows: sum A.
#define OCEN(J, A, T, ADD) \
	VSUBPD.BCST ((J)*8)(R14), Z12, T \
	VMULPD      T, T, T              \
	ADD(T, A)

// OCEN0 does coordinate 0: the sum starts as u·u (0 + u·u would give the same bits: u·u is
// never −0).
#define OCEN0(J, A) \
	VSUBPD.BCST ((J)*8)(R14), Z12, A \
	VMULPD      A, A, A

#define OADD(T, A) VADDPD T, A, A
#define OSQACC(T, A) VFMADD231PD Z30, T, A

// OFOLD takes the sum A of centroid J of the chunk into the lanes' state.
#define OFOLD(A, J) \
	VCMPPD       $1, Z28, A, K2 \
	VMINPD       Z28, A, Z28     \
	VPBROADCASTQ ((J)*8)(R15)(BX*1), K2, Z29

// OPAIR does centroids J and J+1 of the chunk into the sums A and B (temporaries T and U), the
// one addition on an FADD pipe, the other on an FMA pipe; OPAIR0 does coordinate 0.
#define OPAIR(J, A, B, T, U) \
	OCEN(J, A, T, OADD)   \
	OCEN(J+1, B, U, OSQACC)

#define OPAIR0(J, A, B) \
	OCEN0(J, A) \
	OCEN0(J+1, B)

#define OFOLD2(J, A, B) \
	OFOLD(A, J) \
	OFOLD(B, J+1)

// The loops of a chunk of C = 2, 4, …, 12 centroids: OFIRSTC (coordinate 0), OBODYC (each
// further coordinate), OFOLDSC (the sums into the lanes' state, in index order). The sums are
// Z0–Z11, centroid j of the chunk in Zj.
#define OFIRST2 OPAIR0(0, Z0, Z1)
#define OBODY2 OPAIR(0, Z0, Z1, Z13, Z14)
#define OFOLDS2 OFOLD2(0, Z0, Z1)
#define OFIRST4 OPAIR0(0, Z0, Z1); OPAIR0(2, Z2, Z3)
#define OBODY4 OPAIR(0, Z0, Z1, Z13, Z14); OPAIR(2, Z2, Z3, Z15, Z16)
#define OFOLDS4 OFOLD2(0, Z0, Z1); OFOLD2(2, Z2, Z3)
#define OFIRST6 OPAIR0(0, Z0, Z1); OPAIR0(2, Z2, Z3); OPAIR0(4, Z4, Z5)
#define OBODY6 OPAIR(0, Z0, Z1, Z13, Z14); OPAIR(2, Z2, Z3, Z15, Z16); OPAIR(4, Z4, Z5, Z13, Z14)
#define OFOLDS6 OFOLD2(0, Z0, Z1); OFOLD2(2, Z2, Z3); OFOLD2(4, Z4, Z5)
#define OFIRST8 OPAIR0(0, Z0, Z1); OPAIR0(2, Z2, Z3); OPAIR0(4, Z4, Z5); OPAIR0(6, Z6, Z7)
#define OBODY8 OPAIR(0, Z0, Z1, Z13, Z14); OPAIR(2, Z2, Z3, Z15, Z16); OPAIR(4, Z4, Z5, Z13, Z14); OPAIR(6, Z6, Z7, Z15, Z16)
#define OFOLDS8 OFOLD2(0, Z0, Z1); OFOLD2(2, Z2, Z3); OFOLD2(4, Z4, Z5); OFOLD2(6, Z6, Z7)
#define OFIRST10 OPAIR0(0, Z0, Z1); OPAIR0(2, Z2, Z3); OPAIR0(4, Z4, Z5); OPAIR0(6, Z6, Z7); OPAIR0(8, Z8, Z9)
#define OBODY10 OPAIR(0, Z0, Z1, Z13, Z14); OPAIR(2, Z2, Z3, Z15, Z16); OPAIR(4, Z4, Z5, Z13, Z14); OPAIR(6, Z6, Z7, Z15, Z16); OPAIR(8, Z8, Z9, Z13, Z14)
#define OFOLDS10 OFOLD2(0, Z0, Z1); OFOLD2(2, Z2, Z3); OFOLD2(4, Z4, Z5); OFOLD2(6, Z6, Z7); OFOLD2(8, Z8, Z9)
#define OFIRST12 OPAIR0(0, Z0, Z1); OPAIR0(2, Z2, Z3); OPAIR0(4, Z4, Z5); OPAIR0(6, Z6, Z7); OPAIR0(8, Z8, Z9); OPAIR0(10, Z10, Z11)
#define OBODY12 OPAIR(0, Z0, Z1, Z13, Z14); OPAIR(2, Z2, Z3, Z15, Z16); OPAIR(4, Z4, Z5, Z13, Z14); OPAIR(6, Z6, Z7, Z15, Z16); OPAIR(8, Z8, Z9, Z13, Z14); OPAIR(10, Z10, Z11, Z15, Z16)
#define OFOLDS12 OFOLD2(0, Z0, Z1); OFOLD2(2, Z2, Z3); OFOLD2(4, Z4, Z5); OFOLD2(6, Z6, Z7); OFOLD2(8, Z8, Z9); OFOLD2(10, Z10, Z11)

// OLOADX loads coordinate t of the octet (from xT) into Z12 and prefetches a line of the
// octet four ahead; OSTEP moves to coordinate t + 1 and counts down the coordinates left.
#define OLOADX \
	VMOVUPD    (R12), Z12 \
	PREFETCHT0 (AX)       \
	ADDQ       $64, AX

#define OSTEP \
	ADDQ R9, R14  \
	ADDQ $64, R12 \
	DECQ DX

// OQUADT transposes the columns at byte offset R12 to R12 + 31 of the octet's rows (row r at
// SI + r·R8; row 3 at 3·R8 = AX, row 4 at DX) into xT (column t at 8·t(SP)): the rows r and
// r + 4 as the halves of one register, the pairs of rows unpacked (columns c and c + 2),
// then permuted into the columns (Z26: the first 128 bits of each half of both tables, Z27
// the second).
#define OQUADT \
	VMOVUPD       (SI)(R12*1), Y0        \
	VINSERTF64X4  $1, (DX)(R12*1), Z0, Z0 \
	ADDQ          R8, R12                \
	VMOVUPD       (SI)(R12*1), Y1        \
	VINSERTF64X4  $1, (DX)(R12*1), Z1, Z1 \
	ADDQ          R8, R12                \
	VMOVUPD       (SI)(R12*1), Y2        \
	VINSERTF64X4  $1, (DX)(R12*1), Z2, Z2 \
	ADDQ          R8, R12                \
	VMOVUPD       (SI)(R12*1), Y3        \
	VINSERTF64X4  $1, (DX)(R12*1), Z3, Z3 \
	SUBQ          AX, R12                \
	VUNPCKLPD     Z1, Z0, Z4             \
	VUNPCKHPD     Z1, Z0, Z5             \
	VUNPCKLPD     Z3, Z2, Z6             \
	VUNPCKHPD     Z3, Z2, Z7             \
	VMOVAPD       Z26, Z0                \
	VPERMI2PD     Z6, Z4, Z0             \
	VMOVAPD       Z27, Z2                \
	VPERMI2PD     Z6, Z4, Z2             \
	VMOVAPD       Z26, Z1                \
	VPERMI2PD     Z7, Z5, Z1             \
	VMOVAPD       Z27, Z3                \
	VPERMI2PD     Z7, Z5, Z3             \
	VMOVUPD       Z0, 0(BX)(R12*8)       \
	VMOVUPD       Z1, 64(BX)(R12*8)      \
	VMOVUPD       Z2, 128(BX)(R12*8)     \
	VMOVUPD       Z3, 192(BX)(R12*8)

// OPAIRT2 transposes the columns at byte offset R12 to R12 + 15 into xT: the even rows' pairs
// in one register, the odd rows' in another, unpacked into the two columns.
#define OPAIRT2 \
	VMOVUPD       (SI)(R12*1), X0            \
	VINSERTF64X2  $2, (DX)(R12*1), Z0, Z0    \
	ADDQ          R8, R12                    \
	VMOVUPD       (SI)(R12*1), X1            \
	VINSERTF64X2  $2, (DX)(R12*1), Z1, Z1    \
	ADDQ          R8, R12                    \
	VINSERTF64X2  $1, (SI)(R12*1), Z0, Z0    \
	VINSERTF64X2  $3, (DX)(R12*1), Z0, Z0    \
	ADDQ          R8, R12                    \
	VINSERTF64X2  $1, (SI)(R12*1), Z1, Z1    \
	VINSERTF64X2  $3, (DX)(R12*1), Z1, Z1    \
	SUBQ          AX, R12                    \
	VUNPCKLPD     Z1, Z0, Z2                 \
	VUNPCKHPD     Z1, Z0, Z3                 \
	VMOVUPD       Z2, 0(BX)(R12*8)           \
	VMOVUPD       Z3, 64(BX)(R12*8)

TEXT ·kmNearestOctsAVX512(SB), 0, $4096-72
	MOVQ x+0(FP), SI
	MOVQ no+8(FP), CX
	MOVQ d+16(FP), R8
	SHLQ $3, R8
	MOVQ ct+24(FP), DI
	MOVQ kp+32(FP), R9
	SHLQ $3, R9
	MOVQ k+40(FP), R11
	SHLQ $3, R11
	MOVQ tab+48(FP), R15

	// Z26 = 0, 1, 8, 9, 4, 5, 12, 13 and Z27 = 2, 3, 10, 11, 6, 7, 14, 15: the lanes of
	// VPERMI2PD that take two 128-bit lanes of each table (the second table's lanes are 8–15).
	MOVQ         $0x0d0c050409080100, AX
	VMOVQ        AX, X26
	VPMOVZXBQ    X26, Z26
	MOVQ         $0x0f0e07060b0a0302, AX
	VMOVQ        AX, X27
	VPMOVZXBQ    X27, Z27
	MOVQ         $0x3ff0000000000000, AX
	VPBROADCASTQ AX, Z30          // 1.0 (see OSQACC)

	LEAQ 0(SP), R13
	MOVQ R13, BX
	JMP  otrans

ooct:
	CMPQ    CX, $1
	JEQ     ocompute
	LEAQ    0(SP), BX
	LEAQ    2048(SP), R14
	CMPQ    R13, BX
	CMOVQEQ R14, BX               // the other buffer

otrans:
	// Transpose the octet at SI into the buffer at BX: four columns at a time, then the one
	// to three left as one or two pairs of columns (the last pair overlapping the columns
	// before it when d is odd); every load lies within its row.
	LEAQ (R8)(R8*2), AX           // 3 rows
	LEAQ (SI)(R8*4), DX           // row 4
	XORQ R12, R12                 // byte offset of the columns in a row (and ×8 in xT)
	LEAQ 32(R12), R14

oquads:
	CMPQ R14, R8
	JGT  opairs
	OQUADT
	ADDQ $32, R12
	ADDQ $32, R14
	JMP  oquads

opairs:
	CMPQ R12, R8
	JGE  otransdone
	LEAQ 16(R12), R14
	CMPQ R14, R8
	JGE  olastpair
	OPAIRT2                       // three columns left: the first two
	ADDQ $16, R12

olastpair:
	LEAQ -16(R8), R12
	OPAIRT2

otransdone:
	LEAQ (SI)(R8*8), SI
	CMPQ BX, R13
	JEQ  ooct                     // the first octet: transpose the second before computing

ocompute:
	MOVQ         $0x7ff0000000000000, AX
	VPBROADCASTQ AX, Z28          // V = +Inf
	VPXORQ       Z29, Z29, Z29    // I = 0
	XORQ         BX, BX

ochunk:
	LEAQ (DI)(BX*1), R14
	MOVQ R13, R12
	MOVQ R8, DX
	SHRQ $3, DX                   // d
	MOVQ R8, AX
	SHLQ $5, AX
	ADDQ SI, AX                   // four octets past the next one: a line prefetched per t
	MOVQ R11, R10
	SUBQ BX, R10                  // bytes of the k centroids left
	CMPQ R10, $80
	JGT  oc12
	CMPQ R10, $64
	JGT  oc10
	CMPQ R10, $48
	JGT  oc8
	CMPQ R10, $32
	JGT  oc6
	CMPQ R10, $16
	JGT  oc4
	JMP  oc2

oc12:
	OLOADX
	OFIRST12
	OSTEP
oc12loop:
	OLOADX
	OBODY12
	OSTEP
	JNZ  oc12loop
	OFOLDS12
	ADDQ $96, BX
	JMP  onext

oc10:
	OLOADX
	OFIRST10
	OSTEP
oc10loop:
	OLOADX
	OBODY10
	OSTEP
	JNZ  oc10loop
	OFOLDS10
	ADDQ $80, BX
	JMP  onext

oc8:
	OLOADX
	OFIRST8
	OSTEP
oc8loop:
	OLOADX
	OBODY8
	OSTEP
	JNZ  oc8loop
	OFOLDS8
	ADDQ $64, BX
	JMP  onext

oc6:
	OLOADX
	OFIRST6
	OSTEP
oc6loop:
	OLOADX
	OBODY6
	OSTEP
	JNZ  oc6loop
	OFOLDS6
	ADDQ $48, BX
	JMP  onext

oc4:
	OLOADX
	OFIRST4
	OSTEP
oc4loop:
	OLOADX
	OBODY4
	OSTEP
	JNZ  oc4loop
	OFOLDS4
	ADDQ $32, BX
	JMP  onext

oc2:
	OLOADX
	OFIRST2
	OSTEP
oc2loop:
	OLOADX
	OBODY2
	OSTEP
	JNZ  oc2loop
	OFOLDS2
	ADDQ $16, BX
	JMP  onext

onext:
	CMPQ BX, R11
	JLT  ochunk

	MOVQ      best+56(FP), R10
	VMOVUPD   Z28, (R10)
	ADDQ      $64, R10
	MOVQ      R10, best+56(FP)
	MOVQ      idx+64(FP), R10
	VMOVDQU64 Z29, (R10)
	ADDQ      $64, R10
	MOVQ      R10, idx+64(FP)
	LEAQ      0(SP), AX
	LEAQ      2048(SP), R14
	CMPQ      R13, AX
	CMOVQEQ   R14, AX
	MOVQ      AX, R13             // the next octet's buffer
	DECQ      CX
	JNZ       ooct
	VZEROUPPER
	RET
