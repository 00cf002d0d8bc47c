package synth

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// Bimodal draws p points of the one-dimensional mixture ½N(−2, 0.5²) + ½N(2, 1), the running
// example of the density-estimation chapter (ML chapter 5 (Probability density estimation)): two
// modes of different widths, so that no single kernel width suits both. The same seed gives the
// same sample, which lets notebook cells rebuild it instead of passing it around. It returns a p×1
// matrix; p must be positive. Cost O(p).
func Bimodal(p int, seed uint64) (*mat.Dense, error) {
	x, _, err := GaussianMixture{
		N:     p,
		Means: mat.NewDense(2, 1, []float64{-2, 2}),
		Covs:  []mat.Symmetric{mat.NewSymDense(1, []float64{0.25}), mat.NewSymDense(1, []float64{1})},
		Seed:  seed,
	}.Generate()
	return x, err
}

// BimodalPDF is the density of the distribution Bimodal samples from,
// ½N(x; −2, 0.5²) + ½N(x; 2, 1), the truth an estimate of it is compared with. Cost O(1).
func BimodalPDF(x float64) float64 {
	if math.IsNaN(x) {
		return 0 // no point, no density: a plot of the curve skips it
	}
	const c = 0.3989422804014327 // 1/√(2π)
	a, b := (x+2)/0.5, x-2
	return 0.5*c/0.5*math.Exp(-a*a/2) + 0.5*c*math.Exp(-b*b/2)
}
