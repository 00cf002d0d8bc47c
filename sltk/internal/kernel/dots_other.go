//go:build !amd64 || purego

package kernel

const useAsm = false

func dots(dst, q, x []float64) { DotsGo(dst, q, x) }

func tanh4(x []float64, a float64) float64 { return tanhLanes(x, a) }
