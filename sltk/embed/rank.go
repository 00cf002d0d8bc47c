package embed

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/stat"
)

// RankCorrelation is Spearman's ρ of a and b: the Pearson correlation of their ranks (ties
// get the mean of the ranks they span). It measures whether one quantity grows with another
// without asking for a straight line, which is what "an embedding coordinate follows the
// intrinsic parameter of the manifold" means: LLE recovers the roll parameter of a swiss
// roll up to a monotone, not a linear, map. ρ is in [−1, 1]; ±1 for a monotone relation.
// a and b must have the same length n ≥ 2, finite entries and neither may be constant.
// Cost: O(n log n).
func RankCorrelation(a, b []float64) (float64, error) {
	if len(a) != len(b) || len(a) < 2 {
		return 0, fmt.Errorf("embed: RankCorrelation: lengths %d and %d, want equal and ≥ 2: %w",
			len(a), len(b), ErrParam)
	}
	ra, err := rankOf(a, "a")
	if err != nil {
		return 0, err
	}
	rb, err := rankOf(b, "b")
	if err != nil {
		return 0, err
	}
	if stat.Variance(ra, nil) == 0 || stat.Variance(rb, nil) == 0 {
		return 0, fmt.Errorf("embed: RankCorrelation: a constant sequence has no rank correlation: %w",
			ErrParam)
	}
	return stat.Correlation(ra, rb, nil), nil
}

// rankOf returns the ranks 0…n−1 of v, ties sharing their mean rank.
func rankOf(v []float64, name string) ([]float64, error) {
	idx := make([]int, len(v))
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("embed: RankCorrelation: %s[%d] = %v: %w", name, i, x, ErrNotFinite)
		}
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return v[idx[i]] < v[idx[j]] })
	r := make([]float64, len(v))
	for lo := 0; lo < len(idx); {
		hi := lo + 1
		for hi < len(idx) && v[idx[hi]] == v[idx[lo]] {
			hi++
		}
		mean := float64(lo+hi-1) / 2
		for _, i := range idx[lo:hi] {
			r[i] = mean
		}
		lo = hi
	}
	return r, nil
}
