//go:build !amd64 || purego

package kernel

func dotNext(x, y, _ []float64) float64 { return DotNextGo(x, y) }
