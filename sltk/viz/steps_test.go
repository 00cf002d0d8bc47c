package viz

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/plot/plotter"
)

// TestLinesSteps: a Steps series is drawn as gonum's post-step staircase over its cells (X nil:
// unit cells; X: len(Y)+1 edges), without markers; the legend avoids the runs as drawn; a
// wrong number of edges or Steps with Points is refused.
func TestLinesSteps(t *testing.T) {
	f := Must(Lines([]Series{{Y: []float64{1, 3, 2}, Steps: true}}))
	if len(f.data) != 4 || f.data[3] != (plotter.XY{X: 3, Y: 2}) {
		t.Errorf("points %v, want 4, the last (3, 2) where the last cell ends, and no markers", f.data)
	}
	xy := func(x, y float64) plotter.XY { return plotter.XY{X: x, Y: y} }
	want := [][2]plotter.XY{{xy(0, 1), xy(1, 1)}, {xy(1, 1), xy(1, 3)}, {xy(1, 3), xy(2, 3)},
		{xy(2, 3), xy(2, 2)}, {xy(2, 2), xy(3, 2)}}
	if len(f.segs) != len(want) {
		t.Fatalf("segments %v, want %v", f.segs, want)
	}
	for i := range want {
		if f.segs[i] != want[i] {
			t.Errorf("segment %d = %v, want %v", i, f.segs[i], want[i])
		}
	}
	if _, err := Lines([]Series{{X: []float64{0, 2, 5, 6}, Y: []float64{1, 3, 2}, Steps: true}}); err != nil {
		t.Errorf("uneven edges: %v", err)
	}
	for _, c := range []struct {
		s    Series
		opts []Option
		want error
	}{
		{Series{X: []float64{0, 1, 2}, Y: []float64{1, 3, 2}, Steps: true}, nil, ErrShape},
		{Series{Y: []float64{1, 3, 2}, Steps: true, Points: true}, nil, ErrArg},
		{Series{Y: []float64{1, 3, 2}, Steps: true}, []Option{PointsOnly()}, ErrArg},
		{Series{X: []float64{0, 1, 2, math.NaN()}, Y: []float64{1, 3, 2}, Steps: true}, nil, ErrNotFinite},
	} {
		if _, err := Lines([]Series{c.s}, c.opts...); !errors.Is(err, c.want) {
			t.Errorf("Lines(%+v): %v, want %v", c.s, err, c.want)
		}
	}
}
