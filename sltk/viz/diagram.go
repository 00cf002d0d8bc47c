package viz

import (
	"fmt"
	"image/color"
	"math"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Box is a rectangle of a diagram: lower-left corner (X, Y), width W and height H in diagram
// units, a label centred inside (several lines split at "\n"), filled with a light tint of
// palette colour Fill (Color(Fill)); a negative Fill leaves it white. Bold draws a thicker
// outline in the fill's colour, to single a box out.
type Box struct {
	X, Y, W, H float64
	Label      string
	Fill       int
	Bold       bool
}

// Arrow is a straight arrow from (X0, Y0) to (X1, Y1) in diagram units, with an optional
// label written beside its middle.
type Arrow struct {
	X0, Y0, X1, Y1 float64
	Label          string
}

// Note is free text centred at (X, Y) in diagram units: a heading over a column of boxes, the
// name of a matrix.
type Note struct {
	X, Y float64
	Text string
}

// Diagram draws an explanatory picture from boxes, arrows and notes (in that order, so arrows
// and notes lie on top): a data flow, the stripes of a matrix, a grid of reducers. Axes are
// hidden and both directions have the same scale, so squares stay square; the height follows
// from the width (Size's width, default the column width) and the extent of the drawing. Labels
// may be TeX-like, as everywhere in this package. Options: Title, Size (its height is ignored).
// Boxes with a non-positive width or height, non-finite coordinates or a drawing of zero extent
// are errors. Cost O(boxes + arrows + notes).
func Diagram(boxes []Box, arrows []Arrow, notes []Note, opts ...Option) (*Figure, error) {
	o, err := collect("Diagram", "Diagram", opts)
	if err != nil {
		return nil, err
	}
	if len(boxes)+len(arrows)+len(notes) == 0 {
		return nil, fmt.Errorf("viz: Diagram: nothing to draw: %w", ErrEmpty)
	}
	d := &diagram{boxes: boxes, arrows: arrows, notes: notes}
	if err := d.check(); err != nil {
		return nil, err
	}
	p := plot.New()
	stylePlot(p)
	p.HideAxes()
	f := &Figure{Plot: p}
	f.Add(d)
	o.height = 0
	if err := o.finish(f, "", "", ""); err != nil {
		return nil, err
	}
	x0, x1, y0, y1 := d.DataRange()
	w := length(f.Width, DefaultWidth)
	h := w * vg.Length((y1-y0)/(x1-x0))
	if f.Title.Text != "" {
		h += vg.Points(22)
	}
	f.Height = length(h, DefaultHeight)
	return f, nil
}

// GridBoxes returns the rows×cols boxes that tile the w×h rectangle with lower-left corner
// (x, y), row 0 at the top: the cells of a matrix, the reducers of a grid. fill[r][c] colours
// cell (r, c) and labels[r][c] labels it; either may be nil (white, unlabelled), and a fill
// entry < 0 leaves its cell white. Shapes that do not match rows×cols are errors.
func GridBoxes(x, y, w, h float64, rows, cols int, fill [][]int, labels [][]string) ([]Box, error) {
	if rows < 1 || cols < 1 || rows*cols > maxDiagramBoxes {
		return nil, fmt.Errorf("viz: GridBoxes: %d×%d cells, want 1 … %d: %w", rows, cols, maxDiagramBoxes, ErrArg)
	}
	if fill != nil && len(fill) != rows || labels != nil && len(labels) != rows {
		return nil, fmt.Errorf("viz: GridBoxes: %d fill rows and %d label rows for %d rows: %w", len(fill), len(labels), rows, ErrShape)
	}
	boxes := make([]Box, 0, rows*cols)
	cw, ch := w/float64(cols), h/float64(rows)
	for r := range rows {
		if fill != nil && len(fill[r]) != cols || labels != nil && len(labels[r]) != cols {
			return nil, fmt.Errorf("viz: GridBoxes: row %d has the wrong number of cells (want %d): %w", r, cols, ErrShape)
		}
		for c := range cols {
			b := Box{X: x + float64(c)*cw, Y: y + h - float64(r+1)*ch, W: cw, H: ch, Fill: -1}
			if fill != nil {
				b.Fill = fill[r][c]
			}
			if labels != nil {
				b.Label = labels[r][c]
			}
			boxes = append(boxes, b)
		}
	}
	for _, b := range boxes {
		if err := checkBox("GridBoxes", 0, b); err != nil {
			return nil, err
		}
	}
	return boxes, nil
}

// maxDiagramBoxes bounds the cells of GridBoxes: a diagram explains, it does not plot data.
const maxDiagramBoxes = 10_000

type diagram struct {
	boxes  []Box
	arrows []Arrow
	notes  []Note
}

func checkBox(fn string, i int, b Box) error {
	for _, v := range []float64{b.X, b.Y, b.W, b.H} {
		if err := finite(fn, v, "box %d", i); err != nil {
			return err
		}
	}
	if !(b.W > 0 && b.H > 0) {
		return fmt.Errorf("viz: %s: box %d is %v×%v, want positive sides: %w", fn, i, b.W, b.H, ErrArg)
	}
	return nil
}

func (d *diagram) check() error {
	for i, b := range d.boxes {
		if err := checkBox("Diagram", i, b); err != nil {
			return err
		}
	}
	for i, a := range d.arrows {
		for _, v := range []float64{a.X0, a.Y0, a.X1, a.Y1} {
			if err := finite("Diagram", v, "arrow %d", i); err != nil {
				return err
			}
		}
	}
	for i, n := range d.notes {
		if err := finite("Diagram", n.X, "note %d", i); err != nil {
			return err
		}
		if err := finite("Diagram", n.Y, "note %d", i); err != nil {
			return err
		}
	}
	x0, x1, y0, y1 := d.DataRange()
	if !(x1 > x0 && y1 > y0) || math.IsInf(x1-x0, 0) || math.IsInf(y1-y0, 0) {
		return fmt.Errorf("viz: Diagram: the drawing spans [%v, %v] × [%v, %v]: %w", x0, x1, y0, y1, ErrArg)
	}
	return nil
}

// DataRange is the extent of all shapes with a margin of 4% (at least 0.2 units) around it,
// so that outlines and notes at the edge are not cut.
func (d *diagram) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	add := func(x, y float64) {
		xmin, xmax = math.Min(xmin, x), math.Max(xmax, x)
		ymin, ymax = math.Min(ymin, y), math.Max(ymax, y)
	}
	for _, b := range d.boxes {
		add(b.X, b.Y)
		add(b.X+b.W, b.Y+b.H)
	}
	for _, a := range d.arrows {
		add(a.X0, a.Y0)
		add(a.X1, a.Y1)
	}
	for _, n := range d.notes {
		add(n.X, n.Y)
	}
	pad := math.Max(0.2, 0.04*math.Max(xmax-xmin, ymax-ymin))
	return xmin - pad, xmax + pad, ymin - pad, ymax + pad
}

func (d *diagram) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	at := func(x, y float64) vg.Point { return vg.Point{X: trX(x), Y: trY(y)} }
	label := text.Style{Color: inkColor, Font: font.From(sansFont, 11), XAlign: draw.XCenter,
		YAlign: draw.YCenter, Handler: texStyle}
	for _, b := range d.boxes {
		lo, hi := at(b.X, b.Y), at(b.X+b.W, b.Y+b.H)
		rect := []vg.Point{lo, {X: hi.X, Y: lo.Y}, hi, {X: lo.X, Y: hi.Y}, lo}
		c.FillPolygon(color.White, rect)
		edge := draw.LineStyle{Color: inkColor, Width: vg.Points(0.8)}
		if b.Fill >= 0 {
			c.FillPolygon(translucent(Color(b.Fill), 0.28), rect)
			edge.Color = Color(b.Fill)
		}
		if b.Bold {
			edge.Width = vg.Points(2.4)
		}
		c.StrokeLines(edge, rect)
		if b.Label != "" {
			c.FillText(label, vg.Point{X: (lo.X + hi.X) / 2, Y: (lo.Y + hi.Y) / 2}, b.Label)
		}
	}
	ink := draw.LineStyle{Color: inkColor, Width: vg.Points(1.1)}
	side := label
	side.Font = font.From(sansFont, 10.5)
	side.XAlign, side.YAlign = draw.XLeft, draw.YBottom
	for _, a := range d.arrows {
		from, tip := at(a.X0, a.Y0), at(a.X1, a.Y1)
		c.StrokeLine2(ink, from.X, from.Y, tip.X, tip.Y)
		arrowHead(c, tip, from, inkColor)
		if a.Label != "" {
			mid := vg.Point{X: (from.X+tip.X)/2 + vg.Points(3), Y: (from.Y+tip.Y)/2 + vg.Points(2)}
			c.FillText(side, mid, a.Label)
		}
	}
	heading := label
	heading.Font = font.From(boldFont, 11.5)
	for _, n := range d.notes {
		c.FillText(heading, at(n.X, n.Y), n.Text)
	}
}

// FlowStage is one column of a flow diagram: a heading, its boxes from top to bottom (Fill as
// in Box), and the arrows that enter it: Links[k] = {i, j} joins box i of the previous column
// to box j of this one; nil Links join box i to box i. The first stage's Links are ignored.
type FlowStage struct {
	Heading string
	Boxes   []string
	Fill    int
	Links   [][2]int
}

// Flow draws a data flow as columns of boxes joined by arrows, e.g. the input chunks, MAP
// outputs, reducer inputs and outputs of a Map-Reduce round. Each column is as wide as its
// longest label and centred vertically; headings stand above the columns. Options as for
// Diagram. A stage without boxes or a link to a box that does not exist is an error.
// Cost O(boxes + links).
func Flow(stages []FlowStage, opts ...Option) (*Figure, error) {
	if len(stages) == 0 {
		return nil, fmt.Errorf("viz: Flow: no stages: %w", ErrEmpty)
	}
	const rowH, gapY, gapX = 1.0, 0.5, 1.4
	rows := 0
	for s, st := range stages {
		if len(st.Boxes) == 0 || len(st.Boxes) > maxDiagramBoxes {
			return nil, fmt.Errorf("viz: Flow: stage %d has %d boxes, want 1 … %d: %w", s, len(st.Boxes), maxDiagramBoxes, ErrArg)
		}
		rows = max(rows, len(st.Boxes))
	}
	top := float64(rows)*(rowH+gapY) - gapY
	var boxes []Box
	var arrows []Arrow
	var notes []Note
	x := 0.0
	var prev []Box
	for s, st := range stages {
		w := 0.8
		for _, l := range st.Boxes {
			w = math.Max(w, 0.6+0.16*float64(utf8.RuneCountInString(Tex(l))))
		}
		off := (top - (float64(len(st.Boxes))*(rowH+gapY) - gapY)) / 2
		cur := make([]Box, len(st.Boxes))
		for i, l := range st.Boxes {
			cur[i] = Box{X: x, Y: top - off - float64(i)*(rowH+gapY) - rowH, W: w, H: rowH, Label: l, Fill: st.Fill}
		}
		if s > 0 {
			links := st.Links
			if links == nil {
				for i := range min(len(prev), len(cur)) {
					links = append(links, [2]int{i, i})
				}
			}
			for _, k := range links {
				if k[0] < 0 || k[0] >= len(prev) || k[1] < 0 || k[1] >= len(cur) {
					return nil, fmt.Errorf("viz: Flow: stage %d links box %d to box %d of %d×%d: %w", s, k[0], k[1], len(prev), len(cur), ErrShape)
				}
				a, b := prev[k[0]], cur[k[1]]
				arrows = append(arrows, Arrow{X0: a.X + a.W, Y0: a.Y + rowH/2, X1: b.X, Y1: b.Y + rowH/2})
			}
		}
		notes = append(notes, Note{X: x + w/2, Y: top + 0.6, Text: st.Heading})
		boxes = append(boxes, cur...)
		prev = cur
		x += w + gapX
	}
	return Diagram(boxes, arrows, notes, opts...)
}
