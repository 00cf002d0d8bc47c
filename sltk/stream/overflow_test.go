package stream

import (
	"errors"
	"math"
	"math/big"
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
	s, _ := TugOfWar{K: 8, Seed: 3}.New()
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
	o, _ := TugOfWar{K: 8, Seed: 3}.New()
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
