// Package kernel holds the library's hot loops, in Go assembly behind one CPU check. It is
// internal: a building block, not part of the textbook's API.
//
//   - Distances and dot products: Dots, Dots2 (brute-force k-NN, PCA), DotNext (the SVM's
//     coordinate descent, with the next row prefetched), Screen32 (k-NN's float32 screening).
//   - Matrix products: Gemm and Sgemm, blocked with packed panels (package nn's training,
//     FastICA, the blocked state reduction of package mcmc, k-NN's screening products), and
//     SgemmSkipZeros, Sgemm's bits without the steps where a packed sliver of a is all zero
//     (package nn's first layer on images).
//   - k-means: KMDistQuads (distances of four rows to all centroids, for deterministic
//     annealing), KMNearestQuads (the nearest centroid without writing distances, for Lloyd's
//     step; eight rows at a time in AVX-512 registers where the CPU has them), KMAddRows (the
//     cluster sums).
//   - Deterministic annealing's E-step: GibbsQuads (the posteriors of four rows at once) and
//     XtPAdd (the centroid sums [X 1]ᵀ·P).
//   - Elementwise: Exp, SumExp, SoftmaxRows, Tanh (FastICA's log-cosh contrast), and for
//     package nn Adam, AdamSum (Adam on the sum of two gradients), AddTo, Narrow (float64 → float32) and ReluGrad.
//
// On amd64 with AVX2 and FMA they run in assembly, and the matrix products' micro-kernels in
// 512-bit registers where the CPU also has AVX-512; elsewhere, or with the build tag purego,
// they run their pure-Go twins (DotsGo, KMNearestQuadsGo, GibbsQuadsGo, …). Each pair does
// the same operations in the same order with the same fused multiply-adds, so they return the
// same bits: a result never depends on the machine it was computed on. (Exp and Tanh differ
// from package math's functions within the bounds their doc comments state.)
package kernel

import "math"

// Asm reports whether the assembly kernels run on this machine (amd64 with AVX2 and FMA, built
// without the tag purego). Callers use it only to choose between algorithms, e.g. whether the
// four-row k-means kernel is worth calling; the results are the same bits either way.
func Asm() bool { return useAsm }

// setAsm turns the assembly off (false) or back on where the CPU has it (true) and returns the
// previous setting: the hook by which tests run the pure-Go path on a machine that has the
// assembly. Not safe while kernels run on other goroutines.
func setAsm(on bool) (old bool) {
	old, useAsm = useAsm, on && cpuAsm
	return old
}

// setWide turns the AVX-512 kernels off (false), so that the AVX2 ones run, or back on where
// the CPU has them, and returns the previous setting: the hook by which tests compare the two
// on a machine with AVX-512. Not safe while kernels run on other goroutines.
func setWide(on bool) (old bool) {
	old, useWide = useWide, on && cpuWide
	return old
}

// Dots sets dst[i] = ⟨q, x_i⟩ for the rows x_i = x[i·d : (i+1)·d], d = len(q), i < len(dst).
// x must hold at least len(dst)·len(q) values (Dots panics otherwise, like an index out of
// range). Each dot product is DotsGo's, bit for bit. Cost O(len(dst)·d), no allocation.
func Dots(dst, q, x []float64) {
	if len(x) < len(dst)*len(q) {
		panic("kernel: Dots: x is shorter than len(dst)·len(q)")
	}
	dots(dst, q, x)
}

// Dots2 is Dots for two queries of the same length over the same rows: dst0[i] = ⟨q0, x_i⟩
// and dst1[i] = ⟨q1, x_i⟩, each with DotsGo's bits. It reads each row once for both queries
// (four rows at a time in the assembly): two queries against 32 rows of d = 64 take 172–183 ns
// against 198–206 ns for two Dots calls (BenchmarkDots2). It panics, like Dots, on short x or on mismatched lengths.
func Dots2(dst0, dst1, q0, q1, x []float64) {
	if len(q0) != len(q1) || len(dst0) != len(dst1) || len(x) < len(dst0)*len(q0) {
		panic("kernel: Dots2: mismatched lengths")
	}
	dots2(dst0, dst1, q0, q1, x)
}

// DotsGo is Dots in pure Go: the reference that the assembly must match. The summation order
// of one dot product: lane l ∈ {0,1,2,3} accumulates q_j·x_j for the j ≡ l (mod 4) below
// d − d mod 4, in order, each step one fused multiply-add; then (s₀ + s₂) + (s₁ + s₃); then
// the last d mod 4 products, again fused, in order.
func DotsGo(dst, q, x []float64) {
	d := len(q)
	if len(x) < len(dst)*d {
		panic("kernel: DotsGo: x is shorter than len(dst)·len(q)")
	}
	for i := range dst {
		dst[i] = dot(q, x[i*d:(i+1)*d])
	}
}

// dot is one dot product in the order DotsGo documents; len(x) == len(q).
func dot(q, x []float64) float64 {
	x = x[:len(q)]
	var s0, s1, s2, s3 float64
	d4 := len(q) &^ 3
	for j := 0; j < d4; j += 4 {
		s0 = math.FMA(q[j], x[j], s0)
		s1 = math.FMA(q[j+1], x[j+1], s1)
		s2 = math.FMA(q[j+2], x[j+2], s2)
		s3 = math.FMA(q[j+3], x[j+3], s3)
	}
	s := (s0 + s2) + (s1 + s3)
	for j := d4; j < len(q); j++ {
		s = math.FMA(q[j], x[j], s)
	}
	return s
}
