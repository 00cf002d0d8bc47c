package synth

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// NineGaussians returns the data of the phase-transition experiment of deterministic annealing
// (SLT chapter 3 (Deterministic annealing) §3.7, Fig. 3.2): 900 points from nine isotropic
// Gaussians (standard deviation 0.35, 100 points each) whose means form three groups of three
// around (0, 0), (10, 0) and (5, 9). The hierarchy makes annealing split first into the three
// groups and then inside them. It returns the points, the component of every point (point i belongs
// to component i mod 9; group g holds components 3g..3g+2) and the 9×2 matrix of means. The points
// are those of Blobs{N: 900, Centers: means, Std: 0.35, Seed: seed}. The same seed gives the same
// data; cost O(900).
func NineGaussians(seed uint64) (x *mat.Dense, labels []int, means *mat.Dense) {
	var cs []float64
	for _, g := range [][]float64{{0, 0}, {10, 0}, {5, 9}} {
		for _, o := range [][]float64{{-1.5, 0}, {1.5, 0}, {0, 2.2}} {
			cs = append(cs, g[0]+o[0], g[1]+o[1])
		}
	}
	means = mat.NewDense(9, 2, cs)
	rng := newRand(seed)
	x, labels = mat.NewDense(900, 2, nil), make([]int, 900)
	for i := range labels {
		c := i % 9
		labels[i] = c
		row := x.RawRowView(i)
		for j := range row {
			row[j] = means.At(c, j) + 0.35*rng.NormFloat64()
		}
	}
	return x, labels, means
}

// sixCovs holds the covariances [[a b] [b c]] of SixGaussians as (a, b, c).
var sixCovs = [6][3]float64{{0.6, 0.2, 0.4}, {0.3, 0, 0.3}, {0.5, -0.2, 0.5}, {0.2, 0, 0.6},
	{0.8, 0.3, 0.5}, {0.3, 0.1, 0.3}}

// SixGaussians returns 600 points from the mixture of six Gaussians with unequal weights
// (0.25, 0.1, 0.2, 0.1, 0.2, 0.15) and unequal full covariances on which deterministic annealing
// is compared with randomly started k-means (SLT chapter 3 (Deterministic annealing) §3.6, Fig.
// 3.1). Two pairs of means lie close together, so Lloyd's algorithm from random data points often
// merges a pair and splits a large component. It returns the points, their components and the 6×2
// means. The points are those of GaussianMixture{N: 600} with these parameters and the same seed (a
// component is drawn first, then mean + L z with L the Cholesky factor); other sizes come from
// GaussianMixture itself. Cost O(600).
func SixGaussians(seed uint64) (x *mat.Dense, labels []int, means *mat.Dense) {
	const n = 600
	means = mat.NewDense(6, 2, []float64{0, 0, 3, 0, 8, 1, 8, 4, 2, 7, 5, 8})
	cum := []float64{0.25, 0.35, 0.55, 0.65, 0.85} // cumulative weights of components 0–4
	rng := newRand(seed)
	x, labels = mat.NewDense(n, 2, nil), make([]int, n)
	for i := range labels {
		u, q := rng.Float64(), 0
		for q < 5 && u >= cum[q] {
			q++
		}
		labels[i] = q
		z0, z1 := rng.NormFloat64(), rng.NormFloat64()
		a, b, c := sixCovs[q][0], sixCovs[q][1], sixCovs[q][2]
		l11 := math.Sqrt(a)
		l21 := b / l11
		l22 := math.Sqrt(c - l21*l21)
		x.Set(i, 0, means.At(q, 0)+l11*z0)
		x.Set(i, 1, means.At(q, 1)+l21*z0+l22*z1)
	}
	return x, labels, means
}
