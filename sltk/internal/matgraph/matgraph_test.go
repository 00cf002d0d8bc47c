package matgraph

import (
	"fmt"
	"math/rand/v2"
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

// ufComponents is the reference: union–find over the nonzero pattern, components numbered by
// their smallest vertex.
func ufComponents(a mat.Matrix) ([]int, int) {
	n, _ := a.Dims()
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range n {
		for j := range n {
			if i != j && (a.At(i, j) != 0 || a.At(j, i) != 0) {
				ri, rj := find(i), find(j)
				parent[max(ri, rj)] = min(ri, rj)
			}
		}
	}
	labels, ids := make([]int, n), map[int]int{}
	for i := range n {
		r := find(i)
		if _, ok := ids[r]; !ok {
			ids[r] = len(ids)
		}
		labels[i] = ids[r]
	}
	return labels, len(ids)
}

// TestComponentsSwitch covers Components' switch between the universal-vertex shortcut (one
// component at once) and gonum's depth-first search: a star (shortcut), the star with one
// spoke missing (no universal vertex: the search, still one component), complete graphs,
// n = 1 and 2, a self-loop only, and random graphs from empty to dense, against union–find.
func TestComponentsSwitch(t *testing.T) {
	star := func(n, missing int) *mat.SymDense {
		s := mat.NewSymDense(n, nil)
		for j := 1; j < n; j++ {
			if j != missing {
				s.SetSym(0, j, 1)
			}
		}
		if missing > 0 && n > 2 { // keep it connected through another vertex
			s.SetSym(missing, 1+missing%(n-1), 1)
		}
		return s
	}
	full := func(n int) *mat.SymDense {
		s := mat.NewSymDense(n, nil)
		for i := range n {
			for j := i + 1; j < n; j++ {
				s.SetSym(i, j, 0.5)
			}
		}
		return s
	}
	loop := mat.NewSymDense(2, nil)
	loop.SetSym(0, 0, 1)
	cases := map[string]*mat.SymDense{
		"n=1": mat.NewSymDense(1, nil), "n=2 apart": mat.NewSymDense(2, nil), "n=2 edge": full(2),
		"self-loop only": loop, "star 7": star(7, 0), "star 7 minus a spoke": star(7, 3),
		"complete 9": full(9),
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 60 {
		n := 1 + rng.IntN(12)
		p := float64(trial%6) / 5
		s := mat.NewSymDense(n, nil)
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < p {
					s.SetSym(i, j, rng.Float64()+0.1)
				}
			}
		}
		cases[fmt.Sprintf("random %d", trial)] = s
	}
	for name, s := range cases {
		labels, k := Components(s)
		want, wk := ufComponents(s)
		if k != wk || !slices.Equal(labels, want) {
			t.Errorf("%s: %v (%d), want %v (%d)", name, labels, k, want, wk)
		}
		n, _ := s.Dims()
		if got := universalVertex(s, n); name == "star 7" && !got || name == "star 7 minus a spoke" && got {
			t.Errorf("%s: universal vertex %v", name, got)
		}
	}
}
