//go:build !amd64 || purego

package kernel

const useAsm = false

func dots(dst, q, x []float64) { DotsGo(dst, q, x) }
