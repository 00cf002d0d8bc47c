package density

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// PartitionLogLik returns log p(X) of the Bernoulli mixture that a hard partition of the rows
// defines (SLT appendix B.3): with every responsibility γ_ik 0 or 1 (labels[i] = k), the
// M-step makes ν_k the share of the rows in group k and μ_kj the frequency of 1 in column j
// among the group's rows that rate j, and the log-likelihood of those parameters is
//
//	log p(X) = Σ_i log Σ_k ν_k Π_{j: x_ij seen} μ_kj^{x_ij} (1 − μ_kj)^{1−x_ij},
//
// with μ unclipped, so log 0 = −∞ is allowed inside the sum (a group can rule a row out). When
// no group but a row's own can generate it, this is the sum of log(share·frequencies) that can
// be checked by hand; it is the log-likelihood EM reaches at a hard fixed point
// (BernoulliMixture with Clamp < 0), computed without iterating. Labels are in [0, K) for
// K = max label + 1; empty groups are allowed and take no part. Missing entries (NaN) drop out.
// Cost O(n·K·D). Errors: data as BernoulliMixture.Fit; len(labels) ≠ n (ErrShape); a negative
// label or one ≥ n (ErrParam).
func PartitionLogLik(x mat.Matrix, labels []int) (float64, error) {
	data, n, d, err := checkBinary("PartitionLogLik", x)
	if err != nil {
		return 0, err
	}
	if len(labels) != n {
		return 0, fmt.Errorf("density: PartitionLogLik: %d labels for %d rows: %w", len(labels), n, ErrShape)
	}
	k := 0
	for i, l := range labels {
		if l < 0 || l >= n {
			return 0, fmt.Errorf("density: PartitionLogLik: labels[%d] = %d, want in [0, %d): %w", i, l, n, ErrParam)
		}
		k = max(k, l+1)
	}
	size := make([]float64, k)
	ones, seen := make([]float64, k*d), make([]float64, k*d)
	for i, l := range labels {
		size[l]++
		for j, v := range data[i*d : (i+1)*d] {
			if !math.IsNaN(v) {
				seen[l*d+j]++
				ones[l*d+j] += v
			}
		}
	}
	terms := make([]float64, k)
	var ll float64
	for i := range n {
		for c := range k {
			terms[c] = math.Inf(-1)
			if size[c] == 0 {
				continue
			}
			lp := math.Log(size[c] / float64(n))
			for j, v := range data[i*d : (i+1)*d] {
				if math.IsNaN(v) || seen[c*d+j] == 0 {
					continue
				}
				mu := ones[c*d+j] / seen[c*d+j]
				if v == 1 {
					lp += math.Log(mu)
				} else {
					lp += math.Log1p(-mu)
				}
			}
			terms[c] = lp
		}
		ll += gibbs.LogSumExp(terms) // the row's own group gives it positive probability
	}
	return ll, nil
}
