//go:build (!amd64 && !wasm) || purego

package kernel

func expBlocks(dst, x []float64) int { return expBlocksGo(dst, x) }
