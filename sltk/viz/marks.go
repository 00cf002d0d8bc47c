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
// markers), labelled along the line near its top when label is not empty: a critical
// temperature, a threshold, a theoretical value. The x axis is widened to include at. It is
// not listed in the legend. Cost O(1).
func (f *Figure) AddVLine(at float64, label string) error {
	return f.addRef("Figure.AddVLine", true, at, label)
}

// AddHLine draws a reference line y = at across the data area, labelled at its right end;
// otherwise as AddVLine.
func (f *Figure) AddHLine(at float64, label string) error {
	return f.addRef("Figure.AddHLine", false, at, label)
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
	f.Plot.Add(refLine{vertical: vertical, at: at, label: label, sty: f.Legend.TextStyle})
	// Samples along the line keep the legend from covering it.
	for k := range 17 {
		t := float64(k) / 16
		if vertical {
			f.data = append(f.data, plotter.XY{X: at, Y: f.Y.Min + t*(f.Y.Max-f.Y.Min)})
		} else {
			f.data = append(f.data, plotter.XY{X: f.X.Min + t*(f.X.Max-f.X.Min), Y: at})
		}
	}
	return nil
}

// refLine is the plotter of AddVLine and AddHLine. It has no DataRange, so it spans
// whatever range the data give the other axis.
type refLine struct {
	vertical bool
	at       float64
	label    string
	sty      text.Style
}

// Plot implements plot.Plotter.
func (r refLine) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	sty := r.sty
	sty.Font.Size = 9
	sty.Color = refStyle.Color
	if r.vertical {
		x := trX(r.at)
		c.StrokeLine2(refStyle, x, c.Min.Y, x, c.Max.Y)
		if r.label != "" { // reads upwards, just right of the line, from below the top
			sty.Rotation = math.Pi / 2
			sty.XAlign, sty.YAlign = draw.XRight, draw.YTop
			haloText(c, sty, vg.Point{X: x + 2, Y: c.Max.Y - 4}, r.label)
		}
		return
	}
	y := trY(r.at)
	c.StrokeLine2(refStyle, c.Min.X, y, c.Max.X, y)
	if r.label != "" { // above the line at its right end
		sty.XAlign, sty.YAlign = draw.XRight, draw.YBottom
		haloText(c, sty, vg.Point{X: c.Max.X - 4, Y: y + 2}, r.label)
	}
}

// haloText writes txt at pt on a translucent white box, so that a label stays legible where
// it crosses data lines.
func haloText(c draw.Canvas, sty text.Style, pt vg.Point, txt string) {
	box := sty.Rectangle(txt)
	box.Min, box.Max = box.Min.Add(pt).Sub(vg.Point{X: 1, Y: 1}), box.Max.Add(pt).Add(vg.Point{X: 1, Y: 1})
	c.SetColor(color.NRGBA{0xff, 0xff, 0xff, 0xcc})
	c.Fill(box.Path())
	c.FillText(sty, pt, txt)
}
