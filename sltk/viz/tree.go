package viz

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// TreeDiagram draws a rooted tree, root on top, given as a node list: labels[i] is the text of
// node i, parent[i] the index of its parent (−1 for the root, which must be node 0; every
// parent comes before its children, as in pre-order) and edges[i] the text on the edge from
// the parent to node i (nil: no edge texts). Children are drawn left to right in index order,
// leaves at evenly spaced positions and each inner node centred over its children. Leaves are
// filled with one palette colour per distinct label, so the classes of a decision tree keep
// their colours; inner nodes are white boxes. Options: Title, Size. Cost O(n).
func TreeDiagram(labels []string, parent []int, edges []string, opts ...Option) (*Figure, error) {
	o, err := collect("TreeDiagram", "TreeDiagram", opts)
	if err != nil {
		return nil, err
	}
	if err := checkTree(labels, parent, edges); err != nil {
		return nil, err
	}
	t := &treePlotter{labels: labels, edges: edges, parent: parent, kids: make([][]int, len(labels))}
	for i := 1; i < len(parent); i++ {
		t.kids[parent[i]] = append(t.kids[parent[i]], i)
	}
	t.layout()
	f := NewFigure("", "", "")
	f.grid.Vertical.Color, f.grid.Horizontal.Color = nil, nil
	f.Add(t)
	f.HideAxes()
	if err := o.finish(f, "", "", ""); err != nil {
		return nil, err
	}
	return f, nil
}

func checkTree(labels []string, parent []int, edges []string) error {
	if len(labels) == 0 {
		return fmt.Errorf("viz: TreeDiagram: TreeDiagram without nodes: %w", ErrEmpty)
	}
	if len(parent) != len(labels) {
		return fmt.Errorf("viz: TreeDiagram: TreeDiagram: %d parents for %d labels: %w", len(parent), len(labels), ErrShape)
	}
	if edges != nil && len(edges) != len(labels) {
		return fmt.Errorf("viz: TreeDiagram: TreeDiagram: %d edge texts for %d labels: %w", len(edges), len(labels), ErrShape)
	}
	if parent[0] != -1 {
		return fmt.Errorf("viz: TreeDiagram: TreeDiagram: parent[0] = %d, want −1 (node 0 is the root): %w", parent[0], ErrArg)
	}
	for i := 1; i < len(parent); i++ {
		if parent[i] < 0 || parent[i] >= i {
			return fmt.Errorf("viz: TreeDiagram: TreeDiagram: parent[%d] = %d, want in [0, %d): %w", i, parent[i], i, ErrArg)
		}
	}
	return nil
}

// treePlotter draws the nodes and edges of a laid-out tree in data coordinates: node i sits
// at (x[i], −depth[i]).
type treePlotter struct {
	labels, edges []string
	parent        []int
	kids          [][]int
	x, y          []float64
	leaves        int
}

// layout places leaves at 0, 1, 2, … from left to right and every inner node midway between
// its first and last child.
func (t *treePlotter) layout() {
	t.x, t.y = make([]float64, len(t.labels)), make([]float64, len(t.labels))
	var place func(i int, depth float64)
	place = func(i int, depth float64) {
		t.y[i] = -depth
		if len(t.kids[i]) == 0 {
			t.x[i] = float64(t.leaves)
			t.leaves++
			return
		}
		for _, k := range t.kids[i] {
			place(k, depth+1)
		}
		t.x[i] = (t.x[t.kids[i][0]] + t.x[t.kids[i][len(t.kids[i])-1]]) / 2
	}
	place(0, 0)
}

func (t *treePlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	ymin = 0
	for _, y := range t.y {
		ymin = math.Min(ymin, y)
	}
	return -0.6, float64(t.leaves) - 0.4, ymin - 0.35, 0.35
}

func (t *treePlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	pt := func(i int) vg.Point { return vg.Point{X: trX(t.x[i]), Y: trY(t.y[i])} }
	edge := draw.LineStyle{Color: inkColor, Width: vg.Points(0.8)}
	node := text.Style{Color: inkColor, Font: font.From(sansFont, 11), Handler: plot.DefaultTextHandler,
		XAlign: draw.XCenter, YAlign: draw.YCenter}
	small := node
	small.Font = font.From(sansFont, 10.5)
	for i, ks := range t.kids {
		for _, k := range ks {
			c.StrokeLine2(edge, pt(i).X, pt(i).Y, pt(k).X, pt(k).Y)
		}
	}
	for i := range t.labels {
		if i > 0 && t.edges != nil && t.edges[i] != "" {
			// Two thirds of the way down, where the edges of siblings have spread apart.
			a, b := pt(t.parent[i]), pt(i)
			at := vg.Point{X: a.X + (b.X-a.X)*2/3, Y: a.Y + (b.Y-a.Y)*2/3}
			box(c, small, at, t.edges[i], color.White, nil, vg.Points(2))
		}
	}
	classes := t.leafClasses()
	for i, l := range t.labels {
		if len(t.kids[i]) > 0 {
			box(c, node, pt(i), l, color.White, inkColor, vg.Points(8))
			continue
		}
		col := Color(classes[l])
		box(c, node, pt(i), l, tint(col, 0.35), col, vg.Points(8))
	}
}

// leafClasses numbers the distinct leaf labels in sorted order, so that a label keeps its
// colour in every tree of a chapter.
func (t *treePlotter) leafClasses() map[string]int {
	var names []string
	for i, l := range t.labels {
		if len(t.kids[i]) == 0 && !slices.Contains(names, l) {
			names = append(names, l)
		}
	}
	slices.Sort(names)
	classes := map[string]int{}
	for k, l := range names {
		classes[l] = k
	}
	return classes
}

// box writes s centred at pt on a filled rectangle, pad wider than the text, with an optional
// outline.
func box(c draw.Canvas, sty text.Style, pt vg.Point, s string, fill, outline color.Color, pad vg.Length) {
	w, h := sty.Width(s)+pad, sty.Height(s)+vg.Points(5)
	r := []vg.Point{{X: pt.X - w/2, Y: pt.Y - h/2}, {X: pt.X + w/2, Y: pt.Y - h/2},
		{X: pt.X + w/2, Y: pt.Y + h/2}, {X: pt.X - w/2, Y: pt.Y + h/2}}
	c.FillPolygon(fill, r)
	if outline != nil {
		c.StrokeLines(draw.LineStyle{Color: outline, Width: vg.Points(0.8)}, append(r, r[0]))
	}
	c.FillText(sty, pt, s)
}

// tint mixes c with white, weight w on c, into an opaque colour: a leaf box must hide the edge
// drawn beneath it, which a translucent fill would let show through its label.
func tint(c color.Color, w float64) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	mix := func(v uint8) uint8 { return uint8(math.Round(w*float64(v) + (1-w)*255)) }
	return color.NRGBA{R: mix(n.R), G: mix(n.G), B: mix(n.B), A: 255}
}
