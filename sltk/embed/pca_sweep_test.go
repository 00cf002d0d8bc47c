package embed

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// twoPassRandomized is the randomized PCA as Halko et al. write it and as Fit ran it before the
// centred sweep: the centred copy A formed, every product its own pass (gonum's Mul), the
// n×l sketch orthonormalised by Householder QR after every product with A, B = QᵀA, SVD of B.
// The same Gaussian test matrix as Fit's. It returns λ_1..λ_k and the d×k directions, each
// column's sign chosen as Fit chooses it.
func twoPassRandomized(x *mat.Dense, p PCA, k int) ([]float64, *mat.Dense) {
	n, d := x.Dims()
	rounds, l := p.randomizedRounds(n, d, k)
	data := mat.DenseCopyOf(x).RawMatrix().Data
	mean := columnMeans(data, n, d)
	a := centred(data, n, d, mean)
	rng := rand.New(rand.NewPCG(p.Seed, pcaStream))
	omega := mat.NewDense(d, l, nil)
	for i := range omega.RawMatrix().Data {
		omega.RawMatrix().Data[i] = rng.NormFloat64()
	}
	y, z := mat.NewDense(n, l, nil), mat.NewDense(d, l, nil)
	y.Mul(a, omega)
	for range rounds {
		orthonormalColumns(y)
		z.Mul(a.T(), y)
		orthonormalColumns(z)
		y.Mul(a, z)
	}
	orthonormalColumns(y)
	var b mat.Dense
	b.Mul(y.T(), a)
	var svd mat.SVD
	if !svd.Factorize(&b, mat.SVDThinV) {
		panic("SVD failed")
	}
	s := svd.Values(nil)[:k]
	for j := range s {
		s[j] *= s[j]
	}
	var v mat.Dense
	svd.VTo(&v)
	comp := mat.DenseCopyOf(v.Slice(0, d, 0, k))
	fixSigns(comp, a)
	return s, comp
}

// fixSigns gives each column of comp the sign that makes the largest-magnitude projection of
// the rows of a on it positive (scikit-learn's svd_flip, written out).
func fixSigns(comp, a *mat.Dense) {
	var sc mat.Dense
	sc.Mul(a, comp)
	n, k := sc.Dims()
	for c := range k {
		big := 0
		for i := range n {
			if math.Abs(sc.At(i, c)) > math.Abs(sc.At(big, c)) {
				big = i
			}
		}
		if sc.At(big, c) < 0 {
			d, _ := comp.Dims()
			for j := range d {
				comp.Set(j, c, -comp.At(j, c))
			}
		}
	}
}

// spectrumData returns n×d data x = G·diag(s)·Vᵀ + offset with G Gaussian, V a random
// orthogonal basis, s_j = 10^(−j·decades/d) and every column shifted by offset.
func spectrumData(n, d int, decades, offset float64, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 17))
	var qr mat.QR
	qr.Factorize(fuzzdata.Normal(rng, d, d))
	var v mat.Dense
	qr.QTo(&v)
	g := fuzzdata.Normal(rng, n, d)
	for j := range d {
		s := math.Pow(10, -float64(j)*decades/float64(d))
		for i := range n {
			g.Set(i, j, g.At(i, j)*s)
		}
	}
	var x mat.Dense
	x.Mul(g, v.T())
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] += offset
	}
	return &x
}

// TestPCARandomizedFusedAgrees: the one-pass rounds (C·Z on the centred sweep, Ritz vectors
// keeping the columns of A·Z apart) and the last step without Q (B = R⁻ᵀWᵀ) span the same
// subspaces as the two-pass iteration, so they must return its eigenvalues and directions to
// rounding: on a spectrum falling over 6 decades of σ (12 of λ) with a mean 10⁴ times the
// spread, at block and group boundaries (n = 1023…1025 rows per block of 1024 at d = 64,
// 16 groups and more), on wide data (256-row blocks), without power iterations and on
// rank-deficient data (the last step falls back to an orthonormalised Q). Seen: eigenvalues
// within 3·10⁻¹⁴ relative (λ_j/λ_1 down to 10⁻⁴), directions within 4·10⁻¹¹; the tolerances
// below are 1e-12 and 1e-9.
func TestPCARandomizedFusedAgrees(t *testing.T) {
	type tc struct {
		name string
		x    *mat.Dense
		p    PCA
	}
	cases := []tc{
		{"spectrum 6 decades, offset 1e4", spectrumData(3000, 30, 6, 1e4, 1), PCA{Components: 6, Seed: 3}},
		{"deep spectrum: λ_20/λ_1 = 1e-8", spectrumData(4000, 40, 8, 10, 8), PCA{Components: 20, Seed: 4}},
		{"no power iteration", spectrumData(2000, 20, 2, 0, 2), PCA{Components: 4, PowerIter: -1, Seed: 1}},
		{"wide", spectrumData(600, 300, 3, 1, 3), PCA{Components: 5, Seed: 2}},
		{"l = d", spectrumData(500, 8, 2, 0, 4), PCA{Components: 3, Seed: 5}},
		{"rank 4 of 5", switchData(3000, 7), PCA{Components: 3, Seed: 6}},
	}
	for _, n := range []int{1023, 1024, 1025, 16 * 1024, 17*1024 + 5} {
		cases = append(cases, tc{fmt.Sprintf("n=%d d=64", n), spectrumData(n, 64, 2, 3, uint64(n)), PCA{Components: 10, Seed: 1}})
	}
	for _, c := range cases {
		c.p.Solver = PCARandomized
		m, err := c.p.Fit(c.x)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		vals, comp := twoPassRandomized(c.x, c.p, c.p.Components)
		worstV, worstC := 0.0, 0.0
		for j, v := range vals {
			if v < 1e-20*vals[0] {
				continue // a zero eigenvalue: rounding on both sides, no direction to compare
			}
			worstV = math.Max(worstV, math.Abs(m.Values[j]-v)/v)
			for i := range comp.RawMatrix().Rows {
				worstC = math.Max(worstC, math.Abs(m.Components.At(i, j)-comp.At(i, j)))
			}
		}
		t.Logf("%s: eigenvalues within %.2g relative, directions within %.2g", c.name, worstV, worstC)
		if worstV > 1e-12 || worstC > 1e-9 {
			t.Errorf("%s: eigenvalues %.3g relative, directions %.3g from the two-pass iteration", c.name, worstV, worstC)
		}
	}
}

// TestPCARandomizedSweepCores: the centred sweep adds its fixed groups of blocks in order, so
// Fit returns the same bits on 1 and 2 cores (n = 17·1024 + 5: 18 blocks in 16 groups).
func TestPCARandomizedSweepCores(t *testing.T) {
	x := spectrumData(17*1024+5, 64, 2, 3, 9)
	var ref *PCAModel
	for _, procs := range []int{1, 2, 3} {
		prev := runtime.GOMAXPROCS(procs)
		m, err := PCA{Components: 10, Solver: PCARandomized, Seed: 1}.Fit(x)
		runtime.GOMAXPROCS(prev)
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = m
			continue
		}
		if !mat.Equal(ref.Components, m.Components) || ref.TotalVariance != m.TotalVariance {
			t.Errorf("procs=%d: a different result than on 1 core", procs)
		}
		for j, v := range m.Values {
			if v != ref.Values[j] {
				t.Errorf("procs=%d: λ_%d = %v, on 1 core %v", procs, j+1, v, ref.Values[j])
			}
		}
	}
}

// TestSketchFromGramPivot: sketchFromGram accepts the Gram matrix of A·Z while its smallest
// scaled pivot (the sine of the angle between the last column of A·Z and the others) is at
// least sketchMinPivot, and then its B has the singular values of QᵀA for the Householder Q of
// A·Z; just below it returns nil. Z's third column is turned towards the first until the
// pivot crosses 0.1 (bisection on the angle).
func TestSketchFromGramPivot(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	a := fuzzdata.Normal(rng, 60, 6)
	base := fuzzdata.Normal(rng, 6, 3)
	zAt := func(th float64) *mat.Dense {
		z := mat.DenseCopyOf(base)
		for i := range 6 {
			z.Set(i, 2, math.Cos(th)*base.At(i, 0)+math.Sin(th)*base.At(i, 2))
		}
		return z
	}
	pivot := func(z *mat.Dense) float64 { // the sine of the angle of (A·Z)_3 to span((A·Z)_1, (A·Z)_2)
		var y mat.Dense
		y.Mul(a, z)
		var qr mat.QR
		qr.Factorize(&y)
		var r mat.Dense
		qr.RTo(&r)
		return math.Abs(r.At(2, 2)) / mat.Norm(y.ColView(2), 2)
	}
	lo, hi := 0.0, math.Pi/2 // pivot(lo) < 0.1 < pivot(hi)
	for range 60 {
		mid := (lo + hi) / 2
		if pivot(zAt(mid)) < sketchMinPivot {
			lo = mid
		} else {
			hi = mid
		}
	}
	var ata mat.Dense
	ata.Mul(a.T(), a)
	for _, c := range []struct {
		th   float64
		want bool
	}{{hi * (1 + 1e-6), true}, {lo * (1 - 1e-6), false}, {math.Pi / 2, true}} {
		z := zAt(c.th)
		var w mat.Dense
		w.Mul(&ata, z)
		b := sketchFromGram(z, &w)
		if (b != nil) != c.want {
			t.Fatalf("pivot %.9f: accepted %v, want %v", pivot(z), b != nil, c.want)
		}
		if b == nil {
			continue
		}
		var y mat.Dense
		y.Mul(a, z)
		orthonormalColumns(&y)
		var qta mat.Dense
		qta.Mul(y.T(), a)
		var s1, s2 mat.SVD
		s1.Factorize(b, mat.SVDNone)
		s2.Factorize(&qta, mat.SVDNone)
		got, want := s1.Values(nil), s2.Values(nil)
		for j := range want {
			if math.Abs(got[j]-want[j]) > 1e-12*want[0] {
				t.Errorf("pivot %.9f: σ_%d(B) = %v, σ_%d(QᵀA) = %v", pivot(z), j+1, got[j], j+1, want[j])
			}
		}
	}
}

// TestPCARandomizedNearOverflow: with ‖A‖_F² up to 1.74·10³⁰⁸ (entries near 2·10¹⁵²) the
// one-pass rounds must not overflow: the test matrix is orthonormalised first, so C·Z and ZᵀCZ
// stay below ‖A‖_F². With l = d the sketch spans everything and the eigenvalues are the full
// solver's, within 10⁻¹² relative; beyond float64's range the fit reports ErrNotFinite.
func TestPCARandomizedNearOverflow(t *testing.T) {
	for _, s := range []float64{1e150, 1.5e152, 1.8e152, 2e152, 2.1e152, 3e152} {
		x := fuzzdata.Normal(rand.New(rand.NewPCG(1, 2)), 500, 8)
		x.Scale(s, x)
		m, err := PCA{Components: 3, Solver: PCARandomized, Seed: 1}.Fit(x)
		if s == 3e152 {
			if !errors.Is(err, errs.ErrNotFinite) {
				t.Errorf("scale %g: err = %v, want ErrNotFinite", s, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("scale %g: %v", s, err)
		}
		full, err := PCA{Components: 3}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		for j, v := range full.Values[:3] {
			if math.Abs(m.Values[j]-v) > 1e-12*v {
				t.Errorf("scale %g: λ_%d = %v, full solver %v", s, j+1, m.Values[j], v)
			}
		}
	}
}
