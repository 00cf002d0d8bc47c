package viz

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Default figure size: the width of the book's text column (8 inches = 576 pt, 768 CSS pixels
// at natural size, scaled to the column's ~830 px) at an aspect of 5:3. In HTML the SVG scales
// with the column; on a phone a narrower rendering takes its place (see HTML).
const (
	DefaultWidth  = 8 * vg.Inch
	DefaultHeight = 4.8 * vg.Inch
	// MaxSize caps a figure's or a grid's width and height: Size clamps larger values to it,
	// so that a huge Width cannot make rendering allocate without bound.
	MaxSize = 100 * vg.Inch
)

// length returns v when it is a usable size: NaN, zero or negative values give def, values
// above MaxSize (+Inf too) give MaxSize.
func length(v, def vg.Length) vg.Length {
	switch {
	case !(v > 0):
		return def
	case v > MaxSize:
		return MaxSize
	}
	return v
}

// okabeIto is the qualitative palette: the eight colours of Okabe and Ito (2008), chosen
// because they stay distinguishable under the common forms of colour blindness, then four
// more for figures of nine to twelve classes or series, so that no two of them share a
// colour: violet, yellow-green, crimson and brown, hues the first eight leave out (brown,
// orange's dark tint). Beyond eight no set of colours stays apart for every reader, so the
// four also carry marker shapes of their own (paletteShape) and draw dash-dotted or dotted
// lines (paletteDashes). The order puts the colours with most contrast against white first;
// yellow, which is faint on white, comes late.
var okabeIto = []color.NRGBA{
	{0x00, 0x72, 0xB2, 0xff}, // blue
	{0xE6, 0x9F, 0x00, 0xff}, // orange
	{0x00, 0x9E, 0x73, 0xff}, // bluish green
	{0xD5, 0x5E, 0x00, 0xff}, // vermillion
	{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
	{0x56, 0xB4, 0xE9, 0xff}, // sky blue
	{0x99, 0x99, 0x99, 0xff}, // grey (stands in for black, which is kept for centroids)
	{0xF0, 0xE4, 0x42, 0xff}, // yellow
	{0x6A, 0x3D, 0x9A, 0xff}, // violet
	{0x66, 0xA6, 0x1E, 0xff}, // yellow-green
	{0xA5, 0x0F, 0x2D, 0xff}, // crimson
	{0x8C, 0x51, 0x0A, 0xff}, // brown
}

// PaletteSize is the number of colours of the qualitative palette (Color): series and labels
// 0 … PaletteSize−1 of one figure never share a colour.
const PaletteSize = 12

// shapes cycle once the palette is used up, so label 12 differs from label 0 by its marker.
var shapes = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.BoxGlyph{}, draw.TriangleGlyph{}, draw.PyramidGlyph{},
}

// Color returns the i-th colour of the qualitative palette (the eight Okabe–Ito colours and
// four more, PaletteSize in all); indices wrap around, negative ones count from the end. All
// plots in this package colour series and labels with it, so custom layers added by callers
// can match them.
func Color(i int) color.Color {
	return okabeIto[paletteIndex(i)]
}

// paletteIndex wraps i into [0, PaletteSize).
func paletteIndex(i int) int {
	n := len(okabeIto)
	return ((i % n) + n) % n
}

// paletteShape gives the palette entries whose colour lies near an earlier entry's a marker
// shape of their own, so that the two stay apart where colour alone does not: sky blue (5)
// is a lighter blue (0) and yellow (7) a lighter orange (1); for a red–green colour-blind
// reader violet (8) lies near blue, yellow-green (9) near orange and yellow, crimson (10) and
// brown (11) near vermillion.
var paletteShape = [PaletteSize]int{5: 1, 7: 2, 8: 3, 9: 1, 10: 2, 11: 3}

// paletteDashes is the dash pattern of a line in palette entry i (wrapped as in Color), nil
// for a solid one: the entries that lie near an earlier entry's colour for some readers are
// told apart by the pattern too, dash-dot for sky blue, yellow, yellow-green and crimson,
// dotted for violet and brown (so that crimson and brown, close for a deuteranope, differ).
func paletteDashes(i int) []vg.Length {
	switch paletteIndex(i) {
	case 5, 7, 9, 10:
		return dashDot
	case 8, 11:
		return dotted
	}
	return nil
}

var (
	dashDot = []vg.Length{vg.Points(8), vg.Points(2.5), vg.Points(2), vg.Points(2.5)}
	dotted  = []vg.Length{vg.Points(2), vg.Points(2)}
)

// glyphFor returns the marker style for label i: colour from the palette, shape set by
// paletteShape and changing every PaletteSize labels.
func glyphFor(i int, radius vg.Length) draw.GlyphStyle {
	n := len(okabeIto)
	k := ((i % (n * len(shapes))) + n*len(shapes)) % (n * len(shapes))
	return draw.GlyphStyle{Color: Color(i), Radius: radius, Shape: shapes[(k/n+paletteShape[k%n])%len(shapes)]}
}

// viridisKeys are ten equally spaced samples of matplotlib's viridis colormap (van der Walt
// and Smith), a perceptually uniform sequential map that reads correctly in grey scale and
// for colour-blind viewers. Intermediate colours are interpolated linearly in sRGB, which at
// this spacing differs from the original by less than one percent per channel.
var viridisKeys = [][3]float64{
	{0x44, 0x01, 0x54}, {0x48, 0x28, 0x78}, {0x3E, 0x4A, 0x89}, {0x31, 0x68, 0x8E},
	{0x26, 0x82, 0x8E}, {0x1F, 0x9E, 0x89}, {0x35, 0xB7, 0x79}, {0x6D, 0xCD, 0x59},
	{0xB4, 0xDE, 0x2C}, {0xFD, 0xE7, 0x25},
}

// interpolate returns the colour at t ∈ [0, 1] (t is clamped) of the scale through the
// equally spaced keys.
func interpolate(keys [][3]float64, t float64) color.NRGBA {
	t = math.Max(0, math.Min(1, t))
	s := t * float64(len(keys)-1)
	i := int(s)
	if i >= len(keys)-1 {
		i = len(keys) - 2
	}
	f := s - float64(i)
	a, b := keys[i], keys[i+1]
	ch := func(k int) uint8 { return uint8(math.Round(a[k] + f*(b[k]-a[k]))) }
	return color.NRGBA{ch(0), ch(1), ch(2), 0xff}
}

// Viridis returns n colours of the viridis sequential colormap, dark purple to yellow, as a
// palette for plotter.HeatMap or plotter.Contour. n is clamped to [2, 65536].
func Viridis(n int) palette.Palette {
	n = min(max(n, 2), 1<<16)
	cs := make(viridisPalette, n)
	for i := range cs {
		cs[i] = viridisAt(float64(i) / float64(n-1))
	}
	return cs
}

type viridisPalette []color.Color

func (p viridisPalette) Colors() []color.Color { return p }

// divergingKeys are the nine classes of ColorBrewer's RdBu scheme (Brewer), reversed so that
// negative values are blue and positive ones red, with white at the middle; the scheme is
// colour-blind safe. Intermediate colours are interpolated linearly in sRGB.
var divergingKeys = [][3]float64{
	{0x21, 0x66, 0xAC}, {0x43, 0x93, 0xC3}, {0x92, 0xC5, 0xDE}, {0xD1, 0xE5, 0xF0},
	{0xF7, 0xF7, 0xF7}, {0xFD, 0xDB, 0xC7}, {0xF4, 0xA5, 0x82}, {0xD6, 0x60, 0x4D},
	{0xB2, 0x18, 0x2B},
}

// viridisAt returns the viridis colour at t ∈ [0, 1] (t is clamped).
func viridisAt(t float64) color.NRGBA { return interpolate(viridisKeys, t) }

// greyAt returns the grey at t ∈ [0, 1] (t is clamped): black at 0, white at 1.
func greyAt(t float64) color.NRGBA {
	return interpolate([][3]float64{{0, 0, 0}, {0xff, 0xff, 0xff}}, t)
}

// divergingAt returns the blue–white–red colour at t ∈ [0, 1] (t is clamped); t = ½ is white.
func divergingAt(t float64) color.NRGBA { return interpolate(divergingKeys, t) }

// viridisMap is a colour scale (viridis unless at is set) as a palette.ColorMap over
// [min, max], for plotter.ColorBar.
type viridisMap struct {
	min, max, alpha float64
	at              func(float64) color.NRGBA
}

func (m *viridisMap) At(v float64) (color.Color, error) {
	if math.IsNaN(v) || v < m.min || v > m.max {
		return nil, fmt.Errorf("viz: colour map: value %g outside the range [%g, %g]: %w", v, m.min, m.max, ErrArg)
	}
	at := m.at
	if at == nil {
		at = viridisAt
	}
	c := at((v - m.min) / (m.max - m.min))
	c.A = uint8(math.Round(255 * m.alpha))
	return c, nil
}
func (m *viridisMap) Max() float64       { return m.max }
func (m *viridisMap) SetMax(v float64)   { m.max = v }
func (m *viridisMap) Min() float64       { return m.min }
func (m *viridisMap) SetMin(v float64)   { m.min = v }
func (m *viridisMap) Alpha() float64     { return m.alpha }
func (m *viridisMap) SetAlpha(a float64) { m.alpha = math.Max(0, math.Min(1, a)) }

// Palette returns n colours of the map at its opacity.
func (m *viridisMap) Palette(n int) palette.Palette {
	n = min(max(n, 2), 1<<16)
	p := make(viridisPalette, n)
	for i := range p {
		c, _ := m.At(m.min + (m.max-m.min)*float64(i)/float64(n-1))
		p[i] = translucent(c, m.alpha)
	}
	return p
}

// Fonts: Liberation Sans is metrically identical to Arial, so the SVG names Arial and
// Helvetica as fallbacks (see Render) and text lands where gonum/plot measured it even in a
// browser that lacks the Liberation fonts.
var (
	sansFont = font.Font{Typeface: "Liberation", Variant: "Sans"}
	// boldFont is Liberation Sans Bold registered as its own regular-weight variant, because
	// gonum's PDF backend fails on bold faces ("undefined font"); Render's SVG rewrite turns
	// the variant back into font-weight:bold for browsers.
	boldFont = font.Font{Typeface: "Liberation", Variant: "SansBold"}
	inkColor = color.NRGBA{0x33, 0x33, 0x33, 0xff}
	gridLine = draw.LineStyle{Color: color.NRGBA{0xE3, 0xE3, 0xE3, 0xff}, Width: vg.Points(0.6)}
)

func init() {
	for _, f := range liberation.Collection() {
		if f.Font.Variant == "Sans" && f.Font.Weight == xfont.WeightBold && f.Font.Style == xfont.StyleNormal {
			font.DefaultCache.Add([]font.Face{{Font: boldFont, Face: f.Face}})
		}
	}
}

func textStyle(f font.Font, size vg.Length, c color.Color) text.Style {
	return text.Style{Color: c, Font: font.From(f, size), Handler: texStyle}
}

// stylePlot applies the house style to p: sans-serif fonts, dark-grey axes and text, short
// ticks, and a legend with enough padding to read. It keeps each text style's alignment.
func stylePlot(p *plot.Plot) {
	for _, sty := range []*text.Style{&p.Title.TextStyle, &p.X.Label.TextStyle, &p.Y.Label.TextStyle,
		&p.X.Tick.Label, &p.Y.Tick.Label, &p.Legend.TextStyle} {
		sty.Handler = texStyle
	}
	// On a phone a full-width figure (576 pt) would draw 11-pt tick labels at about 7 px; HTML
	// (Show) adds a rendering laid out for a phone's column, where they come out at 10 px.
	p.Title.TextStyle.Font = font.From(boldFont, 14)
	p.Title.TextStyle.Color = color.Black
	p.Title.Padding = vg.Points(5)
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle.Font = font.From(sansFont, 12)
		ax.Label.TextStyle.Color = inkColor
		ax.Label.Padding = vg.Points(4)
		ax.Tick.Label.Font = font.From(sansFont, 11)
		ax.Tick.Label.Color = inkColor
		ax.Tick.Color = inkColor
		ax.Tick.Length = vg.Points(4)
		ax.Color = inkColor
		ax.Width = vg.Points(0.7)
		ax.Padding = vg.Points(4)
		ax.Tick.Marker = niceTicks{}
	}
	p.Legend.TextStyle.Font = font.From(sansFont, 11)
	p.Legend.TextStyle.Color = inkColor
	p.Legend.Padding = vg.Points(3)
	p.Legend.ThumbnailWidth = vg.Points(18)
	p.Legend.Top = true
}

// newGrid returns light background grid lines; add it first so that data is drawn over it.
func newGrid() *plotter.Grid {
	g := plotter.NewGrid()
	g.Vertical = gridLine
	g.Horizontal = gridLine
	return g
}

// niceTicks places four to eight labelled ticks at steps of 1, 2, 2.5 or 5 times a power of
// ten, with one unlabelled minor tick between labels. gonum's DefaultTicks labels only every
// other major tick, which leaves a typical axis with three numbers.
type niceTicks struct{}

func (t niceTicks) Ticks(lo, hi float64) []plot.Tick { return t.at(lo, hi, 8) }

// at places at most labels labelled ticks as Ticks does; with labels = 2 the step can be as
// long as the span, which leaves a single label when only one multiple of it falls inside.
func (niceTicks) at(lo, hi float64, labels int) []plot.Tick {
	if !(hi > lo) {
		return plot.DefaultTicks{}.Ticks(lo, hi)
	}
	raw := (hi - lo) / float64(max(labels, 2)-1)
	if math.IsInf(raw, 0) || math.Max(math.Abs(lo), math.Abs(hi))/raw > 1<<50 {
		// A span that overflows, or one too narrow for its magnitude: a step count beyond
		// float64's integers would never end the loop below (nor DefaultTicks'). Label the ends.
		return []plot.Tick{{Value: lo, Label: minusSign(strconv.FormatFloat(lo, 'g', 4, 64))},
			{Value: hi, Label: minusSign(strconv.FormatFloat(hi, 'g', 4, 64))}}
	}
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step, decimals := 10*mag, -math.Log10(mag)-1
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*mag >= raw {
			step, decimals = m*mag, -math.Log10(mag)
			if m == 2.5 {
				decimals++
			}
			break
		}
	}
	big := math.Max(math.Abs(lo), math.Abs(hi))
	format := linearFormat(big, int(math.Round(decimals)))
	// A span tiny against its values (a converged objective: −3.920016 … −3.920011) would
	// need six or more significant digits in every label: only the first labelled tick is
	// written in full, the others as its offset (+10⁻⁶, +2×10⁻⁶).
	var k0 float64
	offset := big/step >= 1e5
	var delta func(float64) string
	if offset {
		k0 = math.Ceil(math.Max(lo-step*1e-9, -math.MaxFloat64) / step)
		delta = linearFormat(hi-lo, int(math.Round(decimals)))
	}
	var ts []plot.Tick
	eps := step * 1e-9
	// The bounds are clamped to ±MaxFloat64: for data up to MaxFloat64, hi + eps rounds to +Inf
	// and k·step ≤ +Inf never ended the loop (ticks were appended until memory ran out).
	from, to := math.Max(lo-eps, -math.MaxFloat64), math.Min(hi+eps, math.MaxFloat64)
	for k := math.Ceil(from / step); k*step <= to; k++ {
		v := k * step
		if v == 0 {
			v = 0 // no "-0"
		}
		label := format(v)
		if offset && k != k0 {
			label = "+" + delta((k-k0)*step)
		}
		ts = append(ts, plot.Tick{Value: v, Label: label})
		if half := v + step/2; half <= hi {
			ts = append(ts, plot.Tick{Value: half})
		}
	}
	if first := math.Ceil(from/step)*step - step/2; first >= lo {
		ts = append(ts, plot.Tick{Value: first})
	}
	return ts
}

// linearFormat returns the label format of a linear axis whose largest magnitude is big and
// whose step needs decimals decimal places (negative for steps of tens and more). One format
// serves the whole axis:
//   - plain decimals with the step's decimal places (0.0 0.2 0.4; −1 0 1; 250 500 750), while
//     the largest magnitude is below 10⁵ and at least 10⁻⁴;
//   - from 10⁵ on a thousands suffix, k, M, G or T by the largest magnitude (250k 500k;
//     0.5M 1.0M 1.5M), so that a label never runs to six or seven digits;
//   - below 10⁻⁴ and from 10¹⁵ on, m×10ᵉ as on logarithmic axes (2.5×10⁻⁶, 10⁻⁵).
//
// Zero is "0" unless plain decimals give it the step's places (0.0 0.2 0.4). Negative values
// carry the minus sign −, not a hyphen.
func linearFormat(big float64, decimals int) func(float64) string {
	const suffixes = "kMGT"
	switch {
	case big >= 1e5 && big < 1e15:
		e := 3 * int(math.Floor(math.Log10(big)/3))
		unit, suffix := math.Pow(10, float64(e)), string(suffixes[e/3-1])
		d := max(0, decimals+e)
		return func(v float64) string {
			if v == 0 {
				return "0"
			}
			return minusSign(strconv.FormatFloat(v/unit, 'f', d, 64)) + suffix
		}
	case big < 1e-4 || big >= 1e15:
		return func(v float64) string {
			if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
				return minusSign(strconv.FormatFloat(v, 'g', 4, 64))
			}
			e := math.Floor(math.Log10(math.Abs(v)) + 1e-9)
			m := strconv.FormatFloat(v/math.Pow(10, e), 'g', 3, 64)
			pow := "10" + Tex("^{"+strconv.Itoa(int(e))+"}")
			switch m {
			case "1":
				return pow
			case "-1":
				return "−" + pow
			}
			return minusSign(m) + "×" + pow
		}
	}
	return func(v float64) string {
		if v == 0 && decimals > 4 { // 150 decimals of "0.000…" widened the axis past the canvas
			return "0"
		}
		return minusSign(strconv.FormatFloat(v, 'f', max(0, decimals), 64))
	}
}

// minusSign writes a number's sign as the typographic minus (U+2212), as the axis labels of a
// printed book do, instead of strconv's hyphen.
func minusSign(s string) string {
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		return "−" + rest
	}
	return s
}

// maxLogLabels is the most labelled ticks a logarithmic axis gets.
const maxLogLabels = 6

// logTicks labels a logarithmic axis with at most six labels in one format. The span that
// counts is the axis's own, log₁₀(max/min), not the decades its ends round out to: an axis
// from 0.85 to 71 spans 1.9 decades, though it touches three. An axis over more than two
// decades with at least three powers of ten inside labels powers of ten, every k-th decade
// when there are more than six, with unlabelled ticks at the other decades (and at 2…9 times
// a power of ten when that is few enough to read). A shorter axis labels 1, 2 and 5 times the
// powers of ten (1 2 5 10 20 50), or 1 and 3 times them where those are too many (1 3 10 30
// 100), so that an axis from 1 to 60 is not left with the labels 1 and 10. An axis so short
// that these give fewer than three labels (3 to 18, 1 to 1.2) is labelled as a linear one (5
// 10 15; 1.00 1.05 … 1.20): over less than a decade the two scales differ little. Labels of a
// short axis are plain decimals when every one lies in [0.001, 10⁴), and otherwise all in the
// form 10⁻³ or 2×10⁻³; an axis of powers of ten always counts in powers (10⁰ 10¹ 10²), so
// that no panel shows 1000 where its neighbour shows 10⁴. It returns no ticks for a
// non-positive range rather than panicking. Cost O(decades).
type logTicks struct{}

func (t logTicks) Ticks(lo0, hi0 float64) []plot.Tick { return t.at(lo0, hi0, maxLogLabels) }

// logSets are the mantissas labelled on an axis of at most two decades, finest first.
var logSets = [][]int{{1, 2, 5}, {1, 3}, {1}}

// at labels at most most ticks (at least two) as Ticks does; roomTicks lowers most on a
// short axis.
func (logTicks) at(lo0, hi0 float64, most int) []plot.Tick {
	if !(lo0 > 0) || !(hi0 > 0) || math.IsInf(hi0, 0) || hi0 < lo0 {
		return nil
	}
	most = max(most, 2)
	lo := math.Floor(math.Log10(lo0))
	hi := math.Ceil(math.Log10(hi0))
	decades := hi - lo
	span := math.Log10(hi0) - math.Log10(lo0)
	in := func(v float64) bool { return v >= lo0*(1-1e-9) && v <= hi0*(1+1e-9) }
	count := func(set []int, step int) int {
		n := 0
		for e := lo; e <= hi; e++ {
			for _, m := range set {
				if int(e)%step == 0 && in(float64(m)*math.Pow(10, e)) {
					n++
				}
			}
		}
		return n
	}
	set := []int{1}
	short := span <= 2+1e-9 || count(set, 1) < 3
	if short {
		for _, s := range logSets {
			set = s
			if count(s, 1) <= most {
				break
			}
		}
		if count(logSets[0], 1) < 3 {
			if ts := (niceTicks{}).at(lo0, hi0, most); len(labelledAt(ts)) >= 2 {
				return ts
			}
		}
	}
	step := 1
	for count(set, step) > most {
		step++
	}
	labelled := func(m int, e float64) bool {
		return int(e)%step == 0 && slices.Contains(set, m)
	}
	var ts []plot.Tick
	var vals []float64
	for e := lo; e <= hi; e++ {
		base := math.Pow(10, e)
		for m := 1; m <= 9; m++ {
			v := base * float64(m)
			if !in(v) || (m > 1 && decades > 6) {
				continue
			}
			t := plot.Tick{Value: v}
			if labelled(m, e) {
				t.Label = "x" // formatted below, once all labels are known
				vals = append(vals, v)
			}
			ts = append(ts, t)
		}
	}
	plain := short
	for _, v := range vals {
		plain = plain && v >= 1e-3*(1-1e-9) && v < 1e4*(1-1e-9)
	}
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = logLabel(ts[i].Value, plain)
		}
	}
	return ts
}

// logLabel formats a tick value m·10^e (m integer) as a decimal or as "10⁻³" / "2×10⁻³".
func logLabel(v float64, plain bool) string {
	if plain {
		return strconv.FormatFloat(v, 'g', 6, 64)
	}
	e := math.Floor(math.Log10(v) + 1e-9)
	m := math.Round(v / math.Pow(10, e))
	pow := "10" + Tex("^{"+strconv.Itoa(int(e))+"}")
	if m == 1 {
		return pow
	}
	return strconv.Itoa(int(m)) + "×" + pow
}
