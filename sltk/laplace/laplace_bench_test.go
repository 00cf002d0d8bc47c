package laplace

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// BenchmarkLeastAngle solves least-angle clustering for 2000 unit vectors in 10-D with K = 4
// (fixed point, 40×40 Hessian and its Cholesky log-determinant).
func BenchmarkLeastAngle(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	n, d := 2000, 10
	x := fuzzdata.Rows(n, d, func(i int, row []float64) {
		var s float64
		for j := range row {
			row[j] = rng.NormFloat64()
			if j == i%4 {
				row[j] += 3
			}
			s += row[j] * row[j]
		}
		for j := range row {
			row[j] /= math.Sqrt(s)
		}
	})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (LeastAngle{K: 4, T: 0.05, Restarts: 1, Tol: 1e-9, Seed: 1}).Fit(x); err != nil {
			b.Fatal(err)
		}
	}
}
