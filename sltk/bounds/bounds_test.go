package bounds

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

func rel(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol*math.Abs(want) {
		t.Errorf("%s = %.8g, want %.8g (rel tol %g)", name, got, want, tol)
	}
}

// TestDiceTable checks the spec's table E7 (Example 2.4): exact binomial tails of the number of
// ones in n rolls against Chernoff, Hoeffding and Chebyshev.
func TestDiceTable(t *testing.T) {
	rows := []struct {
		n                                       int
		dev                                     float64
		upper, chern, twoSided, twoBound, cheby float64
	}{
		{60, 10, 1.23234e-3, 3.5674e-2, 1.25008e-3, 7.1348e-2, 8.3333e-2},
		{600, 20, 1.80108e-2, 0.263597, 3.24784e-2, 0.527194, 0.208333},
		{600, 50, 1.37486e-7, 2.40369e-4, 1.39535e-7, 4.80739e-4, 3.3333e-2},
		{6000, 200, 7.60418e-12, 1.6196e-6, 8.18623e-12, 3.23919e-6, 2.08333e-2},
		{6000, 500, 1.75298e-60, 6.43863e-37, 1.75298e-60, 1.28773e-36, 3.3333e-3},
	}
	p := 1.0 / 6
	for _, r := range rows {
		mu := float64(r.n) * p
		up, err := BinomialUpperTail(r.n, p, int(math.Round(mu+r.dev)))
		if err != nil {
			t.Fatal(err)
		}
		rel(t, fmt.Sprintf("n=%d exact upper", r.n), up, r.upper, 1e-5)
		c, _ := ChernoffUpper(mu, r.dev/mu)
		rel(t, "Chernoff", c, r.chern, 1e-4)
		h, _ := Hoeffding(r.n, r.dev/float64(r.n), 0, 1)
		rel(t, "Hoeffding", h, r.chern, 1e-4) // equal exponents at p = 1/6
		two, _ := BinomialTwoSided(r.n, p, r.dev)
		rel(t, "exact two-sided", two, r.twoSided, 1e-5)
		c2, _ := ChernoffTwoSided(mu, r.dev/mu)
		rel(t, "Chernoff two-sided", c2, r.twoBound, 1e-4)
		ch, _ := Chebyshev(float64(r.n)*p*(1-p), r.dev)
		rel(t, "Chebyshev", ch, r.cheby, 1e-4)
	}
}

// TestBoundsHold checks on random binomials that every bound is at least the exact tail.
func TestBoundsHold(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 300; trial++ {
		n := 1 + r.IntN(400)
		p := 0.01 + 0.98*r.Float64()
		mu := float64(n) * p
		c := r.Float64()
		upper, _ := BinomialUpperTail(n, p, int(math.Ceil((1+c)*mu)))
		lower, _ := BinomialLowerTail(n, p, int(math.Floor((1-c)*mu)))
		cu, _ := ChernoffUpper(mu, c)
		cl, _ := ChernoffLower(mu, c)
		if upper > cu*(1+1e-12) || lower > cl*(1+1e-12) {
			t.Fatalf("Chernoff fails: n=%d p=%v c=%v: %v > %v or %v > %v", n, p, c, upper, cu, lower, cl)
		}
		d := r.Float64() * 0.5
		hu, _ := Hoeffding(n, d, 0, 1)
		ex, _ := BinomialUpperTail(n, p, int(math.Ceil(mu+d*float64(n)-1e-9)))
		if ex > hu*(1+1e-12) {
			t.Fatalf("Hoeffding fails: n=%d p=%v d=%v: %v > %v", n, p, d, ex, hu)
		}
		a := 1 + r.Float64()*float64(n)
		mk, _ := Markov(mu, a)
		ma, _ := BinomialUpperTail(n, p, int(math.Ceil(a-1e-9)))
		if ma > mk*(1+1e-12) {
			t.Fatalf("Markov fails: %v > %v", ma, mk)
		}
	}
	lo, _ := BinomialLowerTail(10, 0.5, 10)
	rel(t, "total mass", lo, 1, 1e-12)
}

func TestMasterTail(t *testing.T) {
	// n = 100, σ² = 1, a = 60: 3·e^{−3600/1200} = 3e^{−3}
	got, err := MasterTail(100, 1, 60)
	if err != nil {
		t.Fatal(err)
	}
	rel(t, "Thm 2.8", got, 3*math.Exp(-3), 1e-12)
	// Rademacher sums satisfy the hypotheses (E X^k ≤ 1 ≤ k!); the bound holds for the exact tail
	// of a sum of 100 ±1 variables, 2·Bin(100, ½) − 100.
	exact, _ := BinomialTwoSided(100, 0.5, 30) // |2B − 100| ≥ 60  ⇔  |B − 50| ≥ 30
	if exact > got {
		t.Errorf("exact %v > bound %v", exact, got)
	}
}

func TestHypergeometric(t *testing.T) {
	// 20 balls, 5 black, draw 4: Pr(X ≥ 4) = C(5,4)/C(20,4) = 5/4845.
	got, err := HypergeometricUpperTail(20, 5, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	rel(t, "hypergeometric", got, 5.0/4845, 1e-12)
	all, _ := HypergeometricUpperTail(20, 5, 4, 0)
	rel(t, "hypergeometric mass", all, 1, 1e-12)
}

// TestSampleSizes checks the spec's E10 values.
func TestSampleSizes(t *testing.T) {
	lnH := 704 * math.Ln2
	m, _ := Realizable(lnH, 0.1, 0.05)
	rel(t, "realisable", m, 4909.71, 1e-6)
	if Ceil(m) != 4910 {
		t.Errorf("⌈m⌉ = %d, want 4910", Ceil(m))
	}
	m, _ = UniformConvergence(lnH, 0.1, 0.05)
	rel(t, "uniform convergence", m, 24583.22, 1e-6)
	m, _ = Agnostic(lnH, 0.1, 0.05)
	rel(t, "agnostic", m, 98332.90, 1e-6)
	rows := []struct{ lnH, eps, delta, r, uc, ag float64 }{
		{math.Log(1000), 0.1, 0.05, 99.035, 529.832, 2119.327},
		{math.Log(1000), 0.01, 0.01, 1151.293, 61030.363, 244121.453},
		{20 * math.Ln2, 0.05, 0.05, 337.174, 3510.365, 14041.458},
	}
	for _, r := range rows {
		a, _ := Realizable(r.lnH, r.eps, r.delta)
		b, _ := UniformConvergence(r.lnH, r.eps, r.delta)
		c, _ := Agnostic(r.lnH, r.eps, r.delta)
		rel(t, "realisable row", a, r.r, 2e-6)
		rel(t, "UC row", b, r.uc, 1e-6)
		rel(t, "agnostic row", c, r.ag, 1e-6)
		// inverses give back ε
		e, _ := UniformConvergenceEpsilon(r.lnH, r.delta, Ceil(b))
		if e > r.eps {
			t.Errorf("ε_UC(⌈m⌉) = %v > %v", e, r.eps)
		}
	}
	d, _ := DescriptionLength(100, 2, 0.1, 0.05)
	rel(t, "Thm 3.8", d, 730.036, 1e-6)
	if Ceil(24/(0.1*0.1)) != 2400 {
		t.Errorf("Ceil(24/0.1²) = %d", Ceil(24/(0.1*0.1)))
	}
	v, _ := VC(4, 1, 0.1, 0.05)
	rel(t, "VC c=1", v, 100*(4-math.Log(0.05)), 1e-12)
}

func TestDomainErrors(t *testing.T) {
	errs := []error{
		second(Markov(1, 0)), second(Chebyshev(-1, 1)), second(ChernoffUpper(1, 1.5)),
		second(Hoeffding(10, 0.1, 1, 1)), second(MasterTail(10, 1, 100)),
		second(BinomialUpperTail(10, 1.5, 3)), second(Realizable(1, 0, 0.1)),
		second(Agnostic(math.NaN(), 0.1, 0.1)), second(VC(-1, 1, 0.1, 0.1)),
		second(BinomialTwoSided(10, 0.5, 0)), second(HypergeometricUpperTail(5, 6, 1, 1)),
	}
	for i, err := range errs {
		if !errors.Is(err, ErrParam) {
			t.Errorf("case %d: err = %v, want ErrParam", i, err)
		}
	}
}

func second(_ float64, err error) error { return err }

func ExampleRealizable() {
	// Discretisation trick: separators in R^10 stored as 11 float64s, |H| = 2^704.
	m, _ := Realizable(704*math.Ln2, 0.1, 0.05)
	fmt.Printf("m ≥ %.2f, so m = %d\n", m, Ceil(m))
	// Output: m ≥ 4909.71, so m = 4910
}

func ExampleBinomialUpperTail() {
	// 6000 dice rolls, at least 1500 ones (expected 1000).
	exact, _ := BinomialUpperTail(6000, 1.0/6, 1500)
	chernoff, _ := ChernoffUpper(1000, 0.5)
	fmt.Printf("exact %.5e ≤ Chernoff %.5e\n", exact, chernoff)
	// Output: exact 1.75298e-60 ≤ Chernoff 6.43863e-37
}

func BenchmarkBinomialTwoSided(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := BinomialTwoSided(1_000_000, 1.0/6, 500); err != nil {
			b.Fatal(err)
		}
	}
}

func ExampleHoeffding() {
	// 100 variables in [0, 10]: the general range puts (b − a)² = 100 in the exponent.
	h, _ := Hoeffding(100, 1, 0, 10)
	fmt.Printf("Pr(mean ≥ μ + 1) ≤ %.4f\n", h)
	// Output: Pr(mean ≥ μ + 1) ≤ 0.1353
}

// TestHoeffdingRangeSquared: Hoeffding for variables in [a, b] has (b − a)² in the exponent.
// For 15 variables ±5 and a deviation of 15 (d = 1 per variable) the exact two-sided tail is
// 0.3018; the bound with (b − a)² is 2e^{−0.3} = 1.48, the form with (b − a), as the lecture's
// Lemma 6.2 writes it, gives 2e^{−3} = 0.0996, below the exact tail, so it is false.
func TestHoeffdingRangeSquared(t *testing.T) {
	exact, err := BinomialTwoSided(15, 0.5, 2.5) // X = 5(2K − 15): |X| > 15 iff |K − 7.5| ≥ 2.5
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(exact-0.3018) > 1e-4 {
		t.Errorf("exact tail %v, want 0.3018", exact)
	}
	general, err := HoeffdingTwoSided(15, 1, -5, 5)
	if err != nil {
		t.Fatal(err)
	}
	if general < exact {
		t.Errorf("Hoeffding with (b − a)²: %v < exact %v", general, exact)
	}
	if wrong := 2 * math.Exp(-2*15*1.0/10); wrong >= exact {
		t.Errorf("the (b − a) form %v should fall below the exact tail %v", wrong, exact)
	}
}

// TestUniformConvergenceBaseE: the proof of the uniform-convergence bound needs Hoeffding with
// base e, 2|H|e^{−2mε²} ≤ 2|H|e^{−ln(2|H|/δ)} = δ. The lecture writes 2|H|2^{−2mε²}, which at
// the same m is far above δ (2^{−ln x} ≠ 1/x).
func TestUniformConvergenceBaseE(t *testing.T) {
	lnH, eps, delta := math.Log(1000), 0.1, 0.05
	m, err := UniformConvergence(lnH, eps, delta)
	if err != nil {
		t.Fatal(err)
	}
	if got := 2 * 1000 * math.Exp(-2*m*eps*eps); math.Abs(got-delta) > 1e-9 {
		t.Errorf("base e: 2|H|e^{−2mε²} = %v, want δ = %v", got, delta)
	}
	if got := 2 * 1000 * math.Pow(2, -2*m*eps*eps); got < 10*delta {
		t.Errorf("base 2 gives %v, expected far above δ", got)
	}
}
