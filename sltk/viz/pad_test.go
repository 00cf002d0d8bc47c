package viz

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// padded returns the axis ranges that f.Draw draws: f's ranges after pad.
func padded(f *Figure) (x, y [2]float64) {
	q := *f.Plot
	f.pad(&q)
	return [2]float64{q.X.Min, q.X.Max}, [2]float64{q.Y.Min, q.Y.Max}
}

func TestPadMovesExtremesInside(t *testing.T) {
	pts := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 2, 0.5, 3, 3})
	lin, err := Scatter(pts)
	if err != nil {
		t.Fatal(err)
	}
	logf, err := Lines([]Series{{X: []float64{1, 10, 100}, Y: []float64{1e-3, 1e-1, 1}}}, LogX(), LogY())
	if err != nil {
		t.Fatal(err)
	}
	fixed, err := Scatter(pts)
	if err != nil {
		t.Fatal(err)
	}
	fixed.X.Min, fixed.Y.Max = -10, 3 // caller's ranges: one beyond the data, one on it
	fixed.Y.Min = 0
	fixed.Tight = true
	partly, err := Scatter(pts)
	if err != nil {
		t.Fatal(err)
	}
	partly.X.Min = -10 // an end set beyond the data stays; the other end is padded
	for _, tc := range []struct {
		name   string
		f      *Figure
		x, y   [2]float64 // the data extremes
		wantX  [2]float64 // exact ranges where the caller fixed them, else 0
		fixedX [2]bool
		tY     bool // tight y axis
	}{
		{name: "linear", f: lin, x: [2]float64{0, 3}, y: [2]float64{0, 3}},
		{name: "log", f: logf, x: [2]float64{1, 100}, y: [2]float64{1e-3, 1}},
		{name: "partly fixed", f: partly, x: [2]float64{0, 3}, y: [2]float64{0, 3},
			wantX: [2]float64{-10, 0}, fixedX: [2]bool{true, false}},
		{name: "tight", f: fixed, x: [2]float64{0, 3}, y: [2]float64{0, 3},
			wantX: [2]float64{-10, 3}, fixedX: [2]bool{true, true}, tY: true},
	} {
		before := [4]float64{tc.f.X.Min, tc.f.X.Max, tc.f.Y.Min, tc.f.Y.Max}
		x, y := padded(tc.f)
		if after := [4]float64{tc.f.X.Min, tc.f.X.Max, tc.f.Y.Min, tc.f.Y.Max}; after != before {
			t.Errorf("%s: pad changed the figure's own ranges %v to %v", tc.name, before, after)
		}
		for end := range 2 {
			if tc.fixedX[end] {
				if x[end] != tc.wantX[end] {
					t.Errorf("%s: x end %d = %g, the caller set %g", tc.name, end, x[end], tc.wantX[end])
				}
			} else if inside := [2]bool{x[0] < tc.x[0], tc.x[1] < x[1]}; !inside[end] {
				t.Errorf("%s: x range %v does not hold the data %v strictly inside", tc.name, x, tc.x)
			}
		}
		if tc.tY {
			if y != [2]float64{0, 3} {
				t.Errorf("%s: tight y range %v, want [0 3]", tc.name, y)
			}
		} else if !(y[0] < tc.y[0] && tc.y[1] < y[1]) {
			t.Errorf("%s: y range %v does not hold the data %v strictly inside", tc.name, y, tc.y)
		}
		if tc.name == "log" && !(x[0] > 0 && y[0] > 0) {
			t.Errorf("log: padded ranges x %v, y %v reach zero or below", x, y)
		}
		if tc.name == "linear" && (x[1]-x[0]-3)/3 > 2*AxisPad+1e-12 {
			t.Errorf("linear: x range %v widens the span by more than 2·AxisPad", x)
		}
	}
}

// Heat maps, contour plots and bars keep their ranges: cells and the field fill the axes,
// bars stand on 0.
func TestPadLeavesHeatMapsAndBars(t *testing.T) {
	hm, err := HeatMap(mat.NewDense(2, 2, []float64{1, 2, 3, 4}))
	if err != nil {
		t.Fatal(err)
	}
	ct, err := Contour(func(x, y float64) float64 { return x*x + y }, Rect{XMin: 0, XMax: 1, YMin: 0, YMax: 1},
		mat.NewDense(2, 2, []float64{0, 0, 1, 1}), []int{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	bars, err := Bars([]string{"a", "b"}, []BarSeries{{Name: "s", Values: []float64{1, 2}}})
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]*Figure{"heat map": hm, "contour": ct, "bars": bars} {
		x, y := padded(f)
		if x != [2]float64{f.X.Min, f.X.Max} || y != [2]float64{f.Y.Min, f.Y.Max} {
			t.Errorf("%s: padded to x %v, y %v from x [%g %g], y [%g %g]", name, x, y, f.X.Min, f.X.Max, f.Y.Min, f.Y.Max)
		}
	}
}

// A reference line on the extreme of the data is padded like a point there.
func TestPadReferenceLine(t *testing.T) {
	f, err := Scatter(mat.NewDense(2, 2, []float64{0, 0, 1, 1}))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.AddHLine(2, "bound"); err != nil {
		t.Fatal(err)
	}
	if _, y := padded(f); !(y[1] > 2) {
		t.Errorf("y range %v ends on the reference line at 2", y)
	}
}
