package kernel

import "math"

// Adam applies one step of the Adam optimiser to the parameters theta with gradient g and
// running moments m and v (all of length len(theta), updated in place): for each i,
//
//	m_i ← b1·m_i + (1−b1)·g_i,  v_i ← b2·v_i + ((1−b2)·g_i)·g_i,
//	θ_i ← θ_i − (lr·m_i)/(√v_i·rc2 + eps),
//
// each operation rounded on its own (no fused multiply-add), so that the bias-corrected step
// η·m̂/(√v̂ + ε) is this with lr = η/(1−b1ᵗ) and rc2 = 1/√(1−b2ᵗ). Where Asm() is true it runs
// in Go assembly, eight float32 or four float64 entries per instruction; otherwise AdamGo.
// Both do the same correctly rounded operations, so they return the same bits. It panics on
// slices of different lengths. Cost O(len(theta)), no allocation.
func Adam[T float](theta, g, m, v []T, b1, b2, lr, rc2, eps T) {
	n := len(theta)
	if len(g) != n || len(m) != n || len(v) != n {
		panic("kernel: Adam: slices of different lengths")
	}
	if n == 0 {
		return
	}
	done := adamAsm(theta, g, m, v, b1, b2, lr, rc2, eps)
	AdamGo(theta[done:], g[done:], m[done:], v[done:], b1, b2, lr, rc2, eps)
}

// AdamGo is Adam in pure Go, the reference the assembly must match.
func AdamGo[T float](theta, g, m, v []T, b1, b2, lr, rc2, eps T) {
	ob1, ob2 := 1-b1, 1-b2
	g, m, v = g[:len(theta)], m[:len(theta)], v[:len(theta)]
	for i, gi := range g {
		// The conversions T(…) round each product, forbidding fused multiply-adds.
		mi := T(b1*m[i]) + T(ob1*gi)
		vi := T(b2*v[i]) + T(T(ob2*gi)*gi)
		m[i], v[i] = mi, vi
		theta[i] -= T(lr*mi) / (T(T(math.Sqrt(float64(vi)))*rc2) + eps)
	}
}

// AdamSum is Adam with the gradient g + h, each sum rounded once: the same bits as
// AddTo(g, h) followed by Adam(theta, g, m, v, …), but g and h are only read, and the pass
// over the parameters reads the two gradients directly instead of writing their sum and
// reading it back (package nn adds its two batch shards' gradients this way). It panics on
// slices of different lengths. Cost O(len(theta)), no allocation.
func AdamSum[T float](theta, g, h, m, v []T, b1, b2, lr, rc2, eps T) {
	n := len(theta)
	if len(g) != n || len(h) != n || len(m) != n || len(v) != n {
		panic("kernel: AdamSum: slices of different lengths")
	}
	if n == 0 {
		return
	}
	done := adamSumAsm(theta, g, h, m, v, b1, b2, lr, rc2, eps)
	AdamSumGo(theta[done:], g[done:], h[done:], m[done:], v[done:], b1, b2, lr, rc2, eps)
}

// AdamSumGo is AdamSum in pure Go, the reference the assembly must match.
func AdamSumGo[T float](theta, g, h, m, v []T, b1, b2, lr, rc2, eps T) {
	ob1, ob2 := 1-b1, 1-b2
	g, h, m, v = g[:len(theta)], h[:len(theta)], m[:len(theta)], v[:len(theta)]
	for i := range g {
		gi := g[i] + h[i]
		mi := T(b1*m[i]) + T(ob1*gi)
		vi := T(b2*v[i]) + T(T(ob2*gi)*gi)
		m[i], v[i] = mi, vi
		theta[i] -= T(lr*mi) / (T(T(math.Sqrt(float64(vi)))*rc2) + eps)
	}
}
