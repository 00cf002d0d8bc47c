//go:build amd64 && !purego

package kernel

func screen32(idx []int32, dots []float32, norms []float64, qn, rel, abs, bound float64) int {
	if !useAsm {
		return Screen32Go(idx, dots, norms, qn, rel, abs, bound)
	}
	n4 := len(dots) &^ 3
	w := 0
	if n4 > 0 {
		w = screen32AVX2(idx, dots[:n4], norms, qn, rel, abs, bound)
	}
	return screen32Tail(idx, w, n4, dots, norms, qn, rel, abs, bound)
}

// screen32AVX2 is Screen32 in assembly (screen_amd64.s) for len(dots) a multiple of 4; the
// caller checks the lengths.
//
//go:noescape
func screen32AVX2(idx []int32, dots []float32, norms []float64, qn, rel, abs, bound float64) int
