package viz

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

func blobs(n int) (*mat.Dense, []int) {
	x := mat.NewDense(n, 2, nil)
	labels := make([]int, n)
	for i := range n {
		k := i % 3
		labels[i] = k
		a := float64(i) * 2.399963 // golden angle: deterministic scatter around each centre
		r := 0.8 * math.Sqrt(float64(i)/float64(n))
		x.Set(i, 0, 3*float64(k)+r*math.Cos(a))
		x.Set(i, 1, float64(k%2)*2+r*math.Sin(a))
	}
	return x, labels
}

// allFigures builds one figure of every kind, each with a distinctive title.
func allFigures(t testing.TB) map[string]Drawer {
	t.Helper()
	x, labels := blobs(90)
	c := mat.NewDense(3, 2, []float64{0, 0, 3, 2, 6, 0})
	must := func(f *Figure, err error) *Figure {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	sample := make([]float64, 500)
	for i := range sample {
		sample[i] = math.Sin(float64(i)) + math.Cos(float64(i)*0.37)
	}
	figs := map[string]Drawer{
		"Title scatter":  must(Scatter(x, Title("Title scatter"))),
		"Title labels":   must(ScatterLabels(x, labels, c, Title("Title labels"))),
		"Title lines":    must(Lines([]Series{{Name: "a", Y: []float64{3, 2, 1}}, {Name: "b", X: []float64{1, 2, 3}, Y: []float64{1, 10, 100}}}, Title("Title lines"), LogY())),
		"Title hist":     must(Histogram(sample, 20, func(x float64) float64 { return math.Exp(-x * x / 2) }, Title("Title hist"))),
		"Title heat":     must(HeatMap(mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6}), Title("Title heat"), RowNames("r0", "r1"))),
		"Title bigheat":  must(HeatMap(mat.NewDense(70, 70, nil), Title("Title bigheat"))),
		"Title contour":  must(Contour(func(x, y float64) float64 { return x*x - y }, Rect{-1, 7, -1, 3}, x, labels, Title("Title contour"), Levels(0))),
		"Title bars":     must(Bars([]string{"a", "b"}, []BarSeries{{Name: "s", Values: []float64{1, -2}}, {Name: "t", Values: []float64{0.5, 3}}}, Title("Title bars"))),
		"Title bar":      must(Bar([]string{"only"}, []float64{2}, Title("Title bar"))),
		"Title contour2": must(Contour(func(x, y float64) float64 { return 1 }, Rect{0, 1, 0, 1}, nil, nil, Title("Title contour2"))),
	}
	p := plot.New()
	p.Title.Text = "Title raw plot"
	figs["Title raw plot"] = p
	g, err := NewGrid(2, 2, figs["Title scatter"], figs["Title heat"], p)
	if err != nil {
		t.Fatal(err)
	}
	g.Title = "Title grid"
	figs["Title grid"] = g
	return figs
}

func TestRenderAllKinds(t *testing.T) {
	for title, d := range allFigures(t) {
		svg, err := Render(d, "svg")
		if err != nil {
			t.Fatalf("%s: %v", title, err)
		}
		if !bytes.Contains(svg, []byte(">"+title+"<")) {
			t.Errorf("%s: SVG does not contain the title", title)
		}
		if bytes.Contains(svg, []byte("font-family:Liberation")) || bytes.Contains(svg, []byte("sansbold")) {
			t.Errorf("%s: SVG font family has no fallback", title)
		}
		png, err := Render(d, "png")
		if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Errorf("%s: png: %v (%d bytes)", title, err, len(png))
		}
	}
}

func TestGridContainsPanelTitles(t *testing.T) {
	figs := allFigures(t)
	svg, err := Render(figs["Title grid"], "svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Title grid", "Title scatter", "Title heat", "Title raw plot"} {
		if !bytes.Contains(svg, []byte(s)) {
			t.Errorf("grid SVG lacks %q", s)
		}
	}
	w, h := figs["Title grid"].(*Grid).Size()
	if w <= 0 || h <= 0 {
		t.Errorf("grid size %v×%v", w, h)
	}
}

func TestSaveFormats(t *testing.T) {
	f, err := Bar([]string{"x", "y"}, []float64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	magic := map[string]string{"a.svg": "<?xml", "b.PNG": "\x89PNG", "c.pdf": "%PDF"}
	for name, m := range magic {
		path := filepath.Join(dir, name)
		if err := Save(f, path); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte(m)) {
			t.Errorf("%s starts with %q, want %q", name, b[:min(8, len(b))], m)
		}
	}
	err = Save(f, filepath.Join(dir, "d.jpeg"))
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), ".jpeg") {
		t.Errorf("Save .jpeg: %v, want ErrFormat naming the extension", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "d.jpeg")); !os.IsNotExist(err) {
		t.Errorf("Save wrote a file for an unknown extension")
	}
	if _, err := Render(f, "gif"); !errors.Is(err, ErrFormat) {
		t.Errorf("Render gif: %v", err)
	}
}

func TestSizes(t *testing.T) {
	f := Must(Bar([]string{"x"}, []float64{1}, Size(3, 2)))
	if w, h := f.Size(); w != 3*72 || h != 2*72 {
		t.Errorf("Size(3,2) gave %v×%v points", w, h)
	}
	if w, h := f.Resize(8, 3).Size(); w != 8*72 || h != 3*72 {
		t.Errorf("Resize(8,3) gave %v×%v points", w, h)
	}
	svg, err := Render(f, "svg")
	if err != nil || !bytes.Contains(svg, []byte(`width="576pt"`)) {
		t.Errorf("SVG not 8 inches wide: %v", err)
	}
	if w, h := NewFigure("t", "x", "y").Size(); w != DefaultWidth || h != DefaultHeight {
		t.Errorf("default size %v×%v", w, h)
	}
}

func TestErrors(t *testing.T) {
	x, labels := blobs(9)
	nan := mat.NewDense(2, 2, []float64{1, math.NaN(), 0, 0})
	f := func(x, y float64) float64 { return x + y }
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"scatter nil", second(Scatter(nil)), ErrEmpty},
		{"scatter 3 cols", second(Scatter(mat.NewDense(2, 3, nil))), ErrShape},
		{"scatter NaN", second(Scatter(nan)), ErrNotFinite},
		{"scatter empty", second(Scatter(&mat.Dense{})), ErrEmpty},
		{"labels short", second(ScatterLabels(x, labels[:3], nil)), ErrShape},
		{"centroids shape", second(ScatterLabels(x, labels, mat.NewDense(2, 1, nil))), ErrShape},
		{"scatter log of negative", second(Scatter(mat.NewDense(1, 2, []float64{-1, 1}), LogX())), ErrArg},
		{"scatter Levels", second(Scatter(x, Levels(1))), ErrArg},
		{"lines none", second(Lines(nil)), ErrEmpty},
		{"lines empty series", second(Lines([]Series{{Name: "a"}})), ErrEmpty},
		{"lines ragged", second(Lines([]Series{{Name: "a", X: []float64{1}, Y: []float64{1, 2}}})), ErrShape},
		{"lines Inf", second(Lines([]Series{{Y: []float64{1, math.Inf(1)}}})), ErrNotFinite},
		{"lines log of zero", second(Lines([]Series{{Y: []float64{0, 1}}}, LogY())), ErrArg},
		{"hist empty", second(Histogram(nil, 10, nil)), ErrEmpty},
		{"hist bins", second(Histogram([]float64{1}, -1, nil)), ErrArg},
		{"hist NaN", second(Histogram([]float64{1, math.NaN()}, 3, nil)), ErrNotFinite},
		{"hist NaN density", second(Histogram([]float64{1, 2}, 3, func(float64) float64 { return math.NaN() })), ErrNotFinite},
		{"hist LogY", second(Histogram([]float64{1, 2}, 3, nil, LogY())), ErrArg},
		{"heat nil", second(HeatMap(nil)), ErrEmpty},
		{"heat NaN", second(HeatMap(nan)), ErrNotFinite},
		{"heat names", second(HeatMap(mat.NewDense(2, 2, nil), RowNames("a"))), ErrShape},
		{"contour rect", second(Contour(f, Rect{1, 0, 0, 1}, nil, nil)), ErrArg},
		{"contour nil f", second(Contour(nil, Rect{0, 1, 0, 1}, nil, nil)), ErrArg},
		{"contour NaN f", second(Contour(func(x, y float64) float64 { return math.Log(x) }, Rect{-1, 1, 0, 1}, nil, nil)), ErrNotFinite},
		{"contour labels without points", second(Contour(f, Rect{0, 1, 0, 1}, nil, []int{1})), ErrShape},
		{"contour labels", second(Contour(f, Rect{0, 1, 0, 1}, x, labels[:2])), ErrShape},
		{"bars none", second(Bars(nil, nil)), ErrEmpty},
		{"bars ragged", second(Bars([]string{"a", "b"}, []BarSeries{{Values: []float64{1}}})), ErrShape},
		{"bar NaN", second(Bar([]string{"a"}, []float64{math.NaN()})), ErrNotFinite},
		{"grid too many", second(NewGrid(1, 1, plot.New(), plot.New())), ErrShape},
		{"grid nil panel", second(NewGrid(1, 2, (*Figure)(nil))), ErrArg},
		{"grid zero", second(NewGrid(0, 2, plot.New())), ErrArg},
		{"render nil", second(Render(nil, "svg")), ErrArg},
		{"table ragged", ShowTable([]string{"a", "b"}, [][]string{{"1"}}), ErrShape},
		{"table no header", ShowTable(nil, nil), ErrEmpty},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.err, c.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func TestRenderRecoversFromBrokenPlot(t *testing.T) {
	f := Must(Lines([]Series{{Y: []float64{0, 1, 2}}}))
	f.Y.Scale = plot.LogScale{} // caller's mistake: log axis over zero
	if _, err := Render(f, "svg"); !errors.Is(err, ErrRender) {
		t.Errorf("Render of a broken plot: %v, want ErrRender", err)
	}
}

func TestShowOutsideNotebookIsNoop(t *testing.T) {
	if err := Show(Must(Bar([]string{"a"}, []float64{1}))); err != nil {
		t.Errorf("Show outside GoNB: %v", err)
	}
	if err := Show(nil); err != nil {
		t.Errorf("Show(nil) outside GoNB: %v", err)
	}
}

func TestMustPanicsOnError(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Must did not panic on an error")
		}
	}()
	Must(Scatter(nil))
}

// textX returns the x coordinate of the first SVG text element whose content is s.
func textX(t *testing.T, svg []byte, s string) float64 {
	t.Helper()
	m := regexp.MustCompile(`<text x="([-0-9.e]+)"[^>]*>` + regexp.QuoteMeta(s) + `</text>`).FindSubmatch(svg)
	if m == nil {
		t.Fatalf("no text %q in SVG", s)
	}
	x, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestLegendPlacement(t *testing.T) {
	series := []Series{{Name: "first", Y: []float64{1, 2}}, {Name: "second", Y: []float64{2, 1}}}
	// The last x tick label sits at the right edge of the data area; a legend inside starts
	// to its left (the default), a legend beside the data to its right.
	inside := Must(Render(Must(Lines(series)), "svg"))
	if textX(t, inside, "first") >= textX(t, inside, "1.0") {
		t.Error("the default legend is not inside the data area")
	}
	beside := Must(Render(Must(Lines(series, LegendOutside())), "svg"))
	if textX(t, beside, "first") <= textX(t, beside, "1.0") {
		t.Error("LegendOutside did not put the legend right of the data area")
	}
	left := Must(Render(Must(Lines(series, LegendLeft())), "svg"))
	if textX(t, left, "first") >= textX(t, inside, "first") {
		t.Error("LegendLeft did not move the legend left")
	}
}

func TestHeatMapOrientation(t *testing.T) {
	m := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	g := matrixGrid{m: m, r: 2, c: 2}
	// Grid row 1 is the top row, i.e. matrix row 0.
	if g.Z(0, 1) != 1 || g.Z(1, 0) != 4 {
		t.Errorf("grid does not put matrix row 0 on top: Z(0,1)=%g Z(1,0)=%g", g.Z(0, 1), g.Z(1, 0))
	}
	ticks := indexTicks(2, []string{"top", "bottom"}, func(v int) int { return 1 - v }).Ticks(0, 1)
	if ticks[1].Label != "top" || ticks[0].Label != "bottom" {
		t.Errorf("row names in wrong order: %+v", ticks)
	}
	if g.Min() != 1 || g.Max() != 4 {
		t.Errorf("min/max %g %g", g.Min(), g.Max())
	}
	// Beyond tickEvery rows, the rows are labelled at the same round indices as the columns
	// (0, 20, 40, …), drawn at their flipped positions.
	const n = 96
	rows := indexTicks(n, nil, func(v int) int { return n - 1 - v }).Ticks(0, n-1)
	cols := indexTicks(n, nil, func(v int) int { return v }).Ticks(0, n-1)
	label := func(ts []plot.Tick) (ls []string) {
		for _, t := range ts {
			if t.Label != "" {
				ls = append(ls, t.Label)
			}
		}
		slices.Sort(ls)
		return ls
	}
	if r, c := label(rows), label(cols); !slices.Equal(r, c) || !slices.Contains(r, "0") {
		t.Errorf("row labels %v, column labels %v", r, c)
	}
	for _, tk := range rows {
		if tk.Label != "" && tk.Label != strconv.Itoa(n-1-int(tk.Value)) {
			t.Errorf("row label %q drawn at position %g", tk.Label, tk.Value)
		}
	}
}

func TestHistogramIsDensity(t *testing.T) {
	sample := []float64{0, 0.1, 0.5, 0.9, 1, 1, 2, 3}
	h, err := densityHistogram("Histogram", sample, 6)
	if err != nil {
		t.Fatal(err)
	}
	area, count := 0.0, 0.0
	for _, b := range h.Bins {
		area += b.Weight * (b.Max - b.Min)
		count += b.Weight * (b.Max - b.Min) * float64(len(sample))
	}
	if math.Abs(area-1) > 1e-12 {
		t.Errorf("histogram area %g, want 1", area)
	}
	if math.Round(count) != float64(len(sample)) {
		t.Errorf("histogram counts %g points, want %d", count, len(sample))
	}
	// The axis leaves headroom above the tallest bar and above the density's peak.
	tallest := 0.0
	for _, b := range h.Bins {
		tallest = math.Max(tallest, b.Weight)
	}
	if f := Must(Histogram(sample, 6, nil)); f.Y.Max < 1.05*tallest {
		t.Errorf("y axis ends at %g, tallest bar %g: no headroom", f.Y.Max, tallest)
	}
	if f := Must(Histogram(sample, 6, func(float64) float64 { return 3 })); f.Y.Max < 1.05*3 {
		t.Errorf("y axis ends at %g under a density peak of 3", f.Y.Max)
	}
	// A constant sample still gets a drawable histogram.
	if _, err := Render(Must(Histogram([]float64{2, 2, 2}, 0, nil)), "svg"); err != nil {
		t.Errorf("constant sample: %v", err)
	}
}

func TestTicks(t *testing.T) {
	labelled := func(ts []plot.Tick) []string {
		var out []string
		for _, t := range ts {
			if t.Label != "" {
				out = append(out, t.Label)
			}
		}
		return out
	}
	if got := strings.Join(labelled((niceTicks{}).Ticks(-1.2, 5.3)), " "); got != "−1 0 1 2 3 4 5" {
		t.Errorf("nice ticks over [-1.2, 5.3]: %s", got)
	}
	if got := strings.Join(labelled((niceTicks{}).Ticks(0, 0.9)), " "); got != "0.0 0.2 0.4 0.6 0.8" {
		t.Errorf("nice ticks over [0, 0.9]: %s", got)
	}
	if got := strings.Join(labelled((logTicks{}).Ticks(3, 40)), " "); got != "5 10 20" {
		t.Errorf("log ticks over [3, 40]: %s", got)
	}
	// 10⁴ is written as a power, as 10⁵ is: never "10000" beside "10⁵" in the book.
	if got := strings.Join(labelled((logTicks{}).Ticks(0.5, 2e4)), " "); got != "10⁰ 10¹ 10² 10³ 10⁴" {
		t.Errorf("log ticks over [0.5, 2e4]: %s", got)
	}
	// Over more than two decades a log axis counts in powers of ten even below 10⁴, so that no
	// panel shows 1000 beside another's 10⁴.
	if got := strings.Join(labelled((logTicks{}).Ticks(0.5, 9000)), " "); got != "10⁰ 10¹ 10² 10³" {
		t.Errorf("log ticks over [0.5, 9000]: %s", got)
	}
	if (logTicks{}).Ticks(0, 10) != nil {
		t.Error("log ticks over a range including 0 should be empty, not panic")
	}
}

func TestPalette(t *testing.T) {
	if Color(0) == Color(1) || Color(12) != Color(0) || Color(-1) != Color(11) {
		t.Error("palette indexing wrong")
	}
	if glyphFor(0, 1).Shape == glyphFor(12, 1).Shape {
		t.Error("label 12 should differ from label 0 by shape")
	}
	v := Viridis(3).Colors()
	if len(v) != 3 || v[0] != viridisAt(0) || v[2] != viridisAt(1) {
		t.Error("viridis endpoints wrong")
	}
	cm := &viridisMap{min: 0, max: 2, alpha: 1}
	if _, err := cm.At(3); err == nil {
		t.Error("colour map accepted a value outside its range")
	}
}

func TestTables(t *testing.T) {
	header := []string{"name", "value"}
	rows := [][]string{{"alpha", "1.5"}, {"b<c", "10"}}
	txt := tableText(header, rows)
	want := "name   value\n" +
		"-----  -----\n" +
		"alpha    1.5\n" +
		"b<c       10\n"
	if txt != want {
		t.Errorf("text table:\n%s\nwant\n%s", txt, want)
	}
	h := tableHTML(header, rows)
	if !strings.Contains(h, "b&lt;c") || !strings.Contains(h, "text-align:right") {
		t.Errorf("HTML table not escaped or not aligned: %s", h)
	}
}

func BenchmarkRenderScatterSVG(b *testing.B) {
	x, labels := blobs(1000)
	f := Must(ScatterLabels(x, labels, nil))
	b.ResetTimer()
	for range b.N {
		if _, err := Render(f, "svg"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkContour(b *testing.B) {
	fn := func(x, y float64) float64 { return math.Sin(x) * math.Cos(y) }
	for range b.N {
		f, err := Contour(fn, Rect{-3, 3, -3, 3}, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Render(f, "png"); err != nil {
			b.Fatal(err)
		}
	}
}

// A title wider than the figure is shrunk or wrapped, never cut off at the canvas edge.
func TestLongTitleFits(t *testing.T) {
	long := strings.Repeat("a rather long title that keeps going ", 6)
	fig, err := Lines([]Series{{Name: "s", Y: []float64{1, 2, 3}}}, Title(long), Size(4, 3))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Render(fig, "svg"); err != nil {
		t.Fatal(err)
	}
	q := *fig.Plot
	fitTitle(&q.Title, 4*vg.Inch, minTitleSize)
	for _, line := range strings.Split(q.Title.Text, "\n") {
		if w := q.Title.TextStyle.Width(line); w > 4*vg.Inch {
			t.Errorf("title line %q is %v wide, the figure 4in", line, w)
		}
	}
	if !strings.Contains(q.Title.Text, "\n") {
		t.Errorf("a title six times the width was not wrapped: %q", q.Title.Text)
	}
	short := *fig.Plot
	short.Title.Text = "short"
	before := short.Title.TextStyle.Font.Size
	fitTitle(&short.Title, 4*vg.Inch, minTitleSize)
	if short.Title.Text != "short" || short.Title.TextStyle.Font.Size != before {
		t.Error("a title that fits was changed")
	}
}

// Raster images in SVG output fill the rectangle gonum assigns them (no letterboxing).
func TestSVGImagesStretch(t *testing.T) {
	fig, err := Contour(func(x, y float64) float64 { return x + 2*y }, Rect{XMin: -1, XMax: 2, YMin: -1, YMax: 1.5}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render(fig, "svg")
	if err != nil {
		t.Fatal(err)
	}
	svg := string(b)
	images := strings.Count(svg, "<image ")
	if images == 0 {
		t.Fatal("a contour plot should embed its shading and colour bar as images")
	}
	if n := strings.Count(svg, `<image preserveAspectRatio="none" `); n != images {
		t.Errorf("%d of %d images keep their aspect ratio and would be letterboxed", images-n, images)
	}
}

// The legend avoids the data: a curve through the top-right corner pushes it elsewhere.
func TestLegendAvoidsData(t *testing.T) {
	rising := []Series{{Name: "rising", Y: []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}}
	svg := Must(Render(Must(Lines(rising, Title("t"))), "svg"))
	falling := []Series{{Name: "rising", Y: []float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}}}
	svg2 := Must(Render(Must(Lines(falling, Title("t"))), "svg"))
	// A rising line leaves the top left free, a falling one the top right.
	if textX(t, svg, "rising") >= textX(t, svg2, "rising") {
		t.Error("the legend of a rising line is not left of that of a falling line")
	}
}

func TestTreeDiagram(t *testing.T) {
	labels := []string{"X1", "X2", "1", "0", "0"}
	parent := []int{-1, 0, 1, 1, 0}
	fig, err := TreeDiagram(labels, parent, []string{"", "0", "0", "1", "1"}, Title("tree"))
	if err != nil {
		t.Fatal(err)
	}
	svg, err := Render(fig, "svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"X2", ">1<", "tree"} {
		if !strings.Contains(string(svg), s) {
			t.Errorf("SVG lacks %q", s)
		}
	}
	// Leaf boxes are opaque: an edge under a box must not show through its label.
	if strings.Contains(string(svg), "fill-opacity") {
		t.Error("a tree box has a translucent fill")
	}
	for name, c := range map[string]struct {
		labels, edges []string
		parent        []int
		want          error
	}{
		"empty":     {nil, nil, nil, ErrEmpty},
		"parents":   {labels, nil, parent[:2], ErrShape},
		"edges":     {labels, []string{""}, parent, ErrShape},
		"root":      {labels[:2], nil, []int{0, 0}, ErrArg},
		"pre-order": {labels[:3], nil, []int{-1, 2, 0}, ErrArg},
	} {
		if _, err := TreeDiagram(c.labels, c.parent, c.edges); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", name, err, c.want)
		}
	}
}

func TestAddBox(t *testing.T) {
	fig, err := Scatter(mat.NewDense(2, 2, []float64{0, 0, 1, 1}))
	if err != nil {
		t.Fatal(err)
	}
	if err := fig.AddBox(0.2, 0.2, 0.8, 0.9, "learned box", 1); err != nil {
		t.Fatal(err)
	}
	svg, err := Render(fig, "svg")
	if err != nil || !strings.Contains(string(svg), "learned box") {
		t.Errorf("legend entry missing (err %v)", err)
	}
	if err := fig.AddBox(1, 0, 0, 1, "", 0); !errors.Is(err, ErrArg) {
		t.Errorf("reversed box: %v", err)
	}
	if err := fig.AddBox(math.NaN(), 0, 1, 1, "", 0); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN corner: %v", err)
	}
}

// svgText is the regular expression fitText's scan replaced (textElement), kept as its oracle.
var svgText = regexp.MustCompile(`<text ([^>]*?)style="([^"]*)">([^<]*)</text>`)

// fitText's scan rewrites exactly the elements, and the parts, that the regular expression
// matched: the same bytes on figures and on odd inputs (a '>' or a second style in the
// attributes, an element without style, one cut short, nested markup).
func TestFitTextMatchesRegexp(t *testing.T) {
	old := func(svg string) string {
		return svgText.ReplaceAllStringFunc(svg, func(el string) string {
			m := svgText.FindStringSubmatch(el)
			return fitElement(el, m[1], m[2], m[3])
		})
	}
	st := `style="font-family:Liberation Sans;font-size:11px"`
	odd := []string{
		``, `<text `, `<text x="1" ` + st + `>a &amp; b</text>`,
		`<text x="1">no style</text><text y="2" ` + st + `>ok</text>`,
		`<text a="b>" ` + st + `>gt in attrs</text>`,
		`<text style="x" data="1" ` + st + `>second style</text>`,
		`<text ` + st + ` >space before gt</text>`,
		`<text ` + st + `>cut short`, `<text ` + st + `>in<tspan>x</tspan></text>`,
		`<text ` + st + `></text><text ` + st + `>  </text>`,
		`<text x="0" style="font-size:9px;font-weight:bold">bold</text>tail<text `,
		`<text x="1" textLength="3" ` + st + `>fitted</text>`,
		`<texts ` + st + `>not text</text><<text ` + st + `>after</text>`,
	}
	for _, s := range odd {
		if got, want := fitText(s), old(s); got != want {
			t.Errorf("fitText(%q) =\n%q, the regexp gives\n%q", s, got, want)
		}
	}
	fig := Must(Lines([]Series{{Name: "agnostic (3.5)", Y: []float64{3, 2, 1}}}, Title("sizes"),
		XLabel("x < y & z"), YLabel("P̂(x)")))
	c := vgsvg.New(DefaultWidth, DefaultHeight)
	fig.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	raw := svgFix.Replace(buf.String())
	if got, want := fitText(raw), old(raw); got != want || len(svgText.FindAllString(raw, -1)) < 5 {
		t.Errorf("a figure's SVG: the scan and the regexp differ (or the figure has few texts)")
	}
}

// Every text of an SVG figure carries the width the layout gave it, so a browser with a wider
// fallback font still keeps a legend entry clear of its line sample.
func TestSVGTextFitted(t *testing.T) {
	fig := Must(Lines([]Series{{Name: "agnostic (3.5)", Y: []float64{3, 2, 1}}}, Title("sizes")))
	svg := string(Must(Render(fig, "svg")))
	texts := svgText.FindAllString(svg, -1)
	if len(texts) == 0 {
		t.Fatal("no text elements found")
	}
	for _, el := range texts {
		if !strings.Contains(el, `textLength="`) {
			t.Errorf("text without textLength: %s", el)
		}
	}
	// The width is gonum's: 11 pt Liberation Sans for the legend entry.
	f := sansFont
	f.Size = 11
	face := font.DefaultCache.Lookup(f, 11)
	want := strconv.FormatFloat(float64(face.Width("agnostic (3.5)")), 'f', 2, 64)
	if !strings.Contains(svg, `textLength="`+want+`" lengthAdjust="spacingAndGlyphs" style="`) ||
		!strings.Contains(svg, ">agnostic (3.5)</text>") {
		t.Errorf("legend entry not fitted to %s pt", want)
	}
}

// The tallest bar leaves headroom under the frame.
func TestBarsHeadroom(t *testing.T) {
	f := Must(Bar([]string{"a", "b"}, []float64{3, 10}))
	if f.Y.Max <= 10 {
		t.Errorf("Y.Max = %g, want above the tallest bar (10)", f.Y.Max)
	}
}

// Linear axes label large values with a thousands suffix and tiny ones as m×10ᵉ, one format
// per axis, so that no label runs to six or seven digits or to Go's 1e-06.
func TestLinearTickLabelsCompact(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{0, 2e6, "0 0.5M 1.0M 1.5M 2.0M"},
		{0, 4e5, "0 100k 200k 300k 400k"},
		{1e5, 1.3e5, "100k 105k 110k 115k 120k 125k 130k"},
		{-3e9, 3e9, "−3G −2G −1G 0 1G 2G 3G"},
		{0, 4e-6, "0 10⁻⁶ 2×10⁻⁶ 3×10⁻⁶ 4×10⁻⁶"},
		{0, 90000, "0 20000 40000 60000 80000"},
		{-3.9200165, -3.9200108, "−3.920016 +10⁻⁶ +2×10⁻⁶ +3×10⁻⁶ +4×10⁻⁶ +5×10⁻⁶"},
	} {
		var labels []string
		for _, tk := range (niceTicks{}).Ticks(c.lo, c.hi) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		got := strings.Join(labels, " ")
		got = strings.ReplaceAll(got, "-", "−")
		if got != c.want {
			t.Errorf("ticks over [%g, %g]: %s, want %s", c.lo, c.hi, got, c.want)
		}
	}
}

// TestBarsCategoryAngle: category names stay level where they fit side by side at the width
// the figure is drawn, every one labelled (26 letters, 15 subsets in the column); where they
// do not, they are set at an angle only if that labels more of them: long names go to 45°,
// while single letters in a 3-inch figure stay level, every k-th labelled, since a letter at
// 45° takes more of the axis than upright (9 of the 26 labelled, against 6 at the angle).
func TestBarsCategoryAngle(t *testing.T) {
	var letters, subsets []string
	for r := 'a'; r <= 'z'; r++ {
		letters = append(letters, string(r))
	}
	for i := range 6 {
		for j := i + 1; j < 6; j++ {
			subsets = append(subsets, fmt.Sprintf(`\{%d,%d\}`, i, j))
		}
	}
	long := []string{"a rather long category", "another long category", "a third long one",
		"and a fourth", "the fifth category name"}
	for _, c := range []struct {
		name   string
		cats   []string
		w      vg.Length
		rotate bool
		all    bool // every name labelled
	}{
		{"26 letters", letters, DefaultWidth, false, true},
		{"15 subsets", subsets, DefaultWidth, false, true},
		{"26 letters, 3 in", letters, 3 * vg.Inch, false, false},
		{"15 subsets, 3 in", subsets, 3 * vg.Inch, false, false},
		{"long names", long, DefaultWidth, true, true},
	} {
		f := Must(Bar(c.cats, make([]float64, len(c.cats)), Title(c.name)))
		_, lay := spotOf(t, f, c.w, DefaultHeight)
		if rot := lay.q.X.Tick.Label.Rotation != 0; rot != c.rotate {
			t.Errorf("%s at %.0f pt: at an angle %v, want %v", c.name, c.w, rot, c.rotate)
		}
		r, ok := lay.q.X.Tick.Marker.(roomTicks)
		if !ok {
			t.Fatalf("%s: the category axis has marker %T, want roomTicks", c.name, lay.q.X.Tick.Marker)
		}
		ts := r.Ticks(lay.q.X.Min, lay.q.X.Max)
		n := len(labelledAt(ts))
		if all := n == len(c.cats); all != c.all {
			t.Errorf("%s at %.0f pt: %d names labelled of %d", c.name, c.w, n, len(c.cats))
		}
		other := r
		other.Style.Rotation = math.Pi/4 - other.Style.Rotation
		if alt := len(labelledAt(other.Ticks(lay.q.X.Min, lay.q.X.Max))); alt > n {
			t.Errorf("%s at %.0f pt: %d names labelled, %d with the other orientation", c.name, c.w, n, alt)
		}
	}
}

// TestContourColorRange: ColorRange gives a contour plot's colour bar (and its shading,
// drawn on the same ends) fixed ends, the same for two functions of different ranges; without it they span each function's
// range; a reversed or infinite range is refused.
func TestContourColorRange(t *testing.T) {
	box := Rect{XMax: 1, YMax: 1}
	for _, c := range []struct {
		top    float64 // f ranges over [0.2, top]
		opts   []Option
		lo, hi float64
	}{
		{0.6, nil, 0.2, 0.6},
		{0.6, []Option{ColorRange(0, 1)}, 0, 1},
		{0.9, []Option{ColorRange(0, 1)}, 0, 1},
	} {
		f, err := Contour(func(x, y float64) float64 { return 0.2 + (c.top-0.2)*x*y }, box, nil, nil, c.opts...)
		if err != nil {
			t.Fatalf("f up to %g, %d options: %v", c.top, len(c.opts), err)
		}
		if f.colorBar.Y.Min != c.lo || f.colorBar.Y.Max != c.hi {
			t.Errorf("f up to %g, %d options: colour bar [%g, %g], want [%g, %g]", c.top, len(c.opts),
				f.colorBar.Y.Min, f.colorBar.Y.Max, c.lo, c.hi)
		}
	}
	for _, r := range [][2]float64{{1, 0}, {0, 0}, {0, math.Inf(1)}} {
		if _, err := Contour(func(x, y float64) float64 { return x }, box, nil, nil, ColorRange(r[0], r[1])); !errors.Is(err, ErrArg) {
			t.Errorf("ColorRange(%g, %g): %v, want ErrArg", r[0], r[1], err)
		}
	}
}

// TestContourPointsRimmed: every class of a contour plot's points has a dark rim, also the
// light sky blue (label 5, squares) and yellow (label 7, triangles) that have a marker shape
// of their own, which otherwise melt into the light shading; each point draws its rim once.
func TestContourPointsRimmed(t *testing.T) {
	box := Rect{XMax: 10, YMax: 10}
	for _, l := range []int{0, 5, 7} {
		pts := mat.NewDense(3, 2, []float64{2, 2, 5, 5, 8, 8})
		f, err := Contour(func(x, y float64) float64 { return x / 10 }, box, pts, []int{l, l, l})
		if err != nil {
			t.Fatal(err)
		}
		svg, err := Render(f, "svg")
		if err != nil {
			t.Fatal(err)
		}
		// outlinedCircle strokes its rim, outlinedGlyph fills a larger shape under it
		rims := bytes.Count(svg, []byte("stroke:#222222")) + bytes.Count(svg, []byte("fill:#222222"))
		if rims < 3 {
			t.Errorf("label %d: %d rims in the SVG, want one per point (3)", l, rims)
		}
	}
}

// TestHistogramHasNoLegend guards against the one-entry legend ("sample (n=…)") coming back:
// a histogram is one unnamed series, as a Scatter is, with or without its density curve, and
// the title or caption says what it shows.
func TestHistogramHasNoLegend(t *testing.T) {
	sample := []float64{0, 0.1, 0.5, 0.9, 1, 1, 2, 3}
	for _, density := range []func(float64) float64{nil, func(float64) float64 { return 0.3 }} {
		f := Must(Histogram(sample, 6, density, Title("eight points"), YLabel("share")))
		if n := reflect.ValueOf(f.Plot.Legend).FieldByName("entries").Len(); n != 0 || len(f.entries) != 0 {
			t.Errorf("density %v: legend has %d entries (%d recorded), want none", density != nil, n, len(f.entries))
		}
		svg := string(Must(Render(f, "svg")))
		for _, s := range []string{"sample", "n=8", ">density<"} {
			if strings.Contains(svg, s) {
				t.Errorf("density %v: the figure draws %q", density != nil, s)
			}
		}
	}
}
