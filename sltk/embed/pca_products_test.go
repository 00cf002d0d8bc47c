package embed

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// TestPCAProducts checks the randomized PCA's products against gonum's Mul, on shapes across
// Gemm's 256-deep blocks (transMul's inner dimension is n), and that transMul gives the same
// bits on one core and on all.
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
		var got1, gotAll mat.Dense
		got1.ReuseAs(p, q)
		gotAll.ReuseAs(p, q)
		old := runtime.GOMAXPROCS(1)
		transMul(&got1, a, y)
		runtime.GOMAXPROCS(old)
		transMul(&gotAll, a, y)
		var wantT mat.Dense
		wantT.Mul(a.T(), y)
		near("transMul", &gotAll, &wantT)
		if !mat.Equal(&got1, &gotAll) {
			t.Fatalf("n=%d p=%d q=%d: transMul differs between one core and all", n, p, q)
		}
	}
}
