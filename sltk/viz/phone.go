package viz

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// Phone layout. An SVG figure scales with the column it sits in, and its text with it: a
// figure w points wide shown in a column c CSS pixels wide draws text of s points at
// s·c/w CSS pixels (the SVG's user unit is the point, shown at 4/3 px at natural size, so the
// factors 4/3 cancel). The default figure (576 pt, 11 pt tick labels) in a phone's column
// (about 370 px at a 400-px screen) draws its labels at 7 px. HTML therefore carries a second
// rendering laid out for a narrow column, with the same fonts, and a container query shows it
// where the column is too narrow for the first (see HTML).
const (
	// MinTextPx is the smallest size, in CSS pixels, at which a figure's text is drawn.
	MinTextPx = 9
	// PhoneColumn is the narrowest column, in CSS pixels, that the phone rendering is laid
	// out for: a 360-px phone screen less the book's page padding.
	PhoneColumn = 330
	// minPhoneTextPt is the smallest font, in points, that the phone rendering is laid out
	// for: smaller text (the cell labels of a large heat map shrink to 6 pt) would force a
	// rendering narrower than the figure can hold, so it stays below MinTextPx on a phone.
	minPhoneTextPt = 9
)

// minFontPt returns the smallest font size in an SVG rendered by Render (gonum writes sizes
// in its user unit, the point, as "font-size:11px"), and false when it
// holds no text.
func minFontPt(svg []byte) (float64, bool) {
	lo := math.Inf(1)
	for _, m := range svgFontSize.FindAllSubmatch(svg, -1) {
		if v, err := strconv.ParseFloat(string(m[1]), 64); err == nil && v > 0 {
			lo = math.Min(lo, v)
		}
	}
	return lo, !math.IsInf(lo, 1)
}

// phoneSize returns the size of the phone rendering of a drawing w × h points whose smallest
// text is font points, and false when the drawing needs none: when its text already comes
// out at MinTextPx or more in a PhoneColumn-wide column. The phone rendering is as wide as
// keeps the smallest text (but at least minPhoneTextPt) at MinTextPx in that column, so about
// 5.6 in for 11-pt tick labels; its height shrinks with the width but by at most a quarter,
// since the text, which keeps its size, takes a larger share of a narrow figure.
func phoneSize(w, h vg.Length, font float64) (vg.Length, vg.Length, bool) {
	if font*PhoneColumn/float64(w) >= MinTextPx {
		return 0, 0, false
	}
	pw := vg.Length(PhoneColumn * math.Max(font, minPhoneTextPt) / MinTextPx)
	if pw >= w {
		return 0, 0, false
	}
	return pw, h * vg.Length(math.Max(float64(pw/w), 0.75)), true
}

// HTML returns the HTML that Show displays for d: the SVG of Render, and, when that SVG's text
// would come out below MinTextPx in a phone's column, a second SVG of d redrawn at the width of
// phoneSize, taller where phoneGrowth says so (fonts unchanged but for the labels of reference
// lines, a point larger, and titles, which shrink to fit no further than the tick labels' size:
// see labelPt and phoneMinTitleSize; the axes place their ticks for the narrower length). A CSS
// container query in the returned HTML shows the phone rendering only in a container narrower
// than the width at which the first rendering's text reaches MinTextPx, so a desktop page shows
// the figure as before, and a browser without container queries shows the first rendering. Two
// renderings instead of one redrawn in the page: the book is static HTML (and GoNB's output is
// HTML), so the phone layout must be drawn in Go; only figures that need it get one, which
// measured on three chapters (slt/03, slt/06, ml/05) made the pages 1.15, 1.52 and 1.73 times
// as large (1.11, 1.36 and 1.77 gzipped): the phone rendering holds the same data, and a figure
// of many points doubles.  A Reflow grid gives its panels one by one, each as such a pair; a
// grid of several columns stacks its panels on a phone (see stackHTML). Cost: one more
// rendering for a figure that needs it.
func HTML(d Drawer) (string, error) {
	if g, ok := d.(*Grid); ok && g != nil && g.reflow {
		return reflowHTML(g)
	}
	return figureHTML(d)
}

// maxUpscale is the most a figure's desktop rendering is enlarged to fill the book's column:
// the book draws figures column-wide, which blew a 4.5-inch figure up twice and its title to
// 36 px (afds/06 Fig 6.6); a figure narrower than the column by more than this stays at
// 1.25 times its natural size, centred, and its text about as large as in the other figures.
const maxUpscale = 1.25

// figureHTML is HTML for a drawer that is not a Reflow grid.
func figureHTML(d Drawer) (string, error) {
	wide, err := Render(d, "svg")
	if err != nil {
		return "", err
	}
	w, h := DefaultWidth, DefaultHeight
	if s, ok := d.(Sizer); ok {
		w, h = s.Size()
	}
	// The wide rendering grows with the column up to maxUpscale times its natural size.
	wideDiv := fmt.Sprintf(`<div class="viz-wide" style="max-width:%.0fpx;margin:0 auto">`,
		maxUpscale*float64(w)*4/3)
	font, ok := minFontPt(wide)
	if !ok {
		return wideDiv + string(wide) + "</div>", nil
	}
	pw, ph, ok := phoneSize(w, h, font)
	if !ok {
		return wideDiv + string(wide) + "</div>", nil
	}
	var narrow string
	if g, ok := d.(*Grid); ok && g.Cols > 1 {
		narrow, err = stackHTML(g)
	} else {
		var svg []byte
		lift := phoneLabels(d)
		svg, err = Render(sized{d, pw, ph + phoneGrowth(d, w, h, pw, ph)}, "svg")
		lift()
		narrow = string(svg)
	}
	if err != nil {
		return "", err
	}
	// Below this container width the wide rendering's smallest text is under MinTextPx (text
	// under minPhoneTextPt counts as that size: it is small in both renderings, and a desktop
	// column should not show a phone rendering blown up).
	brk := int(math.Ceil(MinTextPx * float64(w) / math.Max(font, minPhoneTextPt)))
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="viz-fig viz-b%d" style="container-type:inline-size">`, brk)
	fmt.Fprintf(&b, `<style>.viz-b%[1]d>.viz-phone{display:none}@container (max-width:%[1]dpx)`+
		`{.viz-b%[1]d>.viz-wide{display:none}.viz-b%[1]d>.viz-phone{display:block}}</style>`, brk)
	b.WriteString(wideDiv)
	b.Write(wide)
	b.WriteString(`</div><div class="viz-phone">`)
	b.WriteString(narrow)
	b.WriteString(`</div></div>`)
	return b.String(), nil
}

// phoneLabels marks the figures d draws (d itself, or the panels of a grid, through the
// wrappers of HTML's layouts) for their phone rendering, in which their reference lines' labels
// are drawn at phoneLabelPt (see Figure.onPhone) and their titles shrink to no less than
// phoneMinTitleSize (see Figure.onPhone), and returns the function that lifts the mark.
func phoneLabels(d Drawer) (lift func()) {
	var figs []*Figure
	var walk func(Drawer)
	walk = func(d Drawer) {
		switch v := d.(type) {
		case sized:
			walk(v.Drawer)
		case tile:
			walk(v.Drawer)
		case inset:
			walk(v.Drawer)
		case *Grid:
			if v != nil {
				for _, p := range v.Panels {
					walk(p)
				}
			}
		case *Figure:
			if v != nil && !v.phone {
				v.phone = true
				figs = append(figs, v)
			}
		}
	}
	walk(d)
	return func() {
		for _, f := range figs {
			f.phone = false
		}
	}
}

// phoneGrowth is the height by which the phone rendering (pw × ph) of a figure (d, or the
// figure a Reflow tile draws) grows: when its legend lies in rows below the axes there but
// not at w × h (see Figure.LegendOutside), by the rows' height, so that they do not take
// their room from the data area; and, for a figure with EqualScale whose data area is
// narrower than the rendering leaves it (data taller than the phone's shape), by as much
// more as lets the data area take that width, at most up to a rendering 5/4 as high as
// wide: on a phone the width is what is scarce, and a map of labelled points (Figure
// 7.5 of the book, a word map) keeps more of its labels in the larger area. Zero for other
// drawers. Cost: three layouts.
func phoneGrowth(d Drawer, w, h, pw, ph vg.Length) vg.Length {
	for {
		switch v := d.(type) {
		case sized:
			d = v.Drawer
			continue
		case tile:
			d = v.Drawer
			continue
		}
		break
	}
	f, ok := d.(*Figure)
	if !ok || f == nil || f.Plot == nil {
		return 0
	}
	lw, lh := legendSize(&f.Plot.Legend)
	lw = max(lw, 0)
	at := func(w, h vg.Length) (legendSpot, figureLayout) {
		c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}}
		return f.placeLegend(c, lw, lh)
	}
	var grow vg.Length
	if lw > 0 {
		if wide, _ := at(w, h); !wide.below {
			if phone, lay := at(pw, ph); phone.below {
				grow = lay.outer.Min.Y - figureMargin // the rows and the gap above them
			}
		}
	}
	if f.EqualScale {
		_, lay := at(pw, ph+grow)
		dw, dh := lay.data.Max.X-lay.data.Min.X, lay.data.Max.Y-lay.data.Min.Y
		if dw > 0 && lay.freeW > dw {
			grow += min(lay.freeW*dh/dw-dh, max(pw*5/4-ph-grow, 0))
		}
	}
	return grow
}

// colorBarBelowHeight is the height of a colour bar lying below the panels of a phone
// layout; colorBarBelowMinWidth its least width: as wide as a tile, but no narrower than
// this, so that the bar of small tiles (8×8 images) keeps room for its tick labels and its
// label on one line, and still fits a phone's column (PhoneColumn px = 247.5 pt).
const (
	colorBarBelowHeight   = 0.75 * vg.Inch
	colorBarBelowMinWidth = 3 * vg.Inch
)

// stackHTML is the phone layout of a grid of several columns: its title, then its panels in
// rows that wrap, each at the size of its tile (which, shared by fewer columns than the full
// figure, keeps its text legible in a phone's column; a panel that does not gets its own
// phone rendering) and shown no wider than tileWidthPx, then the grid's shared colour bar, if
// it has one, lying below them at the width of a tile (at least colorBarBelowMinWidth). Redrawing the grid itself at a phone's width would shrink every tile.
func stackHTML(g *Grid) (string, error) {
	pw, ph := g.tileSize()
	var b strings.Builder
	b.WriteString(`<div style="display:flex;flex-direction:column">`)
	writeGridTitle(&b, g)
	b.WriteString(`<div style="display:flex;flex-wrap:wrap;justify-content:center;column-gap:4px">`)
	defer shareTitles(g.Panels, tileCanvases(len(g.Panels), pw, ph))()
	for _, p := range g.Panels {
		d := sized{tile{p}, pw, ph}
		fig, err := figureHTML(d)
		if err != nil {
			return "", err
		}
		most, err := tileWidthPx(d, pw)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, `<div style="width:min(100%%,%.0fpx)">`, most)
		b.WriteString(fig)
		b.WriteString(`</div>`)
	}
	b.WriteString(`</div>`)
	if g.colorBarBelow != nil {
		bw := max(pw, colorBarBelowMinWidth)
		fitXTicks(g.colorBarBelow, bw-4*figureMargin) // a tile's width holds fewer labels
		lh := labelBelowBar(g.colorBarBelow, g.colorLabel, bw-4*figureMargin)
		bar, err := Render(sized{inset{g.colorBarBelow}, bw, colorBarBelowHeight + lh}, "svg")
		if err != nil {
			return "", err
		}
		// at its natural size, as the tiles above it (see tileWidthPx)
		fmt.Fprintf(&b, `<div style="width:min(100%%,%.0fpx);margin:0 auto">`, float64(bw)*4/3)
		b.Write(bar)
		b.WriteString(`</div>`)
	}
	b.WriteString(`</div>`)
	return b.String(), nil
}

// tileWidthPx is the widest a stacked tile of width w points is shown, in CSS px: its natural
// size (w·4/3 px), or, where its smallest text is below MinTextPx there, the width at which
// that text reaches MinTextPx (text under minPhoneTextPt counts as that size). Capping the
// tile there keeps the book's column-wide figures (width: 100%) from blowing a small tile up
// to a phone's whole column, so small tiles such as 28×28 images sit two or more to a row.
// Cost: one rendering of the tile.
func tileWidthPx(d Drawer, w vg.Length) (float64, error) {
	svg, err := Render(d, "svg")
	if err != nil {
		return 0, err
	}
	natural := float64(w) * 4 / 3
	font, ok := minFontPt(svg)
	if !ok {
		return natural, nil
	}
	return math.Max(natural, math.Ceil(MinTextPx*float64(w)/math.Max(font, minPhoneTextPt))), nil
}

// inset draws a drawer on white inside a margin of twice the figures' (figureMargin) at the
// sides, where the end labels of a horizontal axis stand out by half their width.
type inset struct{ Drawer }

func (d inset) Draw(c draw.Canvas) {
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	c.Min.X += 2 * figureMargin
	c.Max.X -= 2 * figureMargin
	c.Min.Y += figureMargin / 2
	d.Drawer.Draw(c)
}
