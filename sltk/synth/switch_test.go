package synth

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Switch point of package synth: CovFactor (and so GaussianMixture) factors a positive
// definite covariance by Cholesky and falls back to V·Λ^{1/2} from the eigendecomposition
// when Cholesky fails, clipping eigenvalues in [−tol, 0) to 0 (tol = 1e-12·max|cov|·d) and
// refusing more negative ones. Both sides and the boundary, with d = 1 and repeated and zero
// eigenvalues, against the reference L·Lᵀ = cov.
func TestCovFactorSwitch(t *testing.T) {
	// v is a unit vector; rank1 = v vᵀ has eigenvalues 1, 0, 0 (repeated zeros).
	v := []float64{1 / math.Sqrt(3), 1 / math.Sqrt(3), 1 / math.Sqrt(3)}
	rank1 := mat.NewSymDense(3, nil)
	for i := range v {
		for j := range v {
			rank1.SetSym(i, j, v[i]*v[j])
		}
	}
	withEig := func(lam float64) *mat.SymDense { // rank1 + lam·(I − v vᵀ): eigenvalues 1, lam, lam
		c := mat.NewSymDense(3, nil)
		for i := range v {
			for j := range v {
				id := 0.0
				if i == j {
					id = 1
				}
				c.SetSym(i, j, v[i]*v[j]+lam*(id-v[i]*v[j]))
			}
		}
		return c
	}
	const tol = 1e-12 // CovFactor's tolerance here: 1e-12 · max|cov| (= 1/3) · d (= 3)
	for _, c := range []struct {
		name     string
		cov      *mat.SymDense
		cholesky bool // expect a lower-triangular factor
		fail     bool
	}{
		{"1×1 one", mat.NewSymDense(1, []float64{1}), true, false},
		{"1×1 zero", mat.NewSymDense(1, []float64{0}), false, false},
		{"identity", withEig(1), true, false},
		{"small positive eigenvalues", withEig(1e-8), true, false},
		{"rank one", rank1, false, false},
		{"eigenvalues −tol/10", withEig(-tol / 10), false, false},
		{"eigenvalues −100·tol", withEig(-100 * tol), false, true},
	} {
		l, err := CovFactor(c.cov)
		if c.fail {
			if !errors.Is(err, ErrParam) {
				t.Errorf("%s: %v; want ErrParam", c.name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var llt mat.Dense
		llt.Mul(l, l.T())
		if !mat.EqualApprox(&llt, c.cov, 1e-11) {
			t.Errorf("%s: L·Lᵀ ≠ cov:\n%v", c.name, mat.Formatted(&llt))
		}
		d, _ := l.Dims()
		lower := true
		for i := 0; i < d; i++ {
			for j := i + 1; j < d; j++ {
				if l.At(i, j) != 0 {
					lower = false
				}
			}
		}
		if c.cholesky && !lower {
			t.Errorf("%s: positive definite covariance not factored by Cholesky", c.name)
		}
	}
}
