package stream

import (
	"errors"
	"math"
	"math/big"
	"slices"
	"testing"
)

// Counters never wrap. Count-Min: an update that would push a counter or the total past int64
// is refused and changes nothing, so the estimate stays ≥ the true count (before the fix two
// updates of 2⁶² + 2⁶² wrapped the counter and Estimate returned −2⁶³). The reference is the
// exact count kept in big.Int.
func TestCountMinNoWrap(t *testing.T) {
	cm, _ := CountMin{Width: 4, Depth: 3, Seed: 1}.New()
	exact := new(big.Int)
	for i, c := range []int64{1 << 62, 1 << 62, 1 << 62, math.MaxInt64, 5} {
		before := cm.Estimate(7)
		err := cm.Update(7, c)
		next := new(big.Int).Add(exact, big.NewInt(c))
		if next.IsInt64() {
			if err != nil {
				t.Fatalf("update %d (c = %d): %v", i, c, err)
			}
			exact = next
		} else {
			if !errors.Is(err, ErrTooLarge) {
				t.Fatalf("update %d (c = %d) overflows, err = %v", i, c, err)
			}
			if cm.Estimate(7) != before {
				t.Fatalf("refused update %d changed the estimate", i)
			}
		}
		if big.NewInt(cm.Estimate(7)).Cmp(exact) < 0 || cm.Total() != exact.Int64() {
			t.Fatalf("after update %d: estimate %d, total %d, exact %v", i, cm.Estimate(7), cm.Total(), exact)
		}
		checkCMInvariants(t, cm)
	}
	// Turnstile: total 0 but counters at ±2⁶³−1; one more +1 on the positive key must fail in
	// some row and leave every row as it was.
	tw, _ := CountMin{Width: 64, Depth: 4, Seed: 2}.New()
	if tw.Update(1, math.MaxInt64) != nil || tw.Update(2, -math.MaxInt64) != nil {
		t.Fatal("turnstile setup")
	}
	rows := snapshotRows(tw)
	if err := tw.Update(1, 1); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("counter past MaxInt64: err = %v", err)
	}
	if !equalRows(rows, snapshotRows(tw)) {
		t.Fatal("refused update left partial changes")
	}
	other, _ := CountMin{Width: 64, Depth: 4, Seed: 2}.New()
	_ = other.Update(1, 1)
	if err := tw.Merge(other); !errors.Is(err, ErrTooLarge) || !equalRows(rows, snapshotRows(tw)) {
		t.Fatalf("overflowing merge: err = %v", err)
	}
	hh, _ := HeavyHitters{CountMin: CountMin{Width: 8, Depth: 2}, Tau: 0.5}.New()
	if hh.Update(3, math.MaxInt64) != nil || !errors.Is(hh.Update(3, 1), ErrTooLarge) || hh.Sketch().Estimate(3) != math.MaxInt64 {
		t.Fatal("HHSketch.Update past MaxInt64 not refused")
	}
}

// Tug-of-War: the same refusal; the reference is the sum of c·hᵢ(a) in big.Int.
func TestToWNoWrap(t *testing.T) {
	s, _ := TugOfWar{Copies: 8, Seed: 3}.New()
	exact := make([]*big.Int, 8)
	for i := range exact {
		exact[i] = new(big.Int)
	}
	sign := func(i int, a uint64) int64 {
		a2, a3 := powers(a)
		return int64(s.sign[i].bit(a, a2, a3))*2 - 1
	}
	ups := []struct {
		a uint64
		c int64
	}{{1, 1 << 62}, {1, 1 << 62}, {2, math.MinInt64}, {1, math.MaxInt64}, {2, math.MinInt64}, {3, -5}, {3, math.MinInt64}}
	for n, u := range ups {
		next := make([]*big.Int, 8)
		fits := true
		for i := range next {
			next[i] = new(big.Int).Add(exact[i], new(big.Int).Mul(big.NewInt(u.c), big.NewInt(sign(i, u.a))))
			fits = fits && next[i].IsInt64()
		}
		err := s.UpdateCount(u.a, u.c)
		if fits != (err == nil) || (!fits && !errors.Is(err, ErrTooLarge)) {
			t.Fatalf("update %d (%d, %d): fits = %v, err = %v", n, u.a, u.c, fits, err)
		}
		if fits {
			exact = next
		}
		for i, x := range s.Counters() {
			if big.NewInt(x).Cmp(exact[i]) != 0 {
				t.Fatalf("after update %d: counter %d = %d, exact %v", n, i, x, exact[i])
			}
		}
	}
	o, _ := TugOfWar{Copies: 8, Seed: 3}.New()
	_ = o.UpdateCount(1, math.MaxInt64)
	before := append([]int64(nil), s.Counters()...)
	if err := s.Merge(o); err != nil {
		for i, x := range s.Counters() {
			if x != before[i] {
				t.Fatal("refused merge changed a counter")
			}
		}
		if !errors.Is(err, ErrTooLarge) {
			t.Fatalf("merge: %v", err)
		}
	}
}

func snapshotRows(s *CMSketch) [][]int64 {
	var out [][]int64
	for j := 0; j < s.Depth(); j++ {
		r, _ := s.Row(j)
		out = append(out, append([]int64(nil), r...))
	}
	return out
}

func equalRows(a, b [][]int64) bool {
	for j := range a {
		for i := range a[j] {
			if a[j][i] != b[j][i] {
				return false
			}
		}
	}
	return len(a) == len(b)
}

// checkCMInvariants checks with big.Int that every row sums to Total.
func checkCMInvariants(t testing.TB, s *CMSketch) {
	t.Helper()
	for j := 0; j < s.Depth(); j++ {
		r, _ := s.Row(j)
		sum := new(big.Int)
		for _, v := range r {
			sum.Add(sum, big.NewInt(v))
		}
		if sum.Cmp(big.NewInt(s.Total())) != 0 {
			t.Fatalf("row %d sums to %v, Total %d", j, sum, s.Total())
		}
	}
}

// Item counts saturate at 2⁶³ − 1 instead of wrapping (before the fix the next Update after
// 2⁶³ − 1 items made n negative and rand.Int64N panicked), the skip-ahead index saturates
// too, and a merge whose counts overflow is ErrTooLarge with nothing changed.
func TestStreamCountsSaturate(t *testing.T) {
	r, _ := NewReservoir[int](2, 1)
	sk, _ := NewSkipReservoir[int](2, 1)
	w, _ := NewWeightedReservoir[int](2, 1)
	a, _ := AMS{Order: 2, Seed: 1}.New()
	for i := range 3 {
		r.Update(i)
		sk.Update(i)
		_ = w.Update(i, 1)
		a.Update(7)
	}
	r.n, sk.n, w.n, a.n, a.r = math.MaxInt64-1, math.MaxInt64-1, math.MaxInt64-1, math.MaxInt64-1, math.MaxInt64-1
	sk.next = math.MaxInt64
	for i := range 3 {
		r.Update(10 + i)
		sk.Update(10 + i)
		_ = w.Update(10+i, 1)
		a.Update(7)
	}
	if r.Seen() != math.MaxInt64 || sk.Seen() != math.MaxInt64 || w.Seen() != math.MaxInt64 || a.n != math.MaxInt64 || a.r > math.MaxInt64 || a.r < 0 {
		t.Errorf("counts: %d %d %d %d %d", r.Seen(), sk.Seen(), w.Seen(), a.n, a.r)
	}
	sk.n = math.MaxInt64 - 5
	sk.w = 1e-300 // a gap of about 10³⁰⁰ items
	sk.skip()
	if sk.next != math.MaxInt64 {
		t.Errorf("skip from n = 2⁶³ − 6: next = %d, want 2⁶³ − 1", sk.next)
	}
	o, _ := NewReservoir[int](2, 2)
	o.Update(1)
	o.Update(2)
	o.n = 10
	before := append([]int(nil), r.sample...)
	if err := r.Merge(o); !errors.Is(err, ErrTooLarge) || r.Seen() != math.MaxInt64 || !slices.Equal(before, r.sample) {
		t.Errorf("overflowing merge: %v", err)
	}
}
