package viz

import (
	"errors"
	"fmt"
	"math"
	"testing"
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
