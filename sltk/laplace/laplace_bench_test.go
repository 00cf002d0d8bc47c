package laplace

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// BenchmarkLeastAngle solves least-angle clustering for 2000 unit vectors in 10-D with K = 4
// (fixed point, 40×40 Hessian and its Cholesky log-determinant).
func BenchmarkLeastAngle(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	n, d := 2000, 10
	x := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		var s float64
		for j := 0; j < d; j++ {
			v := rng.NormFloat64()
			if j == i%4 {
				v += 3
			}
			x.Set(i, j, v)
			s += v * v
		}
		for j := 0; j < d; j++ {
			x.Set(i, j, x.At(i, j)/math.Sqrt(s))
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (LeastAngle{K: 4, T: 0.05, Restarts: 1, Tol: 1e-9, Seed: 1}).Fit(x); err != nil {
			b.Fatal(err)
		}
	}
}
