package stream

import (
	"bytes"
	"errors"
	"slices"
	"testing"
)

// TestHHBinaryRoundTrip: a decoded heavy-hitters sketch reports the same items and estimates,
// re-encodes to the same bytes, keeps merging, and corrupt or invalid input is refused.
func TestHHBinaryRoundTrip(t *testing.T) {
	cfg := HeavyHitters{CountMin: CountMin{Width: 64, Depth: 4, Seed: 3}, Tau: 0.05}
	h, _ := cfg.New()
	o, _ := cfg.New()
	for x := uint64(0); x < 2000; x++ {
		_ = h.Update(x%7*(x%3), 1)
		_ = o.Update(x%11, 2)
	}
	b, err := h.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var g HHSketch
	if err := g.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	b2, _ := g.MarshalBinary()
	if !bytes.Equal(b, b2) || !slices.Equal(g.Items(), h.Items()) || len(h.Items()) == 0 {
		t.Fatalf("round trip: items %v, want %v", g.Items(), h.Items())
	}
	if err := g.Merge(o); err != nil {
		t.Fatal(err)
	}
	if err := h.Merge(o); err != nil || !slices.Equal(g.Items(), h.Items()) {
		t.Fatalf("merge after decoding: %v vs %v (%v)", g.Items(), h.Items(), err)
	}
	bad := slices.Clone(b)
	bad[len(bad)/2] ^= 1
	var z *HHSketch
	if err := z.UnmarshalBinary(b); !errors.Is(err, ErrNotFitted) {
		t.Errorf("nil receiver: %v", err)
	}
	if _, err := z.MarshalBinary(); !errors.Is(err, ErrNotFitted) {
		t.Errorf("nil sketch: %v", err)
	}
	for name, in := range map[string][]byte{"corrupt": bad, "short": b[:5], "cm kind": mustCM(t)} {
		if err := new(HHSketch).UnmarshalBinary(in); !errors.Is(err, ErrShape) {
			t.Errorf("%s: %v, want ErrShape", name, err)
		}
	}
}

func mustCM(t *testing.T) []byte {
	c, _ := CountMin{Width: 3, Depth: 2}.New()
	b, err := c.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
