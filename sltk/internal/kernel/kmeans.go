package kernel

import "math"

// The kernels of the k-means (Lloyd) step of package cluster. KMDistQuads measures rows, four
// at a time, against all centroids at once; the centroids are stored transposed (d×kp, kp a
// multiple of 4, padded with +Inf), so that one vector load reads the same coordinate of four
// centroids. KMAddRows adds the measured rows to their clusters' coordinate sums. Where Asm()
// is true both run in assembly (kmeans_amd64.s: every lane does exactly the scalar sequence
// u = x_t − c_t, u·u, s + u·u in coordinate order, each step rounded on its own), otherwise in
// KMDistQuadsGo and KMAddRowsGo, which give the same bits (TestKMGateOff).

// KMDistQuads sets out[r·kp + j] = Σ_t (x_r,t − ct[t·kp+j])² for the rows r < 4·nq of x
// (row-major, d columns) and every j < kp, and best[r], idx[r] to the smallest of them and its
// first index, with KMDistQuadsGo's bits. It needs nq ≥ 1, d ≥ 1, kp a positive multiple of 4,
// len(x) ≥ 4·nq·d, len(ct) ≥ d·kp, len(out) ≥ 4·nq·kp and len(best), len(idx) ≥ 4·nq (it
// panics, like an index out of range, otherwise). Cost O(nq·4·kp·d), no allocation.
func KMDistQuads(x []float64, nq, d int, ct []float64, kp int, out, best []float64, idx []int) {
	_ = x[4*nq*d-1]
	_ = ct[d*kp-1]
	_ = out[4*nq*kp-1]
	_ = best[4*nq-1]
	_ = idx[4*nq-1]
	if kp%4 != 0 || d < 1 {
		panic("kernel: KMDistQuads: kp is not a multiple of 4 or d < 1")
	}
	kmDistQuads(x, nq, d, ct, kp, out, best, idx)
}

// KMDistQuadsGo is KMDistQuads in pure Go, the reference the assembly must match: each sum in
// coordinate order, each square and each addition rounded on its own; the minimum by strict
// comparison (the first index of the smallest value). Cost O(nq·4·kp·d).
func KMDistQuadsGo(x []float64, nq, d int, ct []float64, kp int, out, best []float64, idx []int) {
	for r := 0; r < 4*nq; r++ {
		xr := x[r*d : (r+1)*d]
		o := out[r*kp : (r+1)*kp]
		clear(o)
		for t, v := range xr {
			c := ct[t*kp : (t+1)*kp]
			c = c[:len(o)]
			for j, cj := range c {
				u := v - cj
				o[j] += u * u
			}
		}
		best[r], idx[r] = math.Inf(1), 0
		for j, s := range o {
			if s < best[r] {
				best[r], idx[r] = s, j
			}
		}
	}
}

// KMOctMaxD is the largest d for which KMNearestQuads takes eight rows at a time in AVX-512
// registers (its transposed rows are a buffer on the stack); wider rows take the AVX2 kernel.
const KMOctMaxD = 32

// KMStep returns how many rows a caller of KMNearestQuads should pass per call, a multiple of
// 8 (whole octets for the AVX-512 kernel): 256, the most whose results fit the 2 KiB buffers
// best and idx that package cluster keeps on its stack, or 84 per 1024/kp where the quad
// kernels run (their best and idx buffers were sized for KMDistQuads' distances); the
// results do not depend on it (fewer, longer calls spare the AVX-512 kernel its start-up:
// it transposes one octet ahead of the one it measures).
func KMStep(kp int) int {
	if kmOcts() {
		return 256
	}
	return max(4, 1024/kp/4*4)
}

// KMMaxKP is the widest padded k KMNearestQuads takes.
const KMMaxKP = 256

// kmLaneTab is what the assembly of KMNearestQuads blends from: four +Inf (the lanes that do
// not hold a row's minimum), then the centroid indices 0, 1, …, KMMaxKP − 1 as float64, four
// per group.
var kmLaneTab = func() (t [4 + KMMaxKP]float64) {
	for i := range 4 {
		t[i] = math.Inf(1)
	}
	for j := range KMMaxKP {
		t[4+j] = float64(j)
	}
	return t
}()

// kmIdxTab holds the centroid indices 0, 1, …, KMMaxKP − 1, for the AVX-512 assembly of
// KMNearestQuads to take a row's index from.
var kmIdxTab = func() (t [KMMaxKP]int) {
	for j := range t {
		t[j] = j
	}
	return t
}()

// KMNearestQuads sets best[r], idx[r] to the smallest of the squared distances Σ_t (x_r,t −
// ct[t·kp+j])², j < kp, and its first index, for the rows r < 4·nq of x, with the bits of
// KMDistQuads' best and idx; it writes no distances. The assembly keeps each row's running
// minimum and its index in registers, centroid group by centroid group, instead of storing the
// kp distances and searching them afterwards: at d = 10, kp = 12 that search was about as long
// as the arithmetic. Where the CPU has AVX-512 and 2 ≤ d ≤ KMOctMaxD, the rows go eight at a
// time through kmNearestOctsAVX512, which puts the rows in the lanes (each distance a lane of
// one register per centroid, the rows transposed on the stack first), so that neither the
// centroids are padded to the vector width nor the minimum is taken across lanes, and which
// skips the trailing centroids that are +Inf in every coordinate (padding: they never win); an
// odd quad at the end takes the AVX2 kernel. At d = 10, kp = 12 (k = 10) on the Zen 5 bench
// machine that halved the CPU time per 10⁶ rows, 10.7–11.9 → 5.1–6.2 ms
// (BenchmarkKMNearestQuads, medians of three runs on a loaded machine; 4.1–4.4 ms at best).
// Every path gives the bits of KMNearestQuadsGo (TestKMNearestQuads runs the AVX-512, AVX2 and
// Go paths). It needs nq ≥ 1, d ≥ 1, kp a positive multiple of 4 and at most KMMaxKP, len(x) ≥
// 4·nq·d, len(ct) ≥ d·kp and len(best), len(idx) ≥ 4·nq (it panics, like an index out of range,
// otherwise). Cost O(nq·4·kp·d), no allocation.
func KMNearestQuads(x []float64, nq, d int, ct []float64, kp int, best []float64, idx []int) {
	_ = x[4*nq*d-1]
	_ = ct[d*kp-1]
	_ = best[4*nq-1]
	_ = idx[4*nq-1]
	if kp%4 != 0 || kp > KMMaxKP || d < 1 {
		panic("kernel: KMNearestQuads: kp is not a multiple of 4, kp > KMMaxKP or d < 1")
	}
	kmNearestQuads(x, nq, d, ct, kp, best, idx)
}

// KMNearestQuadsGo is KMNearestQuads in pure Go, from the definition: each distance summed in
// coordinate order, each square and each addition rounded on its own, the minimum by strict
// comparison in index order. Cost O(nq·4·kp·d).
func KMNearestQuadsGo(x []float64, nq, d int, ct []float64, kp int, best []float64, idx []int) {
	for r := 0; r < 4*nq; r++ {
		xr := x[r*d : (r+1)*d]
		best[r], idx[r] = math.Inf(1), 0
		for j := 0; j < kp; j++ {
			var s float64
			for t, v := range xr {
				u := v - ct[t*kp+j]
				s += u * u
			}
			if s < best[r] {
				best[r], idx[r] = s, j
			}
		}
	}
}

// KMAddRows adds row r of x (len(idx) rows of d values) to the coordinate sums of cluster
// idx[r] (sums is k×d, row-major), for r in order, with KMAddRowsGo's bits. The caller
// guarantees 0 ≤ idx[r] < len(sums)/d (the assembly does not check it) and
// len(x) ≥ len(idx)·d. Cost O(len(idx)·d), no allocation.
func KMAddRows(sums, x []float64, idx []int, d int) {
	if len(idx) == 0 {
		return
	}
	_ = x[len(idx)*d-1]
	kmAddRows(sums, x, idx, d)
}

// KMAddRowsGo is KMAddRows in pure Go: sums[idx[r]·d + c] += x[r·d + c], rows in order.
func KMAddRowsGo(sums, x []float64, idx []int, d int) {
	for r, j := range idx {
		sb := sums[j*d : (j+1)*d]
		for c, v := range x[r*d : (r+1)*d] {
			sb[c] += v
		}
	}
}
