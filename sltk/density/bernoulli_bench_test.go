package density

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// BenchmarkBernoulliMixture fits K = 8 components to 10⁴ binary vectors of length 50 (5 % missing)
// with one start of at most 100 EM iterations.
func BenchmarkBernoulliMixture(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	n, d := 10_000, 50
	x := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		g := i % 8
		for j := 0; j < d; j++ {
			p := 0.2
			if j%8 == g {
				p = 0.9
			}
			v := 0.0
			if rng.Float64() < p {
				v = 1
			}
			if rng.Float64() < 0.05 {
				v = nan
			}
			x.Set(i, j, v)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (BernoulliMixture{K: 8, Restarts: 1, EM: EM{MaxIter: 100}, Seed: 1}).Fit(x); err != nil {
			b.Fatal(err)
		}
	}
}

var nan = math.NaN()
