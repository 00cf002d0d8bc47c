//go:build amd64 && !purego

#include "textflag.h"

// func fmaPeak512(n int)
//
// 12·n fused multiply-adds of 512-bit float32 vectors in twelve independent chains, enough to
// keep two FMA pipes of four cycles' latency busy: the machine's limit, two per cycle on
// Zen 5, which the benchmarks run between a kernel's calls to measure the clock.
TEXT ·fmaPeak512(SB), NOSPLIT, $0-8
	MOVQ        n+0(FP), CX
	VPXORD      Z0, Z0, Z0
	VPXORD      Z1, Z1, Z1
	VPXORD      Z2, Z2, Z2
	VPXORD      Z3, Z3, Z3
	VPXORD      Z4, Z4, Z4
	VPXORD      Z5, Z5, Z5
	VPXORD      Z6, Z6, Z6
	VPXORD      Z7, Z7, Z7
	VPXORD      Z8, Z8, Z8
	VPXORD      Z9, Z9, Z9
	VPXORD      Z10, Z10, Z10
	VPXORD      Z11, Z11, Z11
	VPXORD      Z12, Z12, Z12
	VPXORD      Z13, Z13, Z13

floop:
	VFMADD231PS Z12, Z13, Z0
	VFMADD231PS Z12, Z13, Z1
	VFMADD231PS Z12, Z13, Z2
	VFMADD231PS Z12, Z13, Z3
	VFMADD231PS Z12, Z13, Z4
	VFMADD231PS Z12, Z13, Z5
	VFMADD231PS Z12, Z13, Z6
	VFMADD231PS Z12, Z13, Z7
	VFMADD231PS Z12, Z13, Z8
	VFMADD231PS Z12, Z13, Z9
	VFMADD231PS Z12, Z13, Z10
	VFMADD231PS Z12, Z13, Z11
	DECQ        CX
	JNZ         floop
	VZEROUPPER
	RET
