package cluster_test

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// The 1-D example of AFDS chapter 1 (Understanding ML algorithms) §1.5: from z = (1, 2) Lloyd needs
// three loop executions.
func ExampleKMeans() {
	x := mat.NewDense(6, 1, []float64{1, 2, 3, 10, 11, 12})
	res, err := cluster.KMeans{K: 2, Init: cluster.KMeansGiven, Centroids: mat.NewDense(2, 1, []float64{1, 2})}.Fit(x)
	if err != nil {
		panic(err)
	}
	fmt.Println("centroids:", mat.Col(nil, 0, res.Centroids))
	fmt.Println("labels:", res.Labels)
	fmt.Printf("cost: %g loops: %d trace: %.4g\n", res.Cost, res.Iter, res.Trace)
	// Output:
	// centroids: [2 11]
	// labels: [0 0 0 1 1 1]
	// cost: 4 loops: 3 trace: [246 41.68 4]
}

// The start decides which local optimum Lloyd finds (AFDS chapter 1 (Understanding ML algorithms)
// §1.5, four points of a 2×1 box).
func ExampleKMeans_localOptimum() {
	x := mat.NewDense(4, 2, []float64{0, 0, 2, 0, 0, 1, 2, 1})
	for _, init := range [][]float64{{1, 0, 1, 1}, {0, 0.5, 2, 0.5}} {
		res, err := cluster.KMeans{K: 2, Init: cluster.KMeansGiven, Centroids: mat.NewDense(2, 2, init)}.Fit(x)
		if err != nil {
			panic(err)
		}
		fmt.Printf("start %v: labels %v, cost %g\n", init, res.Labels, res.Cost)
	}
	// Output:
	// start [1 0 1 1]: labels [0 0 1 1], cost 4
	// start [0 0.5 2 0.5]: labels [0 1 0 1], cost 1
}

// Online k-means with MacQueen's rate 1/n_q, then Assign to label new points.
func ExampleOnlineKMeans() {
	centers := mat.NewDense(2, 2, []float64{0, 0, 10, 10})
	x, _, _, err := synth.Blobs{N: 1000, Centers: centers, Std: 1, Seed: 1}.Generate()
	if err != nil {
		panic(err)
	}
	res, err := cluster.OnlineKMeans{K: 2, Init: cluster.KMeansGiven, Centroids: centers, MaxIter: 3, Seed: 1}.Fit(x)
	if err != nil {
		panic(err)
	}
	labels, _, err := cluster.Assign(mat.NewDense(2, 2, []float64{1, -1, 9, 11}), res.Centroids)
	if err != nil {
		panic(err)
	}
	fmt.Println("sizes:", res.Sizes, "new points:", labels)
	// Output: sizes: [500 500] new points: [0 1]
}

// The cost of a labelling that k-means did not produce: the 2×1 box split into its left and
// right sides, against the split into bottom and top.
func ExamplePartitionCost() {
	x := mat.NewDense(4, 2, []float64{0, 0, 2, 0, 0, 1, 2, 1})
	for _, labels := range [][]int{{0, 1, 0, 1}, {0, 0, 1, 1}} {
		cost, means, err := cluster.PartitionCost(x, labels, 2)
		if err != nil {
			panic(err)
		}
		fmt.Printf("labels %v: cost %g, means %v %v\n", labels, cost, means.RawRowView(0), means.RawRowView(1))
	}
	// Output:
	// labels [0 1 0 1]: cost 1, means [0 0.5] [2 0.5]
	// labels [0 0 1 1]: cost 4, means [1 0] [1 1]
}

// Lloyd's loop over data that live elsewhere: here two shards of a line stand for two machines.
// The step labels each shard's rows against the centroids it is sent and returns only the
// summed outcome; it keeps the previous labels of its rows to count the ones that changed.
func ExampleKMeans_Lloyd() {
	shards := [][]float64{{0, 1, 2, 10}, {11, 12, 3}}
	prev := [][]int{{-1, -1, -1, -1}, {-1, -1, -1}}
	step := func(_ int, z []float64) (cluster.KMeansStep, error) {
		st := cluster.KMeansStep{Sums: make([]float64, 2), Counts: make([]int, 2)}
		for s, rows := range shards {
			x := mat.NewDense(len(rows), 1, rows)
			labels, cost, err := cluster.Assign(x, mat.NewDense(2, 1, z))
			if err != nil {
				return st, err
			}
			for i, j := range labels {
				st.Sums[j] += rows[i]
				st.Counts[j]++
				if prev[s][i] != j {
					prev[s][i] = j
					st.Changed++
				}
			}
			st.Cost += cost
		}
		return st, nil
	}
	km := cluster.KMeans{K: 2, Init: cluster.KMeansGiven, Centroids: mat.NewDense(2, 1, []float64{0, 1})}
	res, err := km.Lloyd(step)
	if err != nil {
		panic(err)
	}
	fmt.Println("centroids:", res.Centroids.RawMatrix().Data, "sizes:", res.Sizes, "converged:", res.Converged)
	// Output: centroids: [1.5 11] sizes: [4 3] converged: true
}
