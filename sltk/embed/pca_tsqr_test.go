package embed

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// tsqrTestData is n×d data with one strong direction (variances d−j along it), noise 1/2 and
// an offset of 5 in every column (so the centring matters).
func tsqrTestData(n, d int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 64))
	x := mat.NewDense(n, d, nil)
	for i := range n {
		z := rng.NormFloat64()
		for j := range d {
			x.Set(i, j, 5+z*math.Sqrt(float64(d-j))+0.5*rng.NormFloat64())
		}
	}
	return x
}

// TestPCAFullTSQROldPath compares the tall PCAFull path (centring fused into the blocks,
// 1024-row blocks for d ≤ tsqrNarrow, the stack reduced again) with values recorded from the
// previous one (a centred copy, 4096-row blocks, one level; commit 588fe02). Only rounding
// differs: eigenvalues within 10⁻¹² of λ_1, the total variance within 10⁻¹³ relative (block sums
// added in order instead of one dot product), component entries within 10⁻⁸ (the fifth
// direction is separated from its neighbours by 4·10⁻⁷ of λ_1).
func TestPCAFullTSQROldPath(t *testing.T) {
	for _, c := range []struct {
		n, d    int
		total   float64
		values  []float64
		entries [3]float64 // U[0,0], U[d−1,0], U[1,4]
	}{
		{40000, 64, 8.351631270847207e+07, []float64{8.288613072110713e+07, 10731.608874445223, 10703.750936881317, 10644.190225096738, 10614.323281904177}, [3]float64{0.1754455589686131, 0.021903110198159055, -0.1535034693015325}},
		{20000, 200, 4.0816295461222714e+08, []float64{4.071673321097621e+08, 6018.038406341632, 6000.718846361978, 5980.777322288421, 5961.461191505639}, [3]float64{0.09974168946626348, 0.007046932426075958, 0.026512699834183362}},
	} {
		m, err := PCA{Components: 5}.Fit(tsqrTestData(c.n, c.d, 3))
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(m.TotalVariance-c.total) > 1e-13*c.total {
			t.Errorf("n=%d d=%d: total variance %v, old path %v", c.n, c.d, m.TotalVariance, c.total)
		}
		for j, v := range c.values {
			if math.Abs(m.Values[j]-v) > 1e-12*c.values[0] {
				t.Errorf("n=%d d=%d: λ_%d = %v, old path %v", c.n, c.d, j+1, m.Values[j], v)
			}
		}
		got := [3]float64{m.Components.At(0, 0), m.Components.At(c.d-1, 0), m.Components.At(1, 4)}
		for i := range got {
			if math.Abs(got[i]-c.entries[i]) > 1e-8 {
				t.Errorf("n=%d d=%d: component entry %d = %v, old path %v", c.n, c.d, i, got[i], c.entries[i])
			}
		}
	}
}

// TestPCAFullTSQRNarrowSwitch: the tall QR takes 1024-row blocks up to d = tsqrNarrow columns
// and 4096-row blocks above; at d = 127, 128 (narrow) and 129 (wide), with the stack reduced
// twice for the narrow ones (n = 40000: 40 blocks of 1024 rows, then a 5120-row stack), the
// eigenvalues must match those of the centred covariance AᵀA (mat.EigenSym, the independent
// reference) to 10⁻¹⁰ of λ_1, and the path must give the same bits on 1 and 2 cores.
func TestPCAFullTSQRNarrowSwitch(t *testing.T) {
	for _, d := range []int{tsqrNarrow - 1, tsqrNarrow, tsqrNarrow + 1} {
		n := 40000
		x := tsqrTestData(n, d, uint64(d))
		old := runtime.GOMAXPROCS(1)
		m1, err1 := PCA{Components: 4}.Fit(x)
		runtime.GOMAXPROCS(2)
		m2, err2 := PCA{Components: 4}.Fit(x)
		runtime.GOMAXPROCS(old)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !mat.Equal(m1.Components, m2.Components) || m1.TotalVariance != m2.TotalVariance {
			t.Errorf("d=%d: other bits on 1 and 2 cores", d)
		}
		mean := columnMeans(x.RawMatrix().Data, n, d)
		a := centred(x.RawMatrix().Data, n, d, mean)
		var c mat.SymDense
		c.SymOuterK(1, a.T())
		var eig mat.EigenSym
		if !eig.Factorize(&c, false) {
			t.Fatal("EigenSym")
		}
		ref := eig.Values(nil)
		for j := range d {
			if want := ref[d-1-j]; math.Abs(m1.Values[j]-want) > 1e-10*ref[d-1] {
				t.Errorf("d=%d: λ_%d = %v, covariance %v", d, j+1, m1.Values[j], want)
			}
		}
	}
}
