package viz

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

func TestAddMarks(t *testing.T) {
	x := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 5, 5, 6, 6})
	f, err := ScatterLabels(x, []int{0, 0, 1, 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.AddMarks(mat.NewDense(2, 2, []float64{0.5, 0.5, 5.5, 5.5}), "true means"); err != nil {
		t.Fatal(err)
	}
	svg, err := Render(f, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, []byte("true means")) {
		t.Fatal("legend entry of the marks missing")
	}
	for _, bad := range []mat.Matrix{nil, mat.NewDense(1, 3, nil),
		mat.NewDense(1, 2, []float64{math.NaN(), 0})} {
		err := f.AddMarks(bad, "")
		if !errors.Is(err, ErrEmpty) && !errors.Is(err, ErrShape) && !errors.Is(err, ErrNotFinite) {
			t.Fatalf("AddMarks(%v): %v", bad, err)
		}
	}
}

// ExampleFigure_AddMarks marks the true means of two clusters with crosses.
func ExampleFigure_AddMarks() {
	x := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 5, 5, 6, 6})
	f, _ := ScatterLabels(x, []int{0, 0, 1, 1}, nil, Classes("left", "right"))
	err := f.AddMarks(mat.NewDense(2, 2, []float64{0.5, 0.5, 5.5, 5.5}), "true means")
	fmt.Println(err)
	// Output: <nil>
}

func TestHideLegend(t *testing.T) {
	x := mat.NewDense(2, 2, []float64{0, 0, 1, 1})
	f, err := ScatterLabels(x, []int{0, 1}, nil, Classes("zero-class", "one-class"))
	if err != nil {
		t.Fatal(err)
	}
	f.HideLegend()
	if err := f.AddMarks(x, "marked"); err != nil {
		t.Fatal(err)
	}
	svg, err := Render(f, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(svg, []byte("zero-class")) || !bytes.Contains(svg, []byte("marked")) {
		t.Fatal("HideLegend kept an old entry or dropped a later one")
	}
}

// A nil or zero figure: AddMarks reports it, HideLegend leaves it alone.
func TestMarksOnZeroFigure(t *testing.T) {
	pts := mat.NewDense(1, 2, []float64{0, 0})
	for _, f := range []*Figure{nil, {}} {
		if got := f.HideLegend(); got != f {
			t.Errorf("HideLegend(%v) = %v, want its receiver", f, got)
		}
		if err := f.AddMarks(pts, "m"); !errors.Is(err, ErrArg) {
			t.Errorf("AddMarks on %v: err = %v, want ErrArg", f, err)
		}
	}
}

// The palette's sky blue (5) and yellow (7) are lighter twins of blue (0) and orange (1):
// their markers take other shapes and their lines a dash-dot pattern, so that six or more
// series stay apart where colour alone would not.
func TestTwinColoursDiffer(t *testing.T) {
	for _, c := range [][2]int{{0, 5}, {1, 7}, {12, 17}} {
		a, b := glyphFor(c[0], 1), glyphFor(c[1], 1)
		if a.Shape == b.Shape {
			t.Errorf("labels %d and %d: both %T", c[0], c[1], a.Shape)
		}
	}
	for i := range 5 {
		if _, ok := glyphFor(i, 1).Shape.(draw.CircleGlyph); !ok {
			t.Errorf("label %d: %T, want a circle", i, glyphFor(i, 1).Shape)
		}
	}
	var series []Series
	for i := range 6 {
		series = append(series, Series{Name: fmt.Sprint(i), Y: make([]float64, 50)})
	}
	svg := string(Must(Render(Must(Lines(series)), "svg")))
	dashed := regexp.MustCompile(`<path[^>]*stroke-dasharray[^>]*>`).FindAllString(svg, -1)
	if len(dashed) == 0 {
		t.Fatal("no dashed line among six series, want the sky-blue one")
	}
	for _, d := range dashed {
		if !strings.Contains(strings.ToLower(d), "stroke:#56b4e9") {
			t.Errorf("a dashed path not in sky blue: %.200s", d)
		}
	}
}

// TestAddPointLabels: names of points that stand apart are all written, each beside its
// point and on no point and no legend (nor the room a wider font may give it); a point amid a dense grid of others has no free place
// and its name is left out; a narrow drawing writes no more names; bad input is refused.
func TestAddPointLabels(t *testing.T) {
	x := mat.NewDense(5, 2, []float64{0, 0, 5, 5, 10, 0, 2, 8, 6.2, 9.6})
	names := []string{"alpha", "beta", "gamma", "delta", "epsilon"}
	f := Must(ScatterLabels(x, []int{0, 0, 1, 1, 1}, nil, Classes("first", "second")))
	if err := f.AddPointLabels(x, names); err != nil {
		t.Fatal(err)
	}
	svg := string(Must(Render(f, "svg")))
	for _, n := range names {
		if !strings.Contains(svg, ">"+n+"<") {
			t.Errorf("label %q not written", n)
		}
	}
	spot, lay := spotOf(t, f, DefaultWidth, DefaultHeight)
	trX, trY := lay.q.Transforms(&lay.data)
	lw, lh := legendSize(&f.Plot.Legend)
	legend := legendBox(lay.data, lw, lh, spot) // with its frame, and room for a wider font
	legend.Min.X -= 4 + legendSlack*lw
	legend.Max.X += 4 + legendSlack*lw
	legend.Min.Y, legend.Max.Y = legend.Min.Y-3, legend.Max.Y+3
	boxes := f.refBoxes // of the last drawing, at the default size
	if len(boxes) != len(names)+1 {
		t.Fatalf("%d boxes, want the legend's and %d labels'", len(boxes), len(names))
	}
	if b := boxes[0]; b.Min.X > legend.Min.X || b.Min.Y > legend.Min.Y || b.Max.X < legend.Max.X || b.Max.Y < legend.Max.Y {
		t.Errorf("labels keep off %v, not all of the legend %v with its frame and room", b, legend)
	}
	for _, b := range boxes[1:] {
		if n := f.countIn(trX, trY, b, 0, false); n > 0 {
			t.Errorf("a label's box %v covers %d points", b, n)
		}
		if legend.Min.X < b.Max.X && b.Min.X < legend.Max.X && legend.Min.Y < b.Max.Y && b.Min.Y < legend.Max.Y {
			t.Errorf("a label's box %v overlaps the legend %v", b, legend)
		}
	}
	narrow := string(Must(Render(f.Resize(2, 1.5), "svg")))
	if strings.Count(narrow, "font-size:9px") > strings.Count(svg, "font-size:9px") {
		t.Error("a 2-inch drawing writes more labels than the full one")
	}

	var xs, ys []float64
	for i := range 41 {
		for j := range 41 {
			xs, ys = append(xs, float64(i)/4), append(ys, float64(j)/4)
		}
	}
	dense := Must(Lines([]Series{{X: xs, Y: ys, Points: true}}))
	if err := dense.AddPointLabels(mat.NewDense(1, 2, []float64{5, 5}), []string{"hidden"}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(Must(Render(dense, "svg"))), ">hidden<") {
		t.Error("the name of a point amid a dense grid was written over other points")
	}

	if err := f.AddPointLabels(x, names[:2]); !errors.Is(err, ErrShape) {
		t.Errorf("2 names for 5 points: %v, want ErrShape", err)
	}
	if err := (*Figure)(nil).AddPointLabels(x, names); !errors.Is(err, ErrArg) {
		t.Errorf("nil figure: %v, want ErrArg", err)
	}
	if err := f.AddPointLabels(mat.NewDense(1, 2, []float64{math.NaN(), 0}), []string{"a"}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN point: %v, want ErrNotFinite", err)
	}
}

// TestAddLine: a sloped reference segment on log–log axes is drawn straight through its two
// ends, its label is written level beside it, off the data where there is room and off the
// segment itself; bad input is refused with viz's errors.
func TestAddLine(t *testing.T) {
	ks := []float64{10, 25, 50, 100, 200, 400}
	worst := make([]float64, len(ks))
	for i, k := range ks {
		worst[i] = 1.2 / math.Sqrt(k) * (1 + 0.05*float64(i%2))
	}
	f := Must(Lines([]Series{{X: ks, Y: worst}}, LogX(), LogY()))
	if err := f.AddLine(10, 0.3/math.Sqrt(10), 400, 0.3/math.Sqrt(400), "∝ 1/√k"); err != nil {
		t.Fatal(err)
	}
	boxes, data := drawRefs(f)
	if len(boxes) != 1 {
		t.Fatalf("%d label boxes, want 1", len(boxes))
	}
	b := boxes[0]
	if b.Min.X < data.Min.X || b.Max.X > data.Max.X || b.Min.Y < data.Min.Y || b.Max.Y > data.Max.Y {
		t.Errorf("label %+v outside the data area %+v", b, data.Rectangle)
	}
	c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: DefaultWidth, Y: DefaultHeight}}}
	lw, lh := legendSize(&f.Plot.Legend)
	_, lay := f.placeLegend(c, lw, lh)
	trX, trY := lay.q.Transforms(&lay.data)
	if n := f.countIn(trX, trY, b, 0, false); n > 0 {
		t.Errorf("label %+v covers %d data samples, though the data leave room", b, n)
	}
	if f.refs[0].crosses(trX, trY, b) {
		t.Errorf("label %+v crosses its own line", b)
	}
	// straight on the log–log canvas: the middle sample lies on the chord of the ends
	a, e := f.refs[0].canvasEnds(trX, trY)
	m := f.refData[8]
	if want := (a.Y + e.Y) / 2; math.Abs(float64(trY(m.Y)-want)) > 0.01 || math.Abs(float64(trX(m.X)-(a.X+e.X)/2)) > 0.01 {
		t.Errorf("middle sample at (%v, %v), want the middle of (%v, %v)", trX(m.X), trY(m.Y), a, e)
	}
	if svg := string(Must(Render(f, "svg"))); !strings.Contains(svg, "∝ 1/√k") {
		t.Error("label not written")
	}

	lin := Must(Lines([]Series{{X: []float64{0, 1}, Y: []float64{0, 1}}}))
	for _, c := range []struct {
		f              *Figure
		x0, y0, x1, y1 float64
		want           error
	}{
		{f, math.NaN(), 1, 2, 3, ErrNotFinite},
		{f, 1, math.Inf(1), 2, 3, ErrNotFinite},
		{f, 10, 0.1, 10, 0.1, ErrArg},  // coincident
		{f, 0, 0.1, 400, 0.01, ErrArg}, // x = 0 on a log axis
		{f, 10, -1, 400, 0.01, ErrArg}, // y < 0 on a log axis
		{nil, 0, 0, 1, 1, ErrArg},      // no figure
		{lin, -1, -2, 3, 4, nil},       // a linear figure takes negative values
		{lin, 2, 2, 2, 5, nil},         // and a vertical segment
	} {
		if err := c.f.AddLine(c.x0, c.y0, c.x1, c.y1, "l"); !errors.Is(err, c.want) || (err == nil) != (c.want == nil) {
			t.Errorf("AddLine(%g, %g, %g, %g): %v, want %v", c.x0, c.y0, c.x1, c.y1, err, c.want)
		}
	}
	if lin.X.Min > -1 || lin.Y.Max < 5 {
		t.Errorf("axes [%g, %g] × [%g, %g] do not include the segments' ends", lin.X.Min, lin.X.Max, lin.Y.Min, lin.Y.Max)
	}
	Must(Render(lin, "svg")) // a vertical segment places its label too
}

func TestSegmentMeets(t *testing.T) {
	box := rect(0, 0, 10, 10)
	for _, c := range []struct {
		a, b vg.Point
		want bool
	}{
		{vg.Point{X: -5, Y: 5}, vg.Point{X: 15, Y: 5}, true},    // through
		{vg.Point{X: 2, Y: 2}, vg.Point{X: 3, Y: 3}, true},      // inside
		{vg.Point{X: -5, Y: 20}, vg.Point{X: 20, Y: 12}, false}, // above
		{vg.Point{X: 11, Y: -5}, vg.Point{X: 11, Y: 15}, false}, // vertical, beside
		{vg.Point{X: -5, Y: 0}, vg.Point{X: 20, Y: 25}, true},   // diagonal across
		{vg.Point{X: 12, Y: 0}, vg.Point{X: 20, Y: 8}, false},   // diagonal beside
	} {
		if got := segmentMeets(c.a, c.b, box); got != c.want {
			t.Errorf("segmentMeets(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// ExampleFigure_AddLine draws a guide ∝ 1/√k on log–log axes beside measured points.
func ExampleFigure_AddLine() {
	k := []float64{10, 100, 1000}
	f, _ := Lines([]Series{{Name: "measured", X: k, Y: []float64{0.4, 0.12, 0.04}, Points: true}},
		LogX(), LogY())
	fmt.Println(f.AddLine(10, 0.5, 1000, 0.05, "∝ 1/√k"))
	// Output: <nil>
}
