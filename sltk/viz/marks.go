package viz

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// AddMarks draws the rows of the m×2 matrix pts on top of the figure as large black crosses (×),
// with one legend entry name (none when name is empty). It is the mark of the lecture figures
// for positions that are not data: the true means of a mixture, or the centroids of an annealing
// run on top of its iso-probability contours. Cost O(m).
func (f *Figure) AddMarks(pts mat.Matrix, name string) error {
	if f == nil || f.Plot == nil {
		return fmt.Errorf("viz: Figure.AddMarks: AddMarks on a figure not made by NewFigure or a builder: %w", ErrArg)
	}
	xy, err := points("Figure.AddMarks", pts, "marks")
	if err != nil {
		return err
	}
	halo, err := plotter.NewScatter(xy)
	if err != nil {
		return fmt.Errorf("viz: Figure.AddMarks: marks: %v: %w", err, ErrArg)
	}
	halo.GlyphStyle = draw.GlyphStyle{Color: color.White, Radius: vg.Points(5.5),
		Shape: thickCross{width: vg.Points(3.5)}}
	s, err := plotter.NewScatter(xy)
	if err != nil {
		return fmt.Errorf("viz: Figure.AddMarks: marks: %v: %w", err, ErrArg)
	}
	s.GlyphStyle = draw.GlyphStyle{Color: color.Black, Radius: vg.Points(5),
		Shape: thickCross{width: vg.Points(2)}}
	f.Add(halo, s)
	if name != "" {
		f.addLegend(name, s)
	}
	return nil
}

// thickCross is a × glyph drawn with a given stroke width (draw.CrossGlyph uses a hairline).
type thickCross struct{ width vg.Length }

// DrawGlyph implements draw.GlyphDrawer.
func (g thickCross) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: g.width})
	r := sty.Radius * 0.7071
	var p vg.Path
	p.Move(vg.Point{X: pt.X - r, Y: pt.Y - r})
	p.Line(vg.Point{X: pt.X + r, Y: pt.Y + r})
	p.Move(vg.Point{X: pt.X - r, Y: pt.Y + r})
	p.Line(vg.Point{X: pt.X + r, Y: pt.Y - r})
	c.Stroke(p)
}

// HideLegend removes the legend entries collected so far, for panels whose colours the caption
// explains (clusters without names, several panels of one grid); entries added afterwards, e.g.
// by AddMarks, still show. It returns f, so that it chains. Cost O(1).
func (f *Figure) HideLegend() *Figure {
	if f == nil || f.Plot == nil {
		return f // nothing to hide; AddMarks on it reports the figure
	}
	old, l := f.Legend, plot.NewLegend()
	l.TextStyle, l.Padding, l.ThumbnailWidth = old.TextStyle, old.Padding, old.ThumbnailWidth
	l.Top, l.Left, l.XOffs, l.YOffs = old.Top, old.Left, old.XOffs, old.YOffs
	f.Legend, f.entries = l, nil
	return f
}

// refStyle is the line of a reference value: thin, dashed, dark grey, so that it reads as a
// guide and not as data.
var refStyle = draw.LineStyle{Color: color.NRGBA{0x44, 0x44, 0x44, 0xff}, Width: vg.Points(1),
	Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}

// AddVLine draws a reference line x = at across the data area (thin, dashed, grey, no
// markers), labelled when label is not empty: a critical temperature, a threshold, a
// theoretical value. The label reads upwards beside the line near its top, or goes where
// it crosses the fewest data and no other reference line's label (see refLine.Plot). The x axis is widened to include at. It is
// not listed in the legend. Cost O(1).
func (f *Figure) AddVLine(at float64, label string) error {
	return f.addRef("Figure.AddVLine", true, at, label)
}

// AddHLine draws a reference line y = at across the data area, labelled above or below it
// at its right end, or at its left end where that crosses fewer data; otherwise as AddVLine.
func (f *Figure) AddHLine(at float64, label string) error {
	return f.addRef("Figure.AddHLine", false, at, label)
}

// AddLine draws the reference segment from (x0, y0) to (x1, y1) (thin, dashed, grey, no
// markers, as AddVLine's), labelled when label is not empty: a guide of a known rate beside
// measured points, such as ∝ 1/√k. The segment is straight on the figure's axes, so on
// log–log axes (LogX, LogY) a power law through the two points is one; both axes are widened
// to include the two points. The label is level, beside the segment (above or below it,
// near its middle first), where it crosses the fewest data, no other reference line and no
// other label (see refLine.Plot). It is not listed in the legend. Non-finite coordinates give
// ErrNotFinite; coincident points, or a coordinate ≤ 0 on a log axis, ErrArg. Cost O(1).
func (f *Figure) AddLine(x0, y0, x1, y1 float64, label string) error {
	const fn = "Figure.AddLine"
	if f == nil || f.Plot == nil {
		return fmt.Errorf("viz: %s: on a figure not made by NewFigure or a builder: %w", fn, ErrArg)
	}
	for i, v := range []float64{x0, y0, x1, y1} {
		if err := finite(fn, v, "%s", [...]string{"x0", "y0", "x1", "y1"}[i]); err != nil {
			return err
		}
	}
	if x0 == x1 && y0 == y1 {
		return fmt.Errorf("viz: %s: both ends at (%g, %g), want two distinct points: %w", fn, x0, y0, ErrArg)
	}
	for _, a := range []struct {
		name   string
		ax     *plot.Axis
		v0, v1 float64
	}{{"x", &f.X, x0, x1}, {"y", &f.Y, y0, y1}} {
		if _, log := a.ax.Scale.(plot.LogScale); log && !(a.v0 > 0 && a.v1 > 0) {
			return fmt.Errorf("viz: %s: %s from %g to %g on a log axis: %w", fn, a.name, a.v0, a.v1, ErrArg)
		}
	}
	f.X.Min, f.X.Max = math.Min(f.X.Min, math.Min(x0, x1)), math.Max(f.X.Max, math.Max(x0, x1))
	f.Y.Min, f.Y.Max = math.Min(f.Y.Min, math.Min(y0, y1)), math.Max(f.Y.Max, math.Max(y0, y1))
	for _, v := range []float64{x0, x1} {
		f.ext.note(0, v)
	}
	for _, v := range []float64{y0, y1} {
		f.ext.note(1, v)
	}
	if err := f.checkSpans(fn); err != nil {
		return err
	}
	r := refLine{sloped: true, ends: [2]plotter.XY{{X: x0, Y: y0}, {X: x1, Y: y1}}, label: label,
		sty: f.Legend.TextStyle, fig: f, n: len(f.refs)}
	f.Plot.Add(r)
	f.refs = append(f.refs, r)
	// Samples along the segment, evenly on the axes' scales, keep the legend from covering it.
	for k := range 17 {
		t := float64(k) / 16
		f.refData = append(f.refData, plotter.XY{X: along(f.X.Scale, x0, x1, t), Y: along(f.Y.Scale, y0, y1, t)})
	}
	return nil
}

// along returns the point a fraction t of the way from a to b on an axis of scale sc:
// geometric on a log axis, linear otherwise.
func along(sc plot.Normalizer, a, b, t float64) float64 {
	if _, log := sc.(plot.LogScale); log {
		return a * math.Pow(b/a, t)
	}
	return a + t*(b-a)
}

func (f *Figure) addRef(fn string, vertical bool, at float64, label string) error {
	if f == nil || f.Plot == nil {
		return fmt.Errorf("viz: %s: on a figure not made by NewFigure or a builder: %w", fn, ErrArg)
	}
	if err := finite(fn, at, "position"); err != nil {
		return err
	}
	ax, a := &f.Y, 1
	if vertical {
		ax, a = &f.X, 0
	}
	if _, log := ax.Scale.(plot.LogScale); log && !(at > 0) {
		return fmt.Errorf("viz: %s: line at %g on a log axis: %w", fn, at, ErrArg)
	}
	ax.Min, ax.Max = math.Min(ax.Min, at), math.Max(ax.Max, at)
	f.ext.note(a, at)
	if err := f.checkSpans(fn); err != nil {
		return err
	}
	r := refLine{vertical: vertical, at: at, label: label, sty: f.Legend.TextStyle, fig: f, n: len(f.refs)}
	f.Plot.Add(r)
	f.refs = append(f.refs, r)
	// Samples along the line keep the legend from covering it.
	for k := range 17 {
		t := float64(k) / 16
		if vertical {
			f.refData = append(f.refData, plotter.XY{X: at, Y: f.Y.Min + t*(f.Y.Max-f.Y.Min)})
		} else {
			f.refData = append(f.refData, plotter.XY{X: f.X.Min + t*(f.X.Max-f.X.Min), Y: at})
		}
	}
	return nil
}

// refLine is the plotter of AddVLine, AddHLine and AddLine. It has no DataRange, so a
// vertical or horizontal line spans whatever range the data give the other axis; a sloped
// one (AddLine) runs between its two ends. fig is the figure it belongs to: its points and
// line samples, and the labels of the reference lines drawn before, are where the label
// should not go.
type refLine struct {
	vertical bool
	at       float64
	sloped   bool          // a segment between ends (AddLine); vertical and at are unused
	ends     [2]plotter.XY // of a sloped line, in data units
	label    string
	sty      text.Style
	fig      *Figure
	n        int // its index in fig.refs
}

// Plot implements plot.Plotter. The label goes to the first of its candidate places that
// crosses the fewest of the figure's points and line samples, no other reference line and
// no label of another one, within the data area: for a vertical line, reading upwards beside
// the line or level beside it, right then left, from the top down in refSteps steps (so
// near the top where that is free); for a horizontal one, above or below it at its right
// end, then at its left end; for a sloped one, level above or below it at refSteps points
// along it, from its middle outwards. The label of a vertical line that has no place clear of the
// data there goes above the data area instead (see Figure.refBandPlan): Plot then draws
// only the line. Cost O(refSteps·(points + 16·segments)).
func (r refLine) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	switch {
	case r.sloped:
		a, b := r.canvasEnds(trX, trY)
		c.StrokeLines(refStyle, c.ClipLinesXY([]vg.Point{a, b})...)
	case r.vertical:
		x := trX(r.at)
		c.StrokeLine2(refStyle, x, c.Min.Y, x, c.Max.Y)
	default:
		y := trY(r.at)
		c.StrokeLine2(refStyle, c.Min.X, y, c.Max.X, y)
	}
	if r.label == "" || r.vertical && r.fig.above(r.n) {
		return
	}
	best, _ := r.place(c, p)
	if r.fig != nil {
		r.fig.refBoxes = append(r.fig.refBoxes, best.box)
	}
	haloText(c, best.sty, best.box, r.label)
}

// canvasEnds returns the ends of a sloped line on the canvas of trX and trY.
func (r refLine) canvasEnds(trX, trY func(float64) vg.Length) (a, b vg.Point) {
	return vg.Point{X: trX(r.ends[0].X), Y: trY(r.ends[0].Y)}, vg.Point{X: trX(r.ends[1].X), Y: trY(r.ends[1].Y)}
}

// crosses reports whether r's line passes through box grown by 1 point on each side, on the
// canvas of trX and trY.
func (r refLine) crosses(trX, trY func(float64) vg.Length, box vg.Rectangle) bool {
	switch {
	case r.sloped:
		a, b := r.canvasEnds(trX, trY)
		return segmentMeets(a, b, rect(box.Min.X-1, box.Min.Y-1, box.Max.X+1, box.Max.Y+1))
	case r.vertical:
		return box.Min.X-1 < trX(r.at) && trX(r.at) < box.Max.X+1
	default:
		return box.Min.Y-1 < trY(r.at) && trY(r.at) < box.Max.Y+1
	}
}

// segmentMeets reports whether the segment from a to b has a point inside box (Liang–Barsky
// clipping of the segment's parameter range [0, 1] to the box's four sides).
func segmentMeets(a, b vg.Point, box vg.Rectangle) bool {
	lo, hi := 0.0, 1.0
	d := [2]float64{float64(b.X - a.X), float64(b.Y - a.Y)}
	for _, s := range [4]struct{ p, q float64 }{
		{-d[0], float64(a.X - box.Min.X)}, {d[0], float64(box.Max.X - a.X)},
		{-d[1], float64(a.Y - box.Min.Y)}, {d[1], float64(box.Max.Y - a.Y)},
	} {
		switch {
		case s.p == 0:
			if s.q < 0 {
				return false // parallel to this side and outside it
			}
		case s.p < 0:
			lo = math.Max(lo, s.q/s.p)
		default:
			hi = math.Min(hi, s.q/s.p)
		}
	}
	return lo < hi
}

// labelStyle is the text style of r's label, level and centred, at the figure's label size
// (labelPt, or phoneLabelPt on a phone).
func (r refLine) labelStyle() text.Style {
	sty := r.sty
	sty.Font.Size = r.fig.onPhone(labelPt, phoneLabelPt)
	sty.Color = refStyle.Color
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YCenter
	return sty
}

// place returns the best place for r's label on the data canvas c of p (see Plot) and its
// cost (refCost), without drawing it.
func (r refLine) place(c draw.Canvas, p *plot.Plot) (refPlace, int) {
	trX, trY := p.Transforms(&c)
	sty := r.labelStyle()
	var cands []refPlace
	switch {
	case r.sloped:
		// Level, beside the segment at fractions of its length from the middle outwards: the
		// box's corner nearest the line sits refGap off it on both axes, on the side above the
		// line or below it, so that the box keeps clear of it at any slope.
		a, b := r.canvasEnds(trX, trY)
		rl := sty.Rectangle(r.label)
		lw, lh := rl.Max.X-rl.Min.X, rl.Max.Y-rl.Min.Y
		rising := (b.X-a.X)*(b.Y-a.Y) > 0
		const g = 3
		for k := range refSteps {
			j := (refSteps - 1) / 2 // the middle, then alternately towards b and a
			if k%2 == 1 {
				j += (k + 1) / 2
			} else {
				j -= k / 2
			}
			t := vg.Length(j) / (refSteps - 1)
			x, y := a.X+t*(b.X-a.X), a.Y+t*(b.Y-a.Y)
			if rising { // above-left, below-right
				cands = append(cands, refPlace{sty, rect(x-g-lw, y+g, x-g, y+g+lh)},
					refPlace{sty, rect(x+g, y-g-lh, x+g+lw, y-g)})
			} else { // above-right, below-left
				cands = append(cands, refPlace{sty, rect(x+g, y+g, x+g+lw, y+g+lh)},
					refPlace{sty, rect(x-g-lw, y-g-lh, x-g, y-g)})
			}
		}
	case r.vertical:
		x := trX(r.at)
		up := sty
		up.Rotation = math.Pi / 2
		ru, rl := up.Rectangle(r.label), sty.Rectangle(r.label)
		uw, uh := ru.Max.X-ru.Min.X, ru.Max.Y-ru.Min.Y
		lw, lh := rl.Max.X-rl.Min.X, rl.Max.Y-rl.Min.Y
		for k := range refSteps {
			t := vg.Length(k) / (refSteps - 1)           // 0 at the top, 1 at the bottom
			yu := c.Max.Y - 4 - t*(c.Max.Y-c.Min.Y-8-uh) // top of an upward label
			yl := c.Max.Y - 4 - t*(c.Max.Y-c.Min.Y-8-lh) // top of a level one
			cands = append(cands,
				refPlace{up, rect(x+2, yu-uh, x+2+uw, yu)},
				refPlace{up, rect(x-2-uw, yu-uh, x-2, yu)},
				refPlace{sty, rect(x+3, yl-lh, x+3+lw, yl)},
				refPlace{sty, rect(x-3-lw, yl-lh, x-3, yl)})
		}
	default:
		y := trY(r.at)
		rl := sty.Rectangle(r.label)
		lw, lh := rl.Max.X-rl.Min.X, rl.Max.Y-rl.Min.Y
		for _, right := range []bool{true, false} {
			x0 := c.Max.X - 4 - lw
			if !right {
				x0 = c.Min.X + 4
			}
			cands = append(cands,
				refPlace{sty, rect(x0, y+2, x0+lw, y+2+lh)},
				refPlace{sty, rect(x0, y-2-lh, x0+lw, y-2)})
		}
	}
	best, fewest := cands[0], -1
	for _, pl := range cands {
		n := r.fig.refCost(trX, trY, c, pl.box)
		if fewest < 0 || n < fewest {
			best, fewest = pl, n
		}
	}
	return best, fewest
}

// refSteps is the number of heights along a vertical reference line at which its label is
// tried.
const refSteps = 9

// refPlace is a candidate place of a reference line's label: its text style (level or
// reading upwards) and the box it fills on the canvas.
type refPlace struct {
	sty text.Style
	box vg.Rectangle
}

// rect is the rectangle with corners (x0, y0) and (x1, y1).
func rect(x0, y0, x1, y1 vg.Length) vg.Rectangle {
	return vg.Rectangle{Min: vg.Point{X: x0, Y: y0}, Max: vg.Point{X: x1, Y: y1}}
}

// refClear is the room a reference line's label keeps from the data, in points, where it
// can; among places with as few data within refClear, the one with the fewest within
// refNear wins.
const (
	refClear = 3
	refNear  = 10
)

// refCost rates box as the place of a reference line's label on the data canvas c: the
// number of the figure's points and line samples under it (256 each), within refClear of
// it (16 each) and within refNear of it (1 each), plus a large penalty for each
// label of another reference line it overlaps or other reference line it crosses, and a
// larger one when it sticks out of c. A nil f rates only the fit in c.
func (f *Figure) refCost(trX, trY func(float64) vg.Length, c draw.Canvas, box vg.Rectangle) int {
	n := 0
	if box.Min.X < c.Min.X || box.Max.X > c.Max.X || box.Min.Y < c.Min.Y || box.Max.Y > c.Max.Y {
		n += 1 << 24
	}
	if f == nil {
		return n
	}
	for _, b := range f.refBoxes {
		if box.Min.X < b.Max.X && b.Min.X < box.Max.X && box.Min.Y < b.Max.Y && b.Min.Y < box.Max.Y {
			n += 1 << 20
		}
	}
	for _, l := range f.refs {
		if l.crosses(trX, trY, box) {
			n += 1 << 16
		}
	}
	return n + 256*f.countIn(trX, trY, box, 0, false) + 16*f.countIn(trX, trY, box, refClear, false) +
		f.countIn(trX, trY, box, refNear, false)
}

// haloText writes txt, centred, into box on a translucent white background, so that a label
// stays legible where it crosses data lines.
func haloText(c draw.Canvas, sty text.Style, box vg.Rectangle, txt string) {
	r := sty.Rectangle(txt) // of the text centred at the origin
	pt := box.Min.Sub(r.Min)
	bg := vg.Rectangle{Min: box.Min.Sub(vg.Point{X: 1, Y: 1}), Max: box.Max.Add(vg.Point{X: 1, Y: 1})}
	c.SetColor(color.NRGBA{0xff, 0xff, 0xff, 0xcc})
	c.Fill(bg.Path())
	c.FillText(sty, pt, txt)
}

// AddPointLabels writes names[i] beside the point in row i of the n×2 matrix pts, for
// figures whose points are things with names (words, cities, samples). A name goes to the
// first of eight places around its point (right, left, above, below, then the four
// diagonals) that stays inside the data area and covers no data point or line sample, no
// legend and no other label; a name with no such place is left out, so that a crowded
// figure shows the names that fit rather than a pile of overlapping ones. Earlier rows
// take their places first: list the important names first. The places are chosen when the
// figure is drawn, at the size it is drawn: a phone's rendering (see HTML) keeps the names'
// size, so its smaller area shows fewer; with EqualAxes it grows taller to give the data
// the column's full width (see phoneGrowth). Cost
// O(n·(points + segments)) per drawing.
func (f *Figure) AddPointLabels(pts mat.Matrix, names []string) error {
	if f == nil || f.Plot == nil {
		return fmt.Errorf("viz: Figure.AddPointLabels: AddPointLabels on a figure not made by NewFigure or a builder: %w", ErrArg)
	}
	xy, err := points("Figure.AddPointLabels", pts, "points")
	if err != nil {
		return err
	}
	if len(names) != len(xy) {
		return fmt.Errorf("viz: Figure.AddPointLabels: %d names for %d points: %w", len(names), len(xy), ErrShape)
	}
	f.Plot.Add(&pointLabels{fig: f, xy: xy, names: append([]string(nil), names...)})
	return nil
}

// pointLabels is the plotter of Figure.AddPointLabels.
type pointLabels struct {
	fig   *Figure
	xy    plotter.XYs
	names []string
}

// labelPt is the font size, in points, of the small labels a figure draws in its data area
// (of reference lines and points), two points under the tick labels' so that they stand
// apart from them; phoneLabelPt is the size of reference lines' labels in the phone
// rendering of HTML, which is laid out for text of minPhoneTextPt (= labelPt) at MinTextPx
// in a PhoneColumn-wide column: a point larger, they come out at about 11 CSS px in a
// 400-px screen's column of 370 px (10.1 px at labelPt), still a point under the tick
// labels. Point labels stay at labelPt there (MinTextPx at the narrowest column): a map
// of names is crowded, and at 10 pt a phone showed a third fewer of slt/07's 60 words.
// The rendering keeps its width, so the data area keeps its size.
const (
	labelPt      = 9
	phoneLabelPt = 10
)

// Plot implements plot.Plotter (see Figure.AddPointLabels).
func (l *pointLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	sty := textStyle(sansFont, labelPt, inkColor)
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YCenter
	gap := pointRadius(len(l.xy)) + 2 // from the point's centre to the label's box
	for i, name := range l.names {
		if name == "" {
			continue
		}
		r := sty.Rectangle(name)
		w, h := r.Max.X-r.Min.X, r.Max.Y-r.Min.Y
		x, y := trX(l.xy[i].X), trY(l.xy[i].Y)
		d := gap * 0.7071
		for _, b := range []vg.Rectangle{
			rect(x+gap, y-h/2, x+gap+w, y+h/2), rect(x-gap-w, y-h/2, x-gap, y+h/2),
			rect(x-w/2, y+gap, x+w/2, y+gap+h), rect(x-w/2, y-gap-h, x+w/2, y-gap),
			rect(x+d, y+d, x+d+w, y+d+h), rect(x-d-w, y+d, x-d, y+d+h),
			rect(x+d, y-d-h, x+d+w, y-d), rect(x-d-w, y-d-h, x-d, y-d),
		} {
			if l.fig.refCost(trX, trY, c, b) >= 1<<16 || l.fig.countIn(trX, trY, b, 1, true) > 0 {
				continue
			}
			l.fig.refBoxes = append(l.fig.refBoxes, b)
			haloText(c, sty, b, name)
			break
		}
	}
}
