package viz

import (
	"fmt"
	"math"
	"slices"
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
	g := legendRows(l, full.legendEntries(), 1000)
	one := entryLegend(l, full.legendEntries()[0])
	_, rowH := legendSize(&one)
	if g.cols != 2 || math.Abs(float64(g.height-rowH)) > 1e-9 || g.width > 1000 {
		t.Errorf("two entries in 1000 pt: %+v", g)
	}
	if g := legendRows(l, full.legendEntries(), 10); g.cols != 1 {
		t.Errorf("two entries in 10 pt: %d columns, want one", g.cols)
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

// TestLegendRowsColumns: entries in rows below the axes form a table whose columns line up,
// as many columns as fit the width, the rows evenly filled; at the boundary where the widest
// table just fits, and one point narrower.
func TestLegendRowsColumns(t *testing.T) {
	names := []string{"a", "a much longer name", "bb", "c", "dddd"}
	var ss []Series
	for i, n := range names {
		ss = append(ss, Series{Name: n, Y: []float64{float64(i), float64(i + 1)}})
	}
	f := Must(Lines(ss))
	l, es := &f.Plot.Legend, f.legendEntries()
	all := legendRows(l, es, 10000)
	if all.cols != 5 || len(all.colW) != 5 {
		t.Fatalf("wide: %+v, want one row of 5", all)
	}
	if g := legendRows(l, es, all.width); g.cols != 5 {
		t.Errorf("width exactly the row's: %d columns, want 5", g.cols)
	}
	g := legendRows(l, es, all.width-1)
	if g.cols != 3 { // 4 columns would leave 4 + 1; 2 rows are filled evenly by 3 + 2
		t.Errorf("one point narrower: %d columns, want 3 (rows 3 + 2)", g.cols)
	}
	if g.width > all.width-1 {
		t.Errorf("table %v wider than %v", g.width, all.width-1)
	}
	for i := range es { // every entry fits its column
		one := entryLegend(l, es[i])
		if w, _ := legendSize(&one); w > g.colW[i%g.cols]+1e-9 {
			t.Errorf("entry %d (%v) wider than its column (%v)", i, w, g.colW[i%g.cols])
		}
	}
	if one := legendRows(l, es, 1); one.cols != 1 || len(one.colW) != 1 {
		t.Errorf("1 pt: %+v, want one column", one)
	}
}

// drawRefs draws f on a recorder canvas of the default size and returns the boxes of its
// reference lines' labels and the data area.
func drawRefs(f *Figure) ([]vg.Rectangle, draw.Canvas) {
	c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: DefaultWidth, Y: DefaultHeight}}}
	f.Draw(c)
	lw, lh := legendSize(&f.Plot.Legend)
	spot, lay := f.placeLegend(c, lw, lh)
	boxes := slices.Clone(f.refBoxes)
	if lw > 0 && !spot.beside && !spot.below {
		boxes = boxes[1:] // the legend's
	}
	return boxes, lay.data
}

// TestRefLabelPlacement: a reference line's label stays in its usual place (reading upwards
// right of the line near the top) where nothing is drawn there, moves where a curve would
// cross it, keeps inside the data area at its edge, and labels of nearby lines neither
// overlap nor cross the other lines.
func TestRefLabelPlacement(t *testing.T) {
	xs := []float64{0, 2, 4, 6, 8, 10}
	flat := func(y float64) []float64 { return []float64{y, y, y, y, y, y} }
	free := Must(Lines([]Series{{X: xs, Y: flat(0)}, {X: xs, Y: flat(10)}}))
	if err := free.AddVLine(5, "critical temperature"); err != nil {
		t.Fatal(err)
	}
	boxes, data := drawRefs(free)
	if len(boxes) != 1 || boxes[0].Min.X <= data.Center().X || boxes[0].Min.Y < data.Center().Y {
		t.Errorf("free figure: label at %+v, want right of the line, top (data %+v)", boxes, data.Rectangle)
	}
	// a curve along the top: the label must not cross it
	top := Must(Lines([]Series{{X: xs, Y: flat(0)}, {X: xs, Y: flat(9.3)}, {X: xs, Y: flat(10)}}))
	if err := top.AddVLine(5, "critical temperature"); err != nil {
		t.Fatal(err)
	}
	top.Tight = true // the axes span exactly [0, 10]
	boxes, data = drawRefs(top)
	if y := data.Y(0.93); len(boxes) != 1 || boxes[0].Min.Y <= y && boxes[0].Max.Y >= y {
		t.Errorf("curve at the top: label %+v crosses it at y = %v", boxes, y)
	}
	// a line at the right edge: the label goes left of it, inside the data area
	edge := Must(Lines([]Series{{X: xs, Y: flat(0)}, {X: xs, Y: flat(10)}}))
	if err := edge.AddVLine(10, "edge"); err != nil {
		t.Fatal(err)
	}
	if boxes, data = drawRefs(edge); len(boxes) != 1 || boxes[0].Max.X > data.Max.X {
		t.Errorf("line at the edge: label %+v outside the data area %+v", boxes, data.Rectangle)
	}
	// three lines close together: no two labels overlap
	near := Must(Lines([]Series{{X: xs, Y: flat(0)}, {X: xs, Y: flat(10)}}))
	for _, at := range []float64{4.9, 5, 5.1} {
		if err := near.AddVLine(at, fmt.Sprintf("group at %g", at)); err != nil {
			t.Fatal(err)
		}
	}
	boxes, _ = drawRefs(near)
	for i := range boxes {
		for j := range i {
			a, b := boxes[i], boxes[j]
			if a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y {
				t.Errorf("labels %d and %d overlap: %+v %+v", j, i, b, a)
			}
		}
	}
	// lines a label's height apart, with long labels: no label crosses another line
	spread := Must(Lines([]Series{{X: xs, Y: flat(0)}, {X: xs, Y: flat(10)}}))
	for _, at := range []float64{4, 4.4, 4.8} {
		if err := spread.AddVLine(at, fmt.Sprintf("a long label for the line at %g", at)); err != nil {
			t.Fatal(err)
		}
	}
	spread.Tight = true // the x axis spans exactly [0, 10]
	boxes, data = drawRefs(spread)
	for i, b := range boxes {
		for _, at := range []float64{4, 4.4, 4.8} {
			if x := data.X(at / 10); b.Min.X < x && x < b.Max.X {
				t.Errorf("label %d (%+v) crosses the line at %g (x = %v)", i, b, at, x)
			}
		}
	}
	// a legend in the top right corner: the label of a line near it keeps off it
	leg := Must(Lines([]Series{{Name: "a curve along the bottom", X: xs, Y: flat(0)},
		{X: []float64{0, 10}, Y: []float64{0, 10}}}, LegendInside()))
	if err := leg.AddVLine(9, "threshold"); err != nil {
		t.Fatal(err)
	}
	if boxes, _ = drawRefs(leg); len(boxes) != 1 {
		t.Fatalf("one line: %d labels", len(boxes))
	}
	c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: DefaultWidth, Y: DefaultHeight}}}
	lw, lh := legendSize(&leg.Plot.Legend)
	spot, lay := leg.placeLegend(c, lw, lh)
	lb := legendBox(lay.data, lw, lh, spot)
	if b := boxes[0]; b.Min.X < lb.Max.X && lb.Min.X < b.Max.X && b.Min.Y < lb.Max.Y && lb.Min.Y < b.Max.Y {
		t.Errorf("label %+v overlaps the legend %+v (at %+v)", b, lb, spot)
	}
	// curves that leave 0 at the line and rise steeply to its right: the label keeps its
	// distance from them, on the free left side
	var steep []Series
	for k := 1; k <= 5; k++ {
		var sx, sy []float64
		for i := range 60 {
			x := 0.3 * math.Pow(10, 2.2*float64(i)/59)
			sx, sy = append(sx, x), append(sy, math.Tanh(float64(int(5)<<k)*max(0, x-1)))
		}
		steep = append(steep, Series{X: sx, Y: sy})
	}
	rise := Must(Lines(steep, LogX()))
	if err := rise.AddVLine(1, "β = βc"); err != nil {
		t.Fatal(err)
	}
	if boxes, data = drawRefs(rise); len(boxes) != 1 || boxes[0].Min.X > data.X(math.Log(1/0.3)/math.Log(47/0.3)) {
		t.Errorf("steep curves right of the line: label %+v not on the free left side", boxes)
	}
	// a horizontal line with a curve just above its right end: the label goes below
	h := Must(Lines([]Series{{X: xs, Y: flat(0)}, {X: xs, Y: flat(10)}, {X: []float64{6, 10}, Y: []float64{5.3, 5.3}}}))
	if err := h.AddHLine(5, "level"); err != nil {
		t.Fatal(err)
	}
	h.Tight = true
	if boxes, data = drawRefs(h); len(boxes) != 1 || boxes[0].Max.Y > data.Y(0.5) && boxes[0].Min.X > data.Center().X {
		t.Errorf("horizontal line: label %+v above the line at its right end, where a curve runs", boxes)
	}
}

// TestLegendLongLineJumps: a line of longLine points or more is noted by its points and
// only its long segments (the jumps of a step function, which its points leave empty), one
// below it by all its segments. Both sides of the switch, and the legend keeps off the jump.
func TestLegendLongLineJumps(t *testing.T) {
	for _, n := range []int{longLine - 1, longLine, 2000} {
		xs, ys := make([]float64, n), make([]float64, n)
		for i := range xs { // flat at 0, one point at −40 at 95 % of the way
			xs[i] = float64(i)
		}
		spike := n * 95 / 100
		ys[spike] = -40
		f := Must(Lines([]Series{{Name: "bottom", X: xs, Y: ys}}))
		want := n - 1
		if n >= longLine {
			want = 2 // into the spike and out of it
		}
		if len(f.segs) != want {
			t.Errorf("%d points: %d segments noted, want %d", n, len(f.segs), want)
		}
		c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: DefaultWidth, Y: DefaultHeight}}}
		lw, lh := legendSize(&f.Plot.Legend)
		spot, lay := f.placeLegend(c, lw, lh)
		if spot.beside || spot.below {
			continue
		}
		box := legendBox(lay.data, lw, lh, spot)
		trX, _ := lay.q.Transforms(&lay.data)
		if x := trX(xs[spike]); box.Min.X-4 <= x && x <= box.Max.X+4 {
			t.Errorf("%d points: legend at %+v covers the spike at x = %v", n, spot, x)
		}
	}
}

// TestLegendOutsideNarrow: LegendOutside keeps its column at the right on a wide figure, and
// on a narrow one (the phone rendering's width), where the column would take more than
// maxLegendShare of the data area's width, lays the legend out in rows below the axes, so
// that the data area keeps the figure's width; the phone rendering grows by the rows' height.
func TestLegendOutsideNarrow(t *testing.T) {
	f := Must(Lines([]Series{
		{Name: "constant ε = 0.3", Y: []float64{3, 2, 1.5, 1.4}},
		{Name: "decaying ε_t (4.4)", Y: []float64{3, 1.8, 1.2, 1.1}},
	}, LegendOutside(), Title("cost"), XLabel("epoch"), YLabel("cost")))
	spot, wide := spotOf(t, f, DefaultWidth, DefaultHeight)
	if !spot.beside {
		t.Errorf("wide: legend at %+v, want a column at the right", spot)
	}
	pw, ph, ok := phoneSize(DefaultWidth, DefaultHeight, 11)
	if !ok {
		t.Fatal("no phone size for 11-pt text")
	}
	spot, narrow := spotOf(t, f, pw, ph)
	if !spot.below {
		t.Fatalf("%.0f pt wide: legend at %+v, want rows below the axes", pw, spot)
	}
	dw := narrow.data.Max.X - narrow.data.Min.X
	if free := narrow.main.Max.X - narrow.main.Min.X; dw < free*0.8 {
		t.Errorf("%.0f pt wide: data area %.0f pt of %.0f", pw, dw, free)
	}
	if dw := wide.data.Max.X - wide.data.Min.X; dw < (narrow.main.Max.X-narrow.main.Min.X)*0.8 {
		t.Errorf("wide: data area %.0f pt, narrower than the phone's", dw)
	}
	s := Must(HTML(f))
	phone := phonePart.FindStringSubmatch(s)
	if phone == nil {
		t.Fatal("no phone rendering")
	}
	if _, h := svgSize(t, phone[1]); h <= float64(ph)+1 {
		t.Errorf("phone rendering %.0f pt high, want more than %.0f (rows below)", h, ph)
	}

	// Both axes to one scale over a square: the data area is narrowed to a square, and the
	// column takes the room beside it on a wide figure. On a phone the legend goes below and
	// the rendering grows until the square takes the rendering's width.
	sq := Must(Lines([]Series{
		{Name: "constant ε = 0.3", X: []float64{-5, 5}, Y: []float64{-5, 5}},
		{Name: "decaying ε_t (4.4)", X: []float64{-5, 5}, Y: []float64{5, -5}},
		{Name: "batch k-means", X: []float64{0}, Y: []float64{0}, Points: true},
	}, LegendOutside(), EqualAxes(), Title("paths")))
	if spot, _ := spotOf(t, sq, DefaultWidth, DefaultHeight); !spot.beside {
		t.Errorf("equal scale, wide: legend at %+v, want a column in the room beside the square", spot)
	}
	phone = phonePart.FindStringSubmatch(Must(HTML(sq)))
	if phone == nil {
		t.Fatal("equal scale: no phone rendering")
	}
	w, h := svgSize(t, phone[1])
	spot, lay := spotOf(t, sq, vg.Length(w), vg.Length(h))
	if dw := lay.data.Max.X - lay.data.Min.X; !spot.below || dw < 0.95*lay.freeW {
		t.Errorf("equal scale, phone %.0f×%.0f pt: legend at %+v, data area %.0f pt wide of %.0f",
			w, h, spot, dw, lay.freeW)
	}
}

// TestLegendAvoidsContourLines: the level lines of a contour plot count as data. The line
// x = y runs through the top-right corner, which the points leave free; the legend goes to
// the top-left corner, free of both, not onto the line.
func TestLegendAvoidsContourLines(t *testing.T) {
	var xy []float64
	var labels []int
	for k, left := range []bool{true, false} { // points in the two bottom corners
		xs, ys := cornerPoints(left, true)
		for i := range xs {
			xy = append(xy, xs[i], ys[i])
			labels = append(labels, k)
		}
	}
	pts := mat.NewDense(len(labels), 2, xy)
	f := Must(Contour(func(x, y float64) float64 { return x - y }, Rect{XMax: 10, YMax: 10},
		pts, labels, Levels(0), Classes("left", "right")))
	spot, lay := spotOf(t, f, DefaultWidth, DefaultHeight)
	if want := (legendSpot{col: 0, row: 2}); spot != want {
		t.Errorf("legend at %+v, want %+v (top left, off the line x = y)", spot, want)
	}
	lw, lh := legendSize(&f.Plot.Legend)
	if n := f.covered(&lay.q, lay.data, lw, lh, legendSpot{col: 2, row: 2}); n == 0 {
		t.Error("the top-right corner, on the line x = y, counts as empty")
	}
}

// TestRefLabelsAboveWhenCrowded: the labels of three close reference lines across nine
// curves that split (Figure 3.4 of the annealing chapter) at a phone's width: a label with
// no place inside clear of the data goes above the data area, so that no label lies on a
// curve (at the default width some may go there too).
func TestRefLabelsAboveWhenCrowded(t *testing.T) {
	mk := func() *Figure {
		var ss []Series
		tcs := []float64{3.54, 3.25, 3.44}
		for g, tc := range tcs {
			for k := -1; k <= 1; k++ {
				s := Series{Color: g + 1}
				for T := 4.1; T >= 2.6; T *= 0.97 {
					y := 5 * float64(g)
					if T < tc {
						y += float64(k) * 1.3 * math.Sqrt(tc-T)
					}
					s.X, s.Y = append(s.X, T), append(s.Y, y)
				}
				ss = append(ss, s)
			}
		}
		f := Must(Lines(ss, Title("Splits inside the groups"), XLabel("temperature T"), YLabel("first coordinate")))
		for g, tc := range tcs {
			if err := f.AddVLine(tc, fmt.Sprintf("group %d: 2λ_{max} = %.2f", g+1, tc)); err != nil {
				t.Fatal(err)
			}
		}
		return f
	}
	for _, c := range []struct {
		w, h      vg.Length
		wantAbove bool
	}{{DefaultWidth, DefaultHeight, false}, {PhoneColumn, DefaultHeight * 0.75, true}} {
		f := mk()
		cv := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: c.w, Y: c.h}}}
		f.Draw(cv)
		inside := slices.Clone(f.refBoxes)
		lw, lh := legendSize(&f.Plot.Legend)
		spot, lay := f.placeLegend(cv, lw, lh)
		lay = f.refBandPlan(cv, spot, lw, lh, lay)
		above, _ := f.refBandLabels(&lay.q, lay.data)
		f.refAbove, f.refBand = nil, 0
		trX, trY := lay.q.Transforms(&lay.data)
		if len(inside)+len(above) != 3 {
			t.Fatalf("%v pt: %d labels inside and %d above, want 3", c.w, len(inside), len(above))
		}
		for _, b := range inside {
			if n := f.countIn(trX, trY, b, 0, false); n > 0 {
				t.Errorf("%v pt: a label inside (%+v) lies on %d data samples", c.w, b, n)
			}
		}
		for _, l := range above {
			if b := l.sty.box; b.Min.Y < lay.data.Max.Y || b.Min.X < lay.data.Min.X || b.Max.X > lay.data.Max.X {
				t.Errorf("%v pt: label %q above at %+v, not above the data area %+v", c.w, l.label, b, lay.data.Rectangle)
			}
		}
		if c.wantAbove && len(above) == 0 {
			t.Errorf("%v pt: no label above the data area", c.w)
		}
	}
}

// TestLegendAvoidsBars: the bars of a bar chart are data for the legend's placement: with
// the tallest bars on the right (the two ground states of a spin glass) the legend goes to
// the top left, and the top-right corner counts as covered. Before bar areas were noted,
// every corner counted as empty and the legend covered the bars.
func TestLegendAvoidsBars(t *testing.T) {
	cats := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	small := []float64{0.01, 0.02, 0.01, 0.02, 0.01, 0.02, 0.45, 0.45}
	f := Must(Bars(cats, []BarSeries{{Name: "chain", Values: small}, {Name: "exact", Values: small}},
		Title("bars on the right")))
	for _, w := range []vg.Length{DefaultWidth, 3 * vg.Inch} {
		spot, lay := spotOf(t, f, w, DefaultHeight)
		if want := (legendSpot{col: 0, row: 2}); spot != want {
			t.Errorf("at %.0f pt: legend at %+v, want %+v (top left, off the tall bars)", w, spot, want)
		}
		lw, lh := legendSize(&f.Plot.Legend)
		if n := f.covered(&lay.q, lay.data, lw, lh, legendSpot{col: 2, row: 2}); n == 0 {
			t.Errorf("at %.0f pt: the top-right corner, on the tall bars, counts as empty", w)
		}
	}
}
