//go:build amd64 && !purego

package kernel

import "golang.org/x/sys/cpu"

// cpuAsm tells whether this CPU (and operating system) runs every assembly kernel of the
// package: all of them use AVX2 (256-bit integer vectors in Tanh, VBROADCASTSD from a
// register) and FMA (the fused multiply-adds of Dots and Tanh, which DotsGo and
// TanhGo do with math.FMA, and the u·u·1 + s additions of KMDistQuads). It is the one gate of
// the assembly; useAsm is cpuAsm unless a test turned it off (setAsm).
var cpuAsm = cpu.X86.HasAVX2 && cpu.X86.HasFMA

var useAsm = cpuAsm

// cpuWide tells whether the CPU also has AVX-512 (and the operating system saves its
// registers), for Gemm's wider micro-kernel (gemm6x16AVX512): on a CPU with full-width 512-bit
// units (AMD Zen 5, Intel server cores) it does twice the multiply-adds per cycle of the AVX2
// kernel. useWide is cpuWide unless a test turned it off (setWide).
var cpuWide = cpuAsm && cpu.X86.HasAVX512F

var useWide = cpuWide

func dots(dst, q, x []float64) {
	if useAsm {
		dotsAVX2(dst, q, x)
		return
	}
	DotsGo(dst, q, x)
}

func dots2(dst0, dst1, q0, q1, x []float64) {
	if useAsm {
		dots2AVX2(dst0, dst1, q0, q1, x)
		return
	}
	DotsGo(dst0, q0, x)
	DotsGo(dst1, q1, x)
}

// dots2AVX2 is Dots2 in assembly (dots2_amd64.s); the caller checks the lengths.
//
//go:noescape
func dots2AVX2(dst0, dst1, q0, q1, x []float64)

// dotsAVX2 is Dots in assembly (dots_amd64.s); the caller checks the lengths.
//
//go:noescape
func dotsAVX2(dst, q, x []float64)

func tanh4(x []float64, a float64) float64 {
	if useAsm {
		return tanhAVX2(x, a)
	}
	return tanhLanes(x, a)
}

// tanhAVX2 is four lanes of Tanh in assembly (tanh_amd64.s); len(x) is a multiple of 4.
//
//go:noescape
func tanhAVX2(x []float64, a float64) float64
