package main

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// kmeansWorkload is k-means with a fixed number of iterations from the same initial centroids on
// both sides: sltk's KMeans{Init: KMeansGiven, MaxIter: iters, Accel: accel} against
// scikit-learn's KMeans(init=C0, n_init=1, max_iter=iters, tol=0, algorithm=algo). Every sltk
// Accel computes the same labels, centroids and costs as plain Lloyd (AccelNone), and so do
// sklearn's "lloyd" and "elkan", so the costs must agree; "elkan" is the fair peer of a bounded
// method. The blobs overlap (Std 10 in a box of half-width 10) so that neither side converges
// early. Quality: the final cost, sklearn's inertia_.
func kmeansWorkload(n, d, k, iters int, accel cluster.KMeansAccel, algo string) Workload {
	return Workload{
		Name:    fmt.Sprintf("k-means n=%d d=%d k=%d, %d iter: sltk %v vs sklearn %s", n, d, k, iters, accel, algo),
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
			res, err := cluster.KMeans{K: k, Init: cluster.KMeansGiven, Centroids: in["init"], MaxIter: iters, Accel: accel}.Fit(in["x"])
			if err != nil {
				return Result{}, err
			}
			return Result{Quality: res.Cost, Note: fmt.Sprintf("%d iter, Accel %v", res.Iter, accel)}, nil
		},
		Peer:   "kmeans_lloyd",
		Params: map[string]any{"max_iter": iters, "algorithm": algo},
	}
}

func init() {
	for _, s := range [][3]int{{1_000_000, 10, 10}, {100_000, 2, 5}} {
		register(
			// The default (AccelAuto: the plain step on the vector kernel here) against both of
			// scikit-learn's algorithms, and the bounded step against the bounded peer.
			kmeansWorkload(s[0], s[1], s[2], 20, cluster.AccelAuto, "lloyd"),
			kmeansWorkload(s[0], s[1], s[2], 20, cluster.AccelAuto, "elkan"),
			kmeansWorkload(s[0], s[1], s[2], 20, cluster.AccelHamerly, "elkan"),
		)
	}
}
