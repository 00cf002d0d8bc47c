package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/density"
	"github.com/sltk-book/sltk/sltk/embed"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// gmmWorkload: full-covariance EM for a fixed number of iterations from the same start on both
// sides (means = 8 data rows, one per component; P(q) = 1/8; Σ_q = mean per-coordinate variance
// × I). sltk: density.GMM{Cov: Full, Init: InitGiven}; scikit-learn: GaussianMixture(
// covariance_type="full", means_init, weights_init, precisions_init, tol=0, max_iter=iters).
// Components overlap (random full covariances, centres at distance ≈ 4σ) so that EM keeps moving.
// Quality: mean log-likelihood per point (higher is better; GMMResult.LogLik is already the mean).
func gmmWorkload(n, d, k, iters int) Workload {
	return Workload{
		Name:    fmt.Sprintf("GMM EM full cov n=%d d=%d k=%d, %d iter", n, d, k, iters),
		Quality: "mean log-likelihood",
		Data: func() (Inputs, error) {
			rng := rand.New(rand.NewPCG(7, 7))
			means := mat.NewDense(k, d, nil)
			covs := make([]mat.Symmetric, k)
			for q := 0; q < k; q++ {
				for j := 0; j < d; j++ {
					means.Set(q, j, 1.5*rng.NormFloat64())
				}
				a := mat.NewDense(d, d, nil)
				for i := 0; i < d; i++ {
					for j := 0; j < d; j++ {
						a.Set(i, j, 0.4*rng.NormFloat64())
					}
					a.Set(i, i, a.At(i, i)+1)
				}
				c := mat.NewSymDense(d, nil)
				c.SymOuterK(1, a)
				covs[q] = c
			}
			x, _, err := synth.GaussianMixture{N: n, Means: means, Covs: covs, Seed: 1}.Generate()
			if err != nil {
				return nil, err
			}
			// Start: the first row drawn from each component would need the labels; rows are
			// i.i.d., so the first k rows are as good a random start as any.
			init := mat.DenseCopyOf(x.Slice(0, k, 0, d))
			return Inputs{"x": x, "means": init}, nil
		},
		Run: func(in Inputs) (Result, error) {
			r, err := density.GMM{K: k, Cov: density.Full, Init: density.InitGiven, Means: in["means"],
				MaxIter: iters, Tol: 1e-300}.Fit(in["x"])
			if err != nil {
				return Result{}, err
			}
			return Result{Quality: r.LogLik, Note: fmt.Sprintf("%d iter, floored %d", r.Iter, r.Floored)}, nil
		},
		Peer:   "gmm_full",
		Params: map[string]any{"max_iter": iters},
	}
}

// kdeWorkload: Gaussian KDE with a fixed bandwidth, fitted on n points and evaluated exactly at
// q queries. sltk: density.KDE + LogEvaluate (brute force, parallel, log-sum-exp); scikit-learn:
// KernelDensity(kernel="gaussian", rtol=0, atol=0).fit(x).score_samples(q) (k-d tree, exact).
// Quality: mean log-density of the queries (equal on both sides up to round-off).
func kdeWorkload(n, q, d int, h float64) Workload {
	return Workload{
		Name:    fmt.Sprintf("KDE Gaussian n=%d on %d queries d=%d", n, q, d),
		Quality: "mean log-density",
		Data: func() (Inputs, error) {
			x, _, _, err := synth.Blobs{N: n + q, K: 4, Dim: d, Std: 1, Box: 4, Seed: 3}.Generate()
			if err != nil {
				return nil, err
			}
			return Inputs{"x": mat.DenseCopyOf(x.Slice(0, n, 0, d)), "q": mat.DenseCopyOf(x.Slice(n, n+q, 0, d))}, nil
		},
		Run: func(in Inputs) (Result, error) {
			m, err := density.KDE{Bandwidth: h}.Fit(in["x"])
			if err != nil {
				return Result{}, err
			}
			ld, err := m.LogDensity(in["q"])
			if err != nil {
				return Result{}, err
			}
			s := 0.0
			for _, v := range ld {
				s += v
			}
			return Result{Quality: s / float64(len(ld))}, nil
		},
		Peer:   "kde_gaussian",
		Params: map[string]any{"bandwidth": h},
	}
}

// lleWorkload: LLE of the swiss roll, K = 12 neighbours, 2 dimensions, reg 1e-3 on both sides.
// sltk: embed.LLE (k-d tree, envelope Cholesky of the RCM-ordered G, shift-invert subspace
// iteration); scikit-learn:
// LocallyLinearEmbedding(eigen_solver="auto" → ARPACK shift-invert). Quality: the sum of the two
// bottom non-zero eigenvalues of G (sklearn's reconstruction_error_; lower is better).
func lleWorkload(n int) Workload {
	return Workload{
		Name:    fmt.Sprintf("LLE swiss roll n=%d K=12 → 2-D", n),
		Quality: "Σ bottom eigenvalues of G",
		Data: func() (Inputs, error) {
			x, _, err := synth.SwissRoll{N: n, Seed: 1}.Generate()
			return Inputs{"x": x}, err
		},
		Run: func(in Inputs) (Result, error) {
			r, err := embed.LLE{Neighbors: 12, Components: 2}.Fit(in["x"])
			if err != nil {
				return Result{}, err
			}
			return Result{Quality: r.Cost, Note: fmt.Sprintf("band %d, %d sweeps", r.Bandwidth, r.Iter)}, nil
		},
		Peer:   "lle",
		Params: map[string]any{"n_neighbors": 12, "n_components": 2},
	}
}

func init() {
	register(
		gmmWorkload(100_000, 10, 8, 12),
		lleWorkload(3000),
		kdeWorkload(10_000, 10_000, 2, 0.3),
	)
}
