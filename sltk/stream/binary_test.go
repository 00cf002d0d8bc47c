package stream

import (
	"bytes"
	"encoding"
	"errors"
	"testing"
)

// sketches returns one filled sketch of each serialisable kind.
func sketches(t testing.TB) []encoding.BinaryMarshaler {
	t.Helper()
	k, _ := Count{T: 16, Seed: 1}.New()
	m, _ := MCount{T: 8, K: 2, Seed: 2}.New()
	w, _ := TugOfWar{K: 5, Seed: 3}.New()
	c, _ := CountMin{Width: 7, Depth: 3, Seed: 4}.New()
	for x := uint64(0); x < 100; x++ {
		k.Update(x)
		m.Update(x)
		w.Update(x % 13)
		c.Update(x%17, int64(x%3)+1)
	}
	return []encoding.BinaryMarshaler{k, m, w, c}
}

func empty(v encoding.BinaryMarshaler) encoding.BinaryUnmarshaler {
	switch v.(type) {
	case *KMV:
		return new(KMV)
	case *MedianKMV:
		return new(MedianKMV)
	case *ToWSketch:
		return new(ToWSketch)
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
	if err := new(KMV).UnmarshalBinary(b); !errors.Is(err, ErrShape) {
		t.Errorf("unsorted KMV: err = %v", err)
	}
}

// FuzzUnmarshalBinary feeds arbitrary bytes to every decoder: no panic, and whatever decodes
// re-encodes to the same bytes.
func FuzzUnmarshalBinary(f *testing.F) {
	for _, s := range sketches(f) {
		b, _ := s.MarshalBinary()
		f.Add(b)
	}
	f.Add([]byte("SLS\x04"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, d := range []encoding.BinaryUnmarshaler{new(KMV), new(MedianKMV), new(ToWSketch), new(CMSketch)} {
			if d.UnmarshalBinary(b) != nil {
				continue
			}
			again, err := d.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil || !bytes.Equal(again, b) {
				t.Fatalf("%T: decoded %d bytes but re-encodes to %d (err %v)", d, len(b), len(again), err)
			}
		}
	})
}
