package main

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/embed"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// pcaData is n×d data with a 10-dimensional signal (scales 10, 9, …, 1 along random
// directions) plus isotropic noise of standard deviation 1/2.
func pcaData(n, d int) (Inputs, error) {
	rng := rand.New(rand.NewPCG(1, 64))
	w := mat.NewDense(10, d, nil)
	for i := range 10 {
		for j := range d {
			w.Set(i, j, rng.NormFloat64()*float64(10-i)/math.Sqrt(float64(d)))
		}
	}
	z := mat.NewDense(n, 10, nil)
	for i := range z.RawMatrix().Data {
		z.RawMatrix().Data[i] = rng.NormFloat64() * math.Sqrt(float64(d))
	}
	var x mat.Dense
	x.Mul(z, w)
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] += 0.5 * rng.NormFloat64()
	}
	return Inputs{"x": &x}, nil
}

// pcaWorkload fits PCA with K = 10 components on 10⁵×64 data; quality is the explained
// variance ratio of the 10 components (higher is better; both sides divide by the same total).
func pcaWorkload(solver embed.PCASolver, name, peerSolver string) Workload {
	// name labels the row; peerSolver is scikit-learn's svd_solver.
	return Workload{
		Name:    fmt.Sprintf("PCA %s n=100000 d=64 K=10", name),
		Quality: "explained variance ratio of 10 components",
		Data:    func() (Inputs, error) { return pcaData(100_000, 64) },
		Run: func(in Inputs) (Result, error) {
			m, err := embed.PCA{Components: 10, Solver: solver, Seed: 1}.Fit(in["x"])
			if err != nil {
				return Result{}, err
			}
			note := "TSQR + SVD"
			if solver == embed.PCARandomized {
				note = "4 power iterations: 11 passes of GEMM over A; gonum's pure-Go GEMM against OpenBLAS is what stands in the way"
			}
			return Result{Quality: floats.Sum(m.ExplainedVarianceRatio), Note: note}, nil
		},
		Peer:   "pca",
		Params: map[string]any{"n_components": 10, "svd_solver": peerSolver},
	}
}

// spectralWorkload clusters 3,000 noisy moons with the Gaussian affinity exp(−30‖x−y‖²) and the
// random-walk Laplacian (what scikit-learn's SpectralClustering(affinity="rbf", gamma=30) does),
// building the affinity inside the timed part on both sides. Quality: adjusted Rand index
// against the true arcs.
func spectralWorkload() Workload {
	return Workload{
		Name:    "Spectral clustering 3000 moons, rbf γ=30, K=2",
		Quality: "adjusted Rand index (higher is better)",
		Data: func() (Inputs, error) {
			x, y, err := synth.Moons{N: 3000, Noise: 0.05, Seed: 1}.Generate()
			if err != nil {
				return nil, err
			}
			ym := mat.NewDense(len(y), 1, nil)
			for i, v := range y {
				ym.Set(i, 0, float64(v))
			}
			return Inputs{"x": x, "y": ym}, nil
		},
		Run: func(in Inputs) (Result, error) {
			s, err := cluster.GaussianGraph(in["x"], 30)
			if err != nil {
				return Result{}, err
			}
			res, err := cluster.SpectralClustering{K: 2, Normalization: cluster.RandomWalk, Seed: 1}.Fit(s)
			if err != nil {
				return Result{}, err
			}
			truth := make([]int, len(res.Labels))
			for i := range truth {
				truth[i] = int(in["y"].At(i, 0))
			}
			return Result{Quality: adjustedRand(res.Labels, truth), Note: fmt.Sprintf("%d Lanczos steps", res.Iter)}, nil
		},
		Peer:   "spectral_rbf",
		Params: map[string]any{"gamma": 30, "n_clusters": 2},
	}
}

// adjustedRand is the adjusted Rand index of two labelings (Hubert & Arabie), written here
// only for this bench row until the library's metrics package has one.
func adjustedRand(a, b []int) float64 {
	pairs := func(c float64) float64 { return c * (c - 1) / 2 }
	table := map[[2]int]float64{}
	rowSum, colSum := map[int]float64{}, map[int]float64{}
	for i := range a {
		table[[2]int{a[i], b[i]}]++
		rowSum[a[i]]++
		colSum[b[i]]++
	}
	var index, ra, rb float64
	for _, c := range table {
		index += pairs(c)
	}
	for _, c := range rowSum {
		ra += pairs(c)
	}
	for _, c := range colSum {
		rb += pairs(c)
	}
	expected := ra * rb / pairs(float64(len(a)))
	return (index - expected) / ((ra+rb)/2 - expected)
}

func init() {
	register(pcaWorkload(embed.PCAFull, "full", "full"),
		pcaWorkload(embed.PCARandomized, "randomized", "randomized"),
		spectralWorkload())
}
