package viz

import (
	"fmt"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// AddBox draws the outline of the axis-parallel rectangle [x0, x1] × [y0, y1] onto f in
// palette colour c (Color(c)), with a legend entry when name is not empty. It is meant for
// rectangles as hypotheses: a learned box over a sample, a target region, the box that cuts
// out one labelling of a shattered set. A degenerate box (x0 = x1 or y0 = y1) is drawn as a
// segment or a point. Non-finite or reversed corners give ErrNotFinite or ErrArg.
func (f *Figure) AddBox(x0, y0, x1, y1 float64, name string, c int) error {
	if f == nil || f.Plot == nil {
		return fmt.Errorf("viz: Figure.AddBox: AddBox on a figure not made by NewFigure or a builder: %w", ErrArg)
	}
	for i, v := range []float64{x0, y0, x1, y1} {
		if err := finite("Figure.AddBox", v, "AddBox corner value %d", i); err != nil {
			return err
		}
	}
	if x0 > x1 || y0 > y1 {
		return fmt.Errorf("viz: AddBox: [%v, %v] × [%v, %v] is reversed: %w", x0, x1, y0, y1, ErrArg)
	}
	l, err := plotter.NewLine(plotter.XYs{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1},
		{X: x0, Y: y1}, {X: x0, Y: y0}})
	if err != nil {
		return fmt.Errorf("viz: AddBox: %v: %w", err, ErrRender)
	}
	l.LineStyle.Color = Color(c)
	l.LineStyle.Width = vg.Points(1.6)
	f.Add(l)
	if name != "" {
		f.addLegend(name, l)
	}
	return nil
}
