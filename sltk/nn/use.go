package nn

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// UseGroup is a group of a network's inputs (the pixels of an image) picked by how often
// the data use them, with the mean change of the first-layer weights that leave them.
type UseGroup struct {
	Inputs     int     // how many inputs the group holds
	MeanChange float64 // mean |ΔW| over their first-layer weights into every unit; NaN if none
}

// UseChange is the result of Model.ChangeByUse: the rarely and the often used inputs.
type UseChange struct {
	Rare, Busy UseGroup
}

// ChangeByUse measures how far training moved the first-layer weights of m from those of
// from (the same network before training, e.g. MLP.Initial with the same seed), grouped by
// how often each input is used: an input is used by a row of x when its value there is not
// zero, and Rare holds the inputs used by fewer than rare·n of the n rows, Busy those used
// by more than busy·n. For each group it averages |W₁[i, j] − W₁⁽⁰⁾[i, j]| over the group's
// inputs i and all units j of the first layer. Trained with Adam, whose steps are about the
// learning rate whatever the gradient's size, a rarely used input's weights drift as far as
// a busy one's or further (ML chapter 1, §1.7). x has one row per example and the network's
// inputs as columns; 0 ≤ rare ≤ busy ≤ 1. Cost O(n·d + d·h) for d inputs and h first-layer
// units.
func (m *Model) ChangeByUse(from *Model, x mat.Matrix, rare, busy float64) (UseChange, error) {
	const fn = "nn: Model.ChangeByUse"
	for _, c := range []struct {
		name string
		m    *Model
	}{{"model", m}, {"from", from}} {
		if c.m == nil || len(c.m.Layers) == 0 {
			return UseChange{}, fmt.Errorf("%s: %s: %w", fn, c.name, ErrNotFitted)
		}
		if err := c.m.valid(); err != nil {
			return UseChange{}, fmt.Errorf("%s: %s: %w", fn, c.name, err)
		}
	}
	a, b := m.Layers[0], from.Layers[0]
	if a.In != b.In || a.Out != b.Out {
		return UseChange{}, fmt.Errorf("%s: first layers %d×%d and %d×%d differ: %w", fn, a.In, a.Out, b.In, b.Out, ErrShape)
	}
	if !(0 <= rare && rare <= busy && busy <= 1) {
		return UseChange{}, fmt.Errorf("%s: rare = %g, busy = %g, want 0 ≤ rare ≤ busy ≤ 1: %w", fn, rare, busy, ErrParam)
	}
	if x == nil {
		return UseChange{}, fmt.Errorf("%s: nil data: %w", fn, ErrEmpty)
	}
	n, d := x.Dims()
	if n == 0 || d == 0 {
		return UseChange{}, fmt.Errorf("%s: empty data (%d×%d): %w", fn, n, d, ErrEmpty)
	}
	if d != a.In {
		return UseChange{}, fmt.Errorf("%s: data have %d columns, the network %d inputs: %w", fn, d, a.In, ErrShape)
	}
	used := make([]int, d)
	for r := range n {
		for i := range d {
			v := x.At(r, i)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return UseChange{}, fmt.Errorf("%s: x[%d, %d] = %g: %w", fn, r, i, v, ErrNotFinite)
			}
			if v != 0 {
				used[i]++
			}
		}
	}
	var sum [2]float64
	var res UseChange
	for i, u := range used {
		g, k := &res.Rare, 0
		switch {
		case float64(u) < rare*float64(n):
		case float64(u) > busy*float64(n):
			g, k = &res.Busy, 1
		default:
			continue
		}
		g.Inputs++
		for j := range a.Out {
			sum[k] += math.Abs(a.W[i*a.Out+j] - b.W[i*a.Out+j])
		}
	}
	for k, g := range []*UseGroup{&res.Rare, &res.Busy} {
		g.MeanChange = sum[k] / float64(g.Inputs*a.Out) // NaN (0/0) for an empty group
	}
	return res, nil
}
