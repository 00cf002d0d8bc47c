package nn

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestChangeByUse: on a 3-input, 2-unit first layer whose weight changes are set by hand, the
// groups and their mean |ΔW| are those computed on paper; the shares are compared with
// strict inequalities (an input used by exactly rare·n rows is in neither group); an empty
// group has a NaN mean; bad input gives the documented errors.
func TestChangeByUse(t *testing.T) {
	net := func(d int, w []float64) *Model { // a d-2-2 network whose first-layer weights are w
		m, err := MLP{Hidden: []int{2}, Seed: 1}.Initial(d, 2)
		if err != nil {
			t.Fatal(err)
		}
		copy(m.Layers[0].W, w)
		return m
	}
	from := net(3, make([]float64, 6))
	// rows by input: input 0 moved by (1, −3), input 1 by (0.5, 0.5), input 2 by (2, 2)
	after := net(3, []float64{1, -3, 0.5, 0.5, 2, 2})
	// 4 rows: input 0 used once (25 %), input 1 twice (50 %), input 2 four times (100 %).
	x := mat.NewDense(4, 3, []float64{
		1, 1, 1,
		0, 2, 1,
		0, 0, -1,
		0, 0, 1,
	})
	for _, c := range []struct {
		rare, busy float64
		want       UseChange
	}{
		{0.3, 0.6, UseChange{Rare: UseGroup{1, 2}, Busy: UseGroup{1, 2}}},
		{0.6, 0.9, UseChange{Rare: UseGroup{2, 1.25}, Busy: UseGroup{1, 2}}},
		{0.5, 0.5, UseChange{Rare: UseGroup{1, 2}, Busy: UseGroup{1, 2}}}, // input 1 in neither
		{0, 1, UseChange{Rare: UseGroup{0, math.NaN()}, Busy: UseGroup{0, math.NaN()}}},
	} {
		got, err := after.ChangeByUse(from, x, c.rare, c.busy)
		if err != nil {
			t.Fatal(err)
		}
		for k, g := range []UseGroup{got.Rare, got.Busy} {
			w := []UseGroup{c.want.Rare, c.want.Busy}[k]
			if g.Inputs != w.Inputs || !(g.MeanChange == w.MeanChange ||
				math.IsNaN(g.MeanChange) && math.IsNaN(w.MeanChange)) {
				t.Errorf("rare %g, busy %g: group %d = %+v, want %+v", c.rare, c.busy, k, g, w)
			}
		}
	}
	small := net(2, make([]float64, 4))
	for _, c := range []struct {
		name     string
		m, from  *Model
		x        mat.Matrix
		lo, hi   float64
		sentinel error
	}{
		{"nil model", nil, from, x, 0.1, 0.5, ErrNotFitted},
		{"nil from", after, nil, x, 0.1, 0.5, ErrNotFitted},
		{"other shape", after, small, x, 0.1, 0.5, ErrShape},
		{"columns", after, from, mat.NewDense(2, 2, nil), 0.1, 0.5, ErrShape},
		{"nil data", after, from, nil, 0.1, 0.5, ErrEmpty},
		{"rare > busy", after, from, x, 0.6, 0.5, ErrParam},
		{"busy > 1", after, from, x, 0.1, 1.5, ErrParam},
		{"NaN share", after, from, x, math.NaN(), 0.5, ErrParam},
		{"NaN data", after, from, mat.NewDense(1, 3, []float64{0, math.NaN(), 1}), 0.1, 0.5, ErrNotFinite},
	} {
		if _, err := c.m.ChangeByUse(c.from, c.x, c.lo, c.hi); !errors.Is(err, c.sentinel) {
			t.Errorf("%s: %v, want %v", c.name, err, c.sentinel)
		}
	}
}
