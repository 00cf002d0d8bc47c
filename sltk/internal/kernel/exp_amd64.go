//go:build amd64 && !purego

package kernel

func expBlocks(dst, x []float64) int {
	if useAsm {
		return expAVX2(dst, x)
	}
	return expBlocksGo(dst, x)
}

// expAVX2 is expBlocksGo in assembly (exp_amd64.s); len(dst) ≥ len(x).
//
//go:noescape
func expAVX2(dst, x []float64) int
