package viz

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// finite reports an error wrapping ErrNotFinite if v is NaN or ±Inf; where says which value.
func finite(fn string, v float64, where string, args ...any) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("viz: %s: %s is %g: %w", fn, fmt.Sprintf(where, args...), v, ErrNotFinite)
	}
	return nil
}

// points reads an n×2 matrix into plotter.XYs, checking that it is non-empty, has two columns
// and only finite entries. what names the argument in error messages.
func points(fn string, x mat.Matrix, what string) (plotter.XYs, error) {
	if check.IsNil(x) {
		return nil, fmt.Errorf("viz: %s: %s is nil: %w", fn, what, ErrEmpty)
	}
	n, d := x.Dims()
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("viz: %s: %s has no rows: %w", fn, what, ErrEmpty)
	}
	if d != 2 {
		return nil, fmt.Errorf("viz: %s: %s is %d×%d, want n×2 (one point per row): %w", fn, what, n, d, ErrShape)
	}
	xy := make(plotter.XYs, n)
	for i := range n {
		xy[i].X, xy[i].Y = x.At(i, 0), x.At(i, 1)
		if err := finite(fn, xy[i].X, "%s[%d,0]", what, i); err != nil {
			return nil, err
		}
		if err := finite(fn, xy[i].Y, "%s[%d,1]", what, i); err != nil {
			return nil, err
		}
	}
	return xy, nil
}

// pointRadius shrinks markers as n grows so that dense clouds stay readable.
func pointRadius(n int) vg.Length {
	switch {
	case n <= 500:
		return vg.Points(2.8)
	case n <= 5000:
		return vg.Points(2)
	default:
		return vg.Points(1.3)
	}
}

// translucent returns c with the given opacity, so overlapping markers reveal density.
func translucent(c color.Color, alpha float64) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = uint8(math.Round(255 * alpha))
	return n
}

// Scatter plots the rows of the n×2 matrix x as points (column 0 horizontal, column 1
// vertical). Options: Title, XLabel, YLabel, Size, LogX, LogY.
func Scatter(x mat.Matrix, opts ...Option) (*Figure, error) {
	o, err := collect("Scatter", "Scatter", opts, "LogX", "LogY")
	if err != nil {
		return nil, err
	}
	xy, err := points("Scatter", x, "x")
	if err != nil {
		return nil, err
	}
	f := NewFigure("", "", "")
	s, err := plotter.NewScatter(xy)
	if err != nil {
		return nil, fmt.Errorf("viz: Scatter: %v: %w", err, ErrArg)
	}
	s.GlyphStyle = draw.GlyphStyle{Color: translucent(Color(0), 0.75), Radius: pointRadius(len(xy)), Shape: draw.CircleGlyph{}}
	f.Add(s)
	if err := o.finish(f, fmt.Sprintf("%d points", len(xy)), "x₁", "x₂"); err != nil {
		return nil, err
	}
	return f, nil
}

// maxLegendLabels is the most distinct labels that get a legend entry each; beyond that the
// legend would be taller than the plot, and colours repeat anyway.
const maxLegendLabels = 16

// ScatterLabels plots the rows of the n×2 matrix x coloured by labels[i] (any integers;
// label k gets Color(k), twelve colours before they repeat with another marker shape; labels
// 5, 7 and 8 to 11, whose colours lie near earlier ones for some readers, have marker shapes
// of their own from the start, see Color). If centroids is
// not nil, its row k (k×2) is drawn as a large outlined diamond in the colour of label k,
// which is the convention of k-means and mixture fits. The legend lists each label, by its
// name when Classes names it, and the centroids as "centroids" or the name CentroidName gives. Colours are indexed by the label value, not by the order of
// appearance, so a class keeps its colour across figures.
// Options: Title, XLabel, YLabel, Size, legend placement, LogX, LogY, Classes, CentroidName.
func ScatterLabels(x mat.Matrix, labels []int, centroids mat.Matrix, opts ...Option) (*Figure, error) {
	o, err := collect("ScatterLabels", "ScatterLabels", opts, "LogX", "LogY", "Classes", "CentroidName")
	if err != nil {
		return nil, err
	}
	centroidName := "centroids"
	if slices.Contains(o.given, "CentroidName") {
		if centroids == nil {
			return nil, fmt.Errorf("viz: ScatterLabels: CentroidName(%q) without centroids to name: %w", o.centroidName, ErrArg)
		}
		if strings.TrimSpace(o.centroidName) == "" {
			return nil, fmt.Errorf("viz: ScatterLabels: CentroidName is empty; the legend entry needs a name: %w", ErrArg)
		}
		centroidName = o.centroidName
	}
	xy, err := points("ScatterLabels", x, "x")
	if err != nil {
		return nil, err
	}
	if len(labels) != len(xy) {
		return nil, fmt.Errorf("viz: ScatterLabels: %d labels for %d points: %w", len(labels), len(xy), ErrShape)
	}
	var cxy plotter.XYs
	if centroids != nil {
		if cxy, err = points("ScatterLabels", centroids, "centroids"); err != nil {
			return nil, err
		}
	}
	byLabel := map[int]plotter.XYs{}
	for i, l := range labels {
		byLabel[l] = append(byLabel[l], xy[i])
	}
	keys := make([]int, 0, len(byLabel))
	for k := range byLabel {
		keys = append(keys, k)
	}
	slices.Sort(keys)

	f := NewFigure("", "", "")
	r := pointRadius(len(xy))
	for _, k := range keys {
		s, err := plotter.NewScatter(byLabel[k])
		if err != nil {
			return nil, fmt.Errorf("viz: ScatterLabels: label %d: %v: %w", k, err, ErrArg)
		}
		s.GlyphStyle = glyphFor(k, r)
		s.GlyphStyle.Color = translucent(s.GlyphStyle.Color, 0.8)
		f.Add(s)
		if len(keys) <= maxLegendLabels {
			f.addLegend(o.className(k), s)
		}
	}
	if cxy != nil {
		for k, c := range cxy {
			s, err := plotter.NewScatter(plotter.XYs{c})
			if err != nil {
				return nil, fmt.Errorf("viz: ScatterLabels: centroid %d: %v: %w", k, err, ErrArg)
			}
			s.GlyphStyle = draw.GlyphStyle{Color: Color(k), Radius: vg.Points(7), Shape: centroidGlyph{}}
			f.Add(s)
			if k == 0 {
				f.addLegend(centroidName, s)
			}
		}
	}
	title := fmt.Sprintf("%d points, %d labels", len(xy), len(keys))
	if err := o.finish(f, title, "x₁", "x₂"); err != nil {
		return nil, err
	}
	return f, nil
}

// className is the legend entry of label k: its name from Classes, else "label k".
func (o *options) className(k int) string {
	if k >= 0 && k < len(o.classes) {
		return o.classes[k]
	}
	return "label " + strconv.Itoa(k)
}

// centroidGlyph is a diamond filled with the glyph colour and outlined in black over a white
// halo, so that it stands out on top of a cloud of points of the same colour.
type centroidGlyph struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (centroidGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	var p vg.Path
	p.Move(vg.Point{X: pt.X, Y: pt.Y + r})
	p.Line(vg.Point{X: pt.X + r, Y: pt.Y})
	p.Line(vg.Point{X: pt.X, Y: pt.Y - r})
	p.Line(vg.Point{X: pt.X - r, Y: pt.Y})
	p.Close()
	c.SetLineWidth(vg.Points(3.5))
	c.SetColor(color.White)
	c.Stroke(p)
	c.SetColor(sty.Color)
	c.Fill(p)
	c.SetLineWidth(vg.Points(1.3))
	c.SetColor(color.Black)
	c.Stroke(p)
}

// outlinedCircle is a filled circle with a thin dark rim; it keeps points visible on a
// coloured background such as a contour plot's shading.
type outlinedCircle struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (outlinedCircle) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	var p vg.Path
	p.Move(vg.Point{X: pt.X + sty.Radius, Y: pt.Y})
	p.Arc(pt, sty.Radius, 0, 2*math.Pi)
	p.Close()
	c.SetColor(sty.Color)
	c.Fill(p)
	c.SetLineWidth(vg.Points(0.6))
	c.SetColor(rimColor)
	c.Stroke(p)
}

// rimColor is the colour of the rim of outlinedCircle and outlinedGlyph.
var rimColor = color.NRGBA{0x22, 0x22, 0x22, 0xff}

// outlinedGlyph is any other marker shape with a dark rim, as outlinedCircle: the shape
// drawn in rimColor, rimGrow larger, under the shape in its own colour. The light colours
// of the palette (sky blue and yellow, which come as squares and triangles) vanish into a
// contour plot's light shading without it.
type outlinedGlyph struct{ shape draw.GlyphDrawer }

// rimGrow is how much larger the rim of outlinedGlyph is than the shape it outlines, in
// points (a square's rim comes out at 0.7 pt, as wide as outlinedCircle's stroke).
const rimGrow = 0.7

// DrawGlyph implements draw.GlyphDrawer.
func (g outlinedGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	rim := sty
	rim.Color, rim.Radius = rimColor, sty.Radius+rimGrow
	c.SetColor(rimColor) // gonum's shapes fill in the canvas's colour, which DrawGlyph sets
	g.shape.DrawGlyph(c, rim, pt)
	c.SetColor(sty.Color)
	g.shape.DrawGlyph(c, sty, pt)
}
