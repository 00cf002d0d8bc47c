package viz

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

var (
	svgElem   = regexp.MustCompile(`(?s)<svg .*?</svg>`)
	svgWidth  = regexp.MustCompile(`<svg [^>]*width="([0-9.]+)pt" height="([0-9.]+)pt"`)
	phonePart = regexp.MustCompile(`(?s)<div class="viz-phone">(.*)</div></div>$`)
)

// svgSize is the size in points an SVG of Render declares.
func svgSize(t *testing.T, svg string) (w, h float64) {
	t.Helper()
	m := svgWidth.FindStringSubmatch(svg)
	if m == nil {
		t.Fatalf("no size in %.100s", svg)
	}
	w, _ = strconv.ParseFloat(m[1], 64)
	h, _ = strconv.ParseFloat(m[2], 64)
	return w, h
}

// smallestPx is the size in CSS px of the smallest text of svg shown in a column c px wide:
// pt·c/w (the closed form of phone.go's comment, checked here on the numbers gonum wrote).
func smallestPx(t *testing.T, svg string, c float64) float64 {
	t.Helper()
	w, _ := svgSize(t, svg)
	pt, ok := minFontPt([]byte(svg))
	if !ok {
		return math.Inf(1)
	}
	return pt * c / w
}

func TestHTMLPhoneRendering(t *testing.T) {
	for title, d := range allFigures(t) {
		s, err := HTML(d)
		if err != nil {
			t.Fatalf("%s: %v", title, err)
		}
		svgs := svgElem.FindAllString(s, -1)
		wide := svgs[0]
		phone := phonePart.FindStringSubmatch(s)
		small := smallestPx(t, wide, PhoneColumn) < MinTextPx
		if small != (phone != nil) {
			t.Errorf("%s: text %.3g px in a phone's column, phone rendering %v",
				title, smallestPx(t, wide, PhoneColumn), phone != nil)
			continue
		}
		if phone == nil {
			if len(svgs) != 1 {
				t.Errorf("%s: %d images without a phone rendering, want 1", title, len(svgs))
			}
			continue
		}
		for _, svg := range svgElem.FindAllString(phone[1], -1) {
			pt, _ := minFontPt([]byte(svg))
			if px := smallestPx(t, svg, PhoneColumn); px < MinTextPx-0.01 && pt >= minPhoneTextPt {
				t.Errorf("%s: phone rendering's text %.3g px in a %d px column", title, px, PhoneColumn)
			}
		}
		// the container query switches where the wide rendering's text reaches MinTextPx
		m := regexp.MustCompile(`@container \(max-width:(\d+)px\)`).FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("%s: no container query", title)
		}
		// (text under minPhoneTextPt counts as that size)
		brk, _ := strconv.ParseFloat(m[1], 64)
		pt, _ := minFontPt([]byte(wide))
		ww, _ := svgSize(t, wide)
		at := func(c float64) float64 { return math.Max(pt, minPhoneTextPt) * c / ww }
		if at(brk) < MinTextPx-1e-9 || at(brk-1) >= MinTextPx {
			t.Errorf("%s: switches at %g px, where the wide text is %.3g px", title, brk, at(brk))
		}
	}
}

func TestHTMLDefaultFigure(t *testing.T) {
	fig, err := Lines([]Series{{Name: "a", Y: []float64{3, 2, 1, 5}}}, Title("cost"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := HTML(fig)
	if err != nil {
		t.Fatal(err)
	}
	svgs := svgElem.FindAllString(s, -1)
	if len(svgs) != 2 {
		t.Fatalf("%d images, want the wide and the phone rendering", len(svgs))
	}
	// 11-pt tick labels: 576 pt wide gives 11·330/576 = 6.3 px; the phone rendering is
	// 330·11/9 = 403.3 pt wide, 0.75 of the height (403.3/576 = 0.70 < 0.75)
	w, h := svgSize(t, svgs[1])
	if math.Abs(w-PhoneColumn*11.0/MinTextPx) > 0.01 || math.Abs(h-0.75*float64(DefaultHeight)) > 0.01 {
		t.Errorf("phone rendering %g × %g pt, want %.4g × %.4g", w, h, PhoneColumn*11.0/MinTextPx,
			0.75*float64(DefaultHeight))
	}
	if !strings.Contains(s, "@container (max-width:472px)") { // ⌈9·576/11⌉
		t.Errorf("breakpoint not at 472 px: %.400s", s)
	}
	// a 4-inch figure's text is 11·330/288 = 12.6 px on a phone: one rendering
	s, err = HTML(fig.Resize(4, 3))
	if err != nil || len(svgElem.FindAllString(s, -1)) != 1 || strings.Contains(s, "viz-phone") {
		t.Errorf("4-inch figure: %v, %.200s", err, s)
	}
	// The wide rendering grows to at most 1.25 times its natural size: 8 in = 768 px → 960 px,
	// 4 in → 480 px, in both layouts (with and without a phone rendering).
	for _, c := range []struct {
		w, h float64
		want string
	}{{8, 4.8, "max-width:960px"}, {4, 3, "max-width:480px"}} {
		s, err := HTML(fig.Resize(c.w, c.h))
		if err != nil || !strings.Contains(s, `<div class="viz-wide" style="`+c.want+`;margin:0 auto">`) {
			t.Errorf("wide rendering not capped at %s: %v, %.300s", c.want, err, s)
		}
	}
}

func TestHTMLGridStacksOnAPhone(t *testing.T) {
	ms := []mat.Matrix{mat.NewDense(2, 2, []float64{0, 1, 2, 3}), mat.NewDense(2, 2, []float64{3, 2, 1, 0}),
		mat.NewDense(2, 2, []float64{1, 1, 1, 1})}
	g, err := HeatMaps(ms, []string{"a", "b", "c"}, 2, Title("three maps"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := HTML(g)
	if err != nil {
		t.Fatal(err)
	}
	phone := phonePart.FindStringSubmatch(s)
	if phone == nil {
		t.Fatalf("no phone layout: %.300s", s)
	}
	svgs := svgElem.FindAllString(phone[1], -1)
	if len(svgs) != 4 {
		t.Fatalf("phone layout with %d images, want 3 panels and the colour bar", len(svgs))
	}
	pw, ph := g.tileSize()
	for i, svg := range svgs[:3] {
		if w, h := svgSize(t, svg); w != float64(pw) || h != float64(ph) {
			t.Errorf("panel %d: %g × %g pt, want the tile's %g × %g", i, w, h, pw, ph)
		}
		if !strings.Contains(svg, ">"+[]string{"a", "b", "c"}[i]+"<") {
			t.Errorf("panel %d lacks its title", i)
		}
	}
	if w, h := svgSize(t, svgs[3]); w != float64(max(pw, colorBarBelowMinWidth)) || h != float64(colorBarBelowHeight) {
		t.Errorf("colour bar %g × %g pt, want lying at %g × %g", w, h, max(pw, colorBarBelowMinWidth), colorBarBelowHeight)
	}
	if !strings.Contains(phone[1], ">three maps</div>") {
		t.Error("phone layout lacks the grid's title")
	}
}

// A stacked tile is shown no wider than its natural size (or the width at which its text
// reaches MinTextPx): small tiles sit several to a row on a phone instead of each filling the
// column, and their text stays legible at that width.
func TestHTMLStackedTilesKeepTheirSize(t *testing.T) {
	var ms []mat.Matrix
	for i := range 8 {
		ms = append(ms, mat.NewDense(3, 3, []float64{0, 1, 2, 3, 4, 5, 6, 7, float64(i)}))
	}
	g, err := HeatMaps(ms, []string{"a", "b", "c", "d", "e", "f", "g", "h"}, 4, HideValues(),
		Picture(), Grey(), Title("eight images"))
	if err != nil {
		t.Fatal(err)
	}
	g.PanelWidth, g.PanelHeight = 110, 125
	s, err := HTML(g)
	if err != nil {
		t.Fatal(err)
	}
	phone := phonePart.FindStringSubmatch(s)
	if phone == nil {
		t.Fatalf("no phone layout: %.300s", s)
	}
	caps := regexp.MustCompile(`<div style="width:min\(100%,(\d+)px\)">`).FindAllStringSubmatch(phone[1], -1)
	if len(caps) != 8 {
		t.Fatalf("%d capped tiles, want 8", len(caps))
	}
	pw, _ := g.tileSize()
	for i, svg := range svgElem.FindAllString(phone[1], -1)[:8] {
		c, _ := strconv.ParseFloat(caps[i][1], 64)
		if c < float64(pw)*4/3-1 || c > PhoneColumn/2 {
			t.Errorf("tile %d shown at most %g px, want its natural %.0f px (two to a phone's row)",
				i, c, float64(pw)*4/3)
		}
		if px := smallestPx(t, svg, c); px < MinTextPx-0.01 {
			t.Errorf("tile %d: text %.3g px at %g px", i, px, c)
		}
	}
	if !strings.Contains(phone[1], fmt.Sprintf(`<div style="width:min(100%%,%.0fpx);margin:0 auto"><?xml`,
		float64(max(pw, colorBarBelowMinWidth))*4/3)) {
		t.Error("the colour bar below the tiles is not capped at its natural width")
	}
	// a tile of a wide grid is capped only where its text is legible
	wide, err := tileWidthPx(sized{tile{g.Panels[0]}, 20, 20}, 20)
	if err != nil || wide < MinTextPx*20/14 {
		t.Errorf("20-pt tile capped at %g px (%v)", wide, err)
	}
}

func TestRoomTicks(t *testing.T) {
	sty := plot.New().X.Tick.Label
	sty.Font.Size = 11
	labelled := func(ts []plot.Tick) (out []string) {
		for _, tk := range ts {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return out
	}
	// with room, the ticks are those of the marker, bit for bit (niceTicks keeps 8 labels)
	for _, r := range [][2]float64{{-3.5, 13.5}, {0, 1}, {1e-3, 2e-3}, {-1e6, 1e6}} {
		room := roomTicks{Ticker: niceTicks{}, Length: 2000, Style: sty}
		if got, want := room.Ticks(r[0], r[1]), (niceTicks{}).Ticks(r[0], r[1]); !slices.Equal(got, want) {
			t.Errorf("%v: %v, want %v", r, got, want)
		}
	}
	// -3.5…13.5 in 200 pt: labels "-2.5" … "12.5" (7, about 22 pt each with 11-pt gaps) do
	// not fit; a coarser step does: 0, 5, 10
	room := roomTicks{Ticker: niceTicks{}, Length: 200, Style: sty}
	got := labelled(room.Ticks(-3.5, 13.5))
	if !slices.Equal(got, []string{"0", "5", "10"}) {
		t.Errorf("narrow axis: %v, want [0 5 10]", got)
	}
	if n := len(labelled(niceTicks{}.Ticks(-3.5, 13.5))); n != 7 {
		t.Errorf("wide axis: %d labels, want 7", n)
	}
	// a signed range symmetric about 0 in room for two labels: not the lone "0.00" of the
	// coarsest step, but the two ends of a finer one
	sym := roomTicks{Ticker: niceTicks{}, Length: vg.Length(2*sty.Width("-0.04") + 2*labelGap*11), Style: sty}
	if got := labelled(sym.Ticks(-0.043, 0.041)); !slices.Equal(got, []string{"−0.04", "0.04"}) {
		t.Errorf("symmetric narrow axis: %v, want [-0.04 0.04]", got)
	}
	// eight short names (the clusters t0…t7 of a 4-inch heat map, about 200 pt of axis) fit
	var names plot.ConstantTicks
	for i := range 8 {
		names = append(names, plot.Tick{Value: float64(i), Label: "t" + strconv.Itoa(i)})
	}
	if got := labelled(roomTicks{Ticker: names, Length: 200, Style: sty}.Ticks(0, 7)); len(got) != 8 {
		t.Errorf("short names: %v, want all 8", got)
	}
	// another marker keeps every k-th label, 0 among them, the rest as unlabelled ticks
	ints := plot.ConstantTicks{{Value: -2, Label: "-2"}, {Value: -1, Label: "-1"}, {Value: 0, Label: "0"},
		{Value: 1, Label: "1"}, {Value: 2, Label: "2"}, {Value: 3, Label: "3"}}
	thin := roomTicks{Ticker: ints, Length: vg.Length(3*sty.Width("-2") + 2*labelGap*11), Style: sty}
	ts := thin.Ticks(-2, 3)
	if got := labelled(ts); !slices.Equal(got, []string{"-2", "0", "2"}) || len(ts) != 6 {
		t.Errorf("thinned constant ticks: %v of %d, want [-2 0 2] of 6", got, len(ts))
	}
}

func TestNarrowFigureLabelsDoNotCrowd(t *testing.T) {
	x := mat.NewDense(2, 2, []float64{-3.5, 0, 13.5, 1}) // y labels 0, 0.2, …: no 2.5
	fig, err := Scatter(x, Title("narrow"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render(fig.Resize(3, 2.5), "svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{">2.5<", ">7.5<", ">12.5<"} {
		if strings.Contains(string(b), l) {
			t.Errorf("3-inch figure labels %s: the step 2.5 of a full-width axis", l)
		}
	}
	if !strings.Contains(string(b), ">10<") {
		t.Error("3-inch figure lacks the label 10")
	}
}

// TestHTMLPhoneLabels: the phone rendering of a figure with labelled reference lines and
// point labels draws the reference labels at phoneLabelPt and the point labels, which crowd
// a map, at labelPt, so that no text of it is smaller than labelPt (MinTextPx in a
// PhoneColumn-wide column); the wide rendering, and the figure drawn again afterwards, keep
// them all at labelPt; the phone rendering keeps the width that the labels' size in the wide
// one gives it.
func TestHTMLPhoneLabels(t *testing.T) {
	xs := []float64{0, 2, 4, 6, 8, 10}
	f := Must(Lines([]Series{{X: xs, Y: []float64{0, 1, 4, 9, 16, 25}}}))
	for _, err := range []error{
		f.AddVLine(5, "critical temperature"),
		f.AddHLine(20, "ceiling"),
		f.AddPointLabels(mat.NewDense(2, 2, []float64{2, 1, 8, 16}), []string{"low", "high"}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	html, err := HTML(f)
	if err != nil {
		t.Fatal(err)
	}
	m := phonePart.FindStringSubmatch(html)
	if m == nil {
		t.Fatal("no phone rendering")
	}
	wide, _ := minFontPt([]byte(strings.TrimSuffix(html, m[0])))
	phone, _ := minFontPt([]byte(m[1]))
	if wide != labelPt || phone != labelPt {
		t.Errorf("smallest text %g pt wide, %g pt on a phone; want %d and %d", wide, phone, labelPt, labelPt)
	}
	for _, c := range []struct {
		label string
		pt    int
	}{{"critical temperature", phoneLabelPt}, {"ceiling", phoneLabelPt}, {"low", labelPt}, {"high", labelPt}} {
		if !regexp.MustCompile(fmt.Sprintf(`font-size:%dpx[^>]*>%s<`, c.pt, c.label)).MatchString(m[1]) {
			t.Errorf("phone rendering: label %q not at %d pt", c.label, c.pt)
		}
	}
	if w := svgWidth.FindStringSubmatch(m[1]); w == nil || w[1] != strconv.Itoa(PhoneColumn*labelPt/MinTextPx) {
		t.Errorf("phone rendering %v pt wide, want %d", w, PhoneColumn*labelPt/MinTextPx)
	}
	for _, want := range []string{"critical temperature", "ceiling", "low", "high"} {
		if !strings.Contains(m[1], want) {
			t.Errorf("phone rendering lacks the label %q", want)
		}
	}
	svg, err := Render(f, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if lo, _ := minFontPt(svg); f.phone || lo != labelPt {
		t.Errorf("after HTML: phone %v, smallest text %g pt; want false and %d", f.phone, lo, labelPt)
	}
}

// TestHTMLPhoneTitle: a long title that the phone rendering must fit shrinks no further than
// the tick labels' size there (it wraps instead), so that it is not the smallest text; the
// wide rendering may still shrink it to minTitleSize.
func TestHTMLPhoneTitle(t *testing.T) {
	xs := []float64{0, 2, 4, 6, 8, 10}
	f := Must(Lines([]Series{{X: xs, Y: []float64{0, 1, 4, 9, 16, 25}}},
		Title("Standard Gaussian in the plane: its density and three hundred samples drawn from it")))
	html, err := HTML(f)
	if err != nil {
		t.Fatal(err)
	}
	m := phonePart.FindStringSubmatch(html)
	if m == nil {
		t.Fatal("no phone rendering")
	}
	if lo, _ := minFontPt([]byte(m[1])); lo < phoneMinTitleSize {
		t.Errorf("smallest text on a phone %g pt, want at least %d", lo, phoneMinTitleSize)
	}
	if f.phone {
		t.Error("figure still marked for its phone rendering")
	}
}

// TestHTMLPhoneEqualAxes: the phone rendering of an EqualAxes figure whose data are as tall
// as wide grows taller than phoneSize's height, so that its data area takes the column's
// width, but no taller than 5/4 of its width; with data ten times as wide as tall it keeps
// phoneSize's height.
func TestHTMLPhoneEqualAxes(t *testing.T) {
	pw, ph, _ := phoneSize(DefaultWidth, DefaultHeight, 11)
	for _, c := range []struct {
		name   string
		xs, ys float64
		grows  bool
	}{{"square", 1, 1, true}, {"wide", 10, 1, false}} {
		pts := mat.NewDense(4, 2, []float64{0, 0, c.xs, 0, 0, c.ys, c.xs, c.ys})
		html, err := HTML(Must(Scatter(pts, EqualAxes(), Title(c.name))))
		if err != nil {
			t.Fatal(err)
		}
		m := phonePart.FindStringSubmatch(html)
		if m == nil {
			t.Fatalf("%s: no phone rendering", c.name)
		}
		s := svgWidth.FindStringSubmatch(m[1])
		w, _ := strconv.ParseFloat(s[1], 64)
		h, _ := strconv.ParseFloat(s[2], 64)
		if math.Abs(w-float64(pw)) > 0.5 {
			t.Errorf("%s: phone rendering %g pt wide, want %g", c.name, w, float64(pw))
		}
		if grew := h > float64(ph)+0.5; grew != c.grows || h > w*5/4+0.5 {
			t.Errorf("%s: phone rendering %g pt high (phoneSize %g, cap %g)", c.name, h, float64(ph), w*5/4)
		}
	}
}

// On a phone, a figure drawn to scale puts an outside legend in rows below the axes, not in a
// column that takes its width from the map, and the rendering grows by the rows: the data area
// is as wide as that of the same map without a legend. At desktop width the column stays.
func TestHTMLPhoneEqualAxesLegendBelow(t *testing.T) {
	pw, ph, _ := phoneSize(DefaultWidth, DefaultHeight, 11)
	pts := mat.NewDense(6, 2, []float64{0, 0, 1, 0, 0, 1, 1, 1, 0.5, 0.5, 0.2, 0.8})
	onPhone := func(f *Figure) (legendSpot, vg.Length) {
		lw, lh := legendSize(&f.Plot.Legend)
		lift := phoneLabels(f)
		defer lift()
		grow := phoneGrowth(f, DefaultWidth, DefaultHeight, pw, ph)
		c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: pw, Y: ph + grow}}}
		spot, lay := f.placeLegend(c, lw, lh)
		return spot, lay.data.Max.X - lay.data.Min.X
	}
	_, bare := onPhone(Must(Scatter(pts, EqualAxes(), Title("map"))))
	for _, outside := range []bool{false, true} {
		opts := []Option{EqualAxes(), Classes("first class", "second class"), Title("map")}
		if outside {
			opts = append(opts, LegendOutside())
		}
		f := Must(ScatterLabels(pts, []int{0, 0, 0, 1, 1, 1}, nil, opts...))
		c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: DefaultWidth, Y: DefaultHeight}}}
		lw, lh := legendSize(&f.Plot.Legend)
		if wide, _ := f.placeLegend(c, lw, lh); wide.below {
			t.Errorf("outside=%v: desktop legend in rows below, want it beside or inside", outside)
		}
		spot, dw := onPhone(f)
		if outside && !spot.below {
			t.Errorf("phone legend at %+v, want rows below", spot)
		}
		if spot.below && dw < bare*97/100 {
			t.Errorf("outside=%v: phone data area %.0f pt wide, %.0f without a legend", outside, float64(dw), float64(bare))
		}
	}
}
