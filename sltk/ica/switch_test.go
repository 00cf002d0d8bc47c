package ica

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// Switch point of package ica: whitening, the FastICA and Infomax kernels and Transform run
// over blocks of blockRows = 2048 observations, one goroutine per block up to GOMAXPROCS
// (a single block, hence a single goroutine, up to n = 2048). The tests take n on both sides
// of one and two blocks, with duplicate rows and d = 1, and compare with the dense product
// (X − 1x̄ᵀ)Kᵀ and the whitening identity UᵀU/n = I; 1 vs 4 goroutines give the same bits.

// mixed returns n observations of d mixed Laplace/uniform sources; every seventh row repeats
// the previous one.
func mixed(n, d int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 5))
	return fuzzdata.Rows(n, d, fuzzdata.Ties(7, func(_ int, row []float64) {
		for j := range row {
			s := rng.ExpFloat64()
			if j%2 == 1 {
				s = 2*rng.Float64() - 1
			}
			row[j] = s + 0.3*float64(j)*row[0]
		}
	}))
}

func TestBlockBoundary(t *testing.T) {
	for _, c := range []struct{ n, d int }{{3, 1}, {2047, 3}, {2048, 3}, {2049, 1}, {2049, 3}, {4096, 2}, {4097, 2}} {
		x := mixed(c.n, c.d, uint64(c.n))
		var w1, w4 *Whitening
		var err error
		fuzzdata.WithProcs(1, func() { w1, err = Whitener{}.Fit(x) })
		if err != nil {
			t.Fatalf("n=%d d=%d: %v", c.n, c.d, err)
		}
		fuzzdata.WithProcs(4, func() { w4, _ = Whitener{}.Fit(x) })
		if !mat.Equal(w1.U, w4.U) {
			t.Errorf("n=%d: whitened data differ between 1 and 4 goroutines", c.n)
		}
		// Reference: the dense product (X − 1x̄ᵀ)Kᵀ.
		xc := mat.DenseCopyOf(x)
		for i := 0; i < c.n; i++ {
			for j := 0; j < c.d; j++ {
				xc.Set(i, j, xc.At(i, j)-w1.Mean[j])
			}
		}
		var ref mat.Dense
		ref.Mul(xc, w1.Matrix.T())
		if !mat.EqualApprox(&ref, w1.U, 1e-12) {
			t.Errorf("n=%d: U differs from (X − mean)Kᵀ", c.n)
		}
		var cov mat.Dense
		cov.Mul(w1.U.T(), w1.U)
		cov.Scale(1/float64(c.n), &cov)
		k, _ := cov.Dims()
		for a := 0; a < k; a++ {
			for b := 0; b < k; b++ {
				want := 0.0
				if a == b {
					want = 1
				}
				if math.Abs(cov.At(a, b)-want) > 1e-10 {
					t.Errorf("n=%d: UᵀU/n[%d,%d] = %v, want %v", c.n, a, b, cov.At(a, b), want)
				}
			}
		}
		u, err := w1.Transform(x)
		if err != nil || !mat.Equal(u, w1.U) {
			t.Errorf("n=%d: Transform(x) differs from the fitted U (%v)", c.n, err)
		}
		if c.d < 2 || c.n < 2000 {
			continue
		}
		for name, fit := range map[string]func() (*Result, error){
			"FastICA": func() (*Result, error) { return FastICA{Seed: 3, MaxIter: 50}.Fit(x) },
			"Infomax": func() (*Result, error) { return Infomax{Seed: 3, MaxIter: 20}.Fit(x) },
		} {
			var r1, r4 *Result
			fuzzdata.WithProcs(1, func() { r1, err = fit() })
			if err != nil {
				t.Fatalf("%s n=%d: %v", name, c.n, err)
			}
			fuzzdata.WithProcs(4, func() { r4, _ = fit() })
			if !mat.Equal(r1.Unmixing, r4.Unmixing) || r1.Iter != r4.Iter {
				t.Errorf("%s n=%d: 1 and 4 goroutines differ", name, c.n)
			}
			// Sources = (X − mean) Wᵀ by the dense product.
			var s mat.Dense
			s.Mul(xc, r1.Unmixing.T())
			if !mat.EqualApprox(&s, r1.Sources, 1e-10) {
				t.Errorf("%s n=%d: Sources differ from (X − mean)Wᵀ", name, c.n)
			}
		}
	}
}

// TestWhitenFloorSwitch: a direction is kept when its eigenvalue exceeds Tol·λ_max (default
// 1e-10) and otherwise refused (ErrSingular) or, with Reduce, dropped. The data (±1, ±s) in all
// four sign patterns have mean 0 and covariance diag(1, s²) exactly, the reference for Values.
func TestWhitenFloorSwitch(t *testing.T) {
	for _, c := range []struct {
		s2   float64
		keep bool
	}{{1e-8, true}, {2e-10, true}, {0.5e-10, false}, {1e-14, false}} {
		s := math.Sqrt(c.s2)
		x := mat.NewDense(8, 2, []float64{1, s, 1, -s, -1, s, -1, -s, 1, s, 1, -s, -1, s, -1, -s})
		w, err := Whitener{}.Fit(x)
		if !c.keep {
			if !errors.Is(err, ErrSingular) {
				t.Errorf("s² = %g: %v; want ErrSingular", c.s2, err)
			}
			w, err = Whitener{Reduce: true}.Fit(x)
			if err != nil || w.Components != 1 {
				t.Errorf("s² = %g with Reduce: %v components, %v; want 1", c.s2, w, err)
			}
			continue
		}
		if err != nil || w.Components != 2 {
			t.Fatalf("s² = %g: %v", c.s2, err)
		}
		if math.Abs(w.Values[0]-1) > 1e-12 || math.Abs(w.Values[1]-c.s2) > 1e-12*c.s2+1e-20 {
			t.Errorf("s² = %g: eigenvalues %v, want [1 %g]", c.s2, w.Values, c.s2)
		}
	}
}

// TestSourcesAgainstGonumProduct checks the sources of a fit, Sᵀ = R·Uᵀ computed block by
// block on kernel.Gemm (fused multiply-adds), against gonum's product U·Rᵀ (the path before
// kernel.Gemm): they may differ by rounding only, at most k·2⁻⁵² relative to Σ|r||u| per entry,
// on both sides of the block boundary.
func TestSourcesAgainstGonumProduct(t *testing.T) {
	for _, n := range []int{2047, 2048, 2049, 4097} {
		x := mixed(n, 3, uint64(n))
		r, err := FastICA{Seed: 3, MaxIter: 50}.Fit(x)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		var ref, abs mat.Dense
		ref.Mul(r.Whitening.U, r.Rotation.T())
		absU := mat.DenseCopyOf(r.Whitening.U)
		absU.Apply(func(_, _ int, v float64) float64 { return math.Abs(v) }, absU)
		absR := mat.DenseCopyOf(r.Rotation)
		absR.Apply(func(_, _ int, v float64) float64 { return math.Abs(v) }, absR)
		abs.Mul(absU, absR.T())
		rows, k := ref.Dims()
		for i := range rows {
			for j := range k {
				if d := math.Abs(r.Sources.At(i, j) - ref.At(i, j)); d > float64(k)*0x1p-52*abs.At(i, j) {
					t.Fatalf("n=%d: S[%d,%d] = %v, gonum's product %v (difference %g, bound %g)",
						n, i, j, r.Sources.At(i, j), ref.At(i, j), d, float64(k)*0x1p-52*abs.At(i, j))
				}
			}
		}
	}
}
