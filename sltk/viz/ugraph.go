package viz

import (
	"fmt"
	"image/color"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// UndirectedEdge is an edge A — B of an undirected drawn graph with a label (e.g. its weight).
// Highlight draws it thick in the accent colour, the rest thin and grey: the edges of a
// spanning tree, a path or a matching inside the whole graph. LabelAt is the fraction of the
// way from A to B where the label sits (0 means the middle); moving it off the middle keeps
// the labels of two crossing edges apart.
type UndirectedEdge struct {
	A, B      int
	Label     string
	Highlight bool
	LabelAt   float64
}

// maxGridNodes is the most nodes GridNodes lays out: UndirectedGraph draws each as a circle
// with its label, so a drawable grid is far smaller.
const maxGridNodes = 1 << 16

// GridNodes returns the unlabelled nodes of the rows×cols grid graph for UndirectedGraph,
// node r·cols + c (the numbering of mcmc.GridEdges and Lattice) at X = c, Y = rows−1−r: one
// unit apart, row 0 at the top. Sides below 1 give ErrArg, more than 2¹⁶ nodes
// errs.ErrTooLarge. Cost O(rows·cols).
func GridNodes(rows, cols int) ([]GraphNode, error) {
	if rows < 1 || cols < 1 {
		return nil, fmt.Errorf("viz: GridNodes: %d×%d grid, want sides ≥ 1: %w", rows, cols, ErrArg)
	}
	if rows > maxGridNodes/cols {
		return nil, fmt.Errorf("viz: GridNodes: %d×%d grid, limit %d nodes: %w", rows, cols, maxGridNodes, errs.ErrTooLarge)
	}
	nodes := make([]GraphNode, rows*cols)
	for v := range nodes {
		nodes[v] = GraphNode{X: float64(v % cols), Y: float64(rows - 1 - v/cols)}
	}
	return nodes, nil
}

// UndirectedEdges returns the unlabelled UndirectedEdge of each pair in edges (an edge list
// such as mcmc.GridEdges returns), with the edges whose indices are in highlight
// highlighted: a matching (mcmc.MaskEdges, mcmc.MatchingChain.Matching), a spanning tree or a
// path inside the graph. An index outside [0, len(edges)) gives ErrShape; the node indices
// are checked by UndirectedGraph. Cost O(len(edges) + len(highlight)).
func UndirectedEdges(edges [][2]int, highlight []int) ([]UndirectedEdge, error) {
	out := make([]UndirectedEdge, len(edges))
	for k, e := range edges {
		out[k] = UndirectedEdge{A: e[0], B: e[1]}
	}
	for i, k := range highlight {
		if k < 0 || k >= len(edges) {
			return nil, fmt.Errorf("viz: UndirectedEdges: highlight[%d] = %d with %d edges: %w", i, k, len(edges), ErrShape)
		}
		out[k].Highlight = true
	}
	return out, nil
}

// UndirectedGraph draws a small undirected graph with nodes at given positions and labelled
// edges, some highlighted: a weighted graph with its minimum spanning tree, for instance. Each
// label sits on a white patch so that it stays readable where edges cross. Axes and grid are
// hidden. Options: Title, Size. Non-finite positions give ErrNotFinite, edges to missing nodes
// or self-loops ErrShape, a LabelAt outside [0, 1] ErrArg. Cost O(nodes + edges).
func UndirectedGraph(nodes []GraphNode, edges []UndirectedEdge, opts ...Option) (*Figure, error) {
	o, err := collect("UndirectedGraph", "UndirectedGraph", opts)
	if err != nil {
		return nil, err
	}
	if err := checkNodes("UndirectedGraph", nodes); err != nil {
		return nil, err
	}
	for k, e := range edges {
		if e.A < 0 || e.A >= len(nodes) || e.B < 0 || e.B >= len(nodes) || e.A == e.B {
			return nil, fmt.Errorf("viz: UndirectedGraph: edge %d is %d — %d with %d nodes (no self-loops): %w", k, e.A, e.B, len(nodes), ErrShape)
		}
		if !(e.LabelAt >= 0 && e.LabelAt <= 1) {
			return nil, fmt.Errorf("viz: UndirectedGraph: edge %d has LabelAt = %v, want a value in [0, 1]: %w", k, e.LabelAt, ErrArg)
		}
	}
	p := plot.New()
	stylePlot(p)
	p.HideAxes()
	f := &Figure{Plot: p}
	f.Add(&ugraphPlotter{graphPlotter{nodes: nodes}, edges})
	if err := o.finish(f, "", "", ""); err != nil {
		return nil, err
	}
	if o.height == 0 {
		f.Height = 3 * vg.Inch
	}
	return f, nil
}

// ugraphPlotter reuses the node layout and padding of the directed graph plotter.
type ugraphPlotter struct {
	graphPlotter
	uedges []UndirectedEdge
}

func (g *ugraphPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	at := func(i int) vg.Point { return vg.Point{X: trX(g.nodes[i].X), Y: trY(g.nodes[i].Y)} }
	thin := draw.LineStyle{Color: color.NRGBA{0xaa, 0xaa, 0xaa, 0xff}, Width: vg.Points(1.2)}
	thick := draw.LineStyle{Color: Color(1), Width: vg.Points(4)}
	for _, pass := range []bool{false, true} { // highlighted edges on top
		for _, e := range g.uedges {
			if e.Highlight == pass {
				sty := thin
				if pass {
					sty = thick
				}
				c.StrokeLines(sty, []vg.Point{at(e.A), at(e.B)})
			}
		}
	}
	label := text.Style{Color: inkColor, Font: font.From(sansFont, 11), XAlign: draw.XCenter,
		YAlign: draw.YCenter, Handler: plot.DefaultTextHandler}
	for _, e := range g.uedges {
		if e.Label == "" {
			continue
		}
		t := e.LabelAt
		if t == 0 {
			t = 0.5
		}
		a, b := at(e.A), at(e.B)
		pt := vg.Point{X: a.X + vg.Length(t)*(b.X-a.X), Y: a.Y + vg.Length(t)*(b.Y-a.Y)}
		w := label.Width(e.Label)*1.15 + 4
		h := label.Height(e.Label) + 2
		c.FillPolygon(color.White, []vg.Point{{X: pt.X - w/2, Y: pt.Y - h/2},
			{X: pt.X + w/2, Y: pt.Y - h/2}, {X: pt.X + w/2, Y: pt.Y + h/2}, {X: pt.X - w/2, Y: pt.Y + h/2}})
		c.FillText(label, pt, e.Label)
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
