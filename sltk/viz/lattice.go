package viz

import (
	"fmt"
	"image/color"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Lattice draws a self-organising map in its data space: the prototypes (M×2, node
// q = r·cols + c at lattice row r and column c) as points joined along every lattice row and
// column, so a chain (rows = 1) is one polyline and a grid a net, on top of the data points
// (data, n×2, light grey; nil for none). A well ordered map is a net without folds; a folded one
// crosses itself. The figure has no legend (a caption says what the grey points are), so a map
// that fills its panel is not covered by one. Options: Title, XLabel, YLabel, Size.
// Cost: O(n + M) plot elements.
func Lattice(data mat.Matrix, prototypes mat.Matrix, rows, cols int, opts ...Option) (*Figure, error) {
	o, err := collect("Lattice", "Lattice", opts)
	if err != nil {
		return nil, err
	}
	if rows < 1 || cols < 1 {
		return nil, fmt.Errorf("viz: Lattice: Lattice with %d×%d nodes: %w", rows, cols, ErrArg)
	}
	w, err := points("Lattice", prototypes, "prototypes")
	if err != nil {
		return nil, err
	}
	if rows > len(w) || cols > len(w) || len(w) != rows*cols { // rows·cols cannot wrap: both ≤ len(w)
		return nil, fmt.Errorf("viz: Lattice: %d prototypes for a %d×%d lattice: %w", len(w), rows, cols, ErrShape)
	}
	f := NewFigure("", "", "")
	if data != nil {
		xy, err := points("Lattice", data, "data")
		if err != nil {
			return nil, err
		}
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return nil, fmt.Errorf("viz: Lattice: points: %v: %w", err, ErrArg)
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: color.NRGBA{0x99, 0x99, 0x99, 0x80},
			Radius: pointRadius(len(xy)) * 0.7, Shape: draw.CircleGlyph{}}
		f.Add(sc)
	}
	line := draw.LineStyle{Color: Color(0), Width: vg.Points(1.5)}
	addLine := func(idx []int) error {
		if len(idx) < 2 {
			return nil
		}
		xy := make(plotter.XYs, len(idx))
		for i, q := range idx {
			xy[i] = w[q]
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return fmt.Errorf("viz: Lattice: lattice line: %v: %w", err, ErrArg)
		}
		l.LineStyle = line
		f.Add(l)
		return nil
	}
	for r := 0; r < rows; r++ {
		idx := make([]int, cols)
		for c := range idx {
			idx[c] = r*cols + c
		}
		if err := addLine(idx); err != nil {
			return nil, err
		}
	}
	for c := 0; c < cols; c++ {
		idx := make([]int, rows)
		for r := range idx {
			idx[r] = r*cols + c
		}
		if err := addLine(idx); err != nil {
			return nil, err
		}
	}
	nodes, err := plotter.NewScatter(w)
	if err != nil {
		return nil, fmt.Errorf("viz: Lattice: prototypes: %v: %w", err, ErrArg)
	}
	nodes.GlyphStyle = draw.GlyphStyle{Color: Color(0), Radius: vg.Points(2.6), Shape: draw.CircleGlyph{}}
	f.Add(nodes)
	title := fmt.Sprintf("Map of %d×%d nodes", rows, cols)
	if err := o.finish(f, title, "x₁", "x₂"); err != nil {
		return nil, err
	}
	return f, nil
}
