package stream

import (
	"errors"
	"math"
	"math/big"
	"slices"
	"testing"
)

func TestSizeTables(t *testing.T) {
	for eps, want := range map[float64]int{0.5: 96, 0.2: 600, 0.1: 2400, 0.05: 9600} {
		if got, _ := CountSize(eps); got != want {
			t.Errorf("CountSize(%v) = %d, want %d", eps, got, want)
		}
	}
	for delta, want := range map[float64]int{0.1: 13, 0.05: 16, 0.01: 22, 0.001: 31} {
		if got, _ := MCountCopies(delta); got != want {
			t.Errorf("MCountCopies(%v) = %d, want %d", delta, got, want)
		}
	}
	for _, c := range []struct {
		eps, delta float64
		k          int
	}{{0.1, 0.1, 2000}, {0.2, 0.1, 500}, {0.1, 0.01, 20000}, {0.5, 0.25, 32}} {
		if got, _ := AvgToWSize(c.eps, c.delta); got != c.k {
			t.Errorf("AvgToWSize(%v, %v) = %d, want %d", c.eps, c.delta, got, c.k)
		}
	}
	for _, c := range []struct {
		eps, delta float64
		k, l       int
	}{{0.01, 0.01, 200, 7}, {0.001, 0.001, 2000, 10}, {0.1, 0.1, 20, 4}} {
		if k, l, _ := CountMinSize(c.eps, c.delta); k != c.k || l != c.l {
			t.Errorf("CountMinSize(%v, %v) = (%d, %d), want (%d, %d)", c.eps, c.delta, k, l, c.k, c.l)
		}
	}
}

// Fewer than t distinct elements: COUNT returns the exact number (its hash is injective on
// small sets with overwhelming probability).
func TestCountExactBelowT(t *testing.T) {
	s, err := Count{Epsilon: 0.5, Seed: 1}.New() // t = 96
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := s.Estimate(); m != 0 {
		t.Errorf("empty stream: %v, want 0", m)
	}
	for rep := 0; rep < 3; rep++ {
		for x := uint64(0); x < 95; x++ {
			s.Update(x * x)
		}
	}
	if m, _ := s.Estimate(); m != 95 {
		t.Errorf("95 distinct elements seen 3 times: estimate %v, want 95", m)
	}
}

// failures counts the seeds 0, …, runs−1 whose run fails: the empirical failure rate of a
// randomised guarantee is failures/runs.
func failures(runs int, fail func(seed uint64) bool) int {
	n := 0
	for s := range uint64(runs) {
		if fail(s) {
			n++
		}
	}
	return n
}

// The guarantee of COUNT(ε): within (1 ± ε)m in at least 3/4 of the runs; MCOUNT with δ:
// within (1 ± ε)m in at least 1 − δ of the runs.
func TestCountAndMCountGuarantees(t *testing.T) {
	const m, eps, runs = 3000, 0.2, 200
	ok := runs - failures(runs, func(s uint64) bool {
		c, _ := Count{Epsilon: eps, Seed: s}.New()
		for x := uint64(0); x < m; x++ {
			c.Update(x*2654435761 + 17)
			c.Update(x*2654435761 + 17) // duplicates do not count
		}
		est, _ := c.Estimate()
		return !(math.Abs(est-m) <= eps*m)
	})
	if float64(ok)/runs < 0.75 {
		t.Errorf("COUNT(%v): %d of %d runs within ±εm, want ≥ 3/4", eps, ok, runs)
	}
	const delta, mruns = 0.1, 60
	fails := failures(mruns, func(s uint64) bool {
		c, _ := MCount{Epsilon: 0.3, Delta: delta, Seed: 1000 * s}.New()
		for x := uint64(0); x < m; x++ {
			c.Update(x)
		}
		est, _ := c.Estimate()
		return math.Abs(est-m) > 0.3*m
	})
	if float64(fails)/mruns > delta {
		t.Errorf("MCOUNT: %d of %d runs outside ±εm, want ≤ δ = %v", fails, mruns, delta)
	}
}

// Merging the sketches of two halves gives the sketch of the whole stream.
func TestKMVMerge(t *testing.T) {
	a, _ := Count{T: 100, Seed: 9}.New()
	b, _ := Count{T: 100, Seed: 9}.New()
	whole, _ := Count{T: 100, Seed: 9}.New()
	for x := uint64(0); x < 5000; x++ {
		if x%3 == 0 {
			a.Update(x)
		} else {
			b.Update(x)
		}
		whole.Update(x)
	}
	if err := a.Merge(b); err != nil {
		t.Fatal(err)
	}
	ea, _ := a.Estimate()
	ew, _ := whole.Estimate()
	if ea != ew {
		t.Errorf("merged estimate %v, whole-stream estimate %v", ea, ew)
	}
	other, _ := Count{T: 100, Seed: 10}.New()
	if err := a.Merge(other); !errors.Is(err, ErrParam) {
		t.Errorf("different seeds: err = %v, want ErrParam", err)
	}
	small, _ := Count{T: 50, Seed: 9}.New()
	if err := a.Merge(small); !errors.Is(err, ErrShape) {
		t.Errorf("different t: err = %v, want ErrShape", err)
	}
	m1, _ := MCount{T: 50, MedianK: 3, Seed: 1}.New()
	m2, _ := MCount{T: 50, MedianK: 2, Seed: 1}.New()
	if err := m1.Merge(m2); !errors.Is(err, ErrShape) {
		t.Errorf("MCOUNT copies differ: err = %v, want ErrShape", err)
	}
}

// Theorem 8.17: ⌈log₂ Σ_{i<n} C(N, i)⌉ ≥ min{N, n} for N ≥ 3, n ≥ 2.
func TestExactCountBits(t *testing.T) {
	for N := 3; N < 40; N++ {
		for n := 2; n < 80; n++ {
			b, err := ExactCountBits(N, n)
			if err != nil {
				t.Fatal(err)
			}
			if b < min(N, n) {
				t.Errorf("N=%d n=%d: %d bits < min(N,n)", N, n, b)
			}
		}
	}
	if b, _ := ExactCountBits(10, 20); b != 10 { // s = 2¹⁰ − 1 → 10 bits
		t.Errorf("N=10, n=20: %d bits, want 10", b)
	}
	if _, err := ExactCountBits(0, 3); !errors.Is(err, ErrParam) {
		t.Errorf("N = 0: err = %v", err)
	}
	if _, err := ExactCountBits(20000, 3); !errors.Is(err, ErrTooLarge) {
		t.Errorf("N = 20000: err = %v", err)
	}
}

// E(min S) = (N+1)/(m+1), against the exact sum Σ_j Pr(min S ≥ j) = Σ_j C(N−j+1, m)/C(N, m).
func TestExpectedMinimum(t *testing.T) {
	for _, c := range [][2]int{{10, 1}, {10, 3}, {50, 7}, {30, 30}} {
		N, m := c[0], c[1]
		sum := new(big.Rat)
		den := new(big.Int).Binomial(int64(N), int64(m))
		for j := 1; j <= N; j++ {
			sum.Add(sum, new(big.Rat).SetFrac(new(big.Int).Binomial(int64(N-j+1), int64(m)), den))
		}
		want, _ := sum.Float64()
		if got, _ := ExpectedMinimum(N, m); math.Abs(got-want) > 1e-12 {
			t.Errorf("N=%d m=%d: %v, want %v", N, m, got, want)
		}
	}
}

func TestDistinctBadInput(t *testing.T) {
	for _, eps := range []float64{0, 1, -0.5, 1.5, math.NaN()} {
		if _, err := (Count{Epsilon: eps}).New(); !errors.Is(err, ErrParam) {
			t.Errorf("ε = %v: err = %v, want ErrParam", eps, err)
		}
		if _, err := (MCount{Epsilon: 0.1, Delta: eps}).New(); !errors.Is(err, ErrParam) {
			t.Errorf("δ = %v: err = %v, want ErrParam", eps, err)
		}
	}
	if _, err := (Count{Epsilon: 1e-4}).New(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("ε = 1e-4: err = %v, want ErrTooLarge", err)
	}
	var z KMV
	if _, err := z.Estimate(); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero KMV: err = %v", err)
	}
	var zm MedianKMV
	if _, err := zm.Estimate(); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero MedianKMV: err = %v", err)
	}
	z.Update(3) // no panic
}

// The corrected INSERT keeps exactly the t smallest distinct hash values, sorted: the same
// list as sorting all hash values and dropping duplicates.
func TestKMVKeepsSmallestDistinct(t *testing.T) {
	s, _ := Count{T: 50, Seed: 4}.New()
	var all []uint64
	for i := uint64(0); i < 3000; i++ {
		x := i * i % 997 // many repeats
		s.Update(x)
		all = append(all, s.h.Hash(x)>>2+1)
	}
	slices.Sort(all)
	all = slices.Compact(all)
	if !slices.Equal(s.x, all[:50]) {
		t.Errorf("kept %v…, want the 50 smallest distinct values %v…", s.x[:3], all[:3])
	}
}
