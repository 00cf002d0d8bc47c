package cluster

import (
	"math"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
)

// The kernels of the Lloyd step live in internal/kernel with the library's other assembly:
// kernel.KMNearestQuads finds the nearest centroid of rows, four at a time, against all
// centroids at once, keeping each row's running minimum in registers; the centroids are stored
// transposed (kmTranspose), so that one vector load reads the same coordinate of four
// centroids. (Deterministic annealing calls kernel.KMDistQuads, which also writes every
// distance.) kernel.KMAddRows adds the measured rows to their clusters' coordinate sums. Where
// kernel.Asm() (amd64 with AVX2 and FMA, no tag purego) they run in assembly, otherwise in
// pure Go; both forms give the bits of kmDist2 and kmNearest for every row and of kmAddRow for
// every sum (TestKMDistQuadsAgree, TestKMAddRowsAgree), so the labels, costs and centroids do
// not depend on which one ran. Without the assembly the row-by-row kmNearest is
// faster than the four-row Go form, so the callers use the kernel only where kernel.Asm().

// kmLanes is the number of centroids one vector holds; the transposed centroids are padded to a
// multiple of it.
const kmLanes = 4

// kmChunk is the size, in floats, of the distance buffer of one kernel.KMDistQuads call (8 KiB, on the
// stack of the block worker); k-means passes kernel.KMStep(kp) rows, at most kmChunk/4, to each
// kernel.KMNearestQuads call. kmMaxKP is the widest padded k the kernels are used for: at least
// four rows must fit in the buffer, and kernel.KMNearestQuads takes kp ≤ kernel.KMMaxKP.
const (
	kmChunk = 1024
	kmMaxKP = kmChunk / 4
)

// The array has a negative length, and the package does not compile, if kmMaxKP exceeds what
// kernel.KMNearestQuads takes.
var _ [kernel.KMMaxKP - kmMaxKP]struct{}

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
