package bounds

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

// A bound computed from finite arguments that overflows is an error naming the function, never
// +Inf with a nil error.
func TestOverflowIsAnError(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func() (float64, error)
	}{
		{"Markov", func() (float64, error) { return Markov(1e308, 1e-300) }},
		{"Chebyshev", func() (float64, error) { return Chebyshev(1, 5e-324) }},
		{"PairwiseMean", func() (float64, error) { return PairwiseMean(1e308, 1e-300, 1) }},
		{"Realizable", func() (float64, error) { return Realizable(1e308, 1e-300, 0.5) }},
		{"UniformConvergence", func() (float64, error) { return UniformConvergence(1, 5e-324, 0.5) }},
		{"Agnostic", func() (float64, error) { return Agnostic(1, 5e-324, 0.5) }},
		{"VC", func() (float64, error) { return VC(1, 1e308, 1e-300, 0.5) }},
		{"AgnosticEpsilon", func() (float64, error) { return AgnosticEpsilon(1.7e308, 0.5, 1) }},
	} {
		v, err := c.f()
		if !errors.Is(err, errs.ErrNotFinite) || !strings.Contains(err.Error(), "bounds: "+c.name+": the bound overflows") {
			t.Errorf("%s: %v, %v; want ErrNotFinite naming %s", c.name, v, err, c.name)
		}
	}
}

// Ceil never wraps and never undershoots by more than its 1e-9 relative tolerance (before the
// fix Ceil(10¹² + ½) was 10¹² − 999), SampleSize refuses what has no int count; BinomialTwoSided with a
// deviation beyond every outcome is 0 (before the fix dev = 1e300 converted to −2⁶³ and gave
// probability 1). References: closed forms and the exact tail of Bin(4, ½) by hand.
func TestSizeConversions(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want int
	}{{math.Inf(1), math.MaxInt}, {math.NaN(), math.MaxInt}, {1e300, math.MaxInt}, {0x1p63, math.MaxInt},
		{math.Inf(-1), math.MinInt}, {-1e300, math.MinInt}, {2400.0000000000005, 2400}, {4909.3, 4910}, {0x1p62, 1 << 62},
		{2399.9999999999995, 2400}, {1e12 + 0.5, 1e12 + 1}, {-2.5, -2}, {0, 0}} {
		if got := Ceil(c.x); got != c.want {
			t.Errorf("Ceil(%v) = %d, want %d", c.x, got, c.want)
		}
	}
	for _, c := range []struct {
		m    float64
		want error
	}{{math.NaN(), errs.ErrNotFinite}, {math.Inf(1), errs.ErrNotFinite}, {-1, errs.ErrParam}, {0x1p53 + 2, errs.ErrTooLarge}, {1e300, errs.ErrTooLarge}} {
		if _, err := SampleSize(c.m); !errors.Is(err, c.want) || !strings.Contains(err.Error(), "SampleSize") {
			t.Errorf("SampleSize(%v): %v, want %v", c.m, err, c.want)
		}
	}
	if n, err := SampleSize(0x1p53); err != nil || n != 1<<53 {
		t.Errorf("SampleSize(2⁵³) = %d, %v", n, err)
	}
	m, _ := Realizable(math.Log(1e6), 0.01, 0.05)
	if n, err := SampleSize(m); err != nil || n != int(math.Ceil((math.Log(1e6)-math.Log(0.05))/0.01)) {
		t.Errorf("SampleSize(Realizable) = %d, %v", n, err)
	}
	for _, dev := range []float64{1e300, 1e19, 5} {
		if p, err := BinomialTwoSided(4, 0.5, dev); err != nil || p != 0 {
			t.Errorf("BinomialTwoSided(4, ½, %g) = %v, %v, want 0", dev, p, err)
		}
	}
	// |X − 2| ≥ 2 for X ~ Bin(4, ½): X ∈ {0, 4}, probability 2/16.
	if p, err := BinomialTwoSided(4, 0.5, 2); err != nil || math.Abs(p-0.125) > 1e-15 {
		t.Errorf("BinomialTwoSided(4, ½, 2) = %v, %v, want 0.125", p, err)
	}
}

// HypergeometricUpperTail limits N (before the fix N = n = 2⁶² tried to allocate 2⁶² terms);
// at N = MaxBinomialN it runs, and a small case matches the count C(5,4)/C(20,4) by hand.
func TestHypergeometricLimit(t *testing.T) {
	if _, err := HypergeometricUpperTail(1<<62, 1<<61, 1<<62, 0); !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), "HypergeometricUpperTail: N") {
		t.Errorf("N = 2⁶²: %v", err)
	}
	if p, err := HypergeometricUpperTail(MaxBinomialN, MaxBinomialN/2, 3, 4); err != nil || p != 0 {
		t.Errorf("N = MaxBinomialN, k > n: %v, %v", p, err)
	}
	if p, err := HypergeometricUpperTail(20, 5, 4, 4); err != nil || math.Abs(p-5.0/4845) > 1e-15 {
		t.Errorf("Pr(X ≥ 4) = %v, %v, want 5/4845", p, err)
	}
}
