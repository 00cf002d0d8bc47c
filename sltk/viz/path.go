package viz

import (
	"fmt"
	"math"

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
		f.addLegend(name, l)
	}
	return nil
}

// AddCircle draws the circle of radius r around (cx, cy) as a closed path of 240 chords (their
// largest gap to the true circle is r·(1 − cos(π/240)) < 10⁻⁴·r, below a pixel at any figure
// size), in palette colour c with a legend entry when name is not empty. The figure's axes
// decide whether it looks round: use EqualAxes. It needs finite centre and radius r > 0
// (ErrArg, ErrNotFinite otherwise).
func (f *Figure) AddCircle(cx, cy, r float64, name string, c int) error {
	if !(r > 0) {
		return fmt.Errorf("viz: Figure.AddCircle: radius %v, want > 0: %w", r, ErrArg)
	}
	if err := f.AddPath(circle(cx, cy, r), name, c); err != nil {
		return fmt.Errorf("viz: Figure.AddCircle: %w", err)
	}
	return nil
}

// circle returns 241 points around the circle, the last equal to the first.
func circle(cx, cy, r float64) [][2]float64 {
	pts := make([][2]float64, 241)
	for t := range pts {
		a := 2 * math.Pi * float64(t%240) / 240
		pts[t] = [2]float64{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return pts
}
