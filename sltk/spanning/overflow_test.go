package spanning

import (
	"errors"
	"math"
	"math/big"
	"testing"
)

// TestGraphSizeLimits: a Graph's N drives allocations (union–find, the dense Laplacian);
// beyond MaxGraphVertices every method, and beyond MaxVertices CountTrees and Trees, return
// ErrTooLarge instead of allocating (N = 2^40 panicked in makeslice).
func TestGraphSizeLimits(t *testing.T) {
	huge := &Graph{N: 1 << 40, Edges: []Edge{{0, 1}}}
	if _, _, err := huge.MST([]float64{1}, Kruskal); !errors.Is(err, ErrTooLarge) {
		t.Errorf("MST with N = 2^40: %v", err)
	}
	if _, err := huge.CountTrees(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("CountTrees with N = 2^40: %v", err)
	}
	path := &Graph{N: MaxVertices + 1}
	for v := 0; v < MaxVertices; v++ {
		path.Edges = append(path.Edges, Edge{v, v + 1})
	}
	if _, err := path.CountTrees(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("CountTrees of a path on MaxVertices+1 vertices: %v", err)
	}
	if _, err := path.Trees(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Trees of a path on MaxVertices+1 vertices: %v", err)
	}
	w := make([]float64, len(path.Edges))
	tree, total, err := path.MST(w, Prim)
	if err != nil || len(tree) != MaxVertices || total != 0 {
		t.Errorf("MST of the long path: %d edges, %v, %v", len(tree), total, err)
	}
}

// TestCountOverflow: K_n has n^{n−2} spanning trees (Cayley); for n = 150 that is about
// 10^322, beyond float64: an error, not +Inf. For n = 20 the count equals 20^18 (exact
// big.Int reference, rounded to float64).
func TestCountOverflow(t *testing.T) {
	k150, err := Complete(150)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := k150.CountTrees(); !errors.Is(err, ErrNotFinite) {
		t.Errorf("CountTrees(K_150) = %v, %v; want ErrNotFinite", c, err)
	}
	if _, err := k150.Trees(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Trees(K_150): %v; want ErrTooLarge", err)
	}
	k20, _ := Complete(20)
	c, err := k20.CountTrees()
	want, _ := new(big.Float).SetInt(new(big.Int).Exp(big.NewInt(20), big.NewInt(18), nil)).Float64()
	if err != nil || math.Abs(c-want) > 1e-9*want {
		t.Errorf("CountTrees(K_20) = %v, %v; want %v", c, err, want)
	}
}

// TestMSTWeightOverflow: a tree whose weight overflows is an error, not +Inf.
func TestMSTWeightOverflow(t *testing.T) {
	g := &Graph{N: 3, Edges: []Edge{{0, 1}, {1, 2}}}
	for _, alg := range []Algorithm{Kruskal, Prim, ReverseDelete} {
		if _, v, err := g.MST([]float64{1e308, 1e308}, alg); !errors.Is(err, ErrNotFinite) {
			t.Errorf("%v: MST weight %v, %v; want ErrNotFinite", alg, v, err)
		}
	}
}
