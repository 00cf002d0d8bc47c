package viz

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

func TestUndirectedGraphBadInput(t *testing.T) {
	nodes := []GraphNode{{"a", 0, 0}, {"b", 1, 0}}
	cases := []struct {
		name  string
		nodes []GraphNode
		edges []UndirectedEdge
		want  error
	}{
		{"no nodes", nil, nil, ErrEmpty},
		{"NaN position", []GraphNode{{"a", math.NaN(), 0}}, nil, ErrNotFinite},
		{"missing node", nodes, []UndirectedEdge{{A: 0, B: 2}}, ErrShape},
		{"self-loop", nodes, []UndirectedEdge{{A: 1, B: 1}}, ErrShape},
		{"label outside the edge", nodes, []UndirectedEdge{{A: 0, B: 1, LabelAt: 1.5}}, ErrArg},
		{"NaN label position", nodes, []UndirectedEdge{{A: 0, B: 1, LabelAt: math.NaN()}}, ErrArg},
	}
	for _, c := range cases {
		if _, err := UndirectedGraph(c.nodes, c.edges); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}

func ExampleUndirectedGraph() {
	nodes := []GraphNode{{"N", 0, 1}, {"E", 1, 0}, {"S", 0, -1}, {"W", -1, 0}}
	edges := []UndirectedEdge{
		{A: 0, B: 1, Label: "1.0", Highlight: true}, {A: 0, B: 2, Label: "1.5", LabelAt: 0.3},
		{A: 1, B: 3, Label: "4.0", LabelAt: 0.3}, {A: 2, B: 3, Label: "3.5", Highlight: true},
	}
	f, err := UndirectedGraph(nodes, edges, Title("Roads and a tree"))
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = Render(f, "svg")
	fmt.Println(err)
	// Output: <nil>
}

// TestGridNodesEdges: the grid's nodes sit one unit apart with row 0 at the top, the listed
// edges are highlighted and no others; bad sizes and indices are refused.
func TestGridNodesEdges(t *testing.T) {
	nodes, err := GridNodes(2, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := []GraphNode{{"", 0, 1}, {"", 1, 1}, {"", 2, 1}, {"", 0, 0}, {"", 1, 0}, {"", 2, 0}}
	if fmt.Sprint(nodes) != fmt.Sprint(want) {
		t.Errorf("GridNodes(2, 3) = %v, want %v", nodes, want)
	}
	edges, err := UndirectedEdges([][2]int{{0, 1}, {1, 2}, {0, 3}}, []int{2, 0})
	if err != nil {
		t.Fatal(err)
	}
	if !edges[0].Highlight || edges[1].Highlight || !edges[2].Highlight || edges[2].A != 0 || edges[2].B != 3 {
		t.Errorf("UndirectedEdges = %+v", edges)
	}
	if _, err := UndirectedGraph(nodes, edges); err != nil {
		t.Error(err)
	}
	for _, c := range []struct {
		r, c int
		want error
	}{{0, 3, ErrArg}, {3, -1, ErrArg}, {1 << 9, 1 << 8, errs.ErrTooLarge}, {math.MaxInt, 2, errs.ErrTooLarge}} {
		if _, err := GridNodes(c.r, c.c); !errors.Is(err, c.want) {
			t.Errorf("GridNodes(%d, %d): %v, want %v", c.r, c.c, err, c.want)
		}
	}
	for _, h := range [][]int{{-1}, {3}} {
		if _, err := UndirectedEdges([][2]int{{0, 1}, {1, 2}, {0, 3}}, h); !errors.Is(err, ErrShape) {
			t.Errorf("highlight %v: %v, want ErrShape", h, err)
		}
	}
}

// ExampleGridNodes draws a matching of the 2×2 grid (the 4-cycle 0–1–3–2): its edges 0–1 and
// 2–3 highlighted.
func ExampleGridNodes() {
	nodes, _ := GridNodes(2, 2)
	edges, _ := UndirectedEdges([][2]int{{0, 1}, {0, 2}, {1, 3}, {2, 3}}, []int{0, 3})
	f, err := UndirectedGraph(nodes, edges, Title("A perfect matching of the 2×2 grid"))
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = Render(f, "svg")
	fmt.Println(err)
	// Output: <nil>
}
