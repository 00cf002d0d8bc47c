package synth

import "gonum.org/v1/gonum/mat"

// NineGaussians returns the data of the phase-transition experiment of deterministic annealing
// (seed 000 §3.7, Fig. 3.2): 900 points from nine isotropic Gaussians (standard deviation 0.35,
// 100 points each) whose means form three groups of three around (0, 0), (10, 0) and (5, 9).
// The hierarchy makes annealing split first into the three groups and then inside them. It
// returns the points, the component of every point (0–8, group g holds components 3g..3g+2)
// and the 9×2 matrix of means. The same seed gives the same data; cost O(900).
func NineGaussians(seed uint64) (x *mat.Dense, labels []int, means *mat.Dense) {
	var cs []float64
	for _, g := range [][]float64{{0, 0}, {10, 0}, {5, 9}} {
		for _, o := range [][]float64{{-1.5, 0}, {1.5, 0}, {0, 2.2}} {
			cs = append(cs, g[0]+o[0], g[1]+o[1])
		}
	}
	means = mat.NewDense(9, 2, cs)
	x, labels, _, err := Blobs{N: 900, Centers: means, Std: 0.35, Seed: seed}.Generate()
	if err != nil { // the parameters above are valid: unreachable
		panic(err)
	}
	return x, labels, means
}

// SixGaussians returns n points from the mixture of six Gaussians with unequal weights
// (0.25, 0.1, 0.2, 0.1, 0.2, 0.15) and unequal full covariances on which deterministic annealing
// is compared with randomly started k-means (seed 000 §3.6, Fig. 3.1). Two pairs of means lie
// close together, so Lloyd's algorithm from random data points often merges a pair and splits
// a large component. It returns the points, their components and the 6×2 means; n < 1 is
// treated as 600. The same seed gives the same data; cost O(n).
func SixGaussians(n int, seed uint64) (x *mat.Dense, labels []int, means *mat.Dense) {
	if n < 1 {
		n = 600
	}
	means = mat.NewDense(6, 2, []float64{0, 0, 3, 0, 8, 1, 8, 4, 2, 7, 5, 8})
	covs := []mat.Symmetric{
		mat.NewSymDense(2, []float64{0.6, 0.2, 0.2, 0.4}),
		mat.NewSymDense(2, []float64{0.3, 0, 0, 0.3}),
		mat.NewSymDense(2, []float64{0.5, -0.2, -0.2, 0.5}),
		mat.NewSymDense(2, []float64{0.2, 0, 0, 0.6}),
		mat.NewSymDense(2, []float64{0.8, 0.3, 0.3, 0.5}),
		mat.NewSymDense(2, []float64{0.3, 0.1, 0.1, 0.3}),
	}
	x, labels, err := GaussianMixture{N: n, Weights: []float64{0.25, 0.1, 0.2, 0.1, 0.2, 0.15},
		Means: means, Covs: covs, Seed: seed}.Generate()
	if err != nil { // the parameters above are valid: unreachable
		panic(err)
	}
	return x, labels, means
}
