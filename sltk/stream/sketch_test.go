package stream

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/sltk-book/sltk/sltk/synth"
)

func zipf(t testing.TB, n, length int, s float64, seed uint64) []uint64 {
	t.Helper()
	a, err := synth.ZipfStream{N: n, S: s, Len: length, Seed: seed}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Theorem 8.25: d_u ≤ d*_u always, and d*_u − d_u ≥ ε‖d‖₁ for at most a fraction δ of the
// (seed, element) pairs; depth 1 (SIMPLE SKETCH, Lemma 8.24) fails at most half the time.
func TestCountMinGuarantee(t *testing.T) {
	a := zipf(t, 5000, 20000, 0.8, 1)
	f := Frequencies(a)
	for _, c := range []struct {
		eps, delta float64
		depth      int
	}{{0.01, 0.05, 0}, {0.02, 0.5, 1}} {
		bad, total := 0, 0
		for seed := uint64(0); seed < 20; seed++ {
			cm, err := CountMin{Epsilon: c.eps, Delta: c.delta, Depth: c.depth, Seed: seed}.New()
			if c.depth == 1 {
				cm, err = CountMin{Width: int(math.Ceil(2 / c.eps)), Depth: 1, Seed: seed}.New()
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range a {
				cm.Update(x, 1)
			}
			for u, d := range f {
				e := cm.Estimate(u)
				if e < d {
					t.Fatalf("ε=%v seed %d: d*_%d = %d < d = %d", c.eps, seed, u, e, d)
				}
				if float64(e-d) >= c.eps*float64(len(a)) {
					bad++
				}
				total++
			}
		}
		if frac := float64(bad) / float64(total); frac > c.delta {
			t.Errorf("ε=%v: %.4f of the estimates off by ≥ ε‖d‖₁, want ≤ δ = %v", c.eps, frac, c.delta)
		}
	}
}

// Strict turnstile: deletions keep d*_u ≥ d_u; every row sums to ‖d‖₁ (a linear sketch);
// merging two halves equals the sketch of the whole.
func TestCountMinTurnstileMerge(t *testing.T) {
	whole, _ := CountMin{Width: 64, Depth: 4, Seed: 3}.New()
	left, _ := CountMin{Width: 64, Depth: 4, Seed: 3}.New()
	right, _ := CountMin{Width: 64, Depth: 4, Seed: 3}.New()
	d := map[uint64]int64{}
	for i := uint64(0); i < 3000; i++ {
		u, c := i%211, int64(i%5+1)
		half := left
		if i%2 == 1 {
			half = right
		}
		whole.Update(u, c)
		half.Update(u, c)
		d[u] += c
		if i%3 == 0 { // a deletion that keeps d_u ≥ 0
			whole.Update(u, -1)
			half.Update(u, -1)
			d[u]--
		}
	}
	if err := left.Merge(right); err != nil {
		t.Fatal(err)
	}
	var l1 int64
	for u, du := range d {
		l1 += du
		if e := whole.Estimate(u); e < du || e != left.Estimate(u) {
			t.Fatalf("u=%d: d=%d, whole %d, merged %d", u, du, e, left.Estimate(u))
		}
	}
	for j := 0; j < 4; j++ {
		row, _ := whole.Row(j)
		var s int64
		for _, v := range row {
			s += v
		}
		if s != l1 || whole.Total() != l1 {
			t.Errorf("row %d sums to %d, total %d, ‖d‖₁ = %d", j, s, whole.Total(), l1)
		}
	}
	other, _ := CountMin{Width: 64, Depth: 4, Seed: 4}.New()
	if err := left.Merge(other); !errors.Is(err, ErrParam) {
		t.Errorf("different seeds: err = %v, want ErrParam", err)
	}
	narrow, _ := CountMin{Width: 32, Depth: 4, Seed: 3}.New()
	if err := left.Merge(narrow); !errors.Is(err, ErrShape) {
		t.Errorf("different widths: err = %v, want ErrShape", err)
	}
}

// Theorem 8.28 on Zipf streams: every true heavy hitter is reported (recall 1, every seed);
// elements with d_u ≤ (τ − ε)‖d‖₁ are reported in at most a fraction δ of the runs.
func TestHeavyHitters(t *testing.T) {
	const tau, eps, delta, n = 0.02, 0.01, 0.05, 20000
	depth := int(math.Ceil(math.Log2(n / delta)))
	falseRuns := 0
	const runs = 20
	for seed := uint64(0); seed < runs; seed++ {
		a := zipf(t, 2000, n, 1.1, seed)
		hh, err := HeavyHitters{CountMin: CountMin{Width: int(2 / eps), Depth: depth, Seed: seed}, Tau: tau}.New()
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range a {
			if err := hh.Update(x, 1); err != nil {
				t.Fatal(err)
			}
		}
		got := hh.Items()
		f := Frequencies(a)
		for u, d := range f {
			if float64(d) >= tau*n && !slices.Contains(got, u) {
				t.Errorf("seed %d: heavy hitter %d (d = %d) missed", seed, u, d)
			}
		}
		for _, u := range got {
			if float64(f[u]) <= (tau-eps)*n {
				falseRuns++
				break
			}
		}
		if len(got) > int(1/(tau-eps)) {
			t.Errorf("seed %d: %d items reported, more than 1/(τ−ε)", seed, len(got))
		}
	}
	if float64(falseRuns)/runs > delta {
		t.Errorf("false heavy hitters in %d of %d runs, want ≤ δ", falseRuns, runs)
	}
	hh, _ := HeavyHitters{CountMin: CountMin{Width: 10, Depth: 2}, Tau: 0.1}.New()
	if err := hh.Update(1, 0); !errors.Is(err, ErrParam) {
		t.Errorf("c = 0: err = %v, want ErrParam (cash register)", err)
	}
	if _, err := (HeavyHitters{CountMin: CountMin{Width: 10, Depth: 2}, Tau: 1.5}).New(); !errors.Is(err, ErrParam) {
		t.Errorf("τ = 1.5: err = %v", err)
	}
	var z HHSketch
	if err := z.Update(1, 1); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero value: err = %v", err)
	}
}

func TestCountMinBadInput(t *testing.T) {
	for _, c := range []CountMin{{Epsilon: 0, Delta: 0.1}, {Epsilon: 0.1, Delta: 1}, {Epsilon: math.NaN(), Delta: 0.1},
		{Width: -1, Depth: 3}, {Width: 3, Depth: 0}} {
		if _, err := c.New(); !errors.Is(err, ErrParam) {
			t.Errorf("%+v: err = %v, want ErrParam", c, err)
		}
	}
	if _, err := (CountMin{Width: 1 << 20, Depth: 1 << 10}).New(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("2³⁰ cells: err = %v, want ErrTooLarge", err)
	}
	var z CMSketch
	z.Update(1, 1)
	if z.Estimate(1) != 0 {
		t.Error("zero sketch estimates non-zero")
	}
	if _, err := z.MarshalBinary(); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero sketch Marshal: err = %v", err)
	}
}

// Merging the heavy-hitter sketches of two halves of a Zipf stream loses no heavy hitter of
// the whole stream, and every reported element has d*_u ≥ τ‖d‖₁.
func TestHeavyHittersMerge(t *testing.T) {
	const tau = 0.02
	a := zipf(t, 2000, 20000, 1.1, 11)
	cfg := HeavyHitters{CountMin: CountMin{Width: 200, Depth: 12, Seed: 5}, Tau: tau}
	left, _ := cfg.New()
	right, _ := cfg.New()
	for i, x := range a {
		half := left
		if i%3 == 0 {
			half = right
		}
		if err := half.Update(x, 1); err != nil {
			t.Fatal(err)
		}
	}
	if err := left.Merge(right); err != nil {
		t.Fatal(err)
	}
	got := left.Items()
	for u, d := range Frequencies(a) {
		if float64(d) >= tau*float64(len(a)) && !slices.Contains(got, u) {
			t.Errorf("heavy hitter %d (d = %d) lost in the merge", u, d)
		}
	}
	for _, u := range got {
		if float64(left.Sketch().Estimate(u)) < tau*float64(len(a)) {
			t.Errorf("reported %d with estimate below τ‖d‖₁", u)
		}
	}
	other, _ := HeavyHitters{CountMin: cfg.CountMin, Tau: 0.05}.New()
	if err := left.Merge(other); !errors.Is(err, ErrParam) {
		t.Errorf("different τ: err = %v, want ErrParam", err)
	}
}
