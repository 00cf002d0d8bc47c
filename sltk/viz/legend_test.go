package viz

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// cornerPoints is a 12×12 block of points filling the corner (left?, bottom?) of [0, 10]² up
// to 3.5 from its sides.
func cornerPoints(left, bottom bool) (xs, ys []float64) {
	for i := range 12 {
		for j := range 12 {
			x, y := 6.5+3.5*float64(i)/11, 6.5+3.5*float64(j)/11
			if left {
				x = 10 - x
			}
			if bottom {
				y = 10 - y
			}
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	return xs, ys
}

// spotOf lays f out on a w×h canvas and returns where Draw puts its legend.
func spotOf(t *testing.T, f *Figure, w, h vg.Length) (legendSpot, figureLayout) {
	t.Helper()
	c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}}
	lw, lh := legendSize(&f.Plot.Legend)
	return f.placeLegend(c, lw, lh)
}

// TestLegendFindsEmptyCorner: data in three corners leave the fourth for the legend,
// whichever it is.
func TestLegendFindsEmptyCorner(t *testing.T) {
	corners := [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}}
	for _, free := range corners {
		var series []Series
		for _, c := range corners {
			if c == free {
				continue
			}
			xs, ys := cornerPoints(c[0], c[1])
			series = append(series, Series{Name: "cluster", X: xs, Y: ys, Points: true})
		}
		f := Must(Lines(series, Title("corners")))
		spot, _ := spotOf(t, f, DefaultWidth, DefaultHeight)
		want := legendSpot{col: 2, row: 2}
		if free[0] {
			want.col = 0
		}
		if free[1] {
			want.row = 0
		}
		if spot != want {
			t.Errorf("free corner left=%v bottom=%v: legend at %+v", free[0], free[1], spot)
		}
	}
}

// TestLegendLeavesFullArea: points on a fine grid over the whole data area leave no place
// inside free, so the legend moves out of the data area, and nothing of it is drawn on the
// data area; one free corner keeps it inside (both sides of the switch). In a panel too
// narrow and short for either outside place, it stays inside where it covers fewest.
func TestLegendLeavesFullArea(t *testing.T) {
	grid := func(skip bool) []Series {
		var xs, ys []float64
		for i := range 41 {
			for j := range 41 {
				x, y := float64(i)/4, float64(j)/4
				if skip && x > 6 && y > 6 {
					continue // the top-right corner stays empty
				}
				xs, ys = append(xs, x), append(ys, y)
			}
		}
		return []Series{{Name: "everywhere", X: xs, Y: ys, Points: true},
			{Name: "a second entry", X: []float64{5}, Y: []float64{5}, Points: true}}
	}
	full := Must(Lines(grid(false), Title("full")))
	spot, lay := spotOf(t, full, DefaultWidth, DefaultHeight)
	if !spot.below && !spot.beside {
		t.Fatalf("full area: legend inside at %+v", spot)
	}
	lw, lh := legendSize(&full.Plot.Legend)
	if spot.below && lay.rowsTop > lay.outer.Min.Y || spot.beside && lay.main.Max.X+legendGap < lay.data.Max.X {
		t.Errorf("full area: the legend (%+v) overlaps the plot", spot)
	}
	for _, s := range insideSpots { // the layout with the legend outside still has no free spot
		if n := full.covered(&lay.q, lay.data, lw, lh, s); n == 0 {
			t.Errorf("full area: spot %+v covers nothing", s)
		}
	}
	kept := Must(Lines(grid(false), Title("full"), LegendInside()))
	if spot, _ := spotOf(t, kept, DefaultWidth, DefaultHeight); spot.below || spot.beside {
		t.Errorf("LegendInside: legend moved out (%+v)", spot)
	}
	gap := Must(Lines(grid(true), Title("full but one corner")))
	if spot, _ := spotOf(t, gap, DefaultWidth, DefaultHeight); spot != (legendSpot{col: 2, row: 2}) {
		t.Errorf("one empty corner: legend at %+v, want inside top right", spot)
	}
	// a 2-inch tile: a column would take more than maxLegendShare of the width, rows below
	// more than that of the height
	long := grid(false)
	long[1].Name = "an entry with a rather long name"
	tile := Must(Lines(long, Title("tile")))
	spot, _ = spotOf(t, tile, 2*vg.Inch, 1.6*vg.Inch)
	if spot.below || spot.beside {
		t.Errorf("2-inch tile: legend moved out (%+v) though it takes more than %v of the area",
			spot, maxLegendShare)
	}
	// rows below the axes: the entries sit side by side when they fit the width
	l := &full.Plot.Legend
	starts, widths, h := legendRows(l, full.legendEntries(), 1000)
	one := entryLegend(l, full.legendEntries()[0])
	_, rowH := legendSize(&one)
	if len(starts) != 1 || math.Abs(float64(h-rowH)) > 1e-9 || widths[0] > 1000 {
		t.Errorf("two entries in 1000 pt: rows %v widths %v height %v", starts, widths, h)
	}
	if starts, _, _ := legendRows(l, full.legendEntries(), 10); len(starts) != 2 {
		t.Errorf("two entries in 10 pt: rows %v, want one each", starts)
	}
}

// TestLegendRowsNeedRecordedEntries: a caller adding to fig.Legend directly makes the
// recorded entries incomplete; the legend is then not split into rows but still drawn.
func TestLegendRowsNeedRecordedEntries(t *testing.T) {
	f := Must(Lines([]Series{{Name: "a", Y: []float64{1, 2}}}))
	if f.legendEntries() == nil {
		t.Fatal("a builder's entries are not recorded")
	}
	f.Legend.Add("extra")
	if f.legendEntries() != nil {
		t.Error("entries added past addLegend are not noticed")
	}
	f.HideLegend()
	if err := f.AddMarks(mat.NewDense(1, 2, []float64{0, 1}), "mark"); err != nil {
		t.Fatal(err)
	}
	if es := f.legendEntries(); len(es) != 1 || es[0].name != "mark" {
		t.Errorf("after HideLegend and AddMarks: entries %v, want the mark's", es)
	}
	if _, err := Render(f, "svg"); err != nil {
		t.Error(err)
	}
}

// TestLegendShareSwitch: a legend moves out of the data area only while the column or the
// rows take at most maxLegendShare of its width or height; just below, at and just above the
// boundary, for the column and for one block below (a legend whose entries a caller added
// to fig.Legend directly, so that they are not split into rows).
func TestLegendShareSwitch(t *testing.T) {
	f := Must(Lines([]Series{{Y: []float64{0, 1}}}, Title("t")))
	f.Legend.Add("direct")
	c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: DefaultWidth, Y: DefaultHeight}}}
	lay := f.layout(c, legendSpot{col: 2, row: 2}, 0, 0)
	dw, dh := lay.data.Max.X-lay.data.Min.X, lay.data.Max.Y-lay.data.Min.Y
	for _, e := range []float64{-1e-3, 0, 1e-3} {
		// a column of share maxLegendShare+e, rows far too tall
		w := (vg.Length(maxLegendShare+e)*dw - 2*legendGap) / (1 + legendSlack)
		spot, ok := f.outsideSpot(lay, w, dh)
		if want := e <= 0; ok != want || ok && !spot.beside {
			t.Errorf("column at share %+g: %+v %v, want moved out %v", maxLegendShare+e, spot, ok, want)
		}
		// one block below of share maxLegendShare+e, a column far too wide
		h := vg.Length(maxLegendShare+e)*dh - legendGap
		spot, ok = f.outsideSpot(lay, dw, h)
		if want := e <= 0; ok != want || ok && !spot.below {
			t.Errorf("rows at share %+g: %+v %v, want moved out %v", maxLegendShare+e, spot, ok, want)
		}
	}
}
