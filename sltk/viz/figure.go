package viz

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/must"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Sentinel errors; every error returned by this package wraps one of them, so callers can
// test with errors.Is. Each wraps the library's sentinel of package errs that it means, so
// errors.Is(err, errs.ErrEmpty) holds for a viz.ErrEmpty too.
var (
	// ErrEmpty: no data (no rows, no series, no categories, an empty sample).
	ErrEmpty = fmt.Errorf("viz: %w", errs.ErrEmpty)
	// ErrShape: lengths or matrix shapes that do not fit together.
	ErrShape = fmt.Errorf("viz: %w", errs.ErrShape)
	// ErrNotFinite: a NaN or ±Inf where a finite number is needed.
	ErrNotFinite = fmt.Errorf("viz: %w", errs.ErrNotFinite)
	// ErrArg: an argument or option outside its domain (bins < 1, log scale of non-positive
	// data, an option that does not apply to the figure).
	ErrArg = fmt.Errorf("viz: invalid argument: %w", errs.ErrParam)
	// ErrFormat: a file extension or output format this package cannot write.
	ErrFormat = fmt.Errorf("viz: unsupported format: %w", errs.ErrParam)
	// ErrRender: gonum/plot failed while drawing (usually after a caller changed the plot
	// into a state it cannot draw, e.g. a log axis over zero).
	ErrRender = fmt.Errorf("viz: rendering failed: %w", errs.ErrParam)
)

// Drawer is anything that draws itself onto a canvas: *plot.Plot, *Figure and *Grid all are,
// so Show, Save and Render accept plain gonum plots as well as this package's figures.
type Drawer interface {
	Draw(c draw.Canvas)
}

// Sizer is implemented by drawers that know their preferred size (Figure, Grid). Drawers
// that do not, such as a bare *plot.Plot, are rendered at DefaultWidth × DefaultHeight.
type Sizer interface {
	Size() (width, height vg.Length)
}

// Figure is a gonum plot plus what this package draws around it: a legend on a light box in a
// corner of the data area (or in a column beside it), and for heat maps a colour bar. The
// *plot.Plot is embedded, so a caller tweaks a figure as a plot (fig.Title.Text,
// fig.X.Label.Text, fig.Add(...)) before passing it to Show or Save.
type Figure struct {
	*plot.Plot

	// Width and Height are the rendered size; zero means DefaultWidth / DefaultHeight.
	Width, Height vg.Length

	// LegendOutside draws the legend outside the data area instead of in its top-right
	// corner: in a column to the right, sized to the legend so that no entry is clipped, or,
	// where that column would take more than maxLegendShare of the data area's width (a
	// phone's rendering, see HTML), in rows below the axes.
	LegendOutside bool
	// LegendLeft and LegendBottom put the legend inside the data area at the left or the
	// bottom. When none of the three is set, the legend goes where it covers the fewest data
	// points and line samples: one of eight places inside the data area (corners first, top
	// right on a tie), or, when each of them covers some, a column at the right or rows below
	// the axes (see legendSpot).
	LegendLeft, LegendBottom bool
	// LegendInside keeps an automatically placed legend inside the data area, where it
	// covers the fewest data, even when every place there covers some.
	LegendInside bool
	// EqualScale draws both axes at the same number of points per data unit (see EqualAxes):
	// the data area shrinks along one side, centred. Ignored when an axis is logarithmic.
	EqualScale bool
	// Tight draws the axes exactly over their ranges. Otherwise Draw moves an axis end that
	// lies on the extreme of the points of a scatter, a line or a reference line out by
	// AxisPad of the span, so that markers there are not drawn on the frame; an end the
	// caller set elsewhere (fig.Y.Min = 0 below the data) stays; set Tight to keep an end that
	// the caller put on a data extreme. Heat maps and contour plots are tight.
	Tight bool

	// colorBar, when set, is drawn in a strip to the right of the data area, with
	// colorLabel (ColorLabel), if not empty, written upwards beside it.
	colorBar   *plot.Plot
	colorLabel string
	// grid is the background grid added by NewFigure, kept so builders can thin it out.
	grid *plotter.Grid
	// data are the points of the plotters added through Add, where the legend should not go,
	// and segs the segments of their lines (sampled on the canvas, where log axes bend them).
	data plotter.XYs
	segs [][2]plotter.XY
	// entries are the legend's entries as this package's builders and methods added them
	// (addLegend), for a legend laid out in rows below the axes.
	entries []legendEntry
	// refBoxes are the legend inside the data area and the labels of reference lines placed
	// so far in the current Draw, which a reference line's label does not overlap.
	refBoxes []vg.Rectangle
	// refData are samples along the reference lines, where the legend should not go either.
	refData plotter.XYs
	// refs are the reference lines (AddVLine, AddHLine), which no other line's label crosses.
	refs []refLine
	// categoryX marks a horizontal axis of category names (Bars), which Draw sets at an
	// angle when they do not fit side by side (see fitCategories).
	categoryX bool
	// ext is the bounding box of the points of scatters, lines and reference lines, whose
	// ends Draw pads (see Tight).
	ext extent
	// refAbove marks the reference lines (by index in refs) whose labels Draw puts above the
	// data area, in a band refBand high that the layout keeps free (see refBandPlan); both
	// are set only while Draw runs.
	refAbove []bool
	refBand  vg.Length
	// titleCap, when positive, caps the title's font before fitTitle fits it: a grid sets
	// it while it draws its panels, so that their titles share one size (see shareTitles).
	titleCap vg.Length
	// phone, while HTML draws the figure's phone rendering, draws the labels of its
	// reference lines at phoneLabelPt rather than labelPt (see onPhone).
	phone bool
	// leftInset, when positive, is the least distance from the canvas's left edge to the data
	// area's: a grid sets it while it draws its panels, so that the data areas of a column
	// start at one x whatever the widths of their y tick labels (see alignLefts).
	leftInset vg.Length
}

// A line of longLine points or more is noted by its points, which lie close together, and
// only those of its segments that span more than 1/longGap of its range on either axis (the
// jump of a step function), where its points leave a gap. Cost O(points).
const (
	longLine = 500
	longGap  = 50
)

// Add adds plotters to the figure as plot.Plot.Add does, and notes their points (of lines,
// scatters, histogram and bar-chart bars, and contour lines) so that the legend can go to the emptiest corner. On a nil
// Figure, or one not made by NewFigure or a builder, it does nothing.
func (f *Figure) Add(ps ...plot.Plotter) {
	if f == nil || f.Plot == nil {
		return
	}
	f.Plot.Add(ps...)
	for _, p := range ps {
		switch v := p.(type) {
		case *plotter.Contour: // its lines are data too: a legend on a decision boundary hides it
			f.data = append(f.data, levelCrossings(v.GridXYZ, v.Levels)...)
		case *plotter.Histogram: // a bar covers its whole area
			for _, b := range v.Bins {
				for i := range 5 {
					for j := range 5 {
						x := b.Min + (b.Max-b.Min)*float64(i)/4
						f.data = append(f.data, plotter.XY{X: x, Y: b.Weight * float64(j) / 4})
					}
				}
			}
		case *bars: // so does a bar of a bar chart
			w := groupWidth / float64(len(v.series))
			for si, sr := range v.series {
				for c, y := range sr.Values {
					x0 := float64(c) - groupWidth/2 + float64(si)*w
					for i := range 5 {
						for j := range 5 {
							f.data = append(f.data, plotter.XY{X: x0 + w*float64(i)/4, Y: y * float64(j) / 4})
						}
					}
				}
			}
		case plotter.XYer:
			line, isLine := p.(*plotter.Line)
			long := isLine && line.Len() >= longLine
			var span extent
			for i := range v.Len() {
				x, y := v.XY(i)
				span.note(0, x)
				span.note(1, y)
			}
			for i := range v.Len() {
				x, y := v.XY(i)
				f.data = append(f.data, plotter.XY{X: x, Y: y})
				f.ext.note(0, x)
				f.ext.note(1, y)
				if !isLine || i == 0 {
					continue
				}
				x0, y0 := v.XY(i - 1)
				for _, sg := range drawnSegments(line.StepStyle, plotter.XY{X: x0, Y: y0}, plotter.XY{X: x, Y: y}) {
					a, b := sg[0], sg[1]
					if a == b { // the last run of a staircase
						continue
					}
					if !long || math.Abs(b.X-a.X) > span.width(0)/longGap || math.Abs(b.Y-a.Y) > span.width(1)/longGap {
						f.segs = append(f.segs, sg)
					}
				}
			}
		}
	}
}

// drawnSegments returns the segments gonum draws between consecutive points a and b of a
// line of step style st: the straight segment, or the horizontal and vertical runs of a step
// (a MidStep's jump at the middle in data units, which is where it is on a linear axis).
func drawnSegments(st plotter.StepKind, a, b plotter.XY) [][2]plotter.XY {
	switch st {
	case plotter.PostStep:
		c := plotter.XY{X: b.X, Y: a.Y}
		return [][2]plotter.XY{{a, c}, {c, b}}
	case plotter.PreStep:
		c := plotter.XY{X: a.X, Y: b.Y}
		return [][2]plotter.XY{{a, c}, {c, b}}
	case plotter.MidStep:
		m := (a.X + b.X) / 2
		c, d := plotter.XY{X: m, Y: a.Y}, plotter.XY{X: m, Y: b.Y}
		return [][2]plotter.XY{{a, c}, {c, d}, {d, b}}
	}
	return [][2]plotter.XY{{a, b}}
}

// levelCrossings returns the points where the level lines of g at levels cross the edges
// between neighbouring grid nodes (linear interpolation along the edge): samples of the
// contour lines as drawn, one per grid cell a line passes, for the legend's placement.
// Cost O(nodes · levels).
func levelCrossings(g plotter.GridXYZ, levels []float64) plotter.XYs {
	if g == nil {
		return nil
	}
	cols, rows := g.Dims()
	var out plotter.XYs
	cross := func(x0, y0, z0, x1, y1, z1 float64) {
		for _, l := range levels {
			if (z0 < l) == (z1 < l) {
				continue
			}
			t := (l - z0) / (z1 - z0)
			out = append(out, plotter.XY{X: x0 + t*(x1-x0), Y: y0 + t*(y1-y0)})
		}
	}
	for r := range rows {
		for c := range cols {
			x, y, z := g.X(c), g.Y(r), g.Z(c, r)
			if c+1 < cols {
				cross(x, y, z, g.X(c+1), y, g.Z(c+1, r))
			}
			if r+1 < rows {
				cross(x, y, z, x, g.Y(r+1), g.Z(c, r+1))
			}
		}
	}
	return out
}

// NewFigure returns an empty figure in the house style with the given title and axis labels
// and light grid lines, for drawings the helpers do not cover: add plotters with fig.Add.
func NewFigure(title, xlabel, ylabel string) *Figure {
	p := plot.New()
	stylePlot(p)
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	g := newGrid()
	p.Add(g)
	return &Figure{Plot: p, grid: g}
}

// Size reports the figure's rendered size, substituting the defaults for zero, negative or NaN
// fields (and for a nil f) and capping at MaxSize.
func (f *Figure) Size() (vg.Length, vg.Length) {
	if f == nil {
		return DefaultWidth, DefaultHeight
	}
	return length(f.Width, DefaultWidth), length(f.Height, DefaultHeight)
}

// Resize sets the size in inches and returns f, so a call site can write
// viz.Show(fig.Resize(8, 3)). A NaN, zero or negative size leaves that field at its default
// (0); one above MaxSize (+Inf too) is capped. A nil f stays nil.
func (f *Figure) Resize(widthInch, heightInch float64) *Figure {
	if f == nil {
		return nil
	}
	inches := func(v float64) vg.Length { // min: 1e308 inches must not overflow to NaN points
		return length(vg.Length(min(v, float64(2*MaxSize/vg.Inch)))*vg.Inch, 0)
	}
	f.Width, f.Height = inches(widthInch), inches(heightInch)
	return f
}

const (
	colorBarWidth = 0.8 * vg.Inch
	colorBarStrip = 12 // points: width of the colour strip itself
	legendGap     = 10 * vg.Millimeter / 3
	// legendSlack widens a legend column by this fraction of its measured width: a browser
	// without Liberation Sans sets text in a wider fallback font.
	legendSlack = 0.15
	titleTop    = 6 // points above the title
	// figureMargin is left free at the left, right and bottom edges of a figure.
	figureMargin = 8
)

// figureLayout is where Draw puts the parts of a figure on its canvas.
type figureLayout struct {
	q                   plot.Plot     // Draw's copy of the plot, padded, its legend removed
	main, outer, data   draw.Canvas   // the plot's canvas, it with log-axis labels, the data area
	xLab, yLab          *axisLabel    // labels of log axes, which Draw sets itself
	rows                []legendEntry // entries in rows below the axes (spot.below), nil for one block
	rowsLeft, rowsWidth vg.Length     // where the rows may go: from rowsLeft, rowsWidth wide
	rowsTop             vg.Length     // the top of the first row
	freeW               vg.Length     // the data area's width before EqualScale narrows it
}

// layout places the plot on c with the legend at spot: a column at the right and rows below
// the axes take their room from the plot; inside spots take none. The label of a colour bar
// (ColorLabel) takes room beside the bar as it comes out fitted to the bar's length, the
// height of the data area: a first layout guesses that length (colorLabelSpare), and while
// the label needs more room at the length laid out, the layout is redone at that length
// (the room only grows, so this ends; mostly after one or two layouts).
func (f *Figure) layout(c draw.Canvas, spot legendSpot, legendW, legendH vg.Length) figureLayout {
	fit := c.Max.Y - c.Min.Y - colorLabelSpare
	for range 8 {
		lay := f.layoutFor(c, spot, legendW, legendH, fit)
		bar := lay.data.Max.Y - lay.data.Min.Y
		if f.colorBar == nil || colorLabelRoom(f.colorLabel, bar) <= colorLabelRoom(f.colorLabel, fit) {
			return lay
		}
		fit = bar
	}
	return f.layoutFor(c, spot, legendW, legendH, fit)
}

// layoutFor is layout with the colour bar's label fitted to the length fit.
func (f *Figure) layoutFor(c draw.Canvas, spot legendSpot, legendW, legendH, fit vg.Length) figureLayout {
	var lay figureLayout
	main := c
	// A margin keeps the y label, the title and the last tick label inside the figure when a
	// browser rounds or scales them.
	main.Min.X += figureMargin
	main.Min.Y += figureMargin
	main.Max.X -= figureMargin
	if f.colorBar != nil {
		main.Max.X -= colorBarWidth + colorLabelRoom(f.colorLabel, fit)
	}
	lay.q = *f.Plot // shallow copy: the legend is drawn separately without changing f
	q := &lay.q
	q.Legend = plot.NewLegend()
	f.pad(q)
	if f.titleCap > 0 && q.Title.TextStyle.Font.Size > f.titleCap {
		q.Title.TextStyle.Font.Size = f.titleCap
	}
	switch {
	case spot.beside:
		main.Max.X -= legendW*(1+legendSlack) + 2*legendGap
	case spot.below:
		lay.rowsLeft, lay.rowsWidth = main.Min.X, main.Max.X-main.Min.X
		h := legendH
		if lay.rows = f.legendEntries(); lay.rows != nil {
			h = legendRows(&f.Plot.Legend, lay.rows, lay.rowsWidth).height
		}
		lay.rowsTop = main.Min.Y + h
		main.Min.Y += h + legendGap
	}
	fitTitle(&q.Title, main.Max.X-main.Min.X, f.onPhone(minTitleSize, phoneMinTitleSize))
	if q.Title.Text != "" {
		main.Max.Y -= titleTop // gonum sets the title flush with the top edge
	}
	if f.refBand > 0 { // between the title and the data area
		if q.Title.Text != "" {
			q.Title.Padding += f.refBand
		} else {
			main.Max.Y -= f.refBand
		}
	}
	lay.xLab, lay.yLab = logAxisLabel(&q.X), logAxisLabel(&q.Y)
	lay.outer = main
	if lay.xLab != nil {
		main.Min.Y += lay.xLab.TextStyle.Height(lay.xLab.Text) + lay.xLab.Padding
	}
	if lay.yLab != nil {
		main.Min.X += lay.yLab.TextStyle.Height(lay.yLab.Text) + lay.yLab.Padding
	}
	lay.freeW = q.DataCanvas(main).Size().X
	if f.EqualScale {
		main = equalBox(q, main)
	}
	if f.categoryX {
		fitCategories(q, q.DataCanvas(main).Size().X)
	}
	fitYTicks(q, q.DataCanvas(main).Size().Y)
	if short := f.leftInset - (q.DataCanvas(main).Min.X - c.Min.X); short > 0 && !f.EqualScale {
		main.Min.X += short // the data area starts where its neighbours' do (see alignLefts)
		// gonum centres the title over main; keep it over the canvas before the shift, where
		// the neighbours centre theirs (per line, so only a one-line title).
		if w := q.Title.TextStyle.Width(q.Title.Text); w > 0 && !strings.Contains(q.Title.Text, "\n") {
			q.Title.TextStyle.XAlign -= text.XAlignment(short / (2 * w))
		}
	}
	fitXTicks(q, q.DataCanvas(main).Size().X)
	lay.main, lay.data = main, q.DataCanvas(main)
	return lay
}

// outsideSpot returns the place outside the data area of lay for a legendW × legendH legend
// that takes the smaller share of the data area, a column at the right or rows below the
// axes, and false when both take more than maxLegendShare. In a phone rendering, a figure
// drawn to scale (EqualScale) always takes the rows.
func (f *Figure) outsideSpot(lay figureLayout, legendW, legendH vg.Length) (legendSpot, bool) {
	dw, dh := lay.data.Max.X-lay.data.Min.X, lay.data.Max.Y-lay.data.Min.Y
	if dw <= 0 || dh <= 0 {
		return legendSpot{}, false
	}
	beside := f.columnShare(lay, legendW)
	h := legendH
	if es := f.legendEntries(); es != nil {
		h = legendRows(&f.Plot.Legend, es, lay.main.Max.X-lay.main.Min.X).height
	}
	below := float64((h + legendGap) / dh)
	switch {
	case f.phone && f.EqualScale:
		// A phone's width is what limits a map drawn to scale: a column would take its room
		// from the map, while rows below cost it nothing, as the phone rendering grows by
		// their height (phoneGrowth).
		return legendSpot{below: true}, true
	case min(beside, below) > maxLegendShare:
		return legendSpot{}, false
	case below <= beside:
		return legendSpot{below: true}, true
	}
	return legendSpot{beside: true}, true
}

// columnShare is the fraction of the width of lay's data area (a layout with the legend
// inside; with EqualScale, its width before it is narrowed to the data's aspect, since a
// column takes the room beside a narrowed area first) that a legend legendW wide takes in a
// column at the right; +Inf for an empty data area.
func (f *Figure) columnShare(lay figureLayout, legendW vg.Length) float64 {
	dw := lay.freeW
	if dw <= 0 {
		return math.Inf(1)
	}
	return float64((legendW*(1+legendSlack) + 2*legendGap) / dw)
}

// placeLegend returns where a legendW × legendH legend goes on canvas c (see legendSpot) and
// the layout of the figure with it there. Cost: one or two layouts and a count of the
// covered points per inside place.
func (f *Figure) placeLegend(c draw.Canvas, legendW, legendH vg.Length) (legendSpot, figureLayout) {
	spot := legendSpot{col: 2, row: 2}
	if f.LegendLeft {
		spot.col = 0
	}
	if f.LegendBottom {
		spot.row = 0
	}
	lay := f.layout(c, spot, legendW, legendH)
	if f.LegendOutside && legendW > 0 {
		spot = legendSpot{beside: true}
		if f.columnShare(lay, legendW) > maxLegendShare || f.phone && f.EqualScale { // see outsideSpot
			spot = legendSpot{below: true}
		}
		return spot, f.layout(c, spot, legendW, legendH)
	}
	if legendW > 0 && !f.LegendOutside && !f.LegendLeft && !f.LegendBottom {
		var n int
		spot, n = f.emptiestSpot(&lay.q, lay.data, legendW, legendH)
		if out, ok := f.outsideSpot(lay, legendW, legendH); n > 0 && ok && !f.LegendInside {
			spot = out
			lay = f.layout(c, spot, legendW, legendH)
		}
	}
	return spot, lay
}

// Draw draws the figure onto c: the colour bar strip (if any) on the far right, then the
// legend column (if LegendOutside, or if the legend moves out of the data area), then the
// plot in the space that is left, and last the legend in its place: inside the data area
// where it covers the fewest data (see legendSpot), in a column at the right or in rows below
// the axes.
//
// A nil figure, one without a plot or a canvas without a backend draws nothing.
func (f *Figure) Draw(c draw.Canvas) {
	if f == nil || f.Plot == nil || c.Canvas == nil {
		return
	}
	legendW, legendH := legendSize(&f.Plot.Legend)
	spot, lay := f.placeLegend(c, legendW, legendH)
	defer func() { f.refAbove, f.refBand = nil, 0 }()
	lay = f.refBandPlan(c, spot, legendW, legendH, lay)
	q, main, data := &lay.q, lay.main, lay.data
	f.refBoxes = f.legendKeepOut(f.refBoxes[:0], data, spot, legendW, legendH) // labels keep off the legend
	q.Draw(main)
	if f.refBand > 0 {
		f.drawRefBand(c, q, data)
	}
	if xLab := lay.xLab; xLab != nil { // where gonum draws a horizontal axis label
		d := xLab.TextStyle.FontExtents().Descent
		c.FillText(xLab.TextStyle, vg.Point{X: data.Center().X, Y: lay.outer.Min.Y + d}, xLab.Text)
	}
	if yLab := lay.yLab; yLab != nil { // where gonum draws a vertical one
		sty := yLab.TextStyle
		sty.Rotation += math.Pi / 2
		x := lay.outer.Min.X + yLab.TextStyle.Height(yLab.Text) - yLab.TextStyle.FontExtents().Descent
		c.FillText(sty, vg.Point{X: x, Y: data.Center().Y}, yLab.Text)
	}

	if legendW > 0 {
		l := f.Plot.Legend
		var box vg.Rectangle
		switch {
		case spot.beside:
			l.Top, l.Left = true, true
			box = vg.Rectangle{
				Min: vg.Point{X: main.Max.X + legendGap, Y: data.Max.Y - legendH},
				Max: vg.Point{X: main.Max.X + legendGap + legendW, Y: data.Max.Y},
			}
		case spot.below && lay.rows != nil:
			drawLegendRows(c, &l, lay.rows, lay.rowsLeft, lay.rowsWidth, data.Center().X, lay.rowsTop)
		case spot.below:
			l.Top, l.Left = true, true
			x0 := max(lay.rowsLeft, min(data.Center().X-legendW/2, lay.rowsLeft+lay.rowsWidth-legendW))
			box = vg.Rectangle{Min: vg.Point{X: x0, Y: lay.rowsTop - legendH},
				Max: vg.Point{X: x0 + legendW, Y: lay.rowsTop}}
		default:
			// gonum's Left means "icons first"; inside, text sits next to the icons on the
			// side away from the border, so a wider font grows into the plot, not off it.
			l.Top, l.Left = spot.row != 0, spot.col == 0
			box = legendBox(data, legendW, legendH, spot)
			frame := vg.Rectangle{Min: box.Min.Sub(vg.Point{X: 4, Y: 3}), Max: box.Max.Add(vg.Point{X: 4, Y: 3})}
			c.SetColor(color.NRGBA{0xff, 0xff, 0xff, 0xd8})
			c.Fill(frame.Path())
			c.SetColor(color.NRGBA{0xcc, 0xcc, 0xcc, 0xff})
			c.SetLineWidth(vg.Points(0.5))
			c.SetLineDash(nil, 0) // solid, whatever the last line drawn was
			c.Stroke(frame.Path())
		}
		if !(spot.below && lay.rows != nil) {
			l.Draw(draw.Canvas{Canvas: c.Canvas, Rectangle: box})
		}
	}
	if f.colorBar != nil {
		x0 := main.Max.X
		if spot.beside {
			x0 += legendW*(1+legendSlack) + 2*legendGap
		}
		cb := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: x0 + vg.Points(4), Y: data.Min.Y},
			// next to the plot, also when EqualScale made the plot narrower than its space
			Max: vg.Point{X: x0 + colorBarWidth + figureMargin - vg.Points(14), Y: data.Max.Y},
		}}
		// Grow the bar's canvas by the padding its own tick labels cause, so that the colour
		// strip spans exactly the height of the data area it explains.
		inner := f.colorBar.DataCanvas(cb)
		cb.Min.X += inner.Max.X - inner.Min.X - colorBarStrip
		cb.Min.Y -= inner.Min.Y - data.Min.Y
		cb.Max.Y += data.Max.Y - inner.Max.Y
		f.colorBar.Draw(cb)
		drawColorLabel(c, f.colorLabel, cb.Max.X, data.Min.Y, data.Max.Y)
	}
}

// axisLabel is the label of a plot.Axis.
type axisLabel = struct {
	Text      string
	Padding   vg.Length
	TextStyle text.Style
	Position  float64
}

// logAxisLabel takes the label off a logarithmic axis (of Figure.Draw's copy of the plot) and
// returns it, so that Draw sets it itself; it returns nil for a linear axis or an empty label.
// gonum places the glyph box of an axis label at the axis value (min + max)/2, which on a log
// axis lies near the top (right) end: the half of the label beyond it made gonum shrink the
// data area, leaving a gap under the title (left of the right edge).
func logAxisLabel(ax *plot.Axis) *axisLabel {
	if _, log := ax.Scale.(plot.LogScale); !log || ax.Label.Text == "" {
		return nil
	}
	l := ax.Label
	ax.Label.Text = ""
	return &l
}

// equalBox shrinks the canvas c of plot p along one side, keeping it centred, so that one
// data unit spans as many points on the x axis as on the y axis. The data area differs from
// c by fixed offsets (axes, labels, title, padding), so one measurement suffices. It returns
// c unchanged for a log axis or an empty range.
func equalBox(p *plot.Plot, c draw.Canvas) draw.Canvas {
	_, logX := p.X.Scale.(plot.LogScale)
	_, logY := p.Y.Scale.(plot.LogScale)
	dx, dy := p.X.Max-p.X.Min, p.Y.Max-p.Y.Min
	if logX || logY || !(dx > 0) || !(dy > 0) || math.IsInf(dx, 0) || math.IsInf(dy, 0) {
		return c
	}
	d := p.DataCanvas(c)
	w, h := d.Max.X-d.Min.X, d.Max.Y-d.Min.Y
	if w <= 0 || h <= 0 {
		return c
	}
	sx, sy := float64(w)/dx, float64(h)/dy // points per data unit
	if sx > sy {
		cut := w - vg.Length(sy*dx)
		c.Min.X += cut / 2
		c.Max.X -= cut / 2
	} else {
		cut := h - vg.Length(sx*dy)
		c.Min.Y += cut / 2
		c.Max.Y -= cut / 2
	}
	return c
}

// legendPad is the distance of a legend inside the data area from its border.
const legendPad = 6

// legendSize is the width and height of the legend's entries (zero for an empty legend).
func legendSize(l *plot.Legend) (w, h vg.Length) {
	r := l.Rectangle(draw.Canvas{})
	return r.Max.X - r.Min.X, r.Max.Y - r.Min.Y
}

// minTitleSize is the smallest font a title is shrunk to before it is wrapped instead;
// phoneMinTitleSize the same in the phone rendering of HTML, the tick labels' size, which
// that rendering is laid out to show at MinTextPx or more (10 pt would come out at 9.2 px
// on a 400-px screen in the rendering of a figure whose smallest text is its tick labels).
const (
	minTitleSize      = 10
	phoneMinTitleSize = 11
)

// onPhone returns phone while HTML draws f's phone rendering (f.phone), else desktop; a nil f
// (a reference line's zero figure) is never on a phone. It picks the phone sizes of titles
// (minTitleSize) and small labels (labelPt).
func (f *Figure) onPhone(desktop, phone vg.Length) vg.Length {
	if f != nil && f.phone {
		return phone
	}
	return desktop
}

// fitTitle makes a title that is wider than width fit: first by a smaller font (down to
// minSize points), then by breaking it into lines at spaces. gonum/plot would otherwise
// centre the long line and cut both ends off at the canvas edge.
func fitTitle(t *struct {
	Text      string
	Padding   vg.Length
	TextStyle text.Style
}, width, minSize vg.Length) {
	width -= 2 * t.Padding
	if t.Text == "" || width <= 0 || t.TextStyle.Width(t.Text) <= width {
		return
	}
	sty, lines := shrinkOrWrap(t.TextStyle, t.Text, width, minSize)
	t.TextStyle, t.Text = sty, strings.Join(lines, "\n")
}

// shrinkOrWrap fits s into width, as titles and colour-bar labels are fitted: in sty where it fits
// (or width ≤ 0), else at a smaller font down to minSize points, else at minSize broken into
// lines at spaces. It returns the style and the lines.
func shrinkOrWrap(sty text.Style, s string, width, minSize vg.Length) (text.Style, []string) {
	w := sty.Width(s)
	if width <= 0 || w <= width {
		return sty, []string{s}
	}
	if size := sty.Font.Size * width / w; size >= minSize {
		sty.Font.Size = size
		return sty, []string{s}
	}
	sty.Font.Size = minSize
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case sty.Width(line+" "+word) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return sty, append(lines, line)
}

// Grid arranges several drawers (figures, plots, other grids) in Rows × Cols tiles, filled
// row by row; it renders as one image. Extra tiles stay blank. The Figure panels of a column
// start their data areas at one x, whatever the widths of their y tick labels, and their
// titles share one size.
type Grid struct {
	Rows, Cols int
	Panels     []Drawer
	// Title, if not empty, is drawn centred above all panels.
	Title string
	// PanelWidth and PanelHeight give each tile's size; zero means the column width
	// (DefaultWidth) shared by the columns, at least 3 inches, and a 4:3 tile.
	PanelWidth, PanelHeight vg.Length

	// colorBar, when set (by HeatMaps), is one colour bar for all panels, drawn in a strip
	// to the right of the tiles.
	colorBar *plot.Plot
	// colorBarBelow is the same bar lying horizontally, for the phone layout (see stackHTML).
	colorBarBelow *plot.Plot
	// colorLabel (ColorLabel), if not empty, labels both bars.
	colorLabel string
	// reflow, set by Reflow, makes Show display the panels as separate images that wrap.
	reflow bool
}

// MaxGridSide caps the rows and the columns of a Grid (Size already draws at most 1000 tiles
// per side); beyond it NewGrid returns an error wrapping errs.ErrTooLarge, and rows·cols
// cannot wrap around.
const MaxGridSide = 1000

// NewGrid returns a rows × cols grid of the given panels. It fails when the grid has no
// tiles, when there are more panels than tiles, when a panel is nil, or when rows or cols
// exceed MaxGridSide.
func NewGrid(rows, cols int, panels ...Drawer) (*Grid, error) {
	if rows < 1 || cols < 1 {
		return nil, fmt.Errorf("viz: NewGrid: grid of %d×%d tiles: %w", rows, cols, ErrArg)
	}
	if rows > MaxGridSide || cols > MaxGridSide {
		return nil, fmt.Errorf("viz: NewGrid: %d×%d tiles, limit %d per side: %w", rows, cols, MaxGridSide, errs.ErrTooLarge)
	}
	if len(panels) == 0 {
		return nil, fmt.Errorf("viz: NewGrid: grid without panels: %w", ErrEmpty)
	}
	if len(panels) > rows*cols {
		return nil, fmt.Errorf("viz: NewGrid: %d panels do not fit a %d×%d grid: %w", len(panels), rows, cols, ErrShape)
	}
	for i, p := range panels {
		if isNil(p) {
			return nil, fmt.Errorf("viz: NewGrid: panel %d is nil: %w", i, ErrArg)
		}
	}
	return &Grid{Rows: rows, Cols: cols, Panels: panels}, nil
}

func isNil(d Drawer) bool {
	switch v := d.(type) {
	case nil:
		return true
	case *Figure:
		return v == nil || v.Plot == nil
	case *plot.Plot:
		return v == nil
	case *Grid:
		return v == nil
	}
	return false
}

const gridTitleHeight = 0.4 * vg.Inch

// Size is Cols × PanelWidth by Rows × PanelHeight, plus room for the title; zero, negative or
// NaN panel sizes give the defaults, and each total is capped at MaxSize.
func (g *Grid) Size() (vg.Length, vg.Length) {
	if g == nil {
		return DefaultWidth, DefaultHeight
	}
	cols, rows := vg.Length(min(max(g.Cols, 1), 1000)), vg.Length(min(max(g.Rows, 1), 1000))
	pw := length(g.PanelWidth, max(DefaultWidth/cols, 3*vg.Inch))
	ph := length(g.PanelHeight, pw*3/4)
	w, h := cols*pw, rows*ph
	if g.colorBar != nil {
		w += colorBarWidth + g.colorLabelRoom(h)
	}
	if g.Title != "" {
		h += gridTitleHeight
	}
	return min(w, MaxSize), min(h, MaxSize)
}

// barCanvas is the canvas of g's shared colour bar, which ends at x1 (left of its label) and
// spans the tiles' height y0..y1 less the room of a panel's title and x axis.
func (g *Grid) barCanvas(c vg.Canvas, x1, y0, y1 vg.Length) draw.Canvas {
	return draw.Canvas{Canvas: c, Rectangle: vg.Rectangle{
		Min: vg.Point{X: x1 - colorBarWidth + vg.Points(4), Y: y0 + vg.Points(30)},
		Max: vg.Point{X: x1 - vg.Points(14), Y: y1 - vg.Points(24)},
	}}
}

// colorLabelRoom is the width that the label of g's shared colour bar takes beside it, fitted
// to the length of the bar's strip in tiles h high (the bar's canvas less the padding of its
// tick labels); 0 without a label.
func (g *Grid) colorLabelRoom(h vg.Length) vg.Length {
	if g.colorBar == nil || g.colorLabel == "" {
		return 0
	}
	inner := g.colorBar.DataCanvas(g.barCanvas(&recorder.Canvas{}, colorBarWidth, 0, h))
	return colorLabelRoom(g.colorLabel, inner.Max.Y-inner.Min.Y)
}

// Draw fills the background white, draws the title and each panel in its tile. A nil grid or
// a canvas without a backend draws nothing.
func (g *Grid) Draw(c draw.Canvas) {
	if g == nil || c.Canvas == nil {
		return
	}
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	if g.Title != "" {
		sty := textStyle(boldFont, 14, color.Black)
		sty.XAlign = draw.XCenter
		sty.YAlign = draw.YCenter
		c.FillText(sty, vg.Point{X: c.Center().X, Y: c.Max.Y - gridTitleHeight/2}, g.Title)
		c.Max.Y -= gridTitleHeight
	}
	if g.colorBar != nil {
		x1 := c.Max.X - g.colorLabelRoom(c.Max.Y-c.Min.Y)
		cb := g.barCanvas(c.Canvas, x1, c.Min.Y, c.Max.Y)
		inner := g.colorBar.DataCanvas(cb)
		cb.Min.X += inner.Max.X - inner.Min.X - colorBarStrip
		g.colorBar.Draw(cb)
		drawColorLabel(c, g.colorLabel, cb.Max.X, inner.Min.Y, inner.Max.Y)
		c.Max.X = x1 - colorBarWidth
	}
	cs := g.tiles(c)
	defer shareTitles(g.Panels, cs)()
	for i, p := range g.Panels {
		if i < len(cs) && !isNil(p) {
			p.Draw(cs[i])
		}
	}
}

// tiles returns the canvases of g's tiles on c (the grid's title and colour bar taken off),
// row by row, inside the grid's padding.
func (g *Grid) tiles(c draw.Canvas) []draw.Canvas {
	tiles := draw.Tiles{Rows: max(g.Rows, 1), Cols: max(g.Cols, 1), PadX: vg.Points(6), PadY: vg.Points(6),
		PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(4), PadRight: vg.Points(4)}
	cs := make([]draw.Canvas, min(len(g.Panels), tiles.Rows*tiles.Cols))
	for i := range cs {
		cs[i] = tiles.At(c, i%tiles.Cols, i/tiles.Cols)
	}
	return cs
}

// shareTitles gives the titles of the Figure panels among ps, to be drawn on the canvases
// cs, one font size: the smallest at which any of them fits its canvas (see fitTitle), so
// that a longer title does not come out smaller than its neighbours'. It caps the figures'
// titles there (titleCap), lines up the left edges of their data areas (alignLefts), and
// returns the function that lifts both again; a panel already capped (by the grid around a
// Reflow tile) keeps its cap. Cost: two layouts per Figure panel.
func shareTitles(ps []Drawer, cs []draw.Canvas) (lift func()) {
	unalign, uncap := alignLefts(ps, cs), shareTitleSize(ps, cs)
	return func() { uncap(); unalign() }
}

// alignLefts lines up the left edges of the data areas of the Figure panels among ps whose
// canvases in cs are one column (the same left and right edges): each panel's data area
// starts as far from its canvas's left edge as the farthest of them, which is the panel with
// the widest y tick labels and axis label. Stacked panels (Traces of sources and of mixtures,
// a loss above an accuracy) then share their time axis's position on the page. Panels with
// EqualScale, which centre their data area, are left alone, as are panels already aligned (by
// the grid around a Reflow tile). It sets the panels' leftInset and returns the function that
// clears it again. Cost: one layout per Figure panel.
func alignLefts(ps []Drawer, cs []draw.Canvas) (clear func()) {
	type column struct{ lo, hi vg.Length }
	insets := map[column]vg.Length{}
	members := map[column][]*Figure{}
	for i, p := range ps {
		f, ok := p.(*Figure)
		if !ok || f == nil || f.Plot == nil || f.EqualScale || f.leftInset > 0 || i >= len(cs) {
			continue
		}
		c := cs[i]
		c.Canvas = &recorder.Canvas{}
		lw, lh := legendSize(&f.Plot.Legend)
		_, lay := f.placeLegend(c, lw, lh)
		col := column{c.Min.X, c.Max.X}
		insets[col] = max(insets[col], lay.data.Min.X-c.Min.X)
		members[col] = append(members[col], f)
	}
	var set []*Figure
	for col, fs := range members {
		if len(fs) < 2 {
			continue
		}
		for _, f := range fs {
			f.leftInset = insets[col]
		}
		set = append(set, fs...)
	}
	return func() {
		for _, f := range set {
			f.leftInset = 0
		}
	}
}

// shareTitleSize caps the titles of the Figure panels among ps at one size (see shareTitles).
func shareTitleSize(ps []Drawer, cs []draw.Canvas) (lift func()) {
	var figs []*Figure
	size := vg.Length(math.Inf(1))
	for i, p := range ps {
		f, ok := p.(*Figure)
		if !ok || f == nil || f.Plot == nil || f.Title.Text == "" || f.titleCap > 0 || i >= len(cs) {
			continue
		}
		lw, lh := legendSize(&f.Plot.Legend)
		c := cs[i]
		c.Canvas = &recorder.Canvas{}
		_, lay := f.placeLegend(c, lw, lh)
		size = min(size, lay.q.Title.TextStyle.Font.Size)
		figs = append(figs, f)
	}
	if len(figs) < 2 {
		return func() {}
	}
	for _, f := range figs {
		f.titleCap = size
	}
	return func() {
		for _, f := range figs {
			f.titleCap = 0
		}
	}
}

// PNGDPI is the resolution of PNG output: 150 dots per inch keeps lines and text crisp on
// high-density screens at a moderate file size.
const PNGDPI = 150

// svgFix mends three things in gonum's SVG output. It lets the figure shrink with a narrow
// page (max-width, keeping the aspect through the viewBox). It adds fallbacks to the font family written
// into SVG text, so browsers without the Liberation fonts use the metric-compatible Arial
// instead of a serif default. And it stretches embedded raster images (rasterised heat maps,
// contour shading, colour bars) to the rectangle gonum gives them: without
// preserveAspectRatio="none" a browser keeps the image's own aspect ratio, which letterboxes
// a square heat map inside a wide plot and squeezes a 1-pixel-wide colour bar to a hairline.
var svgFix = strings.NewReplacer(
	"<svg width=", `<svg style="max-width:100%;height:auto" width=`,
	"<image ", `<image preserveAspectRatio="none" `,
	"font-family:Liberation Sans;", "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;",
	"font-family:Liberation Serif;", "font-family:'Liberation Serif','Times New Roman',serif;",
	"font-family:Liberation Mono;", "font-family:'Liberation Mono','Courier New',monospace;",
	"font-variant:sansbold;font-weight:normal;", "font-variant:normal;font-weight:bold;",
)

// drawable checks a Figure, or every Figure panel of a Grid, for axes whose data range
// overflows (see checkSpans): figures built with NewFigure and Add pass no builder's check.
func drawable(d Drawer) error {
	switch v := d.(type) {
	case *Figure:
		if v.Plot != nil {
			return v.checkSpans("Render")
		}
	case *Grid:
		for i, p := range v.Panels {
			if err := drawable(p); err != nil {
				return fmt.Errorf("viz: panel %d: %w", i, err)
			}
		}
	}
	return nil
}

// Render draws d at its size (see Sizer) and returns the encoded image; format is "svg",
// "png" or "pdf". A panic inside gonum/plot (e.g. a log axis the caller set over zero) is
// returned as an error wrapping ErrRender; a figure whose data range overflows float64 (data
// near ±MaxFloat64) as one wrapping ErrNotFinite.
func Render(d Drawer, format string) (out []byte, err error) {
	if isNil(d) {
		return nil, fmt.Errorf("viz: Render: nothing to render (nil): %w", ErrArg)
	}
	if err := drawable(d); err != nil {
		return nil, err
	}
	w, h := DefaultWidth, DefaultHeight
	if s, ok := d.(Sizer); ok {
		w, h = s.Size()
	}
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("viz: Render: %v: %w", r, ErrRender)
		}
	}()
	var buf bytes.Buffer
	switch strings.ToLower(format) {
	case "svg":
		c := vgsvg.New(w, h)
		d.Draw(draw.New(c))
		if _, err := c.WriteTo(&buf); err != nil {
			return nil, fmt.Errorf("viz: Render: svg: %v: %w", err, ErrRender)
		}
		return []byte(fitText(svgFix.Replace(buf.String()))), nil
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(PNGDPI))
		d.Draw(draw.New(c))
		if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
			return nil, fmt.Errorf("viz: Render: png: %v: %w", err, ErrRender)
		}
	case "pdf":
		c := vgpdf.New(w, h)
		d.Draw(draw.New(c))
		if _, err := c.WriteTo(&buf); err != nil {
			return nil, fmt.Errorf("viz: Render: pdf: %v: %w", err, ErrRender)
		}
	default:
		return nil, fmt.Errorf("viz: Render: %q (want svg, png or pdf): %w", format, ErrFormat)
	}
	return buf.Bytes(), nil
}

// Save renders d to path in the format named by its extension (.svg, .png or .pdf, any
// case). An unknown extension fails with ErrFormat before anything is written; a file that
// cannot be written is an errs.ErrIO that also wraps the operating system's error.
func Save(d Drawer, path string) error {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	switch ext {
	case "svg", "png", "pdf":
	default:
		return fmt.Errorf("viz: Save: cannot save %q: extension %q is not .svg, .png or .pdf: %w", path, filepath.Ext(path), ErrFormat)
	}
	b, err := Render(d, ext)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("viz: Save: %w: %w", err, errs.ErrIO)
	}
	return nil
}

// Show displays d in the GoNB cell output as HTML returns it: SVG, with a second rendering
// for a phone's column where the first one's text would be too small there (a Reflow grid as
// one SVG per panel, see Reflow). Outside a notebook (gonbui.IsNotebook is false: plain
// programs, go test) it does nothing and returns nil, so library examples and tests may call
// it freely.
func Show(d Drawer) error {
	if !gonbui.IsNotebook {
		return nil
	}
	s, err := HTML(d)
	if err != nil {
		return err
	}
	gonbui.DisplayHTML(s)
	return flush()
}

// flush waits until GoNB has received everything displayed so far. Without it, a cell whose
// program ends right after a Show can exit before the kernel has read the figure from its pipe,
// and the figure silently goes missing (seen in headless runs).
func flush() error {
	gonbui.Sync()
	return gonbui.Error()
}

// MustShow displays the figure a builder returned, and panics with the builder's or the
// display's error otherwise: viz.MustShow(viz.Lines(series, viz.Title("cost"))). It is meant
// for notebook cells, where a panic fails the cell visibly.
func MustShow(d Drawer, err error) {
	if err == nil {
		err = Show(d)
	}
	if err != nil {
		panic(fmt.Sprintf("✘ viz.MustShow: %v", err))
	}
}

// Must returns v, and panics with err and the calling line when err is not nil: the same
// helper as claim.Must (one implementation, internal/must).
//
// Deprecated: use claim.Must, the notebooks' one helper for errors, or viz.MustShow to draw.
func Must[T any](v T, err error) T { return must.Value(v, err) }
