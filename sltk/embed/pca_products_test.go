package embed

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// TestPCAProducts checks mulRows (the product by R⁻¹ in orthonormalTall) against gonum's Mul,
// also in place.
func TestPCAProducts(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	near := func(name string, got, want *mat.Dense) {
		t.Helper()
		if !mat.EqualApprox(got, want, 1e-12*(1+mat.Norm(want, math.Inf(1)))) {
			t.Fatalf("%s: differs from mat.Mul", name)
		}
	}
	for _, s := range [][3]int{{1, 1, 1}, {7, 5, 3}, {511, 9, 20}, {513, 64, 20}, {2000, 13, 30}} {
		n, p, q := s[0], s[1], s[2]
		a, z := fuzzdata.Normal(r, n, p), fuzzdata.Normal(r, p, q)
		y, want := mat.NewDense(n, q, nil), mat.NewDense(n, q, nil)
		mulRows(y, a, z)
		want.Mul(a, z)
		near("mulRows", y, want)
		sq, w := fuzzdata.Normal(r, n, p), fuzzdata.Normal(r, p, p)
		var want2 mat.Dense
		want2.Mul(sq, w)
		mulRows(sq, sq, w) // in place, as orthonormalTall calls it
		near("mulRows in place", sq, &want2)
	}
}

// TestCentredSweepProducts checks the centred sweep's products against gonum's Mul on the
// explicitly centred matrix, across its block sizes (1024 rows at d ≤ 64, 256 when wide),
// partial last blocks and more blocks than groups: Y = A·Z stored, W = AᵀY from Z and from a
// given Y, and ‖A‖_F².
func TestCentredSweepProducts(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	for _, s := range [][3]int{{1, 3, 1}, {255, 64, 20}, {1025, 64, 7}, {17*1024 + 3, 64, 20}, {700, 300, 12}} {
		n, d, l := s[0], s[1], s[2]
		x, z := fuzzdata.Normal(r, n, d), fuzzdata.Normal(r, d, l)
		data := x.RawMatrix().Data
		mean := columnMeans(data, n, d)
		a := centred(data, n, d, mean)
		sw := newCentredSweep(data, n, d, mean, l)
		y, w, w2 := mat.NewDense(n, l, nil), mat.NewDense(d, l, nil), mat.NewDense(d, l, nil)
		total := sw.pass(z, y, w, true)
		var wantY, wantW mat.Dense
		wantY.Mul(a, z)
		wantW.Mul(a.T(), &wantY)
		tol := func(m *mat.Dense) float64 { return 1e-12 * (1 + mat.Norm(m, math.Inf(1))) }
		if !mat.EqualApprox(y, &wantY, tol(&wantY)) || !mat.EqualApprox(w, &wantW, tol(&wantW)) {
			t.Errorf("n=%d d=%d l=%d: A·Z or Aᵀ(A·Z) differs from mat.Mul", n, d, l)
		}
		sw.pass(nil, y, w2, false)
		if !mat.EqualApprox(w2, &wantW, tol(&wantW)) {
			t.Errorf("n=%d d=%d l=%d: AᵀY from a given Y differs from mat.Mul", n, d, l)
		}
		want := mat.Norm(a, 2)
		if math.Abs(total-want*want) > 1e-12*want*want {
			t.Errorf("n=%d d=%d: ‖A‖² = %v, want %v", n, d, total, want*want)
		}
	}
}
