package cluster

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// CutObjective names a graph-cut objective of a partition C^1..C^K of the vertices.
type CutObjective int

const (
	// MinCut is Σ_p Σ_{i∈C^p, j∉C^p} S_ij (the lecture's mincut; every crossing pair counts
	// from both sides). It favours cutting off single vertices.
	MinCut CutObjective = iota
	// RatioCut is Σ_p cut(C^p)/|C^p|, the lecture's balanced cut balcut, equal to tr(UᵀLU) for
	// the partition matrix U (Lemmas 5.36, 5.38); the unnormalised Laplacian relaxes it.
	RatioCut
	// NormalizedCut is Σ_p cut(C^p)/vol(C^p) with vol(C) = Σ_{i∈C} d_i (Shi & Malik); the
	// normalised Laplacians relax it.
	NormalizedCut
)

func (o CutObjective) String() string {
	switch o {
	case MinCut:
		return "mincut"
	case RatioCut:
		return "ratio cut"
	case NormalizedCut:
		return "normalized cut"
	}
	return fmt.Sprintf("CutObjective(%d)", int(o))
}

// partitionSizes checks labels against n vertices and returns K and the cluster sizes.
func partitionSizes(fn string, labels []int, n int) (int, []int, error) {
	if len(labels) != n {
		return 0, nil, fmt.Errorf("cluster: %s: %d labels for %d vertices: %w", fn, len(labels), n, errs.ErrShape)
	}
	k := 0
	for i, l := range labels {
		if l < 0 || l >= n {
			return 0, nil, fmt.Errorf("cluster: %s: labels[%d] = %d, want in [0, n): %w", fn, i, l, errs.ErrLabel)
		}
		k = max(k, l+1)
	}
	sizes := make([]int, k)
	for _, l := range labels {
		sizes[l]++
	}
	for p, c := range sizes {
		if c == 0 {
			return 0, nil, fmt.Errorf("cluster: %s: cluster %d of [0, %d) is empty: %w", fn, p, k, errs.ErrLabel)
		}
	}
	return k, sizes, nil
}

// Cut returns the objective obj of the partition given by labels (cluster labels[i] of vertex
// i, in [0, K), every cluster nonempty) of the similarity graph s. Errors wrap the sentinels of
// Laplacian, errs.ErrShape (len(labels) ≠ n), errs.ErrLabel (a label outside [0, n) or an
// empty cluster), errs.ErrParam (unknown obj) or, for NormalizedCut, errs.ErrDisconnected (a
// cluster of volume 0). Cost O(n²).
func Cut(s mat.Symmetric, labels []int, obj CutObjective) (float64, error) {
	n, deg, err := similarityInput("Cut", s)
	if err != nil {
		return 0, err
	}
	k, sizes, err := partitionSizes("Cut", labels, n)
	if err != nil {
		return 0, err
	}
	if obj < MinCut || obj > NormalizedCut {
		return 0, fmt.Errorf("cluster: Cut: objective %d is unknown: %w", int(obj), errs.ErrParam)
	}
	cross := make([]float64, k)
	vol := make([]float64, k)
	for i := range n {
		vol[labels[i]] += deg[i]
		for j := range n {
			if labels[j] != labels[i] {
				cross[labels[i]] += s.At(i, j)
			}
		}
	}
	return cutValue(cross, vol, sizes, obj)
}

func cutValue(cross, vol []float64, sizes []int, obj CutObjective) (float64, error) {
	var v float64
	for p, c := range cross {
		switch obj {
		case MinCut:
			v += c
		case RatioCut:
			v += c / float64(sizes[p])
		case NormalizedCut:
			if !(vol[p] > 0) {
				return 0, fmt.Errorf("cluster: Cut: cluster %d has volume 0: %w", p, errs.ErrDisconnected)
			}
			v += c / vol[p]
		}
	}
	return v, nil
}

// PartitionMatrix returns the n×K matrix U with U_ip = 1/√|C^p| if labels[i] = p and 0
// otherwise (Lemma 5.36): its columns are orthonormal and tr(UᵀLU) is the ratio cut.
// Errors wrap errs.ErrLabel (a negative label or an empty cluster) or errs.ErrEmpty. Cost O(n·K).
func PartitionMatrix(labels []int) (*mat.Dense, error) {
	if len(labels) == 0 {
		return nil, fmt.Errorf("cluster: PartitionMatrix: no labels: %w", errs.ErrEmpty)
	}
	k, sizes, err := partitionSizes("PartitionMatrix", labels, len(labels))
	if err != nil {
		return nil, err
	}
	u := mat.NewDense(len(labels), k, nil)
	for i, l := range labels {
		u.Set(i, l, 1/math.Sqrt(float64(sizes[l])))
	}
	return u, nil
}

// MaxPartitions caps the number of partitions BestCut enumerates.
const MaxPartitions = 10_000_000

// BestCutResult is the optimum of a cut objective over all partitions into K clusters.
type BestCutResult struct {
	// Labels is an optimal partition (the first in enumeration order; vertex 0 in cluster 0).
	Labels []int
	// Cost is its objective value.
	Cost float64
	// Partitions is the number of partitions examined: the Stirling number S(n, K) (31 for
	// n = 6, K = 2).
	Partitions int
}

// BestCut finds by brute force a partition of the vertices of s into exactly k nonempty
// clusters that minimises obj: it enumerates every set partition once (restricted growth
// strings) — the exhaustive search that shows why minimising balanced cuts is hard and that
// the relaxation of Theorem 5.40 is a lower bound. Errors wrap the sentinels of Cut,
// errs.ErrParam (k outside [1, n]) or errs.ErrTooLarge (more than MaxPartitions partitions).
// Cost O(S(n, K)·n²).
func BestCut(s mat.Symmetric, k int, obj CutObjective) (*BestCutResult, error) {
	n, deg, err := similarityInput("BestCut", s)
	if err != nil {
		return nil, err
	}
	if k < 1 || k > n {
		return nil, fmt.Errorf("cluster: BestCut: K = %d, want 1 ≤ K ≤ n = %d: %w", k, n, errs.ErrParam)
	}
	if obj < MinCut || obj > NormalizedCut {
		return nil, fmt.Errorf("cluster: BestCut: objective %d is unknown: %w", int(obj), errs.ErrParam)
	}
	if c := stirling2(n, k); c > MaxPartitions {
		return nil, fmt.Errorf("cluster: BestCut: S(%d, %d) ≈ %.3g partitions exceed %d: %w", n, k, c, MaxPartitions, errs.ErrTooLarge)
	}
	best := &BestCutResult{Cost: math.Inf(1)}
	cross, vol, sizes := make([]float64, k), make([]float64, k), make([]int, k)
	err = eachPartition(n, k, func(labels []int) error {
		clear(cross)
		clear(vol)
		clear(sizes)
		for a := range n {
			sizes[labels[a]]++
			vol[labels[a]] += deg[a]
			for b := range n {
				if labels[b] != labels[a] {
					cross[labels[a]] += s.At(a, b)
				}
			}
		}
		v, err := cutValue(cross, vol, sizes, obj)
		if err != nil {
			return err
		}
		best.Partitions++
		if v < best.Cost {
			best.Cost, best.Labels = v, append([]int(nil), labels...)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return best, nil
}

// eachPartition calls visit once for every partition of n objects into exactly k nonempty
// clusters, as a restricted growth string (object 0 in cluster 0, each new cluster the next
// index); visit must not keep labels. The first error of visit stops the enumeration.
func eachPartition(n, k int, visit func(labels []int) error) error {
	labels := make([]int, n)
	var grow func(i, used int) error
	grow = func(i, used int) error {
		if n-i < k-used {
			return nil
		}
		if i == n {
			return visit(labels)
		}
		for c := range min(used+1, k) {
			labels[i] = c
			if err := grow(i+1, max(used, c+1)); err != nil {
				return err
			}
		}
		return nil
	}
	return grow(0, 0)
}

// stirling2 is the Stirling number of the second kind S(n, k), in floating point.
func stirling2(n, k int) float64 {
	row := make([]float64, k+1)
	row[0] = 1
	for i := 1; i <= n; i++ {
		for j := min(i, k); j >= 1; j-- {
			row[j] = float64(j)*row[j] + row[j-1]
		}
		row[0] = 0
	}
	return row[k]
}
