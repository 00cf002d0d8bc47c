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
	)
	r.Update(1)
	sk.Update(1)
	k.Update(1)
	m.Update(1)
	a.Update(1)
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
	} {
		if !errors.Is(err, ErrNotFitted) {
			t.Errorf("%s: err = %v, want ErrNotFitted", name, err)
		}
	}
}

func second[T any](_ T, err error) error { return err }
