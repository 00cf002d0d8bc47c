package cluster

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// BestPairwiseResult is the exact optimum of the pairwise clustering cost over all partitions
// into K nonempty clusters.
type BestPairwiseResult struct {
	// Labels is an optimal partition (the first in enumeration order; object 0 in cluster 0).
	Labels []int
	// Cost is its pairwise cost C14, as PairwiseCost computes it.
	Cost float64
	// Partitions is the number of partitions examined, the Stirling number S(n, K).
	Partitions int
}

// BestPairwise minimises the pairwise clustering cost (PairwiseCost) of the dissimilarities d
// by brute force over every partition into exactly k nonempty clusters. It is the reference
// that annealing (Pairwise) and k-means in a constant-shift embedding (embed.ConstantShift,
// SLT chapter 7) are checked against on small problems. d is validated as in PairwiseCost
// (no missing entries); k outside [1, n] is an error wrapping ErrParam, more than
// MaxPartitions partitions one wrapping errs.ErrTooLarge. Cost O(S(n, k)·n²).
func BestPairwise(d mat.Matrix, k int) (*BestPairwiseResult, error) {
	p, err := pwPrepare("BestPairwise", d, false)
	if err != nil {
		return nil, err
	}
	if k < 1 || k > p.n {
		return nil, fmt.Errorf("cluster: BestPairwise: k = %d, want 1 ≤ k ≤ n = %d: %w", k, p.n, ErrParam)
	}
	if c := stirling2(p.n, k); c > MaxPartitions {
		return nil, fmt.Errorf("cluster: BestPairwise: S(%d, %d) ≈ %.3g partitions exceed %d: %w", p.n, k, c, MaxPartitions, errs.ErrTooLarge)
	}
	best := &BestPairwiseResult{Cost: math.Inf(1)}
	// The visitor never fails, so eachPartition returns nil.
	_ = eachPartition(p.n, k, func(labels []int) error {
		best.Partitions++
		if e := pwHardCost(p, labels, k); e < best.Cost {
			best.Cost, best.Labels = e, append([]int(nil), labels...)
		}
		return nil
	})
	return best, nil
}
