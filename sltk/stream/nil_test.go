package stream

import (
	"errors"
	"testing"
)

// Nil and zero-value sketches neither panic nor answer: queries report ErrNotFitted.
func TestNilReceivers(t *testing.T) {
	var (
		r   *Reservoir[int]
		sk  *SkipReservoir[int]
		w   *WeightedReservoir[int]
		k   *KMV
		m   *MedianKMV
		a   *AMSEstimator
		tow *ToWSketch
		cm  *CMSketch
		hh  *HHSketch
		hl  *HLLSketch
	)
	r.Update(1)
	sk.Update(1)
	k.Update(1)
	m.Update(1)
	a.Update(1)
	hl.Update(1)
	_, _, _, _ = cm.Estimate(1), cm.Width(), cm.Depth(), cm.Total()
	_, _, _ = tow.Counters(), hh.Items(), hh.Sketch()
	if _, err := cm.Row(0); !errors.Is(err, ErrNotFitted) {
		t.Errorf("nil CMSketch.Row: err = %v", err)
	}
	for name, err := range map[string]error{
		"Reservoir": second(r.Sample()), "SkipReservoir": second(sk.Sample()),
		"WeightedReservoir": w.Update(1, 1), "KMV": second(k.Estimate()),
		"MedianKMV": second(m.Estimate()), "AMS": second(a.Estimate()),
		"TugOfWar": second(tow.Estimate()), "HeavyHitters": hh.Update(1, 1),
		"CountMin.Merge": cm.Merge(cm), "CMSketch.Update": cm.Update(1, 1),
		"ToWSketch.Update": tow.Update(1), "ToWSketch.UpdateCount": tow.UpdateCount(1, 2),
		"HLLSketch": second(hl.Estimate()), "HLLSketch.Merge": hl.Merge(hl),
	} {
		if !errors.Is(err, ErrNotFitted) {
			t.Errorf("%s: err = %v, want ErrNotFitted", name, err)
		}
	}
}

func second[T any](_ T, err error) error { return err }

// TestZeroHeapsAndHashes: the zero values of the heaps and hash functions are safe.
func TestZeroHeapsAndHashes(t *testing.T) {
	if (ModP{}).Hash(7) != 0 || (PolyPrime{}).Hash(7) != 0 {
		t.Error("zero hash functions")
	}
	var h *HHSketch
	var r *WeightedReservoir[int]
	h.Swap(0, 1)
	r.Swap(0, 1)
	(&HHSketch{}).Swap(2, 0)
	if h.Len() != 0 || h.Less(0, 1) || r.Len() != 0 || r.Less(0, 1) || (&WeightedReservoir[int]{}).Less(2, 0) {
		t.Error("nil or zero heaps")
	}
}
