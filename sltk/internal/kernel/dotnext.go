package kernel

// DotNext returns ⟨x, y⟩ over len(x) terms (y at least as long) with the bits of gonum's
// floats.Dot, and hints the processor to fetch next into its cache. It serves loops that
// visit the rows of a matrix in an order they know ahead, such as the shuffled sweeps of
// dual coordinate descent (package classify's SVM): a row visited at random comes from
// memory, and its fetch then overlaps the work on the row before instead of stalling it.
//
// The order of the sum is floats.Dot's: four lanes l ∈ {0,1,2,3} accumulate x_j·y_j for the
// j ≡ l (mod 4) below n − n mod 4, each step a product rounded and then a sum rounded (no
// fused multiply-add); the last n mod 4 products join lane 0 in order; the result is
// (s₁ + s₃) + (s₀ + s₂). Where Asm() is true it runs in assembly, otherwise DotNextGo, with
// the same bits. Cost O(len(x)), no allocation.
func DotNext(x, y, next []float64) float64 {
	if len(y) < len(x) {
		panic("kernel: DotNext: y is shorter than x")
	}
	return dotNext(x, y, next)
}

// DotNextGo is DotNext in pure Go (without the prefetch): the definition the assembly must
// match. Each float64 conversion rounds a product on its own, which forbids a fused
// multiply-add.
func DotNextGo(x, y []float64) float64 {
	y = y[:len(x)]
	var s [4]float64
	n4 := len(x) &^ 3
	for j := 0; j < n4; j += 4 {
		s[0] += float64(x[j] * y[j])
		s[1] += float64(x[j+1] * y[j+1])
		s[2] += float64(x[j+2] * y[j+2])
		s[3] += float64(x[j+3] * y[j+3])
	}
	for j := n4; j < len(x); j++ {
		s[0] += float64(x[j] * y[j])
	}
	return (s[1] + s[3]) + (s[0] + s[2])
}
