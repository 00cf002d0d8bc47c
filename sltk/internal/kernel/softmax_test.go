package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// refSumExp is SumExp with math.Exp: the reference for the error bound.
func refSumExp(x []float64, m float64) float64 {
	var s float64
	for _, v := range x {
		if v == v {
			s += math.Exp(v - m)
		}
	}
	return s
}

// TestSumExp compares SumExp with the math.Exp sum on lengths around the block size, with
// NaN terms, terms that underflow and a shift other than the maximum: relative error at most
// 5·10⁻¹⁶ (every term is within that of math.Exp's and all are positive), same bits with the
// assembly on and off.
func TestSumExp(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for _, n := range []int{0, 1, 3, 4, 5, 255, 256, 257, 1000} {
		x := make([]float64, n)
		for i := range x {
			x[i] = -40 * r.Float64()
		}
		if n > 4 {
			x[2], x[4] = math.NaN(), -800 // skipped, and below the polynomial's range
		}
		for _, m := range []float64{0, -3, 2} {
			var got, pure float64
			withAsm(true, func() { got = SumExp(x, m) })
			withAsm(false, func() { pure = SumExp(x, m) })
			if math.Float64bits(got) != math.Float64bits(pure) {
				t.Fatalf("n=%d m=%g: asm %v, Go %v", n, m, got, pure)
			}
			want := refSumExp(x, m)
			if n == 0 {
				if got != 0 {
					t.Fatalf("empty: %v", got)
				}
				continue
			}
			if e := math.Abs(got-want) / want; e > 5e-16 {
				t.Fatalf("n=%d m=%g: %v, math.Exp sum %v (relative %g)", n, m, got, want, e)
			}
		}
	}
}

// refSoftmax is one row of SoftmaxRows with math.Exp in two ways: p = math.Exp(x − m)/s, the
// same formula, and old = math.Exp(x − lse), the form gibbs.Softmax used before, whose own
// rounding of x − lse adds a relative error up to 2⁻⁵³·|lse|.
func refSoftmax(row []float64) (p, old []float64, lse float64) {
	m := math.Inf(-1)
	for _, v := range row {
		m = math.Max(m, v)
	}
	s := refSumExp(row, m)
	lse = m + math.Log(s)
	for _, v := range row {
		p = append(p, math.Exp(v-m)/s)
		old = append(old, math.Exp(v-lse))
	}
	return p, old, lse
}

// TestSoftmaxRows checks SoftmaxRows against refSoftmax for row lengths 1–17 (off and on the
// four lanes), log-weights of moderate and huge spread (terms that underflow), large offsets,
// and rows that cannot be normalised (NaN, +Inf, all −Inf) between good rows: probabilities
// within 1.5·10⁻¹⁵ relative of math.Exp(x − m)/s and within 1.5·10⁻¹⁵ + 2⁻⁵²·|lse| of the old
// form math.Exp(x − lse) (or both below 1e-300), lse within 4·10⁻¹⁶·(1 + |lse|), bad rows
// untouched with lse NaN, and the same bits with the assembly on and off.
func TestSoftmaxRows(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	worstP, worstOld, worstL := 0.0, 0.0, 0.0
	for k := 1; k <= 17; k++ {
		for _, spread := range []float64{1, 30, 2000} {
			n := 50
			x := make([]float64, n*k)
			for i := range x {
				x[i] = -spread*r.Float64() + 1e3*float64(i%3-1)
			}
			bad := map[int]bool{}
			if k > 1 {
				x[7*k+1], bad[7] = math.NaN(), true
				x[20*k], bad[20] = math.Inf(1), true
				for i := range k {
					x[33*k+i] = math.Inf(-1)
				}
				bad[33] = true
				x[40*k+k-1] = math.Inf(-1) // one −Inf term in a good row: probability 0
			}
			orig := append([]float64(nil), x...)
			var got, pure []float64
			lse, lseGo := make([]float64, n), make([]float64, n)
			withAsm(true, func() { got = append([]float64(nil), x...); SoftmaxRows(got, k, lse) })
			withAsm(false, func() { pure = append([]float64(nil), x...); SoftmaxRows(pure, k, lseGo) })
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(pure[i]) {
					t.Fatalf("k=%d: element %d: asm %v, Go %v", k, i, got[i], pure[i])
				}
			}
			for row := range n {
				g, o := got[row*k:row*k+k], orig[row*k:row*k+k]
				if bad[row] {
					if !math.IsNaN(lse[row]) || fmt.Sprint(g) != fmt.Sprint(o) {
						t.Fatalf("k=%d bad row %d: lse %v, row %v (was %v)", k, row, lse[row], g, o)
					}
					continue
				}
				p, old, l := refSoftmax(o)
				if e := math.Abs(lse[row]-l) / (1 + math.Abs(l)); e > worstL {
					worstL = e
				}
				for i := range p {
					if p[i] < 1e-300 && g[i] < 1e-300 {
						continue
					}
					if e := math.Abs(g[i]-p[i]) / p[i]; e > worstP {
						worstP = e
					}
					e := math.Abs(g[i]-old[i]) / old[i] / (1.5e-15 + 0x1p-52*math.Abs(l))
					worstOld = max(worstOld, e)
				}
			}
		}
	}
	if worstP > 1.5e-15 || worstOld > 1 || worstL > 4e-16 {
		t.Fatalf("relative error of p %g, against the old form %g of the bound, of lse %g",
			worstP, worstOld, worstL)
	}
	t.Logf("max relative error: p %.3g, lse %.3g; against the old form %.2f of the bound",
		worstP, worstL, worstOld)
}

func TestSoftmaxRowsPanics(t *testing.T) {
	for _, c := range []struct {
		n, k, nl int
	}{{6, 0, 6}, {7, 2, 4}, {6, 2, 2}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Fatalf("len %d, k %d, len(lse) %d: no panic", c.n, c.k, c.nl)
				}
			}()
			SoftmaxRows(make([]float64, c.n), c.k, make([]float64, c.nl))
		}()
	}
}

func ExampleSoftmaxRows() {
	x := []float64{0, 0, math.Log(2), 1, 1, 1} // two rows of three log-weights
	lse := make([]float64, 2)
	SoftmaxRows(x, 3, lse)
	fmt.Printf("%.4f %.4f\n", x, lse)
	// Output: [0.2500 0.2500 0.5000 0.3333 0.3333 0.3333] [1.3863 2.0986]
}

// BenchmarkSoftmaxRows normalises 4096 rows of k = 3 log-weights (a block of a
// three-component mixture's E-step): SoftmaxRows against the row-by-row softmax on math.Exp
// (max, log-sum-exp, then exp(x − lse)).
func BenchmarkSoftmaxRows(b *testing.B) {
	const n, k = 4096, 3
	r := rand.New(rand.NewPCG(35, 36))
	x, w, lse := make([]float64, n*k), make([]float64, n*k), make([]float64, n)
	for i := range x {
		x[i] = -20 * r.Float64()
	}
	b.Run("SoftmaxRows", func(b *testing.B) {
		for b.Loop() {
			copy(w, x)
			SoftmaxRows(w, k, lse)
		}
	})
	b.Run("math.Exp", func(b *testing.B) {
		for b.Loop() {
			copy(w, x)
			for i := range n {
				row := w[i*k : i*k+k]
				m := math.Max(row[0], math.Max(row[1], row[2]))
				l := m + math.Log(refSumExp(row, m))
				for j, v := range row {
					row[j] = math.Exp(v - l)
				}
				lse[i] = l
			}
		}
	})
}

// BenchmarkSumExp sums the exponentials of 4096 values (a kernel density estimate's terms at
// one point): SumExp against a loop of math.Exp.
func BenchmarkSumExp(b *testing.B) {
	r := rand.New(rand.NewPCG(37, 38))
	x := make([]float64, 4096)
	for i := range x {
		x[i] = -30 * r.Float64()
	}
	var s float64
	b.Run("SumExp", func(b *testing.B) {
		for b.Loop() {
			s += SumExp(x, 0)
		}
	})
	b.Run("math.Exp", func(b *testing.B) {
		for b.Loop() {
			s += refSumExp(x, 0)
		}
	})
	_ = s
}
