package viz

import (
	"errors"
	"math"
	"testing"
)

func TestGraph(t *testing.T) {
	nodes := []GraphNode{{"1", 0, 0}, {"2", 1, 0}, {"3", 0.5, 0.8}}
	edges := []GraphEdge{{0, 0, "1/2"}, {0, 1, "1/2"}, {1, 2, "1/2"}, {2, 0, "1/2"}, {1, 0, "x"}}
	f, err := Graph(nodes, edges, Title("cycle"))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := Render(f, "svg"); err != nil || len(out) == 0 {
		t.Fatalf("render: %v", err)
	}
	m, err := GraphMatrix(nodes[:2], [][]string{{"", "1"}, {"1", ""}})
	if err != nil || m == nil {
		t.Fatalf("GraphMatrix: %v", err)
	}
	if _, err := GraphMatrix(nodes, [][]string{{"1"}}); !errors.Is(err, ErrShape) {
		t.Errorf("ragged labels: %v", err)
	}
	if _, err := Graph(nil, nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("no nodes: %v", err)
	}
	if _, err := Graph(nodes, []GraphEdge{{0, 3, ""}}); !errors.Is(err, ErrShape) {
		t.Errorf("edge to a missing node: %v", err)
	}
	if _, err := Graph([]GraphNode{{"a", math.NaN(), 0}}, nil); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN position: %v", err)
	}
	if _, err := Graph(nodes, edges, LogX()); !errors.Is(err, ErrArg) {
		t.Errorf("LogX on a graph: %v", err)
	}
}
