package embed

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// bandSolve agrees with a dense solve of the same symmetric positive definite band system.
func TestBandSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	n, k, s := 40, 5, 3
	a := mat.NewSymBandDense(n, k, nil)
	dense := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j <= min(i+k, n-1); j++ {
			v := rng.NormFloat64()
			if i == j {
				v = 20 + rng.Float64()
			}
			a.SetSymBand(i, j, v)
			dense.SetSym(i, j, v)
		}
	}
	b := mat.NewDense(n, s, nil)
	for i := 0; i < n; i++ {
		for c := 0; c < s; c++ {
			b.Set(i, c, rng.NormFloat64())
		}
	}
	var want mat.Dense
	if err := want.Solve(dense, b); err != nil {
		t.Fatal(err)
	}
	u, ok := lapack64.Pbtrf(a.RawSymBand())
	if !ok {
		t.Fatal("not positive definite")
	}
	got := mat.DenseCopyOf(b)
	bandSolve(u, got)
	var diff mat.Dense
	diff.Sub(got, &want)
	if e := mat.Norm(&diff, math.Inf(1)); e > 1e-12 {
		t.Errorf("band solve differs from dense solve by %g", e)
	}
}
