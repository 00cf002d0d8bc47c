// Package spanning holds the solution space of the example algorithm of SLT chapter 10 (Posterior
// agreement from information theory, §10.1–10.2, Examples 1–2): the spanning trees of a small
// undirected graph whose edge weights change from one observation to the next, such as the city
// graph K₄ on {North, East, South, West}.
//
// Posterior agreement scores an algorithm by how well the Gibbs distributions
// p(c | X) ∝ exp(−R(c, X)/T) of two observations agree, with R(c, X) = Σ_{e∈c} w_e(X) the weight
// of tree c. That needs the whole hypothesis class, so Graph.Trees enumerates every spanning tree
// (for K_n there are n^{n−2} of them, Cayley's formula; Graph.CountTrees gives the number in
// advance by Kirchhoff's matrix-tree theorem) and Graph.Costs turns one observation's weights into
// the cost vector that gibbs.New, gibbs.SearchT and gibbs.ERM take.
//
// The deterministic algorithms the seed names, Prim, Kruskal and reverse-delete, are available
// through Graph.MST: Prim and Kruskal are gonum's (graph/path), run on a graph/simple weighted
// graph; reverse-delete drops the heaviest edge whose removal keeps the graph connected
// (gonum's graph/topo decides connectivity). On distinct weights all three return the same tree,
// the minimum of Costs (oracle O22 of the spec).
//
// Trees are returned as sorted slices of edge indices into Graph.Edges. Errors wrap ErrParam
// (self-loops, repeated or out-of-range edges), ErrTooLarge (too many trees), ErrDisconnected,
// and ErrShape or ErrNotFinite for weights of the wrong length or with NaN or ±Inf.
package spanning

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors, those of package errs under the same names; returned errors wrap them with
// detail. ErrParam: a malformed graph (no vertices, an endpoint out of range, a self-loop, a
// repeated edge, an unknown algorithm, an edge index out of range). ErrShape: names or weights
// of the wrong length. ErrNotFinite: a non-finite weight. ErrTooLarge: more spanning trees than
// MaxTrees. ErrDisconnected: a graph without a spanning tree. errs.ErrEmpty: a nil Graph.
var (
	ErrParam        = errs.ErrParam
	ErrShape        = errs.ErrShape
	ErrNotFinite    = errs.ErrNotFinite
	ErrTooLarge     = errs.ErrTooLarge
	ErrDisconnected = errs.ErrDisconnected
)

// MaxTrees caps the enumeration of Graph.Trees: enumeration is meant for small graphs whose
// Gibbs distribution over trees is computed exactly (K₈ already has 262 144 trees).
const MaxTrees = 1 << 20

// Edge is an undirected edge between vertices U and V (0-based indices).
type Edge struct{ U, V int }

// Graph is a small simple undirected graph with N vertices and a fixed edge list; the weights are
// supplied per observation, so one Graph serves every day of the city example. Names, if set,
// label the vertices in Describe.
type Graph struct {
	N     int
	Edges []Edge
	Names []string
}

// MaxVertices caps Complete (K_n has n(n−1)/2 edges) and CountTrees and Trees (a dense
// (N−1)×(N−1) Laplacian and an O(N³) determinant): ErrTooLarge beyond.
const MaxVertices = 1 << 12

// MaxGraphVertices caps Graph.N for every method: MST and the enumeration allocate per vertex
// (ErrTooLarge beyond).
const MaxGraphVertices = 1 << 24

// Complete returns K_n with edges in lexicographic order (0,1), (0,2), …, (n−2,n−1).
func Complete(n int, names ...string) (*Graph, error) {
	if n > MaxVertices {
		return nil, fmt.Errorf("spanning: Complete: n = %d, limit %d: %w", n, MaxVertices, ErrTooLarge)
	}
	g := &Graph{N: n, Names: names}
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			g.Edges = append(g.Edges, Edge{u, v})
		}
	}
	if err := g.check("Complete"); err != nil {
		return nil, err
	}
	return g, nil
}

// check validates the graph.
func (g *Graph) check(fn string) error {
	if g == nil || g.N < 1 {
		return fmt.Errorf("spanning: %s: the graph needs at least one vertex: %w", fn, ErrParam)
	}
	if g.N > MaxGraphVertices {
		return fmt.Errorf("spanning: %s: N = %d, limit %d (MaxGraphVertices): %w", fn, g.N, MaxGraphVertices, ErrTooLarge)
	}
	if len(g.Names) != 0 && len(g.Names) != g.N {
		return fmt.Errorf("spanning: %s: %d names for %d vertices: %w", fn, len(g.Names), g.N, ErrShape)
	}
	seen := map[Edge]int{}
	for i, e := range g.Edges {
		if e.U < 0 || e.U >= g.N || e.V < 0 || e.V >= g.N {
			return fmt.Errorf("spanning: %s: edge %d = (%d, %d) has an endpoint outside [0, %d): %w", fn, i, e.U, e.V, g.N, ErrParam)
		}
		if e.U == e.V {
			return fmt.Errorf("spanning: %s: edge %d is a self-loop at %d: %w", fn, i, e.U, ErrParam)
		}
		k := Edge{min(e.U, e.V), max(e.U, e.V)}
		if j, ok := seen[k]; ok {
			return fmt.Errorf("spanning: %s: edges %d and %d both join %d and %d: %w", fn, j, i, k.U, k.V, ErrParam)
		}
		seen[k] = i
	}
	return nil
}

// checkWeights validates one observation's weights.
func (g *Graph) checkWeights(fn string, w []float64) error {
	if g == nil {
		return fmt.Errorf("spanning: %s: nil Graph: %w", fn, errs.ErrEmpty)
	}
	if len(w) != len(g.Edges) {
		return fmt.Errorf("spanning: %s: %d weights for %d edges: %w", fn, len(w), len(g.Edges), ErrShape)
	}
	for i, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("spanning: %s: weight of edge %d is %g: %w", fn, i, v, ErrNotFinite)
		}
	}
	return nil
}

// CountTrees returns the number of spanning trees by Kirchhoff's matrix-tree theorem: the
// determinant of the graph Laplacian with one row and column removed (n^{n−2} for K_n). It is 0
// for a disconnected graph. N is at most MaxVertices; a count beyond the float64 range (K_n
// for n > 143) is an error wrapping ErrNotFinite. Cost O(n³).
func (g *Graph) CountTrees() (float64, error) {
	c, err := g.countTrees("CountTrees")
	if err == nil && math.IsInf(c, 0) {
		return 0, fmt.Errorf("spanning: Graph.CountTrees: %d vertices, %d edges: the number of spanning trees exceeds the float64 range: %w",
			g.N, len(g.Edges), ErrNotFinite)
	}
	return c, err
}

// countTrees is CountTrees without the overflow check (+Inf for a count beyond float64).
func (g *Graph) countTrees(fn string) (float64, error) {
	if err := g.check("Graph." + fn); err != nil {
		return 0, err
	}
	if g.N > MaxVertices {
		return 0, fmt.Errorf("spanning: Graph.%s: N = %d, limit %d (MaxVertices): %w", fn, g.N, MaxVertices, ErrTooLarge)
	}
	if g.N == 1 {
		return 1, nil
	}
	m := g.N - 1
	lap := mat.NewSymDense(m, nil)
	for _, e := range g.Edges {
		for _, v := range []int{e.U, e.V} {
			if v < m {
				lap.SetSym(v, v, lap.At(v, v)+1)
			}
		}
		if e.U < m && e.V < m {
			lap.SetSym(e.U, e.V, lap.At(e.U, e.V)-1)
		}
	}
	return math.Round(mat.Det(lap)), nil
}

// Trees enumerates every spanning tree, each as the sorted edge indices of its N−1 edges, in
// lexicographic order of those index lists. The search adds edges in index order and prunes an
// edge that would close a cycle (union–find on the vertices), so it visits only forests. It fails
// with ErrDisconnected when there is no spanning tree and with ErrParam when the matrix-tree
// count exceeds MaxTrees. Cost O(#trees · |E| · N) at most.
func (g *Graph) Trees() ([][]int, error) {
	count, err := g.countTrees("Trees")
	if err != nil {
		return nil, err
	}
	if count == 0 {
		return nil, fmt.Errorf("spanning: Graph.Trees: %d vertices, %d edges: %w", g.N, len(g.Edges), ErrDisconnected)
	}
	if count > MaxTrees {
		return nil, fmt.Errorf("spanning: Graph.Trees: %g spanning trees exceed MaxTrees = %d: %w", count, MaxTrees, ErrTooLarge)
	}
	out := make([][]int, 0, int(count))
	need := g.N - 1
	chosen := make([]int, 0, need)
	var rec func(next int, parent []int)
	rec = func(next int, parent []int) {
		if len(chosen) == need {
			out = append(out, slices.Clone(chosen))
			return
		}
		// Not enough edges left to complete a tree.
		if len(g.Edges)-next < need-len(chosen) {
			return
		}
		for i := next; i < len(g.Edges); i++ {
			ru, rv := find(parent, g.Edges[i].U), find(parent, g.Edges[i].V)
			if ru == rv {
				continue
			}
			p := slices.Clone(parent)
			p[ru] = rv
			chosen = append(chosen, i)
			rec(i+1, p)
			chosen = chosen[:len(chosen)-1]
		}
	}
	parent := make([]int, g.N)
	for i := range parent {
		parent[i] = i
	}
	rec(0, parent)
	return out, nil
}

// find returns the root of v in the union–find forest parent.
func find(parent []int, v int) int {
	for parent[v] != v {
		v = parent[v]
	}
	return v
}

// Cost returns R(c, X) = Σ_{e∈tree} w_e, the weight of one tree under one observation's weights.
func (g *Graph) Cost(tree []int, w []float64) (float64, error) {
	if err := g.checkWeights("Graph.Cost", w); err != nil {
		return 0, err
	}
	var s float64
	for _, e := range tree {
		if e < 0 || e >= len(g.Edges) {
			return 0, fmt.Errorf("spanning: Graph.Cost: edge index %d outside [0, %d): %w", e, len(g.Edges), ErrParam)
		}
		s += w[e]
	}
	if math.IsInf(s, 0) {
		return 0, fmt.Errorf("spanning: Graph.Cost: the sum of the tree's weights overflows: %w", ErrNotFinite)
	}
	return s, nil
}

// Costs returns the cost vector R(c, X) of every tree in trees under the weights w: the input of
// gibbs.New (Gibbs distribution over trees), gibbs.SearchT (posterior agreement of two days) and
// gibbs.ERM. Cost O(#trees · N).
func (g *Graph) Costs(trees [][]int, w []float64) ([]float64, error) {
	r := make([]float64, len(trees))
	for i, t := range trees {
		c, err := g.Cost(t, w)
		if err != nil {
			return nil, fmt.Errorf("spanning: Graph.Costs: tree %d: %w", i, err)
		}
		r[i] = c
	}
	return r, nil
}

// Algorithm names a minimum-spanning-tree algorithm for Graph.MST.
type Algorithm int

const (
	// Kruskal coalesces trees by adding edges in increasing weight (gonum path.Kruskal).
	Kruskal Algorithm = iota
	// Prim grows one tree from a vertex by its cheapest outgoing edge (gonum path.Prim).
	Prim
	// ReverseDelete removes edges in decreasing weight unless the removal disconnects the graph.
	ReverseDelete
)

// String returns the algorithm's name.
func (a Algorithm) String() string {
	switch a {
	case Kruskal:
		return "Kruskal"
	case Prim:
		return "Prim"
	case ReverseDelete:
		return "reverse-delete"
	}
	return fmt.Sprintf("Algorithm(%d)", int(a))
}

// simpleGraph builds gonum's weighted undirected graph of g under weights w.
func (g *Graph) simpleGraph(w []float64) *simple.WeightedUndirectedGraph {
	sg := simple.NewWeightedUndirectedGraph(0, math.Inf(1))
	for v := 0; v < g.N; v++ {
		sg.AddNode(simple.Node(v))
	}
	for i, e := range g.Edges {
		sg.SetWeightedEdge(sg.NewWeightedEdge(simple.Node(e.U), simple.Node(e.V), w[i]))
	}
	return sg
}

// MST returns a minimum spanning tree under the weights w (sorted edge indices) and its weight,
// computed by the chosen algorithm. With distinct weights the tree is unique and all algorithms
// agree; with ties they may return different trees of the same weight. Cost O(|E| log |E|) for
// Prim and Kruskal, O(|E|·(N + |E|)) for reverse-delete.
func (g *Graph) MST(w []float64, alg Algorithm) ([]int, float64, error) {
	if err := g.check("Graph.MST"); err != nil {
		return nil, 0, err
	}
	if err := g.checkWeights("Graph.MST", w); err != nil {
		return nil, 0, err
	}
	sg := g.simpleGraph(w)
	if len(topo.ConnectedComponents(sg)) != 1 {
		return nil, 0, fmt.Errorf("spanning: Graph.MST: %d vertices, %d edges: %w", g.N, len(g.Edges), ErrDisconnected)
	}
	var tree graph.WeightedUndirected
	switch alg {
	case Kruskal, Prim:
		dst := simple.NewWeightedUndirectedGraph(0, math.Inf(1))
		if alg == Kruskal {
			path.Kruskal(dst, sg)
		} else {
			path.Prim(dst, sg)
		}
		tree = dst
	case ReverseDelete:
		order := make([]int, len(g.Edges))
		for i := range order {
			order[i] = i
		}
		// Heaviest first; ties broken by the larger index so the order is deterministic.
		slices.SortStableFunc(order, func(a, b int) int {
			if w[a] != w[b] {
				if w[a] > w[b] {
					return -1
				}
				return 1
			}
			return b - a
		})
		for _, i := range order {
			e := g.Edges[i]
			sg.RemoveEdge(int64(e.U), int64(e.V))
			if !topo.PathExistsIn(sg, simple.Node(e.U), simple.Node(e.V)) {
				sg.SetWeightedEdge(sg.NewWeightedEdge(simple.Node(e.U), simple.Node(e.V), w[i]))
			}
		}
		tree = sg
	default:
		return nil, 0, fmt.Errorf("spanning: Graph.MST: unknown algorithm %d: %w", int(alg), ErrParam)
	}
	var out []int
	var total float64
	for i, e := range g.Edges {
		if tree.HasEdgeBetween(int64(e.U), int64(e.V)) {
			out = append(out, i)
			total += w[i]
		}
	}
	if math.IsInf(total, 0) {
		return nil, 0, fmt.Errorf("spanning: Graph.MST: the weight of the tree overflows float64; rescale the weights: %w", ErrNotFinite)
	}
	return out, total, nil
}

// Describe writes a tree as its edges joined by spaces, each edge as the two vertex names
// (or indices when Names is empty), e.g. "NE NS NW"; "" for a nil Graph, "?" for an edge
// index outside the graph.
func (g *Graph) Describe(tree []int) string {
	if g == nil {
		return ""
	}
	name := func(v int) string {
		if len(g.Names) == g.N && v >= 0 && v < len(g.Names) {
			return g.Names[v]
		}
		return fmt.Sprint(v)
	}
	parts := make([]string, 0, len(tree))
	for _, i := range tree {
		if i < 0 || i >= len(g.Edges) {
			parts = append(parts, "?")
			continue
		}
		e := g.Edges[i]
		sep := ""
		if len(g.Names) != g.N {
			sep = "–"
		}
		parts = append(parts, name(e.U)+sep+name(e.V))
	}
	return strings.Join(parts, " ")
}
