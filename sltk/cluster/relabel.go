package cluster

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/internal/assign"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// Relabel renames the clusters of pred (labels in [0, k)) to the labels of ref they agree with
// most, by the best one-to-one matching (the Hungarian method on the k×k table of agreements,
// as in metrics.Disagreement), so that a fitted clustering can be drawn in the colours and with the
// names of a reference labelling. If centroids (k×d) is not nil, its rows are permuted the same
// way: row j of the returned matrix is the centroid of the cluster now called j. Cluster ids are
// arbitrary, so this changes no fit, only its names. Cost O(n + k³).
func Relabel(ref, pred []int, centroids mat.Matrix, k int) ([]int, *mat.Dense, error) {
	if len(ref) != len(pred) || len(ref) == 0 {
		return nil, nil, fmt.Errorf("cluster: Relabel: labelings of length %d and %d: %w", len(ref), len(pred), ErrShape)
	}
	if k < 1 {
		return nil, nil, fmt.Errorf("cluster: Relabel: k = %d, want ≥ 1: %w", k, ErrParam)
	}
	if err := check.Size("cluster: Relabel", "k", k, MaxMatchK); err != nil {
		return nil, nil, err
	}
	cost := make([][]float64, k) // cost[c][r] = −(points with pred c and ref r)
	for i := range cost {
		cost[i] = make([]float64, k)
	}
	for i := range ref {
		if ref[i] < 0 || ref[i] >= k || pred[i] < 0 || pred[i] >= k {
			return nil, nil, fmt.Errorf("cluster: Relabel: label pair (%d, %d) at %d outside [0, %d): %w",
				ref[i], pred[i], i, k, ErrLabel)
		}
		cost[pred[i]][ref[i]]--
	}
	match, err := assign.Hungarian(cost)
	if err != nil { // unreachable: the counts are finite and the matrix square
		return nil, nil, fmt.Errorf("cluster: Relabel: %w: %w", ErrShape, err)
	}
	out := make([]int, len(pred))
	for i, c := range pred {
		out[i] = match[c]
	}
	if check.IsNil(centroids) {
		return out, nil, nil
	}
	r, d, cerr := check.Matrix("centroids", centroids)
	if cerr != nil {
		return nil, nil, fmt.Errorf("cluster: Relabel: %w", cerr)
	}
	if r != k {
		return nil, nil, fmt.Errorf("cluster: Relabel: %d centroids for k = %d: %w", r, k, ErrShape)
	}
	w := mat.NewDense(k, d, nil)
	for c := 0; c < k; c++ {
		w.SetRow(match[c], mat.Row(nil, c, centroids))
	}
	return out, w, nil
}
