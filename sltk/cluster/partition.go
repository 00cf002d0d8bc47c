package cluster

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// PartitionCost returns the k-means cost Σ_i ‖x_i − μ_{labels[i]}‖² of a given partition, where
// μ_q is the mean of the rows labelled q, together with those means (k×d; the row of an empty
// cluster is 0 and contributes nothing). It is the objective Lloyd's algorithm minimises,
// evaluated at a partition it did not produce, such as the species of the Iris flowers or a
// random labelling; for fixed labels the means are the best centroids, so no choice of
// centroids does better. Labels must lie in [0, k). Cost O(n·d).
func PartitionCost(x mat.Matrix, labels []int, k int) (float64, *mat.Dense, error) {
	data, err := kmPrepare("PartitionCost", x)
	if err != nil {
		return 0, nil, err
	}
	n, d := data.n, data.d
	if len(labels) != n {
		return 0, nil, fmt.Errorf("cluster: PartitionCost: %d labels for %d rows: %w", len(labels), n, ErrShape)
	}
	if k < 1 || k > n {
		return 0, nil, fmt.Errorf("cluster: PartitionCost: k = %d, want 1 ≤ k ≤ n = %d: %w", k, n, ErrParam)
	}
	sums := make([]float64, k*d)
	counts := make([]int, k)
	for i, q := range labels {
		if q < 0 || q >= k {
			return 0, nil, fmt.Errorf("cluster: PartitionCost: labels[%d] = %d outside [0, %d): %w", i, q, k, ErrLabel)
		}
		counts[q]++
		for j, v := range data.x[i*d : (i+1)*d] {
			sums[q*d+j] += v
		}
	}
	for q, c := range counts {
		for j := 0; j < d && c > 0; j++ {
			sums[q*d+j] /= float64(c)
		}
	}
	cost := 0.0
	for i, q := range labels {
		mu := sums[q*d : (q+1)*d]
		for j, v := range data.x[i*d : (i+1)*d] {
			cost += (v - mu[j]) * (v - mu[j])
		}
	}
	return cost, mat.NewDense(k, d, sums), nil
}
