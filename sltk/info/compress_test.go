package info

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestSmallestProbableSetTable(t *testing.T) {
	want := []struct {
		n    int
		size int64
		bits int
	}{{1, 5, 3}, {2, 28, 5}, {3, 167, 8}, {4, 964, 10}, {5, 5636, 13}, {6, 32826, 16},
		{7, 188855, 18}, {8, 1090962, 21}, {9, 6253716, 23}, {10, 35793300, 26}}
	for _, w := range want {
		s, err := SmallestProbableSet(eight, w.n, 0.1)
		if err != nil {
			t.Fatal(err)
		}
		if s.Size.Int64() != w.size || s.Bits != w.bits {
			t.Errorf("n=%d: |S| = %v, s = %d; want %d, %d", w.n, s.Size, s.Bits, w.size, w.bits)
		}
		if s.Mass < 0.9 {
			t.Errorf("n=%d: mass %v < 0.9", w.n, s.Mass)
		}
	}
	s, _ := SmallestProbableSet(eight, 20, 0.1)
	near(t, "log2|S(20)|", s.Log2Size, 50.053, 1e-3)
	if s.Bits != 51 {
		t.Errorf("s(20) = %d, want 51", s.Bits)
	}
	s, _ = SmallestProbableSet(eight, 1, 5.0/32)
	if s.Size.Int64() != 4 {
		t.Errorf("|S_{5/32}(1)| = %v, want 4", s.Size)
	}
}

func TestTypicalSetMass(t *testing.T) {
	want := map[[2]float64]float64{
		{10, 0.1}: 0.196889, {10, 0.25}: 0.457920, {10, 0.5}: 0.788779,
		{50, 0.25}: 0.841090, {100, 0.1}: 0.573956, {100, 0.5}: 0.999918,
	}
	v, _ := InformationVariance(eight)
	for k, w := range want {
		m, err := TypicalSetMass(eight, int(k[0]), k[1])
		if err != nil {
			t.Fatal(err)
		}
		near(t, fmt.Sprintf("P(T_%v(%v))", k[1], k[0]), m, w, 1e-6)
		if lb := 1 - v/(k[0]*k[1]*k[1]); m < lb {
			t.Errorf("Chebyshev bound violated: %v < %v", m, lb)
		}
	}
}

func TestLossyCode(t *testing.T) {
	c, err := NewLossyCode(eight, 1, 5.0/32)
	if err != nil {
		t.Fatal(err)
	}
	if c.Bits != 2 || c.SetSize != 4 || math.Abs(c.Loss-5.0/32) > 1e-15 {
		t.Errorf("length 1: bits %d, |S| %d, loss %v; want 2, 4, 5/32", c.Bits, c.SetSize, c.Loss)
	}
	c, err = NewLossyCode(eight, 2, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Bits != 5 || c.SetSize != 28 || math.Abs(c.SetMass-231.0/256) > 1e-15 || c.Rate() != 2.5 {
		t.Errorf("length 2: bits %d, |S| %d, mass %v", c.Bits, c.SetSize, c.SetMass)
	}
	const a, b, cc, g, h = 0, 1, 2, 6, 7
	for _, w := range []struct {
		x    []int
		code uint64
	}{{[]int{a, a}, 0}, {[]int{a, b}, 1}, {[]int{b, a}, 2}, {[]int{g, b}, 26}, {[]int{h, b}, 27}, {[]int{cc, cc}, 28}} {
		got, err := c.Encode(w.x)
		if err != nil || got != w.code {
			t.Errorf("com(%v) = %d, %v; want %d", w.x, got, err, w.code)
		}
		back, _ := c.Decode(got)
		if back[0] != w.x[0] || back[1] != w.x[1] {
			t.Errorf("dec(com(%v)) = %v", w.x, back)
		}
	}
	if c.Loss > 0.1 {
		t.Errorf("loss %v > ε", c.Loss)
	}
	if _, err := c.Encode([]int{0, 9}); !errors.Is(err, ErrParam) {
		t.Errorf("bad symbol: %v", err)
	}
	if _, err := NewLossyCode(eight, 9, 0.1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("8^9 strings: %v", err)
	}
}

func ExampleSmallestProbableSet() {
	p := []float64{3. / 8, 5. / 16, 3. / 32, 1. / 16, 1. / 16, 1. / 32, 1. / 32, 1. / 32}
	for _, n := range []int{1, 2, 10} {
		s, _ := SmallestProbableSet(p, n, 0.1)
		fmt.Printf("n=%d |S|=%v s=%d rate=%.2f\n", n, s.Size, s.Bits, s.Rate)
	}
	// Output:
	// n=1 |S|=5 s=3 rate=3.00
	// n=2 |S|=28 s=5 rate=2.50
	// n=10 |S|=35793300 s=26 rate=2.60
}

func BenchmarkSmallestProbableSet60(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SmallestProbableSet(eight, 60, 0.1); err != nil {
			b.Fatal(err)
		}
	}
}

func TestMostProbableMass(t *testing.T) {
	m, err := MostProbableMass(eight, 1, 2) // 4 codewords: a, b, c, d
	if err != nil {
		t.Fatal(err)
	}
	near(t, "mass of 4 best letters", m, 27.0/32, 1e-15)
	m, _ = MostProbableMass(eight, 2, 5)
	near(t, "mass of 32 best pairs", m, (924.0+9+6+6+6)/1024, 1e-15) // 28 + cc + three of cd, dc, ce, ec
	all, _ := MostProbableMass(eight, 3, 9)
	near(t, "all strings", all, 1, 1e-12)
	if _, err := MostProbableMass(eight, 2, -1); !errors.Is(err, ErrParam) {
		t.Errorf("negative bits: %v", err)
	}
}
