package matgraph

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestComponentsAndSCC(t *testing.T) {
	// Two triangles {0,1,2}, {3,4} plus an isolated vertex 5.
	s := mat.NewSymDense(6, nil)
	for _, e := range [][2]int{{0, 1}, {1, 2}, {0, 2}, {3, 4}} {
		s.SetSym(e[0], e[1], 1)
	}
	labels, k := Components(s)
	if k != 3 || !slices.Equal(labels, []int{0, 0, 0, 1, 1, 2}) {
		t.Fatalf("components %v (%d), want [0 0 0 1 1 2] (3)", labels, k)
	}
	cycle := mat.NewDense(3, 3, []float64{0, 1, 0, 0, 0, 1, 1, 0, 0})
	path := mat.NewDense(3, 3, []float64{0, 1, 0, 0, 0, 1, 0, 0, 0})
	if !StronglyConnected(cycle) || StronglyConnected(path) {
		t.Fatal("cycle must be strongly connected, path must not")
	}
}
