package viz

import (
	"fmt"
	"image/color"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
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
		f.Legend.Add(name, s)
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
	f.Legend = l
	return f
}
