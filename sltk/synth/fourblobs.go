package synth

import "gonum.org/v1/gonum/mat"

// FourBlobs is the running example of the clustering chapter (ml chapter 4): 800 points
// from four Gaussian blobs with σ = 0.7 centred at (±3, ±3), point i in blob i mod 4, in the
// order (3, 3), (−3, 3), (3, −3), (−3, −3). The same seed gives the same data, so notebook
// cells share it without passing values. Cost O(800).
func FourBlobs(seed uint64) (*mat.Dense, []int) {
	c := mat.NewDense(4, 2, []float64{3, 3, -3, 3, 3, -3, -3, -3})
	x, labels, _, err := Blobs{N: 800, Centers: c, Std: 0.7, Seed: seed}.Generate()
	if err != nil { // the parameters above are valid: Generate cannot fail
		panic(err)
	}
	return x, labels
}
