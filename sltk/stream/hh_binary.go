package stream

import (
	"encoding/binary"
	"fmt"
	"math"
)

// kindHH tags a serialised heavy-hitters sketch (after the kinds of binary.go).
const kindHH = kindHLL + 1

// maxHHItems bounds the queue a decoded heavy-hitters sketch may hold: HeavyHitters.New
// caps it at min(4/τ, 2²⁰) slots.
const maxHHItems = 1 << 20

// MarshalBinary encodes τ, the queued elements (sorted, so that two sketches holding the same
// state encode to the same bytes whatever order their queues are in) and the Count-Min sketch.
// The estimates are not stored: UnmarshalBinary reads them off the Count-Min sketch. This is
// what lets a heavy-hitters sketch travel between machines, for example as the accumulator of
// a distributed combiner (package mapreduce).
func (h *HHSketch) MarshalBinary() ([]byte, error) {
	if h == nil || h.cm == nil {
		return nil, fmt.Errorf("stream: HHSketch.MarshalBinary: use HeavyHitters.New: %w", ErrNotFitted)
	}
	cm, err := h.cm.MarshalBinary()
	if err != nil {
		return nil, err
	}
	b := header(kindHH, math.Float64bits(h.tau), uint64(len(h.ids)))
	for _, u := range h.Items() {
		b = binary.LittleEndian.AppendUint64(b, u)
	}
	return seal(append(b, cm...)), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; corrupt input returns an error, and so
// does a queued element whose estimate is below τ‖d‖₁ or a repeated one (the queue's invariant).
func (h *HHSketch) UnmarshalBinary(b []byte) error {
	const fn = "HHSketch.UnmarshalBinary"
	if h == nil {
		return fmt.Errorf("stream: %s: nil receiver: %w", fn, ErrNotFitted)
	}
	d := newDecoder(fn, b, kindHH)
	tau := math.Float64frombits(d.u64())
	n := d.u64()
	switch {
	case d.err != nil:
		return d.err
	case !(tau > 0 && tau < 1):
		return fmt.Errorf("stream: %s: τ = %v, want in (0,1): %w", fn, tau, ErrParam)
	case n > maxHHItems || n*8 > uint64(len(d.b)):
		return fmt.Errorf("stream: %s: %d queued elements in %d bytes: %w", fn, n, len(d.b), ErrShape)
	}
	ids := make([]uint64, n)
	for i := range ids {
		ids[i] = d.u64()
	}
	cm := new(CMSketch)
	if err := cm.UnmarshalBinary(d.b); err != nil {
		return fmt.Errorf("stream: %s: %w", fn, err)
	}
	out := &HHSketch{cm: cm, tau: tau, keys: make([]int64, 0, n), ids: make([]uint64, 0, n),
		pos: make(map[uint64]int, n)}
	thr := tau * float64(cm.total)
	for i, u := range ids {
		e := cm.Estimate(u)
		if float64(e) < thr || i > 0 && ids[i-1] >= u {
			return fmt.Errorf("stream: %s: queued element %d (estimate %d, threshold %v) repeated, unsorted or below τL: %w",
				fn, u, e, thr, ErrShape)
		}
		out.keys, out.ids = append(out.keys, e), append(out.ids, u)
		out.pos[u] = len(out.keys) - 1
		siftUp(out, len(out.keys)-1)
	}
	*h = *out
	return nil
}
