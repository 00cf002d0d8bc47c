//go:build amd64 && !purego

package kernel

func dotNext(x, y, next []float64) float64 {
	if !useAsm {
		return DotNextGo(x, y)
	}
	return dotNextAVX2(x, y, next)
}

// dotNextAVX2 is DotNext in assembly (dotnext_amd64.s); the caller checks the lengths.
//
//go:noescape
func dotNextAVX2(x, y, next []float64) float64
