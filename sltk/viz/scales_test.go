package viz

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"regexp"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// With EqualAxes a unit spans as many points on x as on y, whatever the figure's shape.
func TestEqualAxes(t *testing.T) {
	x := mat.NewDense(3, 2, []float64{0, 0, 4, 1, 2, 0.5})
	for _, size := range [][2]float64{{8, 4.8}, {3, 6}, {5, 5}} {
		f, err := Scatter(x, EqualAxes(), Size(size[0], size[1]))
		if err != nil {
			t.Fatal(err)
		}
		w, h := f.Size()
		c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}}
		q := *f.Plot
		d := q.DataCanvas(equalBox(&q, c))
		sx := float64(d.Max.X-d.Min.X) / (q.X.Max - q.X.Min)
		sy := float64(d.Max.Y-d.Min.Y) / (q.Y.Max - q.Y.Min)
		if math.Abs(sx/sy-1) > 1e-9 {
			t.Errorf("size %v: %g points per unit on x, %g on y", size, sx, sy)
		}
	}
	f, err := Lines([]Series{{X: []float64{1, 10}, Y: []float64{1, 100}}}, LogY(), EqualAxes())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Render(f, "svg"); err != nil { // a log axis: EqualAxes has no effect
		t.Fatal(err)
	}
}

func TestHeatMapScales(t *testing.T) {
	m := mat.NewDense(2, 2, []float64{-1, 0.5, 0, 2})
	for _, opts := range [][]Option{{Diverging()}, {ColorRange(-3, 3)}, {ColorRange(0, 1)}, {Grey()}} {
		if _, err := HeatMap(m, opts...); err != nil {
			t.Errorf("HeatMap with %d options: %v", len(opts), err)
		}
	}
	o := &options{diverging: true}
	sc, _ := o.heatScale(matrixGrid{m: m, r: 2, c: 2})
	if sc.lo != -2 || sc.hi != 2 || divergingAt(0.5) != (color.NRGBA{0xF7, 0xF7, 0xF7, 0xff}) {
		t.Errorf("diverging scale [%g, %g], middle %v", sc.lo, sc.hi, divergingAt(0.5))
	}
	// The grey scale runs from black at the smallest value to white at the largest.
	g := &options{grey: true}
	sc, _ = g.heatScale(matrixGrid{m: m, r: 2, c: 2})
	if lo, hi := sc.at(0), sc.at(1); sc.lo != -1 || sc.hi != 2 || lo != (color.NRGBA{0, 0, 0, 0xff}) ||
		hi != (color.NRGBA{0xff, 0xff, 0xff, 0xff}) || sc.at(0.5).R != sc.at(0.5).B {
		t.Errorf("grey scale [%g, %g] from %v to %v, middle %v", sc.lo, sc.hi, lo, hi, sc.at(0.5))
	}
	for _, bad := range [][]Option{{ColorRange(1, 1)}, {ColorRange(0, math.Inf(1))}, {Categories("a")},
		{Categories()}, {Grey(), Diverging()}} {
		if _, err := HeatMap(m, bad...); !errors.Is(err, ErrArg) {
			t.Errorf("bad options: err = %v, want ErrArg", err)
		}
	}
	b := mat.NewDense(2, 2, []float64{0, 1, 1, 0})
	f, err := HeatMap(b, Categories("no", "yes"))
	if err != nil {
		t.Fatal(err)
	}
	svg, _ := Render(f, "svg")
	if f.colorBar != nil || !bytes.Contains(svg, []byte(">yes<")) {
		t.Error("a categorical heat map has a colour bar or lacks its legend")
	}
}

func TestHeatMaps(t *testing.T) {
	a := mat.NewDense(2, 2, []float64{-1, 0, 0, 1})
	b := mat.NewDense(2, 2, []float64{0, 3, 0, 0})
	g, err := HeatMaps([]mat.Matrix{a, b}, []string{"a", "b"}, 2, Diverging(), Title("both"))
	if err != nil {
		t.Fatal(err)
	}
	if g.colorBar == nil || g.colorBar.Y.Min != -3 || g.colorBar.Y.Max != 3 || g.Title != "both" {
		t.Errorf("shared bar %v, title %q", g.colorBar, g.Title)
	}
	for i, p := range g.Panels {
		if f := p.(*Figure); f.colorBar != nil || f.Title.Text != []string{"a", "b"}[i] {
			t.Errorf("panel %d: own bar or title %q", i, f.Title.Text)
		}
	}
	if _, err := Render(g, "png"); err != nil {
		t.Fatal(err)
	}
	// With Grey the shared colour bar, upright and lying below, is grey too: no pixel of its
	// rendering has a hue.
	gg, err := HeatMaps([]mat.Matrix{a, b}, nil, 2, Grey())
	if err != nil {
		t.Fatal(err)
	}
	for _, bar := range []Drawer{gg.colorBar, gg.colorBarBelow} {
		b, err := Render(bar, "png")
		if err != nil {
			t.Fatal(err)
		}
		im, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		for y := im.Bounds().Min.Y; y < im.Bounds().Max.Y; y++ {
			for x := im.Bounds().Min.X; x < im.Bounds().Max.X; x++ {
				if r, g, b, _ := im.At(x, y).RGBA(); r != g || g != b {
					t.Fatalf("Grey colour bar: pixel (%d, %d) is coloured: %d %d %d", x, y, r>>8, g>>8, b>>8)
				}
			}
		}
	}
	for _, c := range []struct {
		ms     []mat.Matrix
		titles []string
		cols   int
		want   error
	}{{nil, nil, 1, ErrEmpty}, {[]mat.Matrix{a}, []string{"x", "y"}, 1, ErrShape},
		{[]mat.Matrix{a}, nil, 0, ErrArg}, {[]mat.Matrix{a, nil}, nil, 1, ErrEmpty},
		{[]mat.Matrix{mat.NewDense(1, 1, []float64{math.NaN()})}, nil, 1, ErrNotFinite}} {
		if _, err := HeatMaps(c.ms, c.titles, c.cols); !errors.Is(err, c.want) {
			t.Errorf("HeatMaps(%d matrices, %v, %d): %v, want %v", len(c.ms), c.titles, c.cols, err, c.want)
		}
	}
}

func TestRefLines(t *testing.T) {
	f, err := Lines([]Series{{Name: "s", X: []float64{1, 2}, Y: []float64{1, 2}}}, LogX())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.AddVLine(5, "critical T"); err != nil || f.X.Max != 5 {
		t.Fatalf("AddVLine: %v, x max %g", err, f.X.Max)
	}
	if err := f.AddHLine(0, "zero"); err != nil || f.Y.Min != 0 {
		t.Fatalf("AddHLine: %v, y min %g", err, f.Y.Min)
	}
	svg, err := Render(f, "svg")
	if err != nil || !bytes.Contains(svg, []byte("critical T")) {
		t.Fatalf("render: %v", err)
	}
	for _, c := range []struct {
		f    *Figure
		at   float64
		want error
	}{{nil, 1, ErrArg}, {f, math.NaN(), ErrNotFinite}, {f, -1, ErrArg}} {
		if err := c.f.AddVLine(c.at, ""); !errors.Is(err, c.want) {
			t.Errorf("AddVLine(%g): %v, want %v", c.at, err, c.want)
		}
	}
	if err := f.AddHLine(1e300, ""); !errors.Is(err, ErrNotFinite) { // beyond MaxCoordinate
		t.Errorf("AddHLine(1e300): %v, want ErrNotFinite", err)
	}
}

// The palette holds PaletteSize colours, pairwise apart (CIE76 ΔE ≥ 25 in sRGB/D65 Lab):
// nine to twelve classes of one figure (slt/03 Fig 3.5, afds/05 Fig 5.13) never share a
// colour. For a red–green colour-blind reader (Machado et al. 2009, severity 1) the added
// four come close to some earlier colour; each such pair differs in marker shape and line
// pattern as well.
func TestPaletteTwelve(t *testing.T) {
	lin := func(v uint8) float64 {
		c := float64(v) / 255
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	lab := func(r, g, b float64) [3]float64 {
		x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
		y := 0.2126*r + 0.7152*g + 0.0722*b
		z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
		f := func(v float64) float64 {
			if v > 0.008856 {
				return math.Cbrt(v)
			}
			return 7.787*v + 16.0/116
		}
		return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
	}
	sims := map[string][3][3]float64{
		"normal": {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		"deutan": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
		"protan": {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
	}
	if len(okabeIto) != PaletteSize {
		t.Fatalf("%d colours, PaletteSize %d", len(okabeIto), PaletteSize)
	}
	for name, m := range sims {
		var labs [PaletteSize][3]float64
		for i, c := range okabeIto {
			v := [3]float64{lin(c.R), lin(c.G), lin(c.B)}
			var w [3]float64
			for r := range 3 {
				w[r] = math.Max(0, math.Min(1, m[r][0]*v[0]+m[r][1]*v[1]+m[r][2]*v[2]))
			}
			labs[i] = lab(w[0], w[1], w[2])
		}
		for i := range PaletteSize {
			for j := i + 1; j < PaletteSize; j++ {
				d := math.Hypot(math.Hypot(labs[i][0]-labs[j][0], labs[i][1]-labs[j][1]), labs[i][2]-labs[j][2])
				switch {
				case name == "normal" && d < 25:
					t.Errorf("colours %d and %d: ΔE %.1f", i, j, d)
				case j >= 8 && d < 20 && (glyphFor(i, 1).Shape == glyphFor(j, 1).Shape ||
					slices.Equal(paletteDashes(i), paletteDashes(j))):
					t.Errorf("%s: colours %d and %d (ΔE %.1f) share a marker or a line pattern", name, i, j, d)
				}
			}
		}
	}
	if Color(PaletteSize) != Color(0) || Color(-1) != Color(PaletteSize-1) {
		t.Error("palette indexing wrong")
	}
	// ten and twelve classes: as many fill colours in the SVG, each label's Color
	for _, n := range []int{9, 10, 12} {
		x := mat.NewDense(n, 2, nil)
		labels := make([]int, n)
		for i := range n {
			x.Set(i, 0, float64(i))
			labels[i] = i
		}
		svg := string(Must(Render(Must(ScatterLabels(x, labels, nil)), "svg")))
		var fills [][3]int // translucent points: within 2 of the colour per channel
		for _, m := range regexp.MustCompile(`(?:fill|stroke):#([0-9A-Fa-f]{6})`).FindAllStringSubmatch(svg, -1) {
			var r, g, b int
			fmt.Sscanf(m[1], "%02x%02x%02x", &r, &g, &b)
			fills = append(fills, [3]int{r, g, b})
		}
		for i := range n {
			c := okabeIto[i]
			if !slices.ContainsFunc(fills, func(f [3]int) bool {
				return max(abs(f[0]-int(c.R)), abs(f[1]-int(c.G)), abs(f[2]-int(c.B))) <= 2
			}) {
				t.Errorf("%d classes: label %d not drawn in %v", n, i, c)
			}
		}
	}
}

// ExampleEqualAxes draws a circle that stays round in a wide figure.
func ExampleEqualAxes() {
	x := mat.NewDense(64, 2, nil)
	for i := range 64 {
		a := 2 * math.Pi * float64(i) / 64
		x.Set(i, 0, math.Cos(a))
		x.Set(i, 1, math.Sin(a))
	}
	fig, err := Scatter(x, EqualAxes(), Title("unit circle"))
	fmt.Println(err, fig.EqualScale)
	// Output: <nil> true
}

// ExampleHeatMaps draws two signed matrices on one diverging scale with one colour bar.
func ExampleHeatMaps() {
	a := mat.NewDense(2, 2, []float64{-1, 0, 0, 1})
	b := mat.NewDense(2, 2, []float64{0, 3, -2, 0})
	g, err := HeatMaps([]mat.Matrix{a, b}, []string{"A", "B"}, 2, Diverging(), HideValues())
	fmt.Println(err, g.Rows, g.Cols)
	// Output: <nil> 1 2
}

// ExampleCategories draws a binary table in two colours with a two-entry legend.
func ExampleCategories() {
	liked := mat.NewDense(2, 3, []float64{1, 0, 1, 0, 0, 1})
	_, err := HeatMap(liked, Categories("not liked", "liked"), RowNames("Ann", "Bob"))
	fmt.Println(err)
	// Output: <nil>
}

// ExampleFigure_AddVLine marks a critical value with a labelled dashed line.
func ExampleFigure_AddVLine() {
	f, _ := Lines([]Series{{Name: "count", X: []float64{1, 2, 4, 8}, Y: []float64{9, 5, 3, 1}}})
	fmt.Println(f.AddVLine(3, "critical T"), f.AddHLine(2, "level 2"))
	// Output: <nil> <nil>
}

// A log axis keeps the data area a linear axis gets: gonum's glyph box of a long axis label sat
// at the arithmetic middle of the range, near the top of a log axis, and left a gap under the
// title (and, for LogX, at the right).
func TestLogAxisLabelNoGap(t *testing.T) {
	topTick := func(log bool) (tick, label vg.Point) {
		opts := []Option{Title("title"), YLabel("a rather long label of the y axis"),
			XLabel("a rather long label of the x axis")}
		if log {
			opts = append(opts, LogY(), LogX())
		}
		f, err := Lines([]Series{{X: []float64{0.001, 1}, Y: []float64{0.001, 1}}}, opts...)
		if err != nil {
			t.Fatal(err)
		}
		rec := &recorder.Canvas{}
		f.Draw(draw.Canvas{Canvas: rec, Rectangle: vg.Rectangle{Max: vg.Point{X: 576, Y: 345.6}}})
		for _, a := range rec.Actions {
			if s, ok := a.(*recorder.FillString); ok {
				switch s.String {
				case "1", "1.0", "10": // "10⁰" is drawn as "10" and a raised "0" (glyphScripts)
					if s.Point.Y > tick.Y {
						tick = s.Point
					}
				case "a rather long label of the y axis":
					label = s.Point
				}
			}
		}
		return tick, label
	}
	linTick, linLabel := topTick(false)
	logTick, logLabel := topTick(true)
	// 2 pt: the raised 0 of "10⁰" makes that label taller, so its base sits 1.2 pt lower than
	// the "1.0" of the linear axis; the gap this test guards against was tens of points.
	if math.Abs(float64(linTick.Y-logTick.Y)) > 2 || math.Abs(float64(linLabel.Y-logLabel.Y)) > 1 {
		t.Errorf("top tick at %v (linear) and %v (log); y label at %v and %v", linTick, logTick,
			linLabel, logLabel)
	}
}

// A Dashed series is a dashed line without markers, even when short.
func TestDashedSeries(t *testing.T) {
	f, err := Lines([]Series{{Name: "data", Y: []float64{1, 2, 3}},
		{Name: "limit", Y: []float64{1, 2, 3.1}, Dashed: true}})
	if err != nil {
		t.Fatal(err)
	}
	svg, err := Render(f, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, []byte("stroke-dasharray")) {
		t.Error("no dashed line in the SVG")
	}
	if n := bytes.Count(svg, []byte("<path d=\"M")); n == 0 {
		t.Error("nothing drawn")
	}
}

// A series with Color set is drawn in that palette entry: measured points in their curve's
// colour, and no colour of the series' own position appears.
func TestSeriesColor(t *testing.T) {
	hex := func(i int) []byte {
		r, g, b, _ := Color(i).RGBA()
		return []byte(fmt.Sprintf("#%02X%02X%02X", r>>8, g>>8, b>>8))
	}
	f, err := Lines([]Series{{Name: "model", Y: []float64{1, 2, 3}},
		{Name: "measured", Y: []float64{1.1, 2, 2.9}, Points: true, Color: 1}})
	if err != nil {
		t.Fatal(err)
	}
	svg, err := Render(f, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, hex(0)) {
		t.Errorf("palette colour 0 (%s) not in the SVG", hex(0))
	}
	if bytes.Contains(svg, hex(1)) {
		t.Errorf("palette colour 1 (%s) drawn although both series take colour 0", hex(1))
	}
}

func abs(v int) int { return max(v, -v) }
