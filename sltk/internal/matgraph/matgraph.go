// Package matgraph lets gonum's graph algorithms (graph/topo) run on the nonzero pattern of a
// matrix without copying it into a map-based graph: vertex i is row i, and there is an edge
// i → j exactly when A[i,j] ≠ 0 and i ≠ j (the graph G_A of AFDS chapter 5 (High-dimensional data)
// §5.3; loops do not matter for connectivity). A dense 3000×3000 similarity matrix would need
// millions of map entries in graph/simple; here the adjacency is read from the matrix on demand,
// O(n) per vertex. It is internal: a building block, not part of the textbook's API.
package matgraph

import (
	"slices"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
	"gonum.org/v1/gonum/mat"
)

// Graph is the directed graph G_A of a square matrix A. Used as an undirected graph it is only
// meaningful for a matrix with a symmetric nonzero pattern.
type Graph struct{ A mat.Matrix }

func (g Graph) n() int { n, _ := g.A.Dims(); return n }

func (g Graph) has(i, j int64) bool {
	n := int64(g.n())
	return i != j && i >= 0 && j >= 0 && i < n && j < n && g.A.At(int(i), int(j)) != 0
}

// Node returns vertex id, or nil outside [0, n).
func (g Graph) Node(id int64) graph.Node {
	if id < 0 || id >= int64(g.n()) {
		return nil
	}
	return simple.Node(id)
}

// Nodes returns the vertices 0, …, n−1.
func (g Graph) Nodes() graph.Nodes {
	return iterator.NewImplicitNodes(0, g.n(), func(id int) graph.Node { return simple.Node(id) })
}

func (g Graph) adjacent(id int64, out bool) graph.Nodes {
	var nodes []graph.Node
	for j := range g.n() {
		if out && g.has(id, int64(j)) || !out && g.has(int64(j), id) {
			nodes = append(nodes, simple.Node(j))
		}
	}
	return iterator.NewOrderedNodes(nodes)
}

// From returns the vertices j with A[id,j] ≠ 0.
func (g Graph) From(id int64) graph.Nodes { return g.adjacent(id, true) }

// To returns the vertices i with A[i,id] ≠ 0.
func (g Graph) To(id int64) graph.Nodes { return g.adjacent(id, false) }

// HasEdgeBetween reports an edge in either direction.
func (g Graph) HasEdgeBetween(x, y int64) bool { return g.has(x, y) || g.has(y, x) }

// HasEdgeFromTo reports A[u,v] ≠ 0.
func (g Graph) HasEdgeFromTo(u, v int64) bool { return g.has(u, v) }

// Edge returns the edge u → v, or nil.
func (g Graph) Edge(u, v int64) graph.Edge {
	if !g.has(u, v) {
		return nil
	}
	return simple.Edge{F: simple.Node(u), T: simple.Node(v)}
}

// EdgeBetween returns the edge between x and y, or nil.
func (g Graph) EdgeBetween(x, y int64) graph.Edge {
	if !g.HasEdgeBetween(x, y) {
		return nil
	}
	return simple.Edge{F: simple.Node(x), T: simple.Node(y)}
}

// StronglyConnected reports whether G_A is strongly connected (Tarjan's algorithm in gonum's
// graph/topo). Cost O(n²) reads of A.
func StronglyConnected(a mat.Matrix) bool {
	return len(topo.TarjanSCC(Graph{a})) == 1
}

// Components labels each vertex of the undirected graph of the symmetric matrix a with its
// connected component, numbered 0, 1, … in order of their smallest vertex, and returns the
// number of components (gonum's topo.ConnectedComponents). A vertex adjacent to every other
// one makes the graph connected at once, which spares the depth-first search its O(n²) stack
// pushes on a complete graph such as a Gaussian similarity. Cost O(n²) reads of a.
func Components(a mat.Matrix) (labels []int, count int) {
	n := Graph{a}.n()
	labels = make([]int, n)
	if universalVertex(a, n) {
		return labels, 1
	}
	comps := topo.ConnectedComponents(Graph{a})
	first := make([]int, len(comps))
	for c, nodes := range comps {
		first[c] = len(labels)
		for _, v := range nodes {
			first[c] = min(first[c], int(v.ID()))
		}
	}
	// Renumber by smallest vertex so that the labels do not depend on map order.
	order := make([]int, len(comps))
	for c := range order {
		order[c] = c
	}
	slices.SortFunc(order, func(a, b int) int { return first[a] - first[b] })
	for rank, c := range order {
		for _, v := range comps[c] {
			labels[v.ID()] = rank
		}
	}
	return labels, len(comps)
}

// universalVertex reports whether some vertex has an edge to every other vertex.
func universalVertex(a mat.Matrix, n int) bool {
	for i := range n {
		all := true
		for j := range n {
			if j != i && a.At(i, j) == 0 {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
