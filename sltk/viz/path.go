package viz

import (
	"fmt"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// AddPath draws the polyline through pts onto f in palette colour c (Color(c)), with a legend
// entry when name is not empty. It is meant for curves that are not functions of x: a contour
// of constant Mahalanobis distance (density.Gaussian.Ellipse), a decision boundary, a path of
// iterates. A closed curve repeats its first point at the end. Fewer than two points give
// ErrEmpty, a non-finite coordinate ErrNotFinite. Cost O(len(pts)).
func (f *Figure) AddPath(pts [][2]float64, name string, c int) error {
	if f == nil || f.Plot == nil {
		return fmt.Errorf("viz: Figure.AddPath: AddPath on a figure not made by NewFigure or a builder: %w", ErrArg)
	}
	if len(pts) < 2 {
		return fmt.Errorf("viz: Figure.AddPath: AddPath needs at least 2 points, got %d: %w", len(pts), ErrEmpty)
	}
	xy := make(plotter.XYs, len(pts))
	for i, p := range pts {
		for j, v := range p {
			if err := finite("Figure.AddPath", v, "AddPath point %d coordinate %d", i, j); err != nil {
				return err
			}
		}
		xy[i].X, xy[i].Y = p[0], p[1]
	}
	l, err := plotter.NewLine(xy)
	if err != nil {
		return fmt.Errorf("viz: AddPath: %v: %w", err, ErrRender)
	}
	l.LineStyle.Color = Color(c)
	l.LineStyle.Width = vg.Points(1.4)
	f.Add(l)
	if name != "" {
		f.Legend.Add(name, l)
	}
	return nil
}
