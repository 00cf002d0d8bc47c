package synth

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"
)

// RandomArrayZ is the 95 % quantile z₀.₉₅ = 1.6448536… of the standard normal: the random
// array's entry i has standard deviation i/z₀.₉₅, so that P(X_i < 0) = Φ(−z₀.₉₅) = 0.05.
var RandomArrayZ = distuv.UnitNormal.Quantile(0.95)

// RandomArray draws two independent observations X′ and X″ of the random array of n entries,
// the toy phenomenon of the maximum-entropy chapter: X_i ~ N(i, (i/z₀.₉₅)²), so the mean grows
// with i while every entry i ≥ 1 is negative with probability 0.05, and X_0 = 0 (no standard
// deviation makes a mean-zero Gaussian negative with probability 0.05; we take it exact). The
// index of the smallest mean is 0. The same seed gives the same pair. Cost O(n).
func RandomArray(n int, seed uint64) (x1, x2 []float64, err error) {
	if err := checkN("RandomArray", n); err != nil {
		return nil, nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x61727261))
	x1, x2 = make([]float64, n), make([]float64, n)
	for _, x := range [][]float64{x1, x2} {
		for i := range x {
			x[i] = float64(i) + float64(i)/RandomArrayZ*rng.NormFloat64()
		}
	}
	return x1, x2, nil
}

// RandomArrayERMSuccess returns the probability that empirical risk minimisation on the two
// observations of RandomArray(n, ·), argmin_i X′_i + X″_i, finds the true index 0. The sum of
// entry i ≥ 1 is N(2i, 2(i/z)²), negative with probability Φ(−√2·z) whatever i, and the n − 1
// entries are independent, so the answer is (1 − Φ(−√2·z₀.₉₅))^(n−1); 0.3696 for n = 100.
func RandomArrayERMSuccess(n int) (float64, error) {
	if err := checkN("RandomArrayERMSuccess", n); err != nil {
		return 0, err
	}
	return math.Pow(1-distuv.UnitNormal.CDF(-math.Sqrt2*RandomArrayZ), float64(n-1)), nil
}
