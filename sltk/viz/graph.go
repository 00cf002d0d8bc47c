package viz

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// GraphNode is a node of a drawn graph: a label inside a circle at (X, Y) in data units.
type GraphNode struct {
	Label string
	X, Y  float64
}

// GraphEdge is a directed edge From → To between node indices, labelled (e.g. with its
// transition probability). An edge from a node to itself is drawn as a loop above the node;
// an edge whose reverse is also present is bent, so the pair shows as two arcs.
type GraphEdge struct {
	From, To int
	Label    string
}

// Graph draws a small directed graph with nodes at given positions and labelled edges, e.g.
// the transition graph of a Markov chain. Axes and grid are hidden. Options: Title, Size.
func Graph(nodes []GraphNode, edges []GraphEdge, opts ...Option) (*Figure, error) {
	o, err := collect("Graph", "Graph", opts)
	if err != nil {
		return nil, err
	}
	if err := checkNodes("Graph", nodes); err != nil {
		return nil, err
	}
	for k, e := range edges {
		if e.From < 0 || e.From >= len(nodes) || e.To < 0 || e.To >= len(nodes) {
			return nil, fmt.Errorf("viz: Graph: edge %d is %d → %d with %d nodes: %w", k, e.From, e.To, len(nodes), ErrShape)
		}
	}
	p := plot.New()
	stylePlot(p)
	p.HideAxes()
	f := &Figure{Plot: p}
	f.Add(&graphPlotter{nodes: nodes, edges: edges})
	if err := o.finish(f, "", "", ""); err != nil {
		return nil, err
	}
	if o.height == 0 {
		f.Height = 3 * vg.Inch
	}
	return f, nil
}

// GraphMatrix draws the graph whose edge i → j carries labels[i][j], skipping empty labels:
// the transition graph of a chain drawn from its matrix of formatted probabilities. labels
// must be len(nodes) × len(nodes). Options as for Graph.
func GraphMatrix(nodes []GraphNode, labels [][]string, opts ...Option) (*Figure, error) {
	if len(labels) != len(nodes) {
		return nil, fmt.Errorf("viz: GraphMatrix: %d label rows for %d nodes: %w", len(labels), len(nodes), ErrShape)
	}
	var edges []GraphEdge
	for i, row := range labels {
		if len(row) != len(nodes) {
			return nil, fmt.Errorf("viz: GraphMatrix: label row %d has %d entries for %d nodes: %w", i, len(row), len(nodes), ErrShape)
		}
		for j, l := range row {
			if l != "" {
				edges = append(edges, GraphEdge{From: i, To: j, Label: l})
			}
		}
	}
	return Graph(nodes, edges, opts...)
}

const (
	nodeRadius = 13 * vg.Millimeter / 3.6 // ≈ 10 pt
	loopRadius = 10 * vg.Millimeter / 3.6
	arrowLen   = 7 * vg.Millimeter / 3.6
	bend       = 16 * vg.Millimeter / 3.6 // sideways offset of the middle of a bent edge
	edgeSide   = 9                        // points between an edge and its label
	// loopRise is the height of a self-loop's centre above its node's centre, loopLabelRise
	// that of the loop's label.
	loopRise      = nodeRadius + loopRadius*0.9
	loopLabelRise = loopRise + loopRadius + 7
)

// graphLabel is the text style of the edge labels of Graph.
func graphLabel() text.Style {
	return text.Style{Color: inkColor, Font: font.From(sansFont, 10.5), XAlign: draw.XCenter,
		YAlign: draw.YCenter, Handler: plot.DefaultTextHandler}
}

type graphPlotter struct {
	nodes []GraphNode
	edges []GraphEdge
}

// DataRange pads the node positions so that circles, loops and labels stay inside.
func (g *graphPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	for _, n := range g.nodes {
		xmin, xmax = math.Min(xmin, n.X), math.Max(xmax, n.X)
		ymin, ymax = math.Min(ymin, n.Y), math.Max(ymax, n.Y)
	}
	pad := math.Max(0.5, 0.2*math.Max(xmax-xmin, ymax-ymin))
	return xmin - pad, xmax + pad, ymin - pad, ymax + pad
}

// GlyphBoxes reserves room, in points around the nodes, for what is drawn at a fixed size
// beside them: each node's circle, each self-loop with its label above its node, and the label
// of each edge beside the middle of the edge (on whichever side the edge bends: the direction
// of the normal in points depends on the canvas, so the box extends to both sides). gonum
// shrinks the data area until these boxes fit, so no loop label runs into the title or leaves
// the figure, whatever the figure's size.
func (g *graphPlotter) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	boxes := make([]plot.GlyphBox, 0, len(g.nodes)+len(g.edges))
	at := func(x, y float64, r vg.Rectangle) plot.GlyphBox {
		return plot.GlyphBox{X: p.X.Norm(x), Y: p.Y.Norm(y), Rectangle: r}
	}
	for _, n := range g.nodes {
		boxes = append(boxes, at(n.X, n.Y, vg.Rectangle{Min: vg.Point{X: -nodeRadius, Y: -nodeRadius},
			Max: vg.Point{X: nodeRadius, Y: nodeRadius}}))
	}
	label := graphLabel()
	has := g.edgeSet()
	for _, e := range g.edges {
		w, h := label.Width(e.Label)/2, label.Height(e.Label)/2
		a, b := g.nodes[e.From], g.nodes[e.To]
		if e.From == e.To {
			top := loopLabelRise + h
			half := max(loopRadius, w)
			boxes = append(boxes, at(a.X, a.Y, vg.Rectangle{Min: vg.Point{X: -half, Y: 0},
				Max: vg.Point{X: half, Y: top}}))
			continue
		}
		off := vg.Length(edgeSide)
		if has[[2]int{e.To, e.From}] {
			off += bend
		}
		boxes = append(boxes, at((a.X+b.X)/2, (a.Y+b.Y)/2, vg.Rectangle{Min: vg.Point{X: -off - w, Y: -off - h},
			Max: vg.Point{X: off + w, Y: off + h}}))
	}
	return boxes
}

// edgeSet returns the set of the (from, to) pairs of the edges.
func (g *graphPlotter) edgeSet() map[[2]int]bool {
	has := make(map[[2]int]bool, len(g.edges))
	for _, e := range g.edges {
		has[[2]int{e.From, e.To}] = true
	}
	return has
}

func (g *graphPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	at := func(i int) vg.Point { return vg.Point{X: trX(g.nodes[i].X), Y: trY(g.nodes[i].Y)} }
	ink := draw.LineStyle{Color: inkColor, Width: vg.Points(1)}
	label := graphLabel()
	has := g.edgeSet()
	type placed struct {
		at vg.Point
		s  string
	}
	var texts []placed
	for _, e := range g.edges {
		a, b := at(e.From), at(e.To)
		if e.From == e.To {
			centre := vg.Point{X: a.X, Y: a.Y + loopRise}
			t0, t1 := -math.Pi/2+0.5, 3*math.Pi/2-0.5
			loop := arc(centre, loopRadius, t0, t1)
			c.StrokeLines(ink, loop)
			end := loop[len(loop)-1]
			tangent := vg.Point{X: vg.Length(-math.Sin(t1)), Y: vg.Length(math.Cos(t1))}
			arrowHead(c, end, vg.Point{X: end.X - tangent.X, Y: end.Y - tangent.Y}, inkColor)
			texts = append(texts, placed{vg.Point{X: a.X, Y: a.Y + loopLabelRise}, e.Label})
			continue
		}
		dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
		length := math.Hypot(dx, dy)
		if length == 0 {
			continue
		}
		nx, ny := -dy/length, dx/length // left normal
		off := 0.0
		if has[[2]int{e.To, e.From}] {
			off = float64(bend)
		}
		mid := vg.Point{X: (a.X+b.X)/2 + vg.Length(nx*off), Y: (a.Y+b.Y)/2 + vg.Length(ny*off)}
		pts := quadratic(a, mid, b, 24)
		pts = clip(pts, a, b, float64(nodeRadius))
		c.StrokeLines(ink, pts)
		if len(pts) >= 2 {
			arrowHead(c, pts[len(pts)-1], pts[len(pts)-2], inkColor)
		}
		lp := vg.Point{X: mid.X + vg.Length(nx*edgeSide), Y: mid.Y + vg.Length(ny*edgeSide)}
		texts = append(texts, placed{lp, e.Label})
	}
	// The labels go on top of all edges, each on a white box of its glyphs, so that an edge of a
	// flat figure that runs through another edge's label does not strike it through.
	for _, t := range texts {
		if t.s == "" {
			continue
		}
		// The box of the glyphs (digits and a slash: about 0.7 of the line height), so that
		// it does not clip an edge that passes close beside its own label.
		w, h := label.Width(t.s)/2+vg.Points(1), 0.36*label.Height(t.s)
		c.FillPolygon(color.White, []vg.Point{{X: t.at.X - w, Y: t.at.Y - h}, {X: t.at.X + w, Y: t.at.Y - h},
			{X: t.at.X + w, Y: t.at.Y + h}, {X: t.at.X - w, Y: t.at.Y + h}})
		c.FillText(label, t.at, t.s)
	}
	nodeText := label
	nodeText.Font = font.From(boldFont, 10)
	for i, n := range g.nodes {
		pt := at(i)
		circle := arc(pt, nodeRadius, 0, 2*math.Pi)
		c.FillPolygon(color.White, circle)
		c.FillPolygon(translucent(Color(0), 0.15), circle)
		c.StrokeLines(draw.LineStyle{Color: Color(0), Width: vg.Points(1.4)}, circle)
		c.FillText(nodeText, pt, n.Label)
	}
}

// arc returns points on a circle from angle a0 to a1 (radians).
func arc(c vg.Point, r vg.Length, a0, a1 float64) []vg.Point {
	const steps = 40
	pts := make([]vg.Point, steps+1)
	for k := range pts {
		t := a0 + (a1-a0)*float64(k)/steps
		pts[k] = vg.Point{X: c.X + r*vg.Length(math.Cos(t)), Y: c.Y + r*vg.Length(math.Sin(t))}
	}
	return pts
}

// quadratic returns the Bézier curve through a and b whose midpoint passes through mid.
func quadratic(a, mid, b vg.Point, steps int) []vg.Point {
	ctrl := vg.Point{X: 2*mid.X - (a.X+b.X)/2, Y: 2*mid.Y - (a.Y+b.Y)/2}
	pts := make([]vg.Point, steps+1)
	for k := range pts {
		t := vg.Length(float64(k) / float64(steps))
		u := 1 - t
		pts[k] = vg.Point{X: u*u*a.X + 2*u*t*ctrl.X + t*t*b.X, Y: u*u*a.Y + 2*u*t*ctrl.Y + t*t*b.Y}
	}
	return pts
}

// clip drops the points of a curve that lie within r of its end nodes a and b.
func clip(pts []vg.Point, a, b vg.Point, r float64) []vg.Point {
	var out []vg.Point
	for _, p := range pts {
		if math.Hypot(float64(p.X-a.X), float64(p.Y-a.Y)) >= r && math.Hypot(float64(p.X-b.X), float64(p.Y-b.Y)) >= r+1 {
			out = append(out, p)
		}
	}
	return out
}

// arrowHead fills a triangle with its tip at tip, pointing away from from.
func arrowHead(c draw.Canvas, tip, from vg.Point, col color.Color) {
	dx, dy := float64(tip.X-from.X), float64(tip.Y-from.Y)
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	dx, dy = dx/l, dy/l
	w := 0.45
	back := vg.Point{X: tip.X - arrowLen*vg.Length(dx), Y: tip.Y - arrowLen*vg.Length(dy)}
	left := vg.Point{X: back.X - arrowLen*vg.Length(w*dy), Y: back.Y + arrowLen*vg.Length(w*dx)}
	right := vg.Point{X: back.X + arrowLen*vg.Length(w*dy), Y: back.Y - arrowLen*vg.Length(w*dx)}
	c.FillPolygon(col, []vg.Point{tip, left, right})
}

// checkNodes reports a graph without nodes or with a node at a non-finite position; fn names
// the drawing function in the message.
func checkNodes(fn string, nodes []GraphNode) error {
	if len(nodes) == 0 {
		return fmt.Errorf("viz: %s: %s without nodes: %w", fn, fn, ErrEmpty)
	}
	for i, n := range nodes {
		if err := finite(fn, n.X, "node %d x", i); err != nil {
			return err
		}
		if err := finite(fn, n.Y, "node %d y", i); err != nil {
			return err
		}
	}
	return nil
}
