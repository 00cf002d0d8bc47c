package info

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestCapacityO16(t *testing.T) {
	for _, c := range []struct {
		eps, want float64
	}{{0, 1}, {0.1, 0.5310044064}, {0.25, 0.1887218755}, {0.5, 0}} {
		ch, err := BSC(c.eps)
		if err != nil {
			t.Fatal(err)
		}
		r, err := BlahutArimoto{}.Run(ch)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.Bits-c.want) > 1e-10 || math.Abs(r.Bits-must(BSCCapacity(c.eps))) > 1e-12 {
			t.Fatalf("BSC(%g): Blahut–Arimoto %.12f, closed form %.12f, want %.10f", c.eps, r.Bits, must(BSCCapacity(c.eps)), c.want)
		}
	}
	for _, c := range []struct {
		eps, want float64
	}{{0, 4.7004397181}, {0.1, 4.2314441246}, {0.5, 3.7004397181}} {
		ch, _ := NoisyTypewriter(26, c.eps)
		r, _ := BlahutArimoto{}.Run(ch)
		if math.Abs(r.Bits-c.want) > 1e-10 || math.Abs(must(TypewriterCapacity(26, c.eps))-c.want) > 1e-10 {
			t.Fatalf("typewriter(%g): %.12f, want %.10f", c.eps, r.Bits, c.want)
		}
	}
	// An asymmetric channel (Z-channel): capacity log2(1 + (1−q)q^{q/(1−q)}) for P(0|1) = q.
	q := 0.3
	ch, err := NewChannel(mat.NewDense(2, 2, []float64{1, 0, q, 1 - q}))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := BlahutArimoto{}.Run(ch)
	if want := math.Log2(1 + (1-q)*math.Pow(q, q/(1-q))); math.Abs(r.Bits-want) > 1e-10 {
		t.Fatalf("Z-channel: %.12f, want %.12f", r.Bits, want)
	}
	if mi, _ := ch.MutualInformation(r.Input); math.Abs(mi-r.Bits) > 1e-12 {
		t.Fatalf("I(p*) = %g, capacity %g", mi, r.Bits)
	}
}

func TestCodesO17(t *testing.T) {
	eps := 0.1
	if naive := eps * math.Pow(1-eps, 4); math.Abs(naive-0.06561) > 1e-12 {
		t.Fatal(naive)
	}
	e, _ := RepetitionError(5, eps)
	if math.Abs(e-0.00856) > 1e-12 {
		t.Fatalf("5-repetition error %g", e)
	}
	code, _ := RepetitionCode(5)
	if code.Rate() != 0.2 {
		t.Fatalf("rate %g, want 1/5", code.Rate())
	}
	ch, _ := BSC(eps)
	if d, _ := code.DecodeML(ch, []int{1, 1, 0, 1, 0}); d != 1 {
		t.Fatalf("11010 decoded to %d, want b = 1", d)
	}
	mc, _ := code.ErrorRate(ch, 200000, 1)
	if math.Abs(mc-e) > 5*math.Sqrt(e/200000) {
		t.Fatalf("simulated error %g, exact %g", mc, e)
	}
}

func TestTypicalSetO18(t *testing.T) {
	p, eps := 0.3, 0.1
	for _, n := range []int{25, 50, 100, 200, 500, 1000} {
		ts, err := BernoulliTypicalSet(p, n, eps)
		if err != nil {
			t.Fatal(err)
		}
		nf := float64(n)
		if ts.Log2Size > nf*(ts.H+eps)+1e-9 {
			t.Fatalf("n=%d: |A| above 2^{n(H+ε)}", n)
		}
		if n >= 14 && ts.Log2Size < math.Log2(1-eps)+nf*(ts.H-eps)-1e-9 {
			t.Fatalf("n=%d: |A| below (1−ε)2^{n(H−ε)}", n)
		}
		if n >= 100 && ts.Prob <= 1-eps {
			t.Fatalf("n=%d: P(A) = %g ≤ 1−ε", n, ts.Prob)
		}
	}
	// Property 2 is asymptotic: it fails at n = 50.
	if ts, _ := BernoulliTypicalSet(p, 50, eps); ts.Prob > 1-eps {
		t.Fatalf("P(A) at n=50 = %g, expected below 0.9", ts.Prob)
	}
}

func TestJointTypicalityO19(t *testing.T) {
	flip, eps := 0.1, 0.1
	I := must(BSCCapacity(flip))
	for _, n := range []int{20, 100, 300, 1000} {
		same, indep, err := BSCJointTypicality(flip, n, eps)
		if err != nil {
			t.Fatal(err)
		}
		nf := float64(n)
		if indep > math.Exp2(-nf*(I-3*eps))+1e-15 {
			t.Fatalf("n=%d: independent pair probability above the upper bound", n)
		}
		if n > 15 && indep < (1-eps)*math.Exp2(-nf*(I+3*eps)) {
			t.Fatalf("n=%d: independent pair probability below the lower bound", n)
		}
		if n >= 300 && same <= 0.9 {
			t.Fatalf("n=%d: P(jointly typical) = %g", n, same)
		}
	}
	// Monte Carlo agrees with the exact value at n = 100.
	ch, _ := BSC(flip)
	rng := rand.New(rand.NewPCG(4, 4))
	same, _, _ := BSCJointTypicality(flip, 100, eps)
	hits := 0
	for t2 := 0; t2 < 4000; t2++ {
		x := make([]int, 100)
		for i := range x {
			x[i] = rng.IntN(2)
		}
		y, _ := ch.Transmit(rng, x)
		ok, err := ch.JointlyTypical([]float64{0.5, 0.5}, x, y, eps)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			hits++
		}
	}
	if mc := float64(hits) / 4000; math.Abs(mc-same) > 0.03 {
		t.Fatalf("Monte Carlo %g, exact %g", mc, same)
	}
}

func TestRandomCodeTrendO20(t *testing.T) {
	// Below capacity the ML error of a random code falls from n = 8 to n = 20; above it rises.
	ch, _ := BSC(0.1)
	errAt := func(n int, r float64) float64 {
		var s float64
		for rep := 0; rep < 6; rep++ {
			rng := rand.New(rand.NewPCG(uint64(rep), uint64(n)))
			code, err := RandomCode(rng, n, r, []float64{0.5, 0.5})
			if err != nil {
				t.Fatal(err)
			}
			e, _ := code.ErrorRate(ch, 1000, uint64(rep))
			s += e / 6
		}
		return s
	}
	if lo, hi := errAt(8, 0.25), errAt(20, 0.25); hi >= lo {
		t.Fatalf("r = 0.25: error %g at n = 8, %g at n = 20", lo, hi)
	}
	if lo, hi := errAt(6, 0.75), errAt(12, 0.75); hi <= lo {
		t.Fatalf("r = 0.75: error %g at n = 6, %g at n = 12", lo, hi)
	}
}

func TestChannelBadInput(t *testing.T) {
	if _, err := NewChannel(mat.NewDense(2, 2, []float64{0.5, 0.4, 0, 1})); !errors.Is(err, ErrProb) {
		t.Fatal(err)
	}
	if _, err := NewChannel(mat.NewDense(1, 2, []float64{math.NaN(), 1})); !errors.Is(err, ErrNotFinite) {
		t.Fatal(err)
	}
	if _, err := BSC(1.5); !errors.Is(err, ErrParam) {
		t.Fatal(err)
	}
	ch, _ := BSC(0.1)
	if _, err := ch.MutualInformation([]float64{0.2, 0.9}); !errors.Is(err, ErrProb) {
		t.Fatal(err)
	}
	if _, err := ch.Transmit(rand.New(rand.NewPCG(1, 1)), []int{0, 2}); !errors.Is(err, ErrParam) {
		t.Fatal(err)
	}
	if _, err := RepetitionError(4, 0.1); !errors.Is(err, ErrParam) {
		t.Fatal(err)
	}
}

func ExampleBlahutArimoto() {
	ch, _ := BSC(0.1)
	r, _ := BlahutArimoto{}.Run(ch)
	c, _ := BSCCapacity(0.1)
	fmt.Printf("C = %.10f bits, 1 − h(0.1) = %.10f\n", r.Bits, c)
	// Output:
	// C = 0.5310044064 bits, 1 − h(0.1) = 0.5310044064
}

func TestZeroChannel(t *testing.T) {
	var c Channel
	if _, err := (BlahutArimoto{}).Run(&c); !errors.Is(err, ErrNotFitted) {
		t.Errorf("BlahutArimoto.Run: %v", err)
	}
	if _, err := c.MutualInformation([]float64{1}); !errors.Is(err, ErrNotFitted) {
		t.Errorf("MutualInformation: %v", err)
	}
	if _, err := c.Transmit(nil, []int{0}); !errors.Is(err, ErrNotFitted) {
		t.Errorf("Transmit: %v", err)
	}
	if c.Inputs() != 0 || c.Outputs() != 0 {
		t.Error("zero channel has alphabets")
	}
}

func TestRepetitionErrorEnds(t *testing.T) {
	for _, c := range []struct {
		n         int
		eps, want float64
	}{{5, 1, 1}, {5, 0, 0}, {1, 0.3, 0.3}} {
		if got, err := RepetitionError(c.n, c.eps); err != nil || got != c.want {
			t.Errorf("RepetitionError(%d, %v) = %v, %v; want %v", c.n, c.eps, got, err, c.want)
		}
	}
	if _, err := RepetitionError(1<<40+1, 0.1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("n = 2^40+1: %v", err)
	}
}
