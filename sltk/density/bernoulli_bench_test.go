package density

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// BenchmarkBernoulliMixture fits K = 8 components to 10⁴ binary vectors of length 50 (5 % missing)
// with one start of at most 100 EM iterations.
func BenchmarkBernoulliMixture(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	n, d := 10_000, 50
	x := fuzzdata.Rows(n, d, func(i int, row []float64) {
		for j := range row {
			p := 0.2
			if j%8 == i%8 {
				p = 0.9
			}
			if rng.Float64() < p {
				row[j] = 1
			}
			if rng.Float64() < 0.05 {
				row[j] = nan
			}
		}
	})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (BernoulliMixture{K: 8, Restarts: 1, EM: EM{MaxIter: 100}, Seed: 1}).Fit(x); err != nil {
			b.Fatal(err)
		}
	}
}

var nan = math.NaN()
