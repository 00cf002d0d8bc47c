package stream

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// bottomKOf samples the records (items[i], ids[i]) in order with one sample.
func bottomKOf(t *testing.T, c BottomK, items, ids []uint64) *BottomKSample {
	t.Helper()
	s, err := c.New()
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range items {
		s.Update(x, ids[i])
	}
	return s
}

// sameSample reports whether a and b hold the same records in the same order and saw as many.
func sameSample(a, b *BottomKSample) bool {
	return a.n == b.n && slices.Equal(a.ids, b.ids) && slices.Equal(a.x, b.x) && slices.Equal(a.prio, b.prio)
}

// The sample of a stream cut into random parts, each part in a random order, the part samples
// merged in a random order (partly through their binary form, as workers would ship them), is
// the single-stream sample exactly: the same records, the same order, the same count. The
// oracle is the definition: the K records of smallest (priority, id) over the whole stream.
func TestBottomKMergeAnyPartition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := range 200 {
		n, k := rng.IntN(300), 1+rng.IntN(20)
		c := BottomK{K: k, Seed: rng.Uint64()}
		items, ids := make([]uint64, n), make([]uint64, n)
		for i := range n {
			items[i], ids[i] = uint64(rng.IntN(10)), uint64(i)*7+1 // repeated items, distinct ids
		}
		whole := bottomKOf(t, c, items, ids)
		order := rng.Perm(n) // the definition: sort all records by (priority, id)
		slices.SortFunc(order, func(i, j int) int {
			pi, pj := whole.priority(ids[i]), whole.priority(ids[j])
			if less(pi, ids[i], pj, ids[j]) {
				return -1
			}
			return 1
		})
		var want []uint64
		for _, i := range order[:min(n, k)] {
			want = append(want, ids[i])
		}
		if !slices.Equal(whole.IDs(), want) {
			t.Fatalf("trial %d: sample ids %v, want the %d smallest priorities %v", trial, whole.IDs(), k, want)
		}
		parts := 1 + rng.IntN(6)
		pi, pid := make([][]uint64, parts), make([][]uint64, parts)
		for _, i := range rng.Perm(n) {
			p := rng.IntN(parts)
			pi[p], pid[p] = append(pi[p], items[i]), append(pid[p], ids[i])
		}
		samples := make([]*BottomKSample, parts)
		for p := range parts {
			samples[p] = bottomKOf(t, c, pi[p], pid[p])
			if rng.IntN(2) == 0 { // through the wire
				b, err := samples[p].MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				samples[p] = new(BottomKSample)
				if err := samples[p].UnmarshalBinary(b); err != nil {
					t.Fatal(err)
				}
			}
		}
		for len(samples) > 1 { // merge two random parts until one is left
			i, j := rng.IntN(len(samples)), rng.IntN(len(samples)-1)
			if j >= i {
				j++
			}
			if err := samples[i].Merge(samples[j]); err != nil {
				t.Fatal(err)
			}
			samples = slices.Delete(samples, j, j+1)
		}
		if !sameSample(samples[0], whole) {
			t.Fatalf("trial %d (n %d, K %d, %d parts): merged ids %v, single-stream %v", trial, n, k, parts, samples[0].IDs(), whole.IDs())
		}
	}
}

// Uniformity over seeds: with n = 20 records and K = 5 each record is in the sample with
// probability 1/4, and with n = 6, K = 2 each of the 15 pairs with probability 1/15. Chi-square
// tests of the inclusion and pair frequencies over 20000 and 30000 seeds (19 and 14 degrees of
// freedom, critical values 43.82 and 36.12 at level 0.001), for consecutive ids (the positions of
// a stream, the case a weak hash would fail) and for spread ones (byte offsets). A sample that
// favoured early, late, even or odd ids fails them.
func TestBottomKUniform(t *testing.T) {
	for _, id := range []func(i int) uint64{
		func(i int) uint64 { return uint64(i) },
		func(i int) uint64 { return uint64(i)*37 + 1<<40 },
	} {
		incl := make([]int, 20)
		for seed := range uint64(20000) {
			s, _ := BottomK{K: 5, Seed: seed}.New()
			for i := range 20 {
				s.Update(uint64(i), id(i))
			}
			x, _ := s.Sample()
			for _, i := range x {
				incl[i]++
			}
		}
		if c := chiSquare(incl, 20000*5); c > 43.82 {
			t.Errorf("inclusion frequencies %v: chi-square %.2f > 43.82", incl, c)
		}
		pairs := make([]int, 15)
		for seed := range uint64(30000) {
			s, _ := BottomK{K: 2, Seed: seed}.New()
			for i := range 6 {
				s.Update(uint64(i), id(i))
			}
			x, _ := s.Sample()
			lo, hi := min(x[0], x[1]), max(x[0], x[1])
			pairs[subsetIndex(int(lo), int(hi))]++
		}
		if c := chiSquare(pairs, 30000); c > 36.12 {
			t.Errorf("pair frequencies %v: chi-square %.2f > 36.12", pairs, c)
		}
	}
}

// Fewer records than K: all of them; a record offered twice is sampled once; the defaults and
// the errors.
func TestBottomKEdges(t *testing.T) {
	s, err := BottomK{}.New()
	if err != nil || s.k != defaultBottomK {
		t.Fatalf("K = 0: %v, k %d", err, s.k)
	}
	for i := range uint64(10) {
		s.Update(i, i)
		s.Update(i, i)
	}
	if x, _ := s.Sample(); len(x) != 10 || s.Seen() != 20 {
		t.Errorf("10 records offered twice: %d sampled, %d seen", len(x), s.Seen())
	}
	for _, c := range []struct {
		k    int
		want error
	}{{-1, ErrParam}, {maxK + 1, ErrTooLarge}} {
		if _, err := (BottomK{K: c.k}).New(); !errors.Is(err, c.want) {
			t.Errorf("K = %d: %v, want %v", c.k, err, c.want)
		}
	}
	a, _ := BottomK{K: 3, Seed: 1}.New()
	b, _ := BottomK{K: 4, Seed: 1}.New()
	d, _ := BottomK{K: 3, Seed: 2}.New()
	var zero BottomKSample
	if err := a.Merge(b); !errors.Is(err, ErrShape) {
		t.Errorf("K 3 and 4: %v", err)
	}
	if err := a.Merge(d); !errors.Is(err, ErrParam) {
		t.Errorf("seeds 1 and 2: %v", err)
	}
	if err := a.Merge(&zero); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero value: %v", err)
	}
	if _, err := zero.Sample(); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero Sample: %v", err)
	}
	if _, err := zero.MarshalBinary(); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero MarshalBinary: %v", err)
	}
	zero.Update(1, 1) // ignored, no panic
}
