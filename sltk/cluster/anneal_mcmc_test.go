package cluster

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/mcmc"
	"gonum.org/v1/gonum/mat"
)

func TestSingleSiteMetropolisMatchesPosteriorsO8(t *testing.T) {
	// Thm. 9 / O8: single-site Metropolis on assignments c at fixed θ and T visits c(i) = k with
	// the frequency p(i↦k | θ, X) of the factorised Gibbs distribution.
	x, _ := daBlobs([][]float64{{0, 0}, {2, 1}}, 3, 1, 1, 41)
	n, _ := x.Dims()
	theta := mat.NewDense(3, 2, []float64{0, 0, 2, 1, 1, -1})
	T := 1.5
	dist := func(i, k int) float64 {
		a, b := x.At(i, 0)-theta.At(k, 0), x.At(i, 1)-theta.At(k, 1)
		return a*a + b*b
	}
	m := mcmc.MH[[6]int]{
		LogTarget: func(c [6]int) float64 {
			var r float64
			for i, k := range c {
				r += dist(i, k)
			}
			return -r / T
		},
		Propose: func(rng *rand.Rand, c [6]int) [6]int {
			c[rng.IntN(n)] = rng.IntN(3)
			return c
		},
		Steps: 300000, Burn: 1000, Seed: 3,
	}
	ch, err := m.Run([6]int{})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := Posteriors(x, theta, T)
	for i := 0; i < n; i++ {
		for k := 0; k < 3; k++ {
			f, _ := mcmc.Average(ch, func(c [6]int) float64 {
				if c[i] == k {
					return 1
				}
				return 0
			})
			if math.Abs(f-p.At(i, k)) > 0.01 {
				t.Fatalf("point %d, centroid %d: frequency %g, p = %g", i, k, f, p.At(i, k))
			}
		}
	}
}
