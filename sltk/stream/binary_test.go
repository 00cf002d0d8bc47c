package stream

import (
	"bytes"
	"encoding"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// sketches returns one filled sketch of each serialisable kind.
func sketches(t testing.TB) []encoding.BinaryMarshaler {
	t.Helper()
	k, _ := Count{T: 16, Seed: 1}.New()
	m, _ := MCount{T: 8, MedianK: 2, Seed: 2}.New()
	w, _ := TugOfWar{Copies: 5, Seed: 3}.New()
	c, _ := CountMin{Width: 7, Depth: 3, Seed: 4}.New()
	h, _ := HyperLogLog{Precision: 4, Seed: 5}.New()
	hm, _ := HyperLogLog{Precision: 5, Seed: 6}.New()
	bk, _ := BottomK{K: 6, Seed: 7}.New()
	for x := uint64(0); x < 100; x++ {
		bk.Update(x%11, 3*x+1)
		h.Update(x)
		hm.Update(x * 7)
		k.Update(x)
		m.Update(x)
		w.Update(x % 13)
		c.Update(x%17, int64(x%3)+1)
	}
	_ = hm.Merge(hm) // a merged sketch: the HIP estimate is gone
	return []encoding.BinaryMarshaler{k, m, w, c, h, hm, bk}
}

func empty(v encoding.BinaryMarshaler) encoding.BinaryUnmarshaler {
	switch v.(type) {
	case *KMV:
		return new(KMV)
	case *MedianKMV:
		return new(MedianKMV)
	case *ToWSketch:
		return new(ToWSketch)
	case *HLLSketch:
		return new(HLLSketch)
	case *BottomKSample:
		return new(BottomKSample)
	default:
		return new(CMSketch)
	}
}

// A decoded sketch encodes to the same bytes, answers the same and merges with the original
// (the hash functions are re-drawn from the stored seed).
func TestBinaryRoundTrip(t *testing.T) {
	for _, s := range sketches(t) {
		b, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		d := empty(s)
		if err := d.UnmarshalBinary(b); err != nil {
			t.Fatalf("%T: %v", s, err)
		}
		b2, _ := d.(encoding.BinaryMarshaler).MarshalBinary()
		if !bytes.Equal(b, b2) {
			t.Errorf("%T: round trip changed the bytes", s)
		}
		switch s := s.(type) {
		case *CMSketch:
			dc := d.(*CMSketch)
			if dc.Estimate(5) != s.Estimate(5) || dc.Merge(s) != nil || dc.Estimate(5) != 2*s.Estimate(5) {
				t.Errorf("decoded Count-Min answers or merges differently")
			}
		case *ToWSketch:
			e1, _ := s.Estimate()
			e2, _ := d.(*ToWSketch).Estimate()
			if e1 != e2 || d.(*ToWSketch).Merge(s) != nil {
				t.Errorf("decoded Tug-of-War: %v vs %v", e2, e1)
			}
		case *KMV:
			e1, _ := s.Estimate()
			e2, _ := d.(*KMV).Estimate()
			if e1 != e2 || d.(*KMV).Merge(s) != nil {
				t.Errorf("decoded KMV: %v vs %v", e2, e1)
			}
		case *MedianKMV:
			e1, _ := s.Estimate()
			e2, _ := d.(*MedianKMV).Estimate()
			if e1 != e2 || d.(*MedianKMV).Merge(s) != nil {
				t.Errorf("decoded MCOUNT: %v vs %v", e2, e1)
			}
		case *HLLSketch:
			dh := d.(*HLLSketch)
			e1, _ := s.Estimate()
			e2, _ := dh.Estimate()
			if e1 != e2 || !slices.Equal(dh.hist, s.hist) || dh.Merge(s) != nil {
				t.Errorf("decoded HyperLogLog: %v vs %v", e2, e1)
			}
		case *BottomKSample:
			db := d.(*BottomKSample)
			x1, _ := s.Sample()
			x2, _ := db.Sample()
			if !slices.Equal(x1, x2) || !slices.Equal(db.IDs(), s.IDs()) || db.Seen() != s.Seen() || db.Merge(s) != nil {
				t.Errorf("decoded bottom-k sample: %v vs %v", x2, x1)
			}
		}
	}
}

// Corrupt bytes: truncations, a wrong tag or kind, and absurd sizes are errors, not panics or
// huge allocations.
func TestBinaryCorrupt(t *testing.T) {
	for _, s := range sketches(t) {
		b, _ := s.MarshalBinary()
		for cut := 0; cut < len(b); cut += 3 {
			if err := empty(s).UnmarshalBinary(b[:cut]); err == nil {
				t.Errorf("%T: %d of %d bytes accepted", s, cut, len(b))
			}
		}
		bad := bytes.Clone(b)
		bad[3] ^= 0x40
		if err := empty(s).UnmarshalBinary(bad); !errors.Is(err, ErrShape) {
			t.Errorf("%T: wrong kind: err = %v", s, err)
		}
		huge := bytes.Clone(b)
		copy(huge[4:], []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f})
		if err := empty(s).UnmarshalBinary(huge); err == nil {
			t.Errorf("%T: absurd size accepted", s)
		}
		if err := empty(s).UnmarshalBinary(append(bytes.Clone(b), 0)); err == nil {
			t.Errorf("%T: trailing byte accepted", s)
		}
	}
	k, _ := Count{T: 4, Seed: 1}.New()
	for x := uint64(0); x < 10; x++ {
		k.Update(x)
	}
	b, _ := k.MarshalBinary()
	copy(b[20:], b[28:36]) // first value = second value: not strictly increasing
	if err := new(KMV).UnmarshalBinary(reseal(b)); !errors.Is(err, ErrShape) || !strings.Contains(err.Error(), "sorted distinct") {
		t.Errorf("unsorted KMV: err = %v", err)
	}
}

// FuzzUnmarshalBinary feeds arbitrary bytes to every decoder: no panic, and whatever decodes
// re-encodes to the same bytes and satisfies its sketch's invariants.
func FuzzUnmarshalBinary(f *testing.F) {
	for _, s := range sketches(f) {
		b, _ := s.MarshalBinary()
		f.Add(b)
	}
	f.Add([]byte("SLS\x04"))
	for _, s := range sketches(f) { // valid checksums over corrupt states reach the invariant checks
		b, _ := s.MarshalBinary()
		b[len(b)-5] ^= 1
		f.Add(reseal(b))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, d := range []encoding.BinaryUnmarshaler{new(KMV), new(MedianKMV), new(ToWSketch), new(CMSketch), new(HLLSketch),
			new(BottomKSample)} {
			if d.UnmarshalBinary(b) != nil {
				continue
			}
			again, err := d.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil || !bytes.Equal(again, b) {
				t.Fatalf("%T: decoded %d bytes but re-encodes to %d (err %v)", d, len(b), len(again), err)
			}
			checkInvariants(t, d)
		}
	})
}

// reseal replaces the checksum of an encoding by the right one for its (altered) body.
func reseal(b []byte) []byte {
	return seal(bytes.Clone(b[:len(b)-4]))
}

// checkInvariants checks what each decoded sketch promises, independently of the decoder's own
// checks: KMV minima sorted, distinct and in [1, M] with the M + 1 padding only at the end;
// MedianKMV an odd number of such copies with consecutive seeds; Tug-of-War counters of one
// parity; Count-Min rows summing (in big.Int) to Total; HyperLogLog registers within q + 1
// with a histogram that counts them and a HIP estimate that fits the registers.
func checkInvariants(t testing.TB, d any) {
	t.Helper()
	kmv := func(k *KMV) {
		if len(k.x) != k.t || k.t < 1 {
			t.Fatalf("KMV: %d values for t = %d", len(k.x), k.t)
		}
		for i, v := range k.x {
			pad := v == countRange+1
			if v < 1 || v > countRange+1 || (i > 0 && !pad && v <= k.x[i-1]) || (i > 0 && k.x[i-1] == countRange+1 && !pad) {
				t.Fatalf("KMV: value %d = %d breaks the sorted distinct list", i, v)
			}
		}
	}
	switch s := d.(type) {
	case *KMV:
		kmv(s)
	case *MedianKMV:
		if len(s.copies)%2 == 0 {
			t.Fatalf("MedianKMV: %d copies", len(s.copies))
		}
		for j, c := range s.copies {
			kmv(c)
			if c.seed != s.copies[0].seed+uint64(j) || c.t != s.copies[0].t || s.lanes[j].max != admitBound(c.x[len(c.x)-1]) {
				t.Fatalf("MedianKMV: copy %d inconsistent", j)
			}
		}
	case *ToWSketch:
		for i, x := range s.Counters() {
			if x&1 != s.x[0]&1 {
				t.Fatalf("ToWSketch: counter %d = %d and counter 0 = %d differ in parity", i, x, s.x[0])
			}
		}
	case *CMSketch:
		checkCMInvariants(t, s)
	case *HLLSketch:
		checkHLLInvariants(t, s)
	case *BottomKSample:
		if int64(len(s.ids)) > min(s.n, int64(s.k)) || len(s.x) != len(s.ids) || len(s.prio) != len(s.ids) {
			t.Fatalf("BottomKSample: %d records of n = %d, K = %d", len(s.ids), s.n, s.k)
		}
		for i, id := range s.ids {
			if s.prio[i] != s.priority(id) || i > 0 && !less(s.prio[i-1], s.ids[i-1], s.prio[i], id) {
				t.Fatalf("BottomKSample: record %d out of (priority, id) order", i)
			}
		}
	}
}

// Every single-byte corruption of a valid encoding (each byte XOR 0x01, 0x80 and 0xFF) is
// refused by the checksum; with the checksum recomputed (a crafted input), each either fails
// to decode or decodes into a sketch that satisfies its invariants. Before the fix CMSketch
// accepted every flip of a counter byte, leaving rows that no longer summed to Total.
func TestBinaryByteFlips(t *testing.T) {
	for _, s := range sketches(t) {
		b, _ := s.MarshalBinary()
		refusedCrafted := 0
		for i := range b {
			for _, x := range []byte{0x01, 0x80, 0xFF} {
				c := bytes.Clone(b)
				c[i] ^= x
				if err := empty(s).UnmarshalBinary(c); err == nil {
					t.Errorf("%T: byte %d ^ %#x accepted", s, i, x)
				}
				if i >= len(b)-4 {
					continue
				}
				d := empty(s)
				if err := d.UnmarshalBinary(reseal(c)); err != nil {
					refusedCrafted++
					continue
				}
				checkInvariants(t, d)
			}
		}
		if _, ok := s.(*CMSketch); ok && refusedCrafted < 3*(len(b)-4-4*8) {
			t.Errorf("CMSketch: only %d crafted flips refused; every counter or total flip must be", refusedCrafted)
		}
	}
}

// checkHLLInvariants recounts the registers: m = 2^p of them with 4 ≤ p ≤ 18, each at most
// q + 1 = 65 − p, the histogram their counts; the HIP estimate 0 after a merge, else 0 for an
// empty sketch and a finite value ≥ 1 otherwise.
func checkHLLInvariants(t testing.TB, s *HLLSketch) {
	t.Helper()
	if s.p < 4 || s.p > 18 || len(s.reg) != 1<<s.p || len(s.hist) != 66-s.p {
		t.Fatalf("HLLSketch: p = %d with %d registers, %d histogram bins", s.p, len(s.reg), len(s.hist))
	}
	count := make([]int, len(s.hist))
	for j, r := range s.reg {
		if int(r) > 65-s.p {
			t.Fatalf("HLLSketch: register %d = %d > q + 1", j, r)
		}
		count[r]++
	}
	if !slices.Equal(count, s.hist) {
		t.Fatalf("HLLSketch: histogram %v, registers count %v", s.hist, count)
	}
	empty := count[0] == len(s.reg)
	if s.merged && s.hip != 0 || !s.merged && (empty != (s.hip == 0) || !empty && !(s.hip >= 1 && !math.IsInf(s.hip, 0))) {
		t.Fatalf("HLLSketch: HIP estimate %v (merged %v, empty %v)", s.hip, s.merged, empty)
	}
}
