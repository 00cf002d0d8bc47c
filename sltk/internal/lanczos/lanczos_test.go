package lanczos

import (
	"math"
	"testing"
)

// TestSmallestDiagonal: on diag(0, 1, 1, 1, 2, 3, …) with e₀ deflated, the three smallest
// eigenvalues on the complement are the triple 1 (a repeated eigenvalue within r + Extra), and
// the eigenvectors lie in its eigenspace, orthogonal to e₀.
func TestSmallestDiagonal(t *testing.T) {
	const n = 60
	diag := make([]float64, n)
	for i := range diag {
		diag[i] = float64(max(i-2, 0))
	}
	diag[0] = 0
	diag[1], diag[2] = 1, 1
	apply := func(x, y []float64) {
		for i := range x {
			y[i] = diag[i] * x[i]
		}
	}
	z := make([]float64, n)
	z[0] = 1
	vals, vecs, steps, ok, err := Smallest(n, apply, z, 1, 3, Config{Tol: 1e-10, MaxIter: n, Seed: 1})
	if err != nil || !ok {
		t.Fatalf("err %v, converged %v after %d steps", err, ok, steps)
	}
	for i, v := range vals {
		if math.Abs(v-1) > 1e-10 {
			t.Errorf("λ_%d = %v, want 1", i, v)
		}
		if w := vecs.At(0, i); math.Abs(w) > 1e-12 {
			t.Errorf("vector %d has %g along the deflated e₀", i, w)
		}
		mass := 0.0
		for r := 1; r <= 3; r++ {
			mass += vecs.At(r, i) * vecs.At(r, i)
		}
		if math.Abs(mass-1) > 1e-10 {
			t.Errorf("vector %d: %v of its mass in the eigenspace of 1", i, mass)
		}
	}
}
