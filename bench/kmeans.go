package main

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// kmeansWorkload is Lloyd with a fixed number of iterations from the same initial centroids on
// both sides: sltk's KMeans{Init: KMeansGiven, MaxIter: iters} against scikit-learn's
// KMeans(init=C0, n_init=1, max_iter=iters, tol=0, algorithm="lloyd"). The blobs overlap (Std 10
// in a box of half-width 10) so that neither side converges early. Quality: the final cost,
// sklearn's inertia_.
func kmeansWorkload(n, d, k, iters int) Workload {
	return Workload{
		Name:    fmt.Sprintf("k-means Lloyd n=%d d=%d k=%d, %d iter", n, d, k, iters),
		Quality: "cost Σ‖x−c‖²",
		Data: func() (Inputs, error) {
			x, _, _, err := synth.Blobs{N: n, K: k, Dim: d, Std: 10, Seed: 1}.Generate()
			if err != nil {
				return nil, err
			}
			// Initial centroids: the last k rows (interleaved labels, so one row per blob).
			c0 := mat.DenseCopyOf(x.Slice(n-k, n, 0, d))
			return Inputs{"x": x, "init": c0}, nil
		},
		Run: func(in Inputs) (Result, error) {
			res, err := cluster.KMeans{K: k, Init: cluster.KMeansGiven, Centroids: in["init"], MaxIter: iters}.Fit(in["x"])
			if err != nil {
				return Result{}, err
			}
			return Result{Quality: res.Cost, Note: fmt.Sprintf("%d iter", res.Iter)}, nil
		},
		Peer:   "kmeans_lloyd",
		Params: map[string]any{"max_iter": iters},
	}
}

func init() {
	register(
		kmeansWorkload(1_000_000, 10, 10, 20),
		kmeansWorkload(100_000, 2, 5, 20),
	)
}
