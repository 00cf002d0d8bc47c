package kernel

// Screen32 writes to idx, in increasing order, the positions r < len(dots) whose lower bound
// on a squared distance, estimated from a float32 dot product as in the brute-force
// neighbour search,
//
//	sum = norms[r] + qn,  est = sum − 2·dots[r],  err = rel·sum + abs,  est − err,
//
// is not above bound (every step a separate float64 operation, no fused multiply-add), and
// returns how many it wrote. It is the screening step of that search (package neighbors):
// nearly every row fails the test, so the test runs four rows per instruction and only the
// few that pass reach the caller, which tests them again as its bound tightens. Where Asm()
// is true it runs in assembly, otherwise Screen32Go; both compute every value with the same
// operations and so select the same positions. idx must hold len(dots) values and norms at
// least len(dots) (Screen32 panics otherwise). Cost O(len(dots)), no allocation.
func Screen32(idx []int32, dots []float32, norms []float64, qn, rel, abs, bound float64) int {
	if len(idx) < len(dots) || len(norms) < len(dots) {
		panic("kernel: Screen32: idx or norms shorter than dots")
	}
	return screen32(idx, dots, norms, qn, rel, abs, bound)
}

// Screen32Go is Screen32 in pure Go: the definition the assembly must match.
func Screen32Go(idx []int32, dots []float32, norms []float64, qn, rel, abs, bound float64) int {
	return screen32Tail(idx, 0, 0, dots, norms, qn, rel, abs, bound)
}

// screen32Tail is Screen32Go from position r0 on, with w positions already written.
func screen32Tail(idx []int32, w, r0 int, dots []float32, norms []float64, qn, rel, abs, bound float64) int {
	norms = norms[:len(dots)]
	for r := r0; r < len(dots); r++ {
		sum := norms[r] + qn
		est := sum - 2*float64(dots[r])
		e := float64(rel*sum) + abs // the conversion forbids a fused multiply-add
		if !(est-e > bound) {
			idx[w] = int32(r)
			w++
		}
	}
	return w
}
