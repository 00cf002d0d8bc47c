package embed

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestTridiagVectorsAgainstDense checks the eigenpairs of tridiag (Dsytrd, Dsterf, inverse
// iteration, the reflectors) against the definition and mat.EigenSym: the largest eigenpairs of
// random symmetric matrices, of matrices with a repeated (triple) and a clustered leading
// eigenvalue, a diagonal one (T splits) and a tiny scale; residual ‖Au − θu‖ ≤ 1e-12·‖A‖,
// orthonormal vectors, eigenvalues within 1e-13·‖A‖ of the dense ones.
func TestTridiagVectorsAgainstDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	spectral := func(j int, top []float64, scale float64) *mat.SymDense {
		// Q·diag·Qᵀ with Q from the QR of a random matrix.
		g := mat.NewDense(j, j, nil)
		for i := range j {
			for k := range j {
				g.Set(i, k, rng.NormFloat64())
			}
		}
		var qr mat.QR
		qr.Factorize(g)
		var q mat.Dense
		qr.QTo(&q)
		diag := mat.NewDiagDense(j, nil)
		for i := range j {
			v := rng.Float64()
			if i < len(top) {
				v = top[i]
			}
			diag.SetDiag(i, v*scale)
		}
		var a mat.Dense
		a.Mul(&q, diag)
		a.Mul(&a, q.T())
		s := mat.NewSymDense(j, nil)
		for i := range j {
			for k := i; k < j; k++ {
				s.SetSym(i, k, (a.At(i, k)+a.At(k, i))/2)
			}
		}
		return s
	}
	cases := map[string]*mat.SymDense{
		"random":    spectral(60, nil, 1),
		"triple":    spectral(90, []float64{5, 5, 5, 4}, 1),
		"clustered": spectral(90, []float64{5, 5 + 1e-9, 5 - 1e-9, 5 + 2e-9}, 1),
		"tiny":      spectral(40, []float64{3, 2}, 1e-200),
		"one":       spectral(1, nil, 1),
	}
	diag := mat.NewSymDense(30, nil)
	for i := range 30 {
		diag.SetSym(i, i, float64(i%7))
	}
	cases["diagonal"] = diag
	for name, a := range cases {
		j := a.SymmetricDim()
		tr, ok := newTridiag(a.RawSymmetric().Data, j, j)
		if !ok {
			t.Fatalf("%s: Dsterf failed", name)
		}
		// The dense reference on A scaled to norm ~1 (gonum's EigenSym panics on norms near
		// 1e-200, inside Dsterf's rescaling).
		norm := mat.Norm(a, 2)
		var scaled mat.SymDense
		scaled.ScaleSym(1/norm, a)
		var ev mat.EigenSym
		ev.Factorize(&scaled, false)
		want := ev.Values(nil)
		for i := range want {
			want[i] *= norm
		}
		for i := range want {
			if math.Abs(tr.vals[i]-want[i]) > 1e-13*norm {
				t.Errorf("%s: eigenvalue %d: %v, dense %v", name, i, tr.vals[i], want[i])
			}
		}
		k := min(j, 6)
		idx := make([]int, k)
		for c := range k {
			idx[c] = j - 1 - c
		}
		u := tr.vectors(idx)
		for c := range k {
			uc := mat.NewVecDense(j, u[c*j:(c+1)*j])
			var au mat.VecDense
			au.MulVec(a, uc)
			au.AddScaledVec(&au, -tr.vals[idx[c]], uc)
			if r := mat.Norm(&au, 2); r > 1e-12*norm {
				t.Errorf("%s: pair %d: residual %g, ‖A‖ %g", name, c, r, norm)
			}
			for c2 := range c + 1 {
				dot := mat.Dot(uc, mat.NewVecDense(j, u[c2*j:(c2+1)*j]))
				want := 0.0
				if c2 == c {
					want = 1
				}
				if math.Abs(dot-want) > 1e-12 {
					t.Errorf("%s: u_%d·u_%d = %v, want %v", name, c, c2, dot, want)
				}
			}
		}
	}
}
