package viz

import (
	"cmp"
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
// their colours; inner nodes are white boxes. An edge text sits two thirds of the way down its
// edge, or slides along it where it would overlap a node or another edge text (siblings in a
// narrow figure stagger). Options: Title, Size. Cost O(n) for the layout, O(n²) for placing
// the edge texts.
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
	for i, at := range t.edgeLabelSpots(pt, node, small) {
		if i > 0 && t.edges != nil && t.edges[i] != "" {
			box(c, small, at, t.edges[i], color.White, nil, edgePad)
		}
	}
	classes := t.leafClasses()
	for i, l := range t.labels {
		if len(t.kids[i]) > 0 {
			box(c, node, pt(i), l, color.White, inkColor, nodePad)
			continue
		}
		col := Color(classes[l])
		box(c, node, pt(i), l, tint(col, 0.35), col, nodePad)
	}
}

const (
	nodePad = 8 // points a node's box is wider than its label
	edgePad = 2 // points an edge label's box is wider than its text
)

// edgeLabelSpots returns the centre of the label of the edge into each node i > 0 (entry 0 and
// entries of nodes without an edge text are unused). A label sits on its edge, two thirds of
// the way down where the edges of siblings have spread apart, unless its box would overlap a
// node's box or a label placed before it (labels are placed level by level, left to right):
// then it slides along its edge to the nearest free spot (a step up, where siblings' edges
// converge, counting as two steps down), so that the labels of many siblings in a narrow
// figure (a phone's) stagger instead of running into one another ("SunnyCloudyRainySnow").
// Where no spot is free it takes the one of least overlap: at a phone's width about six
// leaves with labels of eight letters fit under one node, seven do not. Cost O(n · spots · n) for n nodes, with 48 spots per edge.
func (t *treePlotter) edgeLabelSpots(pt func(int) vg.Point, node, small text.Style) []vg.Point {
	spots := make([]vg.Point, len(t.labels))
	if t.edges == nil {
		return spots
	}
	var taken []vg.Rectangle
	for i, l := range t.labels {
		taken = append(taken, boxRect(node, pt(i), l, nodePad))
	}
	order := make([]int, 0, len(t.labels))
	for i := 1; i < len(t.labels); i++ {
		if t.edges[i] != "" {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if t.y[a] != t.y[b] {
			return cmp.Compare(t.y[b], t.y[a]) // higher levels first
		}
		return cmp.Compare(t.x[a], t.x[b])
	})
	// Fractions of the way down the edge, nearest to 2/3 first.
	const steps = 48
	fracs := make([]float64, 0, steps)
	for k := range steps {
		fracs = append(fracs, 0.1+0.88*float64(k)/(steps-1))
	}
	// Towards the child the edges of siblings are further apart: moving up costs double.
	dist := func(f float64) float64 { return max(f-2.0/3, 2*(2.0/3-f)) }
	slices.SortStableFunc(fracs, func(a, b float64) int { return cmp.Compare(dist(a), dist(b)) })
	for _, i := range order {
		a, b := pt(t.parent[i]), pt(i)
		best, bestCost := vg.Point{}, math.Inf(1)
		for _, f := range fracs {
			at := vg.Point{X: a.X + (b.X-a.X)*vg.Length(f), Y: a.Y + (b.Y-a.Y)*vg.Length(f)}
			r := boxRect(small, at, t.edges[i], edgePad)
			cost := 0.0
			for _, o := range taken {
				cost += overlapArea(r, o)
			}
			if cost < bestCost {
				best, bestCost = at, cost
			}
			if cost == 0 {
				break
			}
		}
		spots[i] = best
		taken = append(taken, boxRect(small, best, t.edges[i], edgePad))
	}
	return spots
}

// overlapArea returns the area, in square points, that the rectangles a and b share.
func overlapArea(a, b vg.Rectangle) float64 {
	w := math.Min(float64(a.Max.X), float64(b.Max.X)) - math.Max(float64(a.Min.X), float64(b.Min.X))
	h := math.Min(float64(a.Max.Y), float64(b.Max.Y)) - math.Max(float64(a.Min.Y), float64(b.Min.Y))
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
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

// box writes s centred at pt on a filled rectangle (boxRect), with an optional outline.
func box(c draw.Canvas, sty text.Style, pt vg.Point, s string, fill, outline color.Color, pad vg.Length) {
	b := boxRect(sty, pt, s, pad)
	r := []vg.Point{b.Min, {X: b.Max.X, Y: b.Min.Y}, b.Max, {X: b.Min.X, Y: b.Max.Y}}
	c.FillPolygon(fill, r)
	if outline != nil {
		c.StrokeLines(draw.LineStyle{Color: outline, Width: vg.Points(0.8)}, append(r, r[0]))
	}
	c.FillText(sty, pt, s)
}

// boxRect returns the rectangle of box: centred at pt, pad wider than s and 5 points taller.
func boxRect(sty text.Style, pt vg.Point, s string, pad vg.Length) vg.Rectangle {
	w, h := sty.Width(s)+pad, sty.Height(s)+vg.Points(5)
	return vg.Rectangle{Min: vg.Point{X: pt.X - w/2, Y: pt.Y - h/2}, Max: vg.Point{X: pt.X + w/2, Y: pt.Y + h/2}}
}

// tint mixes c with white, weight w on c, into an opaque colour: a leaf box must hide the edge
// drawn beneath it, which a translucent fill would let show through its label.
func tint(c color.Color, w float64) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	mix := func(v uint8) uint8 { return uint8(math.Round(w*float64(v) + (1-w)*255)) }
	return color.NRGBA{R: mix(n.R), G: mix(n.G), B: mix(n.B), A: 255}
}
