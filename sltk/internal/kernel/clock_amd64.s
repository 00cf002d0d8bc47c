//go:build amd64 && !purego

#include "textflag.h"

// func addChain(n int)
//
// 8·n additions, each waiting for the one before (one cycle apiece on every x86-64 core), so
// that n divided by the CPU time gives an eighth of the clock rate.
TEXT ·addChain(SB), NOSPLIT, $0-8
	MOVQ n+0(FP), CX
	XORQ AX, AX

loop:
	ADDQ $1, AX
	ADDQ $1, AX
	ADDQ $1, AX
	ADDQ $1, AX
	ADDQ $1, AX
	ADDQ $1, AX
	ADDQ $1, AX
	ADDQ $1, AX
	DECQ CX
	JNZ  loop
	RET
