package info

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// randomProb draws a probability vector of length n with a few repeated and tiny entries.
func randomProb(rng *rand.Rand, n int) []float64 {
	p := make([]float64, n)
	s := 0.0
	for i := range p {
		p[i] = math.Pow(rng.Float64(), 3)
		if i > 0 && rng.IntN(4) == 0 {
			p[i] = p[i-1]
		}
		s += p[i]
	}
	for i := range p {
		p[i] /= s
	}
	return p
}

// bestMeanLength finds the least Σ p_i l_i over all length vectors with l_i ≤ n−1 and Kraft
// sum ≤ 1, by enumerating them: the definition of an optimal prefix code.
func bestMeanLength(p []float64) float64 {
	n := len(p)
	l := make([]int, n)
	best := math.Inf(1)
	var rec func(i int, kraft float64)
	rec = func(i int, kraft float64) {
		if i == n {
			m := 0.0
			for j, x := range p {
				m += x * float64(l[j])
			}
			best = math.Min(best, m)
			return
		}
		for v := 1; v <= n-1; v++ {
			if k := kraft + math.Ldexp(1, -v); k <= 1 {
				l[i] = v
				rec(i+1, k)
			}
		}
	}
	rec(0, 0)
	return best
}

// Huffman's mean length equals the least mean length of all prefix codes (enumerated), lies
// in [H, H+1), and its lengths fill the Kraft inequality; Shannon's lengths satisfy Kraft and
// the same bracket but are never better.
func TestHuffmanOptimalAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 60; trial++ {
		n := 2 + trial%6
		p := randomProb(rng, n)
		l, err := HuffmanLengths(p)
		if err != nil {
			t.Fatal(err)
		}
		code, err := NewPrefixCode(l)
		if err != nil {
			t.Fatal(err)
		}
		mean, _ := code.MeanLength(p)
		if want := bestMeanLength(p); math.Abs(mean-want) > 1e-12 {
			t.Errorf("p = %v: Huffman mean %v, best prefix code %v", p, mean, want)
		}
		h, _ := EntropyBits(p)
		if mean < h-1e-12 || mean >= h+1 {
			t.Errorf("p = %v: mean %v not in [H, H+1) = [%v, %v)", p, mean, h, h+1)
		}
		if k, _ := KraftSum(l); k != 1 {
			t.Errorf("p = %v: Huffman Kraft sum %v, want 1", p, k)
		}
		sl, err := ShannonLengths(p)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := NewPrefixCode(sl)
		if err != nil {
			t.Fatal(err)
		}
		sm, _ := sc.MeanLength(p)
		if k, _ := KraftSum(sl); k > 1 || sm < mean-1e-12 || sm >= h+1 {
			t.Errorf("p = %v: Shannon Kraft %v, mean %v (Huffman %v, H %v)", p, k, sm, mean, h)
		}
	}
}

// Closed forms: dyadic p gives lengths log2 1/p_i for both codes and mean = H; the textbook
// example (0.25, 0.25, 0.2, 0.15, 0.15) has Huffman lengths (2, 2, 2, 3, 3), mean 2.3.
func TestHuffmanClosedForms(t *testing.T) {
	dy := []float64{0.5, 0.25, 0.125, 0.0625, 0.0625}
	for _, f := range []func([]float64) ([]int, error){HuffmanLengths, ShannonLengths} {
		if l, err := f(dy); err != nil || !slices.Equal(l, []int{1, 2, 3, 4, 4}) {
			t.Errorf("dyadic lengths %v, %v", l, err)
		}
	}
	l, _ := HuffmanLengths([]float64{0.25, 0.25, 0.2, 0.15, 0.15})
	if !slices.Equal(l, []int{2, 2, 2, 3, 3}) {
		t.Errorf("Cover–Thomas example: %v", l)
	}
	if l, _ := HuffmanLengths([]float64{1}); !slices.Equal(l, []int{0}) {
		t.Errorf("one symbol: %v", l)
	}
	code, _ := NewPrefixCode([]int{1, 2, 3, 3})
	if !slices.Equal(code.Words, []string{"0", "10", "110", "111"}) {
		t.Errorf("canonical code %v", code.Words)
	}
	if k, _ := KraftSum([]int{1, 2, 3, 3, 2000}); k != 1 {
		t.Errorf("Kraft sum with a length past 1100: %v", k)
	}
	if k, _ := KraftSum([]int{2, 2, 2}); k != 0.75 {
		t.Errorf("Kraft sum %v, want 0.75", k)
	}
}

// Canonical codes are prefix-free; encoding then decoding returns the message, also for an
// incomplete code (Kraft sum < 1), whose unused branches are decoding errors.
func TestPrefixCodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, lengths := range [][]int{{1, 2, 3, 3}, {2, 2, 3, 4, 4, 4}, {3, 1, 4, 2, 4}, {5, 5, 5}} {
		code, err := NewPrefixCode(lengths)
		if err != nil {
			t.Fatal(lengths, err)
		}
		for i, a := range code.Words {
			for j, b := range code.Words {
				if i != j && strings.HasPrefix(b, a) {
					t.Errorf("%v: %q is a prefix of %q", lengths, a, b)
				}
			}
		}
		msg := make([]int, 200)
		for i := range msg {
			msg[i] = rng.IntN(len(lengths))
		}
		data, nbits, err := code.Encode(msg)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, s := range msg {
			want += lengths[s]
		}
		back, err := code.Decode(data, nbits)
		if err != nil || nbits != want || !slices.Equal(back, msg) {
			t.Errorf("%v: %d bits (want %d), round trip %v", lengths, nbits, want, err)
		}
	}
	code, _ := NewPrefixCode([]int{2, 2, 2}) // "11" is unused
	if _, err := code.Decode([]byte{0xC0}, 2); !errors.Is(err, ErrParam) {
		t.Errorf("unused branch: %v", err)
	}
	if _, err := code.Decode([]byte{0x00}, 3); !errors.Is(err, ErrParam) {
		t.Errorf("bits ending inside a codeword: %v", err)
	}
}

// Bad input: lengths that violate Kraft, zero probabilities for Shannon lengths, symbols out
// of range, a zero code, and the size limits.
func TestPrefixCodeErrors(t *testing.T) {
	for _, c := range []struct {
		err  error
		want error
	}{
		{second(NewPrefixCode([]int{1, 1, 2})), ErrParam},
		{second(NewPrefixCode([]int{0, 1})), ErrParam},
		{second(NewPrefixCode(nil)), ErrEmpty},
		{second(NewPrefixCode([]int{MaxCodeBits, 1})), ErrTooLarge},
		{second(NewPrefixCode(make([]int, MaxSymbols+1))), ErrTooLarge},
		{second(ShannonLengths([]float64{0.5, 0.5, 0})), ErrProb},
		{second(HuffmanLengths([]float64{0.5, math.NaN()})), ErrNotFinite},
		{second(KraftSum([]int{1, -1})), ErrParam},
		{second((&PrefixCode{}).MeanLength([]float64{1})), ErrNotFitted},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("got %v, want %v", c.err, c.want)
		}
	}
	code, _ := NewPrefixCode([]int{1, 1})
	if _, _, err := code.Encode([]int{0, 2}); err == nil || !strings.Contains(err.Error(), "symbols[1] = 2") {
		t.Errorf("symbol out of range: %v", err)
	}
	if _, err := code.Decode([]byte{0}, 9); !errors.Is(err, ErrShape) {
		t.Errorf("nbits beyond the data: %v", err)
	}
}

// SourceTypicalSet agrees with enumerating every string for small n, and with the
// independent O(n) sum of BernoulliTypicalSet for two symbols.
func TestSourceTypicalSet(t *testing.T) {
	p := []float64{0.5, 0.3, 0.2}
	h, _ := EntropyBits(p)
	for _, n := range []int{1, 4, 7} {
		for _, eps := range []float64{0.05, 0.2, 0.6} {
			size, prob := 0, 0.0
			x := make([]int, n)
			for idx := 0; idx < int(math.Pow(3, float64(n))); idx++ {
				v, lp := idx, 0.0
				for i := range x {
					x[i], v = v%3, v/3
					lp += math.Log2(p[x[i]])
				}
				if math.Abs(-lp/float64(n)-h) <= eps {
					size++
					prob += math.Exp2(lp)
				}
			}
			ts, err := SourceTypicalSet(p, n, eps)
			if size == 0 {
				if !errors.Is(err, errs.ErrNoSolution) {
					t.Errorf("n = %d, ε = %v: empty set gave %v", n, eps, err)
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := math.Round(math.Exp2(ts.Log2Size)); int(got) != size || math.Abs(ts.Prob-prob) > 1e-12 {
				t.Errorf("n = %d, ε = %v: |A| = %v, P = %v; enumeration %d, %v", n, eps, got, ts.Prob, size, prob)
			}
		}
	}
	for _, n := range []int{10, 100, 1000} {
		b, _ := BernoulliTypicalSet(0.3, n, 0.1)
		s, err := SourceTypicalSet([]float64{0.3, 0.7}, n, 0.1)
		if err != nil || math.Abs(b.Prob-s.Prob) > 1e-9 || math.Abs(b.Log2Size-s.Log2Size) > 1e-9*float64(n) {
			t.Errorf("n = %d: Bernoulli %+v, source %+v, %v", n, b, s, err)
		}
	}
	if _, err := BernoulliTypicalSet(0.3, 1, 0.05); !errors.Is(err, errs.ErrNoSolution) {
		t.Errorf("empty Bernoulli typical set (log2 size was −Inf): %v", err)
	}
	if _, err := SourceTypicalSet(p, 10, 0); !errors.Is(err, ErrParam) {
		t.Errorf("eps = 0: %v", err)
	}
}

// The binary erasure channel has capacity 1 − ε and the Z-channel the maximum of
// h(π(1−s)) − π h(s) over π (Blahut–Arimoto against the closed form and a search); a cascade
// is the matrix product and obeys the data-processing inequality.
func TestBECAndCascade(t *testing.T) {
	for _, e := range []float64{0, 0.2, 0.7, 1} {
		ch, err := BEC(e)
		if err != nil {
			t.Fatal(err)
		}
		r, err := BlahutArimoto{}.Run(ch)
		if err != nil || math.Abs(r.Bits-(1-e)) > 1e-10 {
			t.Errorf("BEC(%v): %v, %v", e, r, err)
		}
	}
	b1, _ := BSC(0.1)
	b2, _ := BSC(0.2)
	c, err := Cascade(b1, b2)
	if err != nil {
		t.Fatal(err)
	}
	want := 0.1*0.8 + 0.9*0.2 // two flips cancel
	if math.Abs(c.W.At(0, 1)-want) > 1e-15 {
		t.Errorf("cascade crossover %v, want %v", c.W.At(0, 1), want)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20 {
		w1, w2 := randomStochastic(rng, 3, 4), randomStochastic(rng, 4, 2)
		first, _ := NewChannel(w1)
		second, _ := NewChannel(w2)
		both, _ := Cascade(first, second)
		p := randomProb(rng, 3)
		ixy, _ := first.MutualInformation(p)
		ixz, _ := both.MutualInformation(p)
		if ixz > ixy+1e-12 {
			t.Errorf("I(X;Z) = %v > I(X;Y) = %v", ixz, ixy)
		}
	}
	if _, err := Cascade(b1, typewriter3()); !errors.Is(err, ErrShape) {
		t.Errorf("mismatched cascade: %v", err)
	}
	for _, z := range []float64{0, 0.1, 0.5, 0.9} { // against a fine search over P(X = 1)
		ch, _ := ZChannel(z)
		r, _ := BlahutArimoto{}.Run(ch)
		best := 0.0
		for i := 0; i <= 100000; i++ {
			pi := float64(i) / 100000
			best = math.Max(best, binaryEntropy(pi*(1-z))-pi*binaryEntropy(z))
		}
		if math.Abs(r.Bits-best) > 1e-8 {
			t.Errorf("Z(%v): Blahut–Arimoto %v, search %v", z, r.Bits, best)
		}
	}
	if _, err := ZChannel(-0.1); !errors.Is(err, ErrParam) {
		t.Errorf("ZChannel(−0.1): %v", err)
	}
	if _, err := BEC(1.5); !errors.Is(err, ErrParam) {
		t.Errorf("BEC(1.5): %v", err)
	}
}

func typewriter3() *Channel {
	ch, _ := NoisyTypewriter(3, 0.1)
	return ch
}

func randomStochastic(rng *rand.Rand, r, c int) *mat.Dense {
	w := mat.NewDense(r, c, nil)
	for i := 0; i < r; i++ {
		w.SetRow(i, randomProb(rng, c))
	}
	return w
}

// ReadLetters folds case, turns runs of other bytes into one space and trims; the pair
// distribution's margins are the frequencies without the last or the first symbol.
func TestReadLetters(t *testing.T) {
	tx, err := ReadLetters(strings.NewReader("  Ab, c!\n\nÉd  "))
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for _, s := range tx.Symbols {
		got.WriteByte(Alphabet[s])
	}
	if got.String() != "ab c d" {
		t.Errorf("reduced text %q, want %q", got.String(), "ab c d")
	}
	f, _ := tx.Frequencies()
	if f[26] != 2.0/6 || f[0] != 1.0/6 {
		t.Errorf("frequencies %v", f)
	}
	j, _ := tx.Pairs()
	if j.At(0, 1) != 0.2 || j.At(26, 2) != 0.2 || mat.Sum(j) != 1 {
		t.Errorf("pairs: ab %v, ' c' %v, sum %v", j.At(0, 1), j.At(26, 2), mat.Sum(j))
	}
	for _, c := range []struct {
		err  error
		want error
	}{
		{second(ReadLetters(strings.NewReader("1, 2; 3."))), ErrEmpty},
		{second(ReadLetters(nil)), ErrEmpty},
		{second(LoadLetters("/nonexistent/file")), errs.ErrIO},
		{second((&Text{Symbols: []int{0}}).Pairs()), ErrEmpty},
		{second((&Text{Symbols: []int{27}}).Frequencies()), errs.ErrLabel},
		{second((*Text)(nil).Frequencies()), ErrNotFitted},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("got %v, want %v", c.err, c.want)
		}
	}
}

// Marginals are the row and column sums, and bad joints are refused like everywhere else.
func TestMarginals(t *testing.T) {
	px, py, err := Marginals(mat.NewDense(2, 3, []float64{0.1, 0.2, 0.3, 0.25, 0.125, 0.025}))
	if err != nil || math.Abs(px[0]-0.6) > 1e-15 || math.Abs(py[2]-0.325) > 1e-15 {
		t.Errorf("margins %v %v, %v", px, py, err)
	}
	if _, _, err := Marginals(mat.NewDense(1, 2, []float64{0.5, 0.6})); !errors.Is(err, ErrProb) {
		t.Errorf("joint summing to 1.1: %v", err)
	}
}
