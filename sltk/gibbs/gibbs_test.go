package gibbs

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

var costs = []float64{3, 1, 4, 1, 5, 9, 2, 6}

func TestLimitsO1(t *testing.T) {
	d, err := New(costs, 1e6)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range d.P() {
		if math.Abs(p-1.0/8) > 1e-5 {
			t.Fatalf("T = 1e6: p = %g", p)
		}
	}
	d, _ = New(costs, 1e-6)
	p := d.P()
	if math.Abs(p[1]-0.5) > 1e-12 || math.Abs(p[3]-0.5) > 1e-12 || p[0] != 0 {
		t.Fatalf("T = 1e-6: %v", p)
	}
	// Extreme scales stay finite; where log Z itself overflows, New says so.
	for _, c := range []struct{ r, T float64 }{{1e150, 1e150}, {1, 1e-300}} {
		d, err := New([]float64{c.r, -c.r, 0}, c.T)
		if err != nil || math.IsInf(d.LogZ, 0) || math.IsNaN(d.H) || d.Mode() != 1 {
			t.Fatalf("R = ±%g, T = %g: %v %+v", c.r, c.T, err, d)
		}
	}
	if _, err := New([]float64{1e300, -1e300, 0}, 1e-300); !errors.Is(err, ErrNotFinite) ||
		!strings.Contains(err.Error(), "gibbs: New: costs in [-1e+300, 1e+300] at T = 1e-300 overflow R/T") {
		t.Fatalf("R/T = 1e600: %v, want ErrNotFinite naming the costs and T", err)
	}
}

func TestIdentitiesO2(t *testing.T) {
	for _, T := range []float64{0.3, 1, 7} {
		d, _ := New(costs, T)
		if h := d.MeanR/T + d.LogZ; math.Abs(h-d.H) > 1e-12 {
			t.Fatalf("H = %g, E[R]/T + log Z = %g", d.H, h)
		}
		if math.Abs(d.F-(d.MeanR-T*d.H)) > 1e-12 {
			t.Fatal("F ≠ E[R] − TH")
		}
		b, h := 1/T, 1e-5
		dp, _ := New(costs, 1/(b+h))
		dm, _ := New(costs, 1/(b-h))
		if fd := (dp.LogZ - dm.LogZ) / (2 * h); math.Abs(fd+d.MeanR) > 1e-8 {
			t.Fatalf("d log Z / dβ = %g, −E[R] = %g", fd, -d.MeanR)
		}
		tp, _ := New(costs, T+1e-5)
		tm, _ := New(costs, T-1e-5)
		if fd := (tp.MeanR - tm.MeanR) / 2e-5; math.Abs(fd-d.VarR/(T*T)) > 1e-6 {
			t.Fatalf("dE[R]/dT = %g, Var/T² = %g", fd, d.VarR/(T*T))
		}
	}
}

func TestMaxEntropyO3(t *testing.T) {
	// Perturbations that keep Σp = 1 and E[R] fixed lower the entropy.
	d, _ := New(costs, 2)
	p := d.P()
	rng := rand.New(rand.NewPCG(1, 1))
	n := len(p)
	for trial := 0; trial < 1000; trial++ {
		v := make([]float64, n)
		for i := range v {
			v[i] = rng.NormFloat64()
		}
		// Project v onto {Σv = 0, Σ v R = 0} by Gram–Schmidt against 1 and R − mean.
		one := make([]float64, n)
		r := make([]float64, n)
		var mr float64
		for i := range one {
			one[i] = 1 / math.Sqrt(float64(n))
			mr += costs[i] / float64(n)
		}
		var nr float64
		for i := range r {
			r[i] = costs[i] - mr
			nr += r[i] * r[i]
		}
		var a, b float64
		for i := range v {
			a += v[i] * one[i]
			b += v[i] * r[i] / nr
		}
		var q []float64
		for i := range v {
			q = append(q, p[i]+1e-3*(v[i]-a*one[i]-b*r[i]))
		}
		var s float64
		for _, x := range q {
			s += x
		}
		for i := range q {
			q[i] /= s
		}
		h, ok := entropyNats(q) // not info.EntropyNats: info imports gibbs
		if !ok {
			continue
		}
		if h > d.H+1e-15 {
			t.Fatalf("perturbation raised H from %g to %g", d.H, h)
		}
	}
}

func TestPAKernelO5(t *testing.T) {
	r2 := []float64{2, 2, 5, 0, 4, 8, 3, 5}
	for _, T := range []float64{1e6, 1e3, 10} {
		p, _ := New(costs, T)
		q, _ := New(r2, T)
		k, err := PAKernel(p.P(), q.P())
		if err != nil || k < 0 || k > 1 {
			t.Fatal(k, err)
		}
		lk, _ := LogPAKernel(p.LogP, q.LogP)
		if math.Abs(math.Log(k)-lk) > 1e-12 {
			t.Fatal("log κ mismatch")
		}
		kk, _ := PAKernel(p.P(), p.P())
		if kk < 1.0/8-1e-15 {
			t.Fatalf("κ(X,X) = %g < 1/|C|", kk)
		}
		if lpa, err := LogPA(8, lk); T == 1e6 && (err != nil || math.Abs(lpa) > 1e-5) {
			t.Fatalf("log(|C|κ) = %g, %v at T = 1e6", lpa, err)
		}
	}
}

func TestRandomArrayO6(t *testing.T) {
	// The combined-posterior mode equals ERM on the pooled data at every temperature.
	rng := rand.New(rand.NewPCG(2, 2))
	n := 100
	for trial := 0; trial < 50; trial++ {
		x1, x2 := make([]float64, n), make([]float64, n)
		for i := 0; i < n; i++ {
			s := float64(i) / 1.6448536269514722
			x1[i] = float64(i) + s*rng.NormFloat64()
			x2[i] = float64(i) + s*rng.NormFloat64()
		}
		grid, _ := LogGrid(1e-2, 1e4, 61)
		c, err := SearchT(x1, x2, grid)
		if err != nil {
			t.Fatal(err)
		}
		erm, _ := ERM(x1, x2)
		if c.Estimate != erm {
			t.Fatalf("trial %d: PA estimate %d, ERM %d", trial, c.Estimate, erm)
		}
		for i := range c.T {
			if c.LogKappa[i] > c.LogKappa[c.Best] {
				t.Fatal("Best is not the maximiser")
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct {
		err  error
		want error
	}{
		{func() error { _, e := New(nil, 1); return e }(), ErrEmpty},
		{func() error { _, e := New([]float64{1, math.NaN()}, 1); return e }(), ErrNotFinite},
		{func() error { _, e := New(costs, 0); return e }(), ErrParam},
		{func() error { _, e := New(costs, -1); return e }(), ErrParam},
		{func() error { _, e := New(costs, math.Inf(1)); return e }(), ErrParam},
		{func() error { _, e := PAKernel([]float64{0.5, 0.6}, []float64{0.5, 0.5}); return e }(), ErrProb},
		{func() error { _, e := SearchT(costs, costs, nil); return e }(), ErrParam},
		{func() error { _, e := LogGrid(0, 1, 5); return e }(), ErrParam},
	} {
		if !errors.Is(c.err, c.want) {
			t.Fatalf("error %v, want %v", c.err, c.want)
		}
	}
	for _, c := range []struct {
		x    []float64
		want float64
	}{
		{nil, LogZero},
		{[]float64{math.Inf(-1), math.Inf(-1)}, LogZero},
		{[]float64{math.NaN(), 0}, 0},
		{[]float64{math.Inf(1), 0}, math.MaxFloat64},
		{[]float64{math.MaxFloat64, math.MaxFloat64}, math.MaxFloat64},
	} {
		if v := LogSumExp(c.x); v != c.want {
			t.Fatalf("LogSumExp(%v) = %v, want %v", c.x, v, c.want)
		}
	}
	if _, err := Combined([]float64{0, math.Inf(-1)}, []float64{math.Inf(-1), 0}); !errors.Is(err, ErrProb) ||
		!strings.Contains(err.Error(), "disjoint supports") {
		t.Fatalf("Combined of disjoint posteriors: %v", err)
	}
	if _, err := LogPA(0, -1); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "classes = 0") {
		t.Fatalf("LogPA(0, -1): %v", err)
	}
	dst := []float64{7, 7}
	if lz := Softmax(dst, []float64{0, math.NaN()}); lz != LogZero || dst[0] != 7 {
		t.Fatalf("Softmax with a NaN term = %v, wrote %v; want LogZero and nothing written", lz, dst)
	}
	if rmin, z := SoftmaxCosts(make([]float64, 1), []float64{1, 2}, 1, 800); rmin != 0 || z != 0 {
		t.Fatalf("SoftmaxCosts with a short dst = %v, %v, want 0, 0", rmin, z)
	}
	if v := LogSumExp([]float64{1000, 1000}); math.Abs(v-1000-math.Ln2) > 1e-12 {
		t.Fatal(v)
	}
}

func ExampleSearchT() {
	// Costs of four hypotheses on two observations; PA picks the temperature.
	r1 := []float64{0.0, 0.5, 2, 4}
	r2 := []float64{0.4, 0.1, 2.5, 3}
	grid, _ := LogGrid(0.01, 100, 41)
	c, _ := SearchT(r1, r2, grid)
	fmt.Printf("T* = %.3g, log(|C|κ) = %.3f, estimate %d\n", c.TStar, c.LogPA[c.Best], c.Estimate)
	// Output:
	// T* = 0.631, log(|C|κ) = 0.553, estimate 0
}

func TestSoftmaxSumsToOne(t *testing.T) {
	x := []float64{-1e308, 0, 700, 700, -math.Inf(1)}
	p := make([]float64, len(x))
	lse := Softmax(p, x)
	if want := 700 + math.Log(2); math.Abs(lse-want) > 1e-12 {
		t.Fatalf("log-normaliser %v, want %v", lse, want)
	}
	sum := 0.0
	for _, v := range p {
		sum += v
	}
	if math.Abs(p[2]-0.5) > 1e-12 || p[2] != p[3] || p[0] != 0 || p[4] != 0 ||
		math.Abs(sum-1) > 1e-12 {
		t.Fatalf("softmax %v, want [0 ~e^-700 .5 .5 0] summing to 1", p)
	}
}

// TestLogGridAtLimit: at MaxGrid points the grid is exact at both ends and log-evenly spaced
// (beyond it, ErrTooLarge: internal/badinput's contract table).
func TestLogGridAtLimit(t *testing.T) {
	g, err := LogGrid(1, math.E, MaxGrid)
	if err != nil {
		t.Fatal(err)
	}
	if g[0] != 1 || g[MaxGrid-1] != math.E || math.Abs(math.Log(g[MaxGrid/2])-float64(MaxGrid/2)/float64(MaxGrid-1)) > 1e-15 {
		t.Errorf("grid ends %v, %v, middle %v", g[0], g[MaxGrid-1], g[MaxGrid/2])
	}
}

// entropyNats is −Σ q log q, false for a negative or non-finite entry.
func entropyNats(q []float64) (float64, bool) {
	var h float64
	for _, v := range q {
		if !(v >= 0) || math.IsInf(v, 0) {
			return 0, false
		}
		if v > 0 {
			h -= v * math.Log(v)
		}
	}
	return h, true
}

// TestLogSumExpAgreesWithMathExp compares LogSumExp, whose terms come from the vector
// exponential, with the same formula on math.Exp terms, on vectors of 1 to 600 log-weights
// (some far below the maximum, some NaN, offsets up to 10⁴): within 5·10⁻¹⁶ + 2⁻⁵²·|lse|
// (the sum's relative error, then one rounding of m + log s).
func TestLogSumExpAgreesWithMathExp(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	for trial := range 300 {
		n := 1 + r.IntN(600)
		x := make([]float64, n)
		off := 1e4 * r.NormFloat64()
		for i := range x {
			x[i] = off - 50*r.Float64()
		}
		x[r.IntN(n)] = off - 1000 // underflows
		if trial%3 == 0 {
			x[r.IntN(n)] = math.NaN()
		}
		m := math.Inf(-1)
		for _, v := range x {
			if v > m { // not math.Max, which returns the NaN
				m = v
			}
		}
		var s float64
		for _, v := range x {
			if !math.IsNaN(v) {
				s += math.Exp(v - m)
			}
		}
		want := m + math.Log(s)
		if got := LogSumExp(x); !(math.Abs(got-want) <= 5e-16+0x1p-52*math.Abs(want)) {
			t.Fatalf("n=%d: LogSumExp %v, math.Exp form %v", n, got, want)
		}
	}
}
