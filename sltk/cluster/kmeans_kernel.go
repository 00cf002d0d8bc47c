package cluster

import "math"

// The kernels of the Lloyd step. kmDistQuads measures rows, four at a time, against all
// centroids at once; the centroids are stored transposed (kmTranspose), so that one vector load
// reads the same coordinate of four centroids. kmAddRows adds the measured rows to their
// clusters' coordinate sums. On amd64 with AVX2 both run in assembly (kmeans_kernel_amd64.s:
// every lane does exactly the scalar sequence u = x_t − c_t, u·u, s + u·u in coordinate order,
// each step rounded on its own), elsewhere, or with the build tag purego (the library's one tag
// for its pure-Go kernels, as in internal/kernel), in kmDistQuadsGo and kmAddRowsGo. Both give
// the bits of kmDist2 for every pair and of kmAddRow for every sum (TestKMDistQuadsAgree,
// TestKMAddRowsAgree), so the labels, costs and centroids do not depend on which one ran.

// kmLanes is the number of centroids one vector holds; the transposed centroids are padded to a
// multiple of it.
const kmLanes = 4

// kmChunk is the size, in floats, of the distance buffer of one kmDistQuads call (8 KiB, on the
// stack of the block worker). kmMaxKP is the widest padded k the kernel is used for: at least
// four rows must fit in the buffer.
const (
	kmChunk = 1024
	kmMaxKP = kmChunk / 4
)

// kmPadK returns k rounded up to a multiple of kmLanes.
func kmPadK(k int) int { return (k + kmLanes - 1) / kmLanes * kmLanes }

// kmTranspose writes the k×d centroids cent into ct as d×kp (ct[t·kp + j] = cent[j·d + t]),
// with +Inf in the padding columns j ≥ k: their distances are +Inf, which never beats a real
// centroid in the strict comparison of the nearest-centroid rule. Cost O(kp·d).
func kmTranspose(ct, cent []float64, k, d, kp int) {
	for t := 0; t < d; t++ {
		row := ct[t*kp : (t+1)*kp]
		for j := range row {
			if j < k {
				row[j] = cent[j*d+t]
			} else {
				row[j] = math.Inf(1)
			}
		}
	}
}

// kmDistQuadsGo sets out[r·kp + j] = Σ_t (x_r,t − ct[t·kp+j])², summed in coordinate order, for
// the rows r < 4·nq of x (row-major, d columns) and every j < kp, and best[r], idx[r] to the
// smallest of them and its first index (kmNearest's rule). It is the portable form of the
// assembly kernel and gives the same bits. Cost O(nq·4·kp·d).
func kmDistQuadsGo(x []float64, nq, d int, ct []float64, kp int, out, best []float64, idx []int) {
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

// kmAddRowsGo adds row r of x (len(idx) rows of d values) to the coordinate sums of cluster
// idx[r] (sums is k×d), for r in order: the bits of one kmAddRow per row. Cost O(len(idx)·d).
func kmAddRowsGo(sums, x []float64, idx []int, d int) {
	for r, j := range idx {
		kmAddRow(sums[j*d:(j+1)*d], x[r*d:(r+1)*d])
	}
}
