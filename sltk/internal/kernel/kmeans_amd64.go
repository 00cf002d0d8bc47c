//go:build amd64 && !purego

package kernel

import "math"

//go:noescape
func kmDistQuadsAVX2(x *float64, nq, d int, ct *float64, kp int, out, best *float64, idx *int)

//go:noescape
func kmNearestQuadsAVX2(x *float64, nq, d int, ct *float64, kp int, tab, best *float64, idx *int)

// kmNearestOctsAVX512 is KMNearestQuads for no octets of rows (2·no quads) in 512-bit
// registers, the rows in the lanes (kmeans_amd64.s), over the centroids j < k ≤ kp only (the
// others must never win: kmSearched); tab is kmIdxTab.
//
//go:noescape
func kmNearestOctsAVX512(x *float64, no, d int, ct *float64, kp, k int, tab *int, best *float64, idx *int)

//go:noescape
func kmAddRowsAVX2(sums, x *float64, idx *int, m, d int)

func kmDistQuads(x []float64, nq, d int, ct []float64, kp int, out, best []float64, idx []int) {
	if useAsm {
		kmDistQuadsAVX2(&x[0], nq, d, &ct[0], kp, &out[0], &best[0], &idx[0])
		return
	}
	KMDistQuadsGo(x, nq, d, ct, kp, out, best, idx)
}

func kmAddRows(sums, x []float64, idx []int, d int) {
	if useAsm {
		kmAddRowsAVX2(&sums[0], &x[0], &idx[0], len(idx), d)
		return
	}
	KMAddRowsGo(sums, x, idx, d)
}

func kmNearestQuads(x []float64, nq, d int, ct []float64, kp int, best []float64, idx []int) {
	if useAsm {
		if no := nq / 2; useWide && no > 0 && d >= 2 && d <= KMOctMaxD {
			kmNearestOctsAVX512(&x[0], no, d, &ct[0], kp, kmSearched(ct, d, kp), &kmIdxTab[0], &best[0], &idx[0])
			if nq%2 == 0 {
				return
			}
			x, best, idx, nq = x[8*no*d:], best[8*no:], idx[8*no:], 1
		}
		kmNearestQuadsAVX2(&x[0], nq, d, &ct[0], kp, &kmLaneTab[0], &best[0], &idx[0])
		return
	}
	KMNearestQuadsGo(x, nq, d, ct, kp, best, idx)
}

// kmOcts reports whether KMNearestQuads takes the rows eight at a time (kmNearestOctsAVX512),
// so that callers pass whole octets where they can: an odd quad at the end runs on the AVX2
// kernel at about half the speed.
func kmOcts() bool { return useAsm && useWide }

// kmSearched returns how many of the kp centroids (columns of ct, d×kp) the AVX-512 kernel
// must measure: kp less the trailing columns that are +Inf in every coordinate, such as the
// padding package cluster adds, but at least 1. Such a column's distance is +Inf (or NaN)
// for every row, so it never passes the strict comparison and skipping it changes no bit.
// Cost O(d) per skipped column.
func kmSearched(ct []float64, d, kp int) int {
	k := kp
	for ; k > 1; k-- {
		for t := range d {
			if !math.IsInf(ct[t*kp+k-1], 1) {
				return k
			}
		}
	}
	return k
}
