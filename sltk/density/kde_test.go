package density

import (
	"errors"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// bimodal draws p points of ½N(−2, 0.5²) + ½N(2, 1) with each component picked at random.
func bimodal(p int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 1))
	return twoGaussians(p, rng, func(int) bool { return rng.Float64() < 0.5 })
}

// twoGaussians draws p points from N(−2, 0.5²) where left(i) and from N(2, 1) elsewhere.
func twoGaussians(p int, rng *rand.Rand, left func(i int) bool) *mat.Dense {
	return fuzzdata.Rows(p, 1, func(i int, row []float64) {
		if left(i) {
			row[0] = -2 + 0.5*rng.NormFloat64()
		} else {
			row[0] = 2 + rng.NormFloat64()
		}
	})
}

// exactBoxIntegral integrates a 1-D box-kernel estimate exactly: it is piecewise constant
// between the breakpoints x_α ± h/2, so the midpoint of every piece gives its height.
func exactBoxIntegral(t *testing.T, m *KDEModel) (mass, mean, second float64) {
	t.Helper()
	var bp []float64
	for _, v := range m.data {
		bp = append(bp, v-m.Bandwidth/2, v+m.Bandwidth/2)
	}
	sort.Float64s(bp)
	for i := 0; i+1 < len(bp); i++ {
		a, b := bp[i], bp[i+1]
		if b <= a {
			continue
		}
		h, err := m.Density([]float64{(a + b) / 2})
		if err != nil {
			t.Fatal(err)
		}
		mass += h * (b - a)
		mean += h * (b*b - a*a) / 2
		second += h * (b*b*b - a*a*a) / 3
	}
	return
}

func TestGlidingHistogramOracle30(t *testing.T) {
	x := bimodal(200, 3)
	for _, h := range []float64{0.1, 0.5, 2} {
		m, err := KDE{Kernel: BoxKernel, Bandwidth: h}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		mass, mean, second := exactBoxIntegral(t, m)
		if math.Abs(mass-1) > 1e-12 {
			t.Errorf("h=%g: mass %.15g, want 1", h, mass)
		}
		// Oracle 31 for the box kernel: variance s² + h²/12.
		wantMean, wantVar, _ := m.Moments1D()
		if math.Abs(mean-wantMean) > 1e-10 || math.Abs(second-mean*mean-wantVar) > 1e-9 {
			t.Errorf("h=%g: mean %g var %g, want %g %g", h, mean, second-mean*mean, wantMean, wantVar)
		}
	}
	// One point at the origin in 2-D: h^{-2} on the open square, 0 on its boundary.
	h := 0.8
	m, err := KDE{Kernel: BoxKernel, Bandwidth: h}.Fit(mat.NewDense(1, 2, []float64{0, 0}))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		q    []float64
		want float64
	}{
		{[]float64{0, 0}, 1 / (h * h)},
		{[]float64{0.39, -0.39}, 1 / (h * h)},
		{[]float64{0.4, 0}, 0},
		{[]float64{0.1, -0.4}, 0},
		{[]float64{1, 1}, 0},
	} {
		got, _ := m.Density(c.q)
		if math.Abs(got-c.want) > 1e-12 || (c.want == 0 && got != 0) {
			t.Errorf("P̂(%v) = %g, want %g", c.q, got, c.want)
		}
	}
	// 2-D mass by a Riemann sum on a grid aligned with the window edges.
	x2 := mat.NewDense(30, 2, nil)
	rng := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 30; i++ {
		x2.Set(i, 0, math.Round(rng.NormFloat64()*20)/40)
		x2.Set(i, 1, math.Round(rng.NormFloat64()*20)/40)
	}
	m2, _ := KDE{Kernel: BoxKernel, Bandwidth: 0.5}.Fit(x2)
	step, mass := 0.025, 0.0
	for a := -4.0; a < 4; a += step {
		for b := -4.0; b < 4; b += step {
			v, _ := m2.Density([]float64{a + step/2, b + step/2})
			mass += v * step * step
		}
	}
	if math.Abs(mass-1) > 1e-9 {
		t.Errorf("2-D gliding histogram mass %g", mass)
	}
}

func TestParzenOracle31(t *testing.T) {
	x := bimodal(150, 7)
	for _, h := range []float64{0.2, 1} {
		m, err := KDE{Bandwidth: h}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		// Simpson quadrature on [-15, 15].
		n := 6000
		a, b := -15.0, 15.0
		dx := (b - a) / float64(n)
		var m0, m1, m2 float64
		for i := 0; i <= n; i++ {
			u := a + float64(i)*dx
			w := 2.0
			if i == 0 || i == n {
				w = 1
			} else if i%2 == 1 {
				w = 4
			}
			f, _ := m.Density([]float64{u})
			m0 += w * f
			m1 += w * f * u
			m2 += w * f * u * u
		}
		m0, m1, m2 = m0*dx/3, m1*dx/3, m2*dx/3
		mean, variance, _ := m.Moments1D()
		if math.Abs(m0-1) > 1e-9 || math.Abs(m1-mean) > 1e-8 || math.Abs(m2-m1*m1-variance) > 1e-7 {
			t.Errorf("h=%g: mass %g mean %g var %g; want 1, %g, %g", h, m0, m1, m2-m1*m1, mean, variance)
		}
	}
}

func TestLogDensityFarAway(t *testing.T) {
	m, _ := KDE{Bandwidth: 0.01}.Fit(mat.NewDense(2, 1, []float64{0, 1}))
	l, err := m.LogDensityAt([]float64{100})
	want := -0.5*100*100/1e-4 - math.Log(2) - 0.5*math.Log(2*math.Pi*1e-4) + math.Log(1+math.Exp(-0.5*(99*99-100*100)/1e-4))
	if err != nil || math.IsInf(l, 0) || math.Abs(l-want) > 1e-6*math.Abs(want) {
		t.Errorf("log density far away = %g (%v), want %g", l, err, want)
	}
}

func TestLeaveOneOutChoosesInteriorWidth(t *testing.T) {
	x := bimodal(300, 11)
	widths := []float64{0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.5, 3}
	s, err := LeaveOneOut(x, GaussianKernel, widths)
	if err != nil {
		t.Fatal(err)
	}
	if s.BestIndex == 0 || s.BestIndex == len(widths)-1 {
		t.Errorf("LOO picked a boundary width %g: %v", s.Best, s.LogLik)
	}
	m, err := KDE{}.Fit(x)
	if err != nil || m.Search == nil || !(m.Bandwidth > 0.05 && m.Bandwidth < 1.5) {
		t.Errorf("default LOO width %g (%v)", m.Bandwidth, err)
	}
	// Box kernel: tiny windows leave points alone, so their LOO likelihood is −Inf.
	sb, err := LeaveOneOut(x, BoxKernel, []float64{1e-6, 0.5, 1})
	if err != nil || !math.IsInf(sb.LogLik[0], -1) || sb.BestIndex == 0 {
		t.Errorf("box LOO %v, %v", sb, err)
	}
}

func TestKDEBadInput(t *testing.T) {
	x := bimodal(10, 1)
	for _, h := range []float64{-1, math.NaN(), math.Inf(1)} {
		if _, err := (KDE{Bandwidth: h}).Fit(x); !errors.Is(err, ErrParam) {
			t.Errorf("h=%g: err %v", h, err)
		}
	}
	if _, err := LeaveOneOut(x, GaussianKernel, []float64{0.1, 0}); !errors.Is(err, ErrParam) {
		t.Errorf("zero width: %v", err)
	}
	if _, err := (KDE{Bandwidth: 1}).Fit(mat.NewDense(1, 1, []float64{math.NaN()})); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN data: %v", err)
	}
	m, _ := KDE{Bandwidth: 1}.Fit(x)
	if _, err := m.Density([]float64{1, 2}); !errors.Is(err, ErrParam) {
		t.Errorf("wrong query length: %v", err)
	}
	if _, err := (KDE{Kernel: 7, Bandwidth: 1}).Fit(x); !errors.Is(err, ErrParam) {
		t.Errorf("unknown kernel: %v", err)
	}
	if _, err := (KDE{Kernel: BoxKernel}).Fit(mat.NewDense(1, 1, []float64{1})); !errors.Is(err, ErrParam) {
		t.Errorf("LOO on one point: %v", err)
	}
}

func TestEvaluateMatchesDensity(t *testing.T) {
	x := bimodal(100, 2)
	m, _ := KDE{Bandwidth: 0.4}.Fit(x)
	q := bimodal(70, 9)
	got, err := m.Evaluate(q)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		want, _ := m.Density([]float64{q.At(i, 0)})
		if math.Abs(got[i]-want) > 1e-15 {
			t.Fatalf("row %d: %g vs %g", i, got[i], want)
		}
	}
}

func TestHistogram(t *testing.T) {
	x := []float64{0, 0.1, 0.2, 0.5, 0.9, 1}
	m, err := Histogram{Bins: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if m.Counts[0] != 3 || m.Counts[1] != 3 || m.Density(0.25) != 1 || m.Density(2) != 0 {
		t.Errorf("histogram %+v", m)
	}
	mass := 0.0
	for _, v := range m.Heights {
		mass += v * m.Width
	}
	if math.Abs(mass-1) > 1e-15 {
		t.Errorf("mass %g", mass)
	}
	if _, err := (Histogram{Min: 1, Max: 0}).Fit(x); !errors.Is(err, ErrParam) {
		t.Errorf("bad range: %v", err)
	}
	if _, err := (Histogram{}).Fit(nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty: %v", err)
	}
}

func BenchmarkKDEEvaluate(b *testing.B) {
	// 10^4 points evaluated at 10^4 queries in 2-D (the bench row against scikit-learn).
	rng := rand.New(rand.NewPCG(1, 2))
	x, q := fuzzdata.Normal(rng, 10000, 2), fuzzdata.Normal(rng, 10000, 2)
	m, _ := KDE{Bandwidth: 0.3}.Fit(x)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Evaluate(q); err != nil {
			b.Fatal(err)
		}
	}
}
