package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
)

// KMeansInit selects how KMeans and OnlineKMeans choose their initial centroids.
type KMeansInit int

const (
	// KMeansPlusPlus is greedy k-means++ (Arthur & Vassilvitskii 2007): the first centroid is a
	// uniformly random row; each further one is the best, by resulting cost, of 2 + ⌊ln k⌋ rows
	// drawn with probability proportional to their squared distance to the nearest centroid so
	// far. Its expected cost is within O(log k) of the optimum. Cost O(n·k·d·log k).
	KMeansPlusPlus KMeansInit = iota
	// KMeansRandom takes k distinct rows chosen uniformly at random, the plain initialisation of
	// AFDS chapter 1 (Understanding ML algorithms) §1.5 and of the restart baseline of SLT chapter
	// 3 (Deterministic annealing). Cost O(k·d).
	KMeansRandom
	// KMeansGiven uses the Centroids field (k×d) as given, e.g. to replay the spec's oracles or to
	// start two implementations from the same point.
	KMeansGiven
	// KMeansMeanNoise is the initialisation of ML chapter 4 (Clustering and embedding) Algorithm 2:
	// every centroid is the data mean plus a small Gaussian vector (standard deviation 1% of each
	// column's spread). Cost O(n·d).
	KMeansMeanNoise
)

// String returns the name of the initialisation.
func (m KMeansInit) String() string {
	switch m {
	case KMeansPlusPlus:
		return "k-means++"
	case KMeansRandom:
		return "random"
	case KMeansGiven:
		return "given"
	case KMeansMeanNoise:
		return "mean+noise"
	}
	return fmt.Sprintf("KMeansInit(%d)", int(m))
}

// kmInitCentroids returns k initial centroids (row-major k×d) by method m. The engine's labels and
// mind buffers may be used as scratch.
func kmInitCentroids(fn string, e *kmEngine, m KMeansInit, given []float64, rng *rand.Rand) ([]float64, error) {
	data, k := e.data, e.k
	switch m {
	case KMeansGiven:
		return append([]float64(nil), given...), nil
	case KMeansRandom:
		return kmRandomRows(data, k, rng), nil
	case KMeansMeanNoise:
		return kmMeanNoise(data, k, rng), nil
	case KMeansPlusPlus:
		return kmPlusPlus(e, rng), nil
	}
	return nil, fmt.Errorf("cluster: %s: Init = %d is not a known initialisation: %w", fn, int(m), ErrParam)
}

// kmRandomRows copies k distinct rows chosen uniformly (Floyd's sampling: O(k) draws, no O(n)
// permutation).
func kmRandomRows(data kmData, k int, rng *rand.Rand) []float64 {
	d := data.d
	chosen := make(map[int]bool, k)
	idx := make([]int, 0, k)
	for j := data.n - k; j < data.n; j++ {
		t := rng.IntN(j + 1)
		if chosen[t] {
			t = j
		}
		chosen[t] = true
		idx = append(idx, t)
	}
	out := make([]float64, k*d)
	for q, i := range idx {
		copy(out[q*d:(q+1)*d], data.x[i*d:(i+1)*d])
	}
	return out
}

func kmMeanNoise(data kmData, k int, rng *rand.Rand) []float64 {
	n, d := data.n, data.d
	mean := make([]float64, d)
	for i := 0; i < n; i++ {
		for t, v := range data.x[i*d : (i+1)*d] {
			mean[t] += v
		}
	}
	for t := range mean {
		mean[t] /= float64(n)
	}
	sd := make([]float64, d)
	for i := 0; i < n; i++ {
		for t, v := range data.x[i*d : (i+1)*d] {
			sd[t] += (v - mean[t]) * (v - mean[t])
		}
	}
	for t := range sd {
		sd[t] = math.Sqrt(sd[t] / float64(n))
		if sd[t] == 0 {
			sd[t] = 1
		}
	}
	out := make([]float64, k*d)
	for q := 0; q < k; q++ {
		for t := 0; t < d; t++ {
			out[q*d+t] = mean[t] + 0.01*sd[t]*rng.NormFloat64()
		}
	}
	return out
}

// kmPlusPlus is greedy k-means++. The potential of each candidate is summed per block and the
// block sums are added in block order, so the choice does not depend on the worker count.
func kmPlusPlus(e *kmEngine, rng *rand.Rand) []float64 {
	data, k, d, n := e.data, e.k, e.data.d, e.data.n
	trials := 2 + int(math.Log(float64(k)))
	out := make([]float64, k*d)
	closest := e.mind
	first := rng.IntN(n)
	copy(out[:d], data.x[first*d:(first+1)*d])
	for i := 0; i < n; i++ {
		closest[i], _ = kmNearest(data.x[i*d:(i+1)*d], out[:d], 1)
	}
	cum := make([]float64, n)
	cand := make([]float64, trials*d)
	// Block b's partial potentials start at b·ps; the pad keeps two workers off one cache line.
	ps := trials + kmPad
	part := make([]float64, e.nb*ps)
	candBlock := func(b int) {
		lo, hi := b*e.bs, min((b+1)*e.bs, n)
		p := part[b*ps : b*ps+trials]
		clear(p)
		for i := lo; i < hi; i++ {
			xi := data.x[i*d : (i+1)*d]
			for t := range trials {
				s, _ := kmNearest(xi, cand[t*d:(t+1)*d], 1)
				p[t] += min(s, closest[i])
			}
		}
	}
	var chosen []float64
	updateBlock := func(b int) {
		lo, hi := b*e.bs, min((b+1)*e.bs, n)
		for i := lo; i < hi; i++ {
			s, _ := kmNearest(data.x[i*d:(i+1)*d], chosen, 1)
			closest[i] = min(closest[i], s)
		}
	}
	for c := 1; c < k; c++ {
		acc := 0.0
		for i, v := range closest {
			acc += v
			cum[i] = acc
		}
		for t := range trials {
			var idx int
			if acc == 0 {
				idx = rng.IntN(n)
			} else {
				r := rng.Float64() * acc
				idx = min(sort.Search(n, func(i int) bool { return cum[i] > r }), n-1)
			}
			copy(cand[t*d:(t+1)*d], data.x[idx*d:(idx+1)*d])
		}
		e.parallel(candBlock)
		bestT, bestPot := 0, math.Inf(1)
		for t := range trials {
			pot := 0.0
			for b := 0; b < e.nb; b++ {
				pot += part[b*ps+t]
			}
			if pot < bestPot {
				bestT, bestPot = t, pot
			}
		}
		chosen = out[c*d : (c+1)*d]
		copy(chosen, cand[bestT*d:(bestT+1)*d])
		e.parallel(updateBlock)
	}
	return out
}
