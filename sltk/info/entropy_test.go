package info

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.10g, want %.10g (tol %g)", name, got, want, tol)
	}
}

// english holds the classic letter frequencies (percent) that reproduce the seed's H ≈ 4.176.
var english = []float64{8.167, 1.492, 2.782, 4.253, 12.702, 2.228, 2.015, 6.094, 6.966, 0.153,
	0.772, 4.025, 2.406, 6.749, 7.507, 1.929, 0.095, 5.987, 6.327, 9.056, 2.758, 0.978, 2.360,
	0.150, 1.974, 0.074}

var eight = []float64{3. / 8, 5. / 16, 3. / 32, 1. / 16, 1. / 16, 1. / 32, 1. / 32, 1. / 32}

func TestEntropyOracles(t *testing.T) {
	h, err := EntropyCounts(english)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "H(English)", h, 4.175787, 1e-6)
	h, _ = EntropyBits(eight)
	near(t, "H(eight letters)", h, 2.3439463, 1e-7)
	v, _ := InformationVariance(eight)
	near(t, "V(eight letters)", v, 1.5738742, 1e-7)
	u := make([]float64, 26)
	for i := range u {
		u[i] = 1.0 / 26
	}
	h, _ = EntropyBits(u)
	near(t, "H(uniform 26)", h, 4.700440, 1e-6)
	near(t, "h(1/2)", must(BinaryEntropy(0.5)), 1, 1e-15)
	near(t, "h(0)", must(BinaryEntropy(0)), 0, 0)
	near(t, "h(1)", must(BinaryEntropy(1)), 0, 0)
	near(t, "h(1/4)", must(BinaryEntropy(0.25)), 0.8112781, 1e-7)
	for _, p := range []float64{1.5, -0.1, math.NaN()} {
		if _, err := BinaryEntropy(p); !errors.Is(err, ErrParam) {
			t.Errorf("h(%v): err = %v, want ErrParam", p, err)
		}
	}
	ic, _ := InformationContent(1.0 / 8)
	near(t, "I(1/8)", ic, 3, 1e-15)
}

// TestInformationGainFriday checks the seed's worked example (Friday table, §2.3) with the
// corrected P labels: H(P=yes) = 1, H(P=no) = 0.954.
func TestInformationGainFriday(t *testing.T) {
	cases := []struct {
		name   string
		counts [][]float64 // per value: (yes, no)
		want   float64
	}{
		{"W", [][]float64{{2, 1}, {2, 1}, {2, 1}, {0, 1}}, 0.1444843},
		{"P", [][]float64{{1, 1}, {5, 3}}, 0.0074034},
		{"S", [][]float64{{0, 2}, {2, 1}, {4, 1}}, 0.3344978},
		{"attendance D", [][]float64{{0, 2}, {3, 2}, {3, 1}, {1, 4}, {0, 0}}, 0.256855},
		{"attendance T", [][]float64{{2, 3}, {1, 1}, {2, 4}, {2, 1}}, 0.043736},
		{"attendance S", [][]float64{{2, 4}, {4, 2}, {1, 3}}, 0.097158},
		{"Boolean X2", [][]float64{{3, 1}, {1, 3}}, 1 - must(BinaryEntropy(0.25))},
		{"Boolean X1", [][]float64{{2, 2}, {2, 2}}, 0},
	}
	for _, c := range cases {
		g, err := InformationGain(c.counts)
		if err != nil {
			t.Fatal(c.name, err)
		}
		near(t, "G("+c.name+")", g, c.want, 1e-6)
	}
	hy, _ := EntropyCounts([]float64{6, 4})
	near(t, "H(Y) Friday", hy, 0.9709506, 1e-7)
	// The lecture's slide swaps the two party entropies: one "yes" and one "no" at P = yes
	// give 1 bit, five "yes" and three "no" at P = no give 0.954 bits.
	hpy, _ := EntropyCounts([]float64{1, 1})
	near(t, "H(P=yes)", hpy, 1, 1e-15)
	hp, _ := EntropyCounts([]float64{5, 3})
	near(t, "H(P=no)", hp, 0.9544340, 1e-7)
}

func TestJointQuantities(t *testing.T) {
	// X uniform bit, Y = X flipped with probability 1/4 (binary symmetric channel).
	j := mat.NewDense(2, 2, []float64{3. / 8, 1. / 8, 1. / 8, 3. / 8})
	hxy, _ := JointEntropy(j)
	hyx, _ := ConditionalEntropy(j)
	mi, _ := MutualInformation(j)
	near(t, "H(X,Y)", hxy, 1+must(BinaryEntropy(0.25)), 1e-12)
	near(t, "H(Y|X)", hyx, must(BinaryEntropy(0.25)), 1e-12)
	near(t, "I(X;Y)", mi, 1-must(BinaryEntropy(0.25)), 1e-12)
	ind := mat.NewDense(2, 3, []float64{0.1, 0.2, 0.2, 0.1, 0.2, 0.2})
	mi, _ = MutualInformation(ind)
	near(t, "I independent", mi, 0, 1e-12)
}

func TestKL(t *testing.T) {
	d, err := KLBits([]float64{0.5, 0.5}, []float64{0.25, 0.75})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "KL", d, 0.5*math.Log2(2)+0.5*math.Log2(0.5/0.75), 1e-12)
	_, err = KLBits([]float64{0.5, 0.5}, []float64{1, 0})
	if !errors.Is(err, ErrSupport) {
		t.Errorf("KL with q_1 = 0: err = %v, want ErrSupport", err)
	}
}

func TestBadInput(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"empty", second(EntropyBits(nil)), ErrEmpty},
		{"negative", second(EntropyBits([]float64{1.5, -0.5})), ErrProb},
		{"sum", second(EntropyBits([]float64{0.5, 0.4})), ErrProb},
		{"NaN", second(EntropyBits([]float64{math.NaN(), 1})), ErrNotFinite},
		{"KL length", second(KLBits([]float64{1}, []float64{0.5, 0.5})), ErrShape},
		{"counts zero", second(EntropyCounts([]float64{0, 0})), ErrEmpty},
		{"ragged gain", second(InformationGain([][]float64{{1, 2}, {1}})), ErrShape},
		{"joint sum", second(JointEntropy(mat.NewDense(1, 2, []float64{0.2, 0.2}))), ErrProb},
		{"joint nil", second(MutualInformation(nil)), ErrEmpty},
		{"I(0)", second(InformationContent(0)), ErrParam},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, c.err, c.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }

// TestEntropyProperties checks Lemma 2.13 (0 ≤ H ≤ log n), Gibbs' inequality (KL ≥ 0) and the
// Log-Sum inequality on random distributions.
func TestEntropyProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 200; trial++ {
		n := 1 + r.IntN(20)
		p, q := randDist(r, n), randDist(r, n)
		h, err := EntropyBits(p)
		if err != nil {
			t.Fatal(err)
		}
		if h < -1e-12 || h > math.Log2(float64(n))+1e-12 {
			t.Fatalf("H = %v outside [0, log2 %d]", h, n)
		}
		d, err := KLBits(p, q)
		if err != nil || d < 0 {
			t.Fatalf("KL = %v, %v", d, err)
		}
		// Log-Sum with unnormalised weights a_i = 3p_i, b_i = 2q_i.
		lhs, sa, sb := 0.0, 0.0, 0.0
		for i := range p {
			a, b := 3*p[i], 2*q[i]
			lhs += a * math.Log2(a/b)
			sa, sb = sa+a, sb+b
		}
		if lhs < sa*math.Log2(sa/sb)-1e-9 {
			t.Fatalf("Log-Sum fails: %v < %v", lhs, sa*math.Log2(sa/sb))
		}
	}
}

func randDist(r *rand.Rand, n int) []float64 {
	p := make([]float64, n)
	s := 0.0
	for i := range p {
		p[i] = r.Float64() + 1e-3
		s += p[i]
	}
	for i := range p {
		p[i] /= s
	}
	return p
}

func ExampleInformationGain() {
	// Friday table, attribute S (start time): per value the counts of (yes, no).
	g, err := InformationGain([][]float64{{0, 2}, {2, 1}, {4, 1}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("G(S,S) = %.7f\n", g)
	// Output: G(S,S) = 0.3344978
}

func ExampleEntropyBits() {
	h, _ := EntropyBits([]float64{3. / 8, 5. / 16, 3. / 32, 1. / 16, 1. / 16, 1. / 32, 1. / 32, 1. / 32})
	fmt.Printf("H = %.7f bits\n", h)
	// Output: H = 2.3439463 bits
}

// TestEntropyBoundStep checks the corrected step of the proof of 0 ≤ H ≤ log n: the Log-Sum
// inequality with q_i = 1/n gives Σ p_i log(n p_i) = log n − H ≥ 0. The lecture's slide writes
// Σ p_i log(p_i/n), which equals −H − log n and is negative, so it cannot be the step.
func TestEntropyBoundStep(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for trial := 0; trial < 200; trial++ {
		n := 2 + r.IntN(30)
		p := make([]float64, n)
		s := 0.0
		for i := range p {
			p[i] = r.ExpFloat64()
			s += p[i]
		}
		corrected, slide := 0.0, 0.0
		for i := range p {
			p[i] /= s
			corrected += p[i] * math.Log2(float64(n)*p[i])
			slide += p[i] * math.Log2(p[i]/float64(n))
		}
		h, _ := EntropyBits(p)
		near(t, "Σ p log(np)", corrected, math.Log2(float64(n))-h, 1e-9)
		if corrected < -1e-12 || slide >= 0 {
			t.Fatalf("n = %d: corrected %v (want ≥ 0), slide %v (want < 0)", n, corrected, slide)
		}
	}
}

// TestKLZeroMass checks the Log-Sum domains: p_i ≥ 0 with 0 log 0 = 0 and q_i > 0. A zero p_i
// contributes nothing (in floating point 0·log 0 would be NaN).
func TestKLZeroMass(t *testing.T) {
	d, err := KLBits([]float64{0, 0.25, 0.75}, []float64{0.3, 0.2, 0.5})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "KL with p_1 = 0", d, 0.25*math.Log2(0.25/0.2)+0.75*math.Log2(0.75/0.5), 1e-12)
}

// must unwraps a value whose arguments the test knows to be valid.
func must(v float64, err error) float64 {
	if err != nil {
		panic(err)
	}
	return v
}
