package viz

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"
)

var (
	// the colour strip of a bar (the only image of a small heat map)
	stripImage = regexp.MustCompile(`<image [^>]*x="([-0-9.]+)"[^>]*width="([0-9.]+)"`)
	// a label written upwards: gonum rotates the frame, so the text's y is the page's x
	upright = regexp.MustCompile(`<g transform="rotate\(90\)">\s*<text x="[-0-9.]+" y="([-0-9.]+)"[^>]*>([^<]*)</text>`)
)

// TestColorLabel checks that ColorLabel writes its label upwards right of the colour strip
// and inside the figure, for HeatMap and Contour; that HeatMaps writes it beside the shared
// bar and, on a phone, under the bar below the panels; and that without the option no
// label is written.
func TestColorLabel(t *testing.T) {
	m := mat.NewDense(2, 3, []float64{0, 1, 2, 3, 4, 5})
	for _, tc := range []struct {
		name  string
		build func(...Option) (Drawer, error)
	}{
		{"HeatMap", func(o ...Option) (Drawer, error) { return HeatMap(m, o...) }},
		{"Contour", func(o ...Option) (Drawer, error) {
			return Contour(func(x, y float64) float64 { return x * y }, Rect{0, 1, 0, 1}, nil, nil, o...)
		}},
	} {
		for _, label := range []string{"", "weight (kg)", strings.Repeat("a long label ", 12)} {
			d, err := tc.build(ColorLabel(label), YLabel("")) // the y label is upright too
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			b, err := Render(d, "svg")
			if err != nil {
				t.Fatal(err)
			}
			svg := string(b)
			w, _ := svgSize(t, svg)
			got := upright.FindAllStringSubmatch(svg, -1)
			if label == "" {
				if len(got) != 0 {
					t.Errorf("%s without a label writes %q upwards", tc.name, got[0][2])
				}
				continue
			}
			if len(got) == 0 {
				t.Fatalf("%s: label %q not written upwards", tc.name, label)
			}
			var words []string
			strip := stripImage.FindAllStringSubmatch(svg, -1)
			sx, _ := strconv.ParseFloat(strip[len(strip)-1][1], 64)
			sw, _ := strconv.ParseFloat(strip[len(strip)-1][2], 64)
			for _, g := range got {
				x, _ := strconv.ParseFloat(g[1], 64)
				if x <= sx+sw || x >= w {
					t.Errorf("%s: label line %q at x = %g, want right of the strip (%g) and inside the figure (%g)",
						tc.name, g[2], x, sx+sw, w)
				}
				words = append(words, strings.Fields(g[2])...)
			}
			if strings.Join(words, " ") != strings.Join(strings.Fields(label), " ") {
				t.Errorf("%s: label written as %q, want %q", tc.name, words, label)
			}
		}
	}

	g, err := HeatMaps([]mat.Matrix{m, m, m}, []string{"a", "b", "c"}, 3, ColorLabel("weight (kg)"), YLabel(""))
	if err != nil {
		t.Fatal(err)
	}
	s, err := HTML(g)
	if err != nil {
		t.Fatal(err)
	}
	phone := phonePart.FindStringSubmatch(s)
	if phone == nil {
		t.Fatal("HeatMaps of three columns has no phone rendering")
	}
	if wide := strings.TrimSuffix(s, phone[0]); len(upright.FindAllString(wide, -1)) != 1 {
		t.Errorf("HeatMaps: the label is not written upwards once beside the shared bar")
	}
	if !strings.Contains(phone[1], ">weight (kg)</text>") {
		t.Errorf("HeatMaps: the label is missing under the bar below the phone's panels")
	}
}

// TestColorLabelRefused checks that ColorLabel is an error where no colour bar is drawn.
func TestColorLabelRefused(t *testing.T) {
	codes := mat.NewDense(1, 2, []float64{0, 1})
	_, err := HeatMap(codes, Categories("no", "yes"), ColorLabel("liked"))
	if !errors.Is(err, ErrArg) {
		t.Errorf("Categories with ColorLabel: err = %v, want ErrArg", err)
	}
	_, err = Lines([]Series{{X: []float64{0, 1}, Y: []float64{0, 1}}}, ColorLabel("y"))
	if !errors.Is(err, ErrArg) {
		t.Errorf("Lines with ColorLabel: err = %v, want ErrArg", err)
	}
}

var (
	// a group of text written upwards (a label of rich text is several <text> pieces)
	uprightGroup = regexp.MustCompile(`(?s)<g transform="rotate\(90\)">(.*?)</g>`)
	// a piece of such a group: x runs up the page, y is the page's x
	uprightPiece = regexp.MustCompile(`<text x="([-0-9.]+)" y="([-0-9.]+)"[^>]*textLength="([0-9.]+)"`)
	// the colour strip with its extent: the page's y runs from −y−height to −y
	stripBox = regexp.MustCompile(`<image [^>]*x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"`)
)

// TestColorLabelWithinBar checks that the label of a vertical colour bar never runs past the
// ends of the bar, in the wide and the phone rendering: also where the phone rendering's bar
// is much shorter than the figure is high (a square data area, EqualAxes, in a wide figure,
// as ml/04's Figure 4.9), for labels of one line, of rich text and of several lines.
func TestColorLabelWithinBar(t *testing.T) {
	m := mat.NewDense(2, 3, []float64{0, 1, 2, 3, 4, 5})
	labels := []string{"mean field e_q(x): cost of x joining cluster q", strings.Repeat("a long label ", 12)}
	for _, tc := range []struct {
		name  string
		build func(string) (Drawer, error)
	}{
		{"HeatMap", func(l string) (Drawer, error) { return HeatMap(m, ColorLabel(l), YLabel("")) }},
		{"Contour", func(l string) (Drawer, error) {
			return Contour(func(x, y float64) float64 { return x * y }, Rect{0, 1, 0, 1}, nil, nil,
				Size(7.6, 5.6), EqualAxes(), ColorLabel(l), YLabel(""))
		}},
		{"HeatMaps", func(l string) (Drawer, error) {
			return HeatMaps([]mat.Matrix{m, m}, []string{"a", "b"}, 2, ColorLabel(l), YLabel(""))
		}},
	} {
		for _, label := range labels {
			d, err := tc.build(label)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			s, err := HTML(d)
			if err != nil {
				t.Fatal(err)
			}
			parts := map[string]string{"wide": s}
			if phone := phonePart.FindStringSubmatch(s); phone != nil {
				parts["wide"], parts["phone"] = strings.TrimSuffix(s, phone[0]), phone[1]
			}
			for part, svg := range parts {
				strips := stripBox.FindAllStringSubmatch(svg, -1)
				if len(strips) == 0 {
					t.Fatalf("%s (%s): no colour strip", tc.name, part)
				}
				f := func(i int) float64 { v, _ := strconv.ParseFloat(strips[len(strips)-1][i], 64); return v }
				if f(3) > f(4) {
					continue // a phone rendering with the bar lying below the panels
				}
				right, lo, hi := f(1)+f(3), -f(2)-f(4), -f(2)
				found := false
				for _, g := range uprightGroup.FindAllStringSubmatch(svg, -1) {
					pieces := uprightPiece.FindAllStringSubmatch(g[1], -1)
					if y, _ := strconv.ParseFloat(pieces[0][2], 64); y <= right {
						continue // not beside the bar (the y label)
					}
					found = true
					for _, p := range pieces {
						x, _ := strconv.ParseFloat(p[1], 64)
						n, _ := strconv.ParseFloat(p[3], 64)
						if x < lo-0.5 || x+n > hi+0.5 {
							t.Errorf("%s (%s), %.20q…: label piece spans %.1f…%.1f, beyond the bar %.1f…%.1f",
								tc.name, part, label, x, x+n, lo, hi)
						}
					}
				}
				if !found {
					t.Errorf("%s (%s): no label beside the bar", tc.name, part)
				}
			}
		}
	}
}

// TestColorBarBelowSmallTiles checks that on a phone the colour bar below small tiles (8×8
// images, as the eigen-digits of afds/05) is wider than a tile, at least
// colorBarBelowMinWidth, and still fits a phone's column, so that its label stands on one
// line under it.
func TestColorBarBelowSmallTiles(t *testing.T) {
	var ms []mat.Matrix
	for range 8 {
		ms = append(ms, mat.NewDense(8, 8, nil))
	}
	ms[0].(*mat.Dense).Set(0, 0, 1)
	label := "entry of the component"
	g, err := HeatMaps(ms, make([]string, 8), 4, Diverging(), HideValues(), EqualAxes(), Picture(),
		ColorLabel(label))
	if err != nil {
		t.Fatal(err)
	}
	g.PanelWidth, g.PanelHeight = 1.15*vg.Inch, 1.3*vg.Inch
	phone := phonePart.FindStringSubmatch(Must(HTML(g)))
	if phone == nil {
		t.Fatal("no phone layout")
	}
	svgs := svgElem.FindAllString(phone[1], -1)
	bar := svgs[len(svgs)-1]
	if w, _ := svgSize(t, bar); w < float64(colorBarBelowMinWidth) || w*4/3 > PhoneColumn {
		t.Errorf("bar below small tiles %g pt wide, want at least %g pt and at most a phone's column (%g px)",
			w, float64(colorBarBelowMinWidth), float64(PhoneColumn))
	}
	if !strings.Contains(bar, ">"+label+"</text>") {
		t.Errorf("label %q not on one line under the bar", label)
	}
}
