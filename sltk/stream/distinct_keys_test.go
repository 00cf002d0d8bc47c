package stream

import (
	"hash/crc32"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sltk-book/sltk/sltk/synth"
)

// recordedZipf is the stream the recorded MCOUNT values below were computed on: 10⁶ Zipf keys
// over 10⁵ elements, spread by an odd multiplier and the top bit flipped on odd positions,
// then the two extreme keys 0 and 2⁶⁴ − 1.
func recordedZipf(t *testing.T) []uint64 {
	t.Helper()
	a, err := synth.ZipfStream{N: 100_000, S: 1.05, Len: 1_000_000, Seed: 1}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]uint64, 0, len(a)+2)
	for i, v := range a {
		keys = append(keys, v*0x9e3779b97f4a7c15^uint64(i&1)<<63)
	}
	return append(keys, 0, math.MaxUint64)
}

// The MCOUNT sketch is bit for bit the one the code before the admission bound and UpdateKeys
// built (commit 4184128, per-key Update with the shifted hash compared to x_t): the estimate's
// bits and the CRC-32 of the marshalled copies, recorded from that code, for t = 1, 2 (x_t
// can be 1 or 2), 170, 600 and 5000 (more minima than a copy fills early), through Update and
// through UpdateKeys.
func TestMCountRecordedSketches(t *testing.T) {
	keys := recordedZipf(t)
	for _, c := range []struct {
		cfg MCount
		est uint64
		crc uint32
	}{
		{MCount{T: 170, MedianK: 2, Seed: 1}, 0x40fa53d9b266694e, 0x6523c19},
		{MCount{T: 1, MedianK: 1, Seed: 2}, 0x41440168276ea4c7, 0x88a6c119},
		{MCount{T: 2, MedianK: 3, Seed: 7}, 0x41030472573472f5, 0x8e580d90},
		{MCount{T: 600, MedianK: 4, Seed: 3}, 0x40fa4c18b69cc188, 0xee2bf93b},
		{MCount{T: 5000, MedianK: 1, Seed: 9}, 0x40fada917e5f7deb, 0x48b13032},
	} {
		for _, batch := range []bool{false, true} {
			m, err := c.cfg.New()
			if err != nil {
				t.Fatal(err)
			}
			if batch {
				m.UpdateKeys(keys)
			} else {
				for _, a := range keys {
					m.Update(a)
				}
			}
			e, _ := m.Estimate()
			b, _ := m.MarshalBinary()
			if got := math.Float64bits(e); got != c.est {
				t.Errorf("%+v, UpdateKeys %v: estimate %v (bits %#x), recorded bits %#x", c.cfg, batch, e, got, c.est)
			}
			if got := crc32.ChecksumIEEE(b); got != c.crc {
				t.Errorf("%+v, UpdateKeys %v: sketch CRC %#x, recorded %#x", c.cfg, batch, got, c.crc)
			}
		}
	}
}

// UpdateKeys gives the same sketch as Update on every key, for slices that end before, on and
// after a block boundary, for slices passed in pieces, and each copy keeps exactly the t
// smallest distinct values of its hash over the keys (sorting all of them, the definition).
func TestMCountUpdateKeysMatchesDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, keyBlock - 1, keyBlock, keyBlock + 1, 3*keyBlock + 7} {
		for _, tt := range []int{1, 2, 7, 64} {
			keys := make([]uint64, n)
			for i := range keys {
				keys[i] = r.Uint64N(uint64(n/2 + 1)) // repeats
			}
			one, _ := MCount{T: tt, MedianK: 3, Seed: 11}.New()
			whole, _ := MCount{T: tt, MedianK: 3, Seed: 11}.New()
			pieces, _ := MCount{T: tt, MedianK: 3, Seed: 11}.New()
			for _, a := range keys {
				one.Update(a)
			}
			whole.UpdateKeys(keys)
			for i := 0; i < n; i += 5 {
				pieces.UpdateKeys(keys[i:min(n, i+5)])
			}
			b1, _ := one.MarshalBinary()
			for name, s := range map[string]*MedianKMV{"whole": whole, "pieces of 5": pieces} {
				if b, _ := s.MarshalBinary(); !slices.Equal(b, b1) {
					t.Errorf("n = %d, t = %d: UpdateKeys (%s) and Update differ", n, tt, name)
				}
			}
			for j, c := range whole.copies {
				want := make([]uint64, 0, n+tt)
				for _, a := range keys {
					want = append(want, c.h.Hash(a)>>2+1)
				}
				slices.Sort(want)
				want = slices.Compact(want)
				for len(want) < tt {
					want = append(want, countRange+1)
				}
				if !slices.Equal(c.x, want[:tt]) {
					t.Errorf("n = %d, t = %d, copy %d: kept %v, want %v", n, tt, j, c.x, want[:tt])
				}
				if whole.lanes[j].max != admitBound(c.x[tt-1]) {
					t.Errorf("n = %d, t = %d, copy %d: bound %d, want %d", n, tt, j, whole.lanes[j].max, admitBound(c.x[tt-1]))
				}
			}
		}
	}
}

// Fewer than t distinct keys: UpdateKeys, like Update, gives the exact count.
func TestMCountUpdateKeysExactBelowT(t *testing.T) {
	m, _ := MCount{T: 400, MedianK: 2, Seed: 5}.New()
	var keys []uint64
	for rep := 0; rep < 4; rep++ {
		for x := uint64(0); x < 150; x++ {
			keys = append(keys, x*x*x+uint64(rep%2)) // 299 distinct keys (0 + 1 = 1³)
		}
	}
	m.UpdateKeys(keys)
	distinct := map[uint64]bool{}
	for _, a := range keys {
		distinct[a] = true
	}
	if e, _ := m.Estimate(); e != float64(len(distinct)) {
		t.Errorf("%d distinct keys: estimate %v", len(distinct), e)
	}
	var z MedianKMV
	z.UpdateKeys(keys) // zero value: no panic
	var nilm *MedianKMV
	nilm.UpdateKeys(keys)
	m.UpdateKeys(nil)
}

// The admission bound: h ≤ admitBound(x) exactly when h>>2 + 1 < x, at the edges (x = 2,
// x = M + 1, h = 4x − 5 and 4x − 4) and at random points; for x = 1 only h = 0 passes, which
// insert then rejects.
func TestAdmitBound(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	xs := []uint64{2, 3, 4, 1000, countRange, countRange + 1}
	for range 1000 {
		xs = append(xs, 2+r.Uint64N(countRange))
	}
	for _, x := range xs {
		hs := []uint64{0, 4*x - 6, 4*x - 5, 4*x - 4, 4*x - 3, math.MaxUint64, r.Uint64()}
		for _, h := range hs {
			if got, want := h <= admitBound(x), h>>2+1 < x; got != want {
				t.Errorf("x = %d, h = %d: admitted %v, want %v", x, h, got, want)
			}
		}
	}
	if admitBound(1) != 0 || admitBound(0) != 0 {
		t.Errorf("admitBound(1) = %d, admitBound(0) = %d, want 0", admitBound(1), admitBound(0))
	}
	s, _ := Count{T: 1, Seed: 1}.New()
	s.x[0] = 1
	m := newMedianKMV([]*KMV{s})
	m.admit(0, 0) // y = 1 is not below x_t = 1: nothing changes
	if s.x[0] != 1 || m.lanes[0].max != 0 {
		t.Errorf("x_t = 1 after admitting h = 0: %v, bound %d", s.x, m.lanes[0].max)
	}
}
