//go:build !amd64 || purego

package kernel

// cpuAsm is false: this build has no assembly (not amd64, or the tag purego).
const cpuAsm = false

var useAsm = cpuAsm

// cpuWide is false: no AVX-512 kernels without the assembly.
const cpuWide = false

var useWide = cpuWide

func dots(dst, q, x []float64) { DotsGo(dst, q, x) }

func dots2(dst0, dst1, q0, q1, x []float64) {
	DotsGo(dst0, q0, x)
	DotsGo(dst1, q1, x)
}

func tanh4(x []float64, a float64) float64 { return tanhLanes(x, a) }
