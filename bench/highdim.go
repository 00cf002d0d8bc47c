package main

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/embed"
	"github.com/sltk-book/sltk/sltk/info"
	"github.com/sltk-book/sltk/sltk/metrics"
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
			note := "TSQR (centred in 1024-row blocks, two levels) + SVD"
			if solver == embed.PCARandomized {
				note = "4 power iterations: 5 passes over X centred block by block, products on the AVX2 kernels (Dots, Gemm)"
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
			ari, err := metrics.AdjustedRand(res.Labels, truth)
			if err != nil {
				return Result{}, err
			}
			return Result{Quality: ari, Note: fmt.Sprintf("%d Lanczos steps", res.Iter)}, nil
		},
		Peer:   "spectral_rbf",
		Params: map[string]any{"gamma": 30, "n_clusters": 2},
	}
}

// shiftWorkload: the constant-shift embedding (SLT chapter 7) of the edit distances between the
// n most frequent words of the GPL, 10 dimensions. sltk: embed.ConstantShift (Lanczos for
// λ_min(S^c) beside block Lanczos for the 10 leading eigenpairs of S^c on e⊥, which are those
// of S̃^c; products on the AVX2 dot kernels); scikit-learn: the smallest eigenvalue of S^c by
// numpy's eigvalsh, then KernelPCA(kernel="precomputed", eigen_solver="dense") on the paper's
// kernel S^c − λ_min I, which KernelPCA centres into the same S̃^c. Quality: the sum of the 10
// leading eigenvalues of S̃^c (the same on both sides when both are right).
func shiftWorkload(n int) Workload {
	return Workload{
		Name:    fmt.Sprintf("constant-shift embedding, edit distances of %d GPL words → 10-D", n),
		Quality: "Σ 10 leading eigenvalues of S̃^c",
		Data: func() (Inputs, error) {
			gpl, err := info.LoadLetters("/usr/share/common-licenses/GPL-3")
			if err != nil {
				return nil, err
			}
			words, err := gpl.TopWords(n, 1)
			if err != nil {
				return nil, err
			}
			d, err := embed.EditDistances(words)
			return Inputs{"d": d}, err
		},
		Run: func(in Inputs) (Result, error) {
			r, err := embed.ConstantShift{Dims: 10}.Fit(in["d"])
			if err != nil {
				return Result{}, err
			}
			return Result{Quality: floats.Sum(r.Values[:10]), Note: fmt.Sprintf("d0 = %.3f", r.Shift)}, nil
		},
		Peer:   "constant_shift",
		Params: map[string]any{"n_components": 10},
	}
}

func init() {
	register(pcaWorkload(embed.PCAFull, "full", "full"),
		pcaWorkload(embed.PCARandomized, "randomized", "randomized"),
		spectralWorkload(),
		shiftWorkload(1000))
}
