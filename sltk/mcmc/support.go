package mcmc

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
	"gonum.org/v1/gonum/graph/traverse"
)

// support is the graph G_Q of a finite chain: an edge i → j wherever q_ij > 0. It implements
// gonum's graph.Directed over adjacency lists, so that gonum's strongly-connected-component
// and breadth-first code runs on it without copying a dense chain into map-based graphs
// (which would cost ~100 bytes per edge). Memory O(n + edges).
type support struct {
	out, in [][]int
}

func newSupport(n int, edge func(i, j int) bool) *support {
	s := &support{out: make([][]int, n), in: make([][]int, n)}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if edge(i, j) {
				s.out[i] = append(s.out[i], j)
				s.in[j] = append(s.in[j], i)
			}
		}
	}
	return s
}

func (s *support) nodes(ids []int) graph.Nodes {
	if len(ids) == 0 {
		return graph.Empty
	}
	ns := make([]graph.Node, len(ids))
	for k, id := range ids {
		ns[k] = simple.Node(id)
	}
	return iterator.NewOrderedNodes(ns)
}

func (s *support) valid(id int64) bool { return id >= 0 && id < int64(len(s.out)) }

func (s *support) Node(id int64) graph.Node {
	if !s.valid(id) {
		return nil
	}
	return simple.Node(id)
}

func (s *support) Nodes() graph.Nodes {
	return iterator.NewImplicitNodes(0, len(s.out), func(id int) graph.Node { return simple.Node(id) })
}

func (s *support) From(id int64) graph.Nodes {
	if !s.valid(id) {
		return graph.Empty
	}
	return s.nodes(s.out[id])
}

func (s *support) To(id int64) graph.Nodes {
	if !s.valid(id) {
		return graph.Empty
	}
	return s.nodes(s.in[id])
}

func (s *support) HasEdgeFromTo(u, v int64) bool {
	if !s.valid(u) || !s.valid(v) {
		return false
	}
	for _, j := range s.out[u] {
		if int64(j) == v {
			return true
		}
	}
	return false
}

func (s *support) HasEdgeBetween(x, y int64) bool {
	return s.HasEdgeFromTo(x, y) || s.HasEdgeFromTo(y, x)
}

func (s *support) Edge(u, v int64) graph.Edge {
	if !s.HasEdgeFromTo(u, v) {
		return nil
	}
	return simple.Edge{F: simple.Node(u), T: simple.Node(v)}
}

// connected reports whether the graph is strongly connected (Tarjan's algorithm, O(n + edges)).
func (s *support) connected() bool {
	return len(topo.TarjanSCC(s)) == 1
}

// checkedPeriod returns the period, or errs.ErrDisconnected (naming fn) for a graph that is
// not strongly connected, whose period is a property of each class rather than of the chain.
func (s *support) checkedPeriod(fn string) (int, error) {
	if !s.connected() {
		return 0, fmt.Errorf("mcmc: %s: chain is reducible: %w", fn, errs.ErrDisconnected)
	}
	return s.period(), nil
}

// period returns the gcd of all cycle lengths of a strongly connected graph: with BFS levels
// lev from node 0, it is gcd{lev(u) + 1 − lev(v) : u → v}. Cost O(n + edges).
func (s *support) period() int {
	lev := make([]int, len(s.out))
	var bfs traverse.BreadthFirst
	bfs.Walk(s, simple.Node(0), func(n graph.Node, d int) bool {
		lev[n.ID()] = d
		return false
	})
	g := 0
	for u, vs := range s.out {
		for _, v := range vs {
			g = gcd(g, lev[u]+1-lev[v])
		}
	}
	return g
}

func gcd(a, b int) int {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
