//go:build amd64 && !purego

package kernel

import "golang.org/x/sys/cpu"

// useAsm tells whether this CPU runs dotsAVX2 (AVX2 for the four-lane loads, FMA for the
// fused multiply-adds DotsGo does with math.FMA).
var useAsm = cpu.X86.HasAVX2 && cpu.X86.HasFMA

func dots(dst, q, x []float64) {
	if useAsm {
		dotsAVX2(dst, q, x)
		return
	}
	DotsGo(dst, q, x)
}

// dotsAVX2 is Dots in assembly (dots_amd64.s); the caller checks the lengths.
//
//go:noescape
func dotsAVX2(dst, q, x []float64)
