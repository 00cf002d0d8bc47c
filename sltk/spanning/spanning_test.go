package spanning

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
)

// TestCayley checks the enumeration against Cayley's formula n^{n−2} (O22: K₄ has 16 trees) and
// the matrix-tree count.
func TestCayley(t *testing.T) {
	for n := 1; n <= 7; n++ {
		g, err := Complete(n)
		if err != nil {
			t.Fatal(err)
		}
		want := 1.0
		if n >= 2 {
			want = math.Pow(float64(n), float64(n-2))
		}
		count, err := g.CountTrees()
		if err != nil || count != want {
			t.Fatalf("K%d: CountTrees = %g, %v; want %g", n, count, err, want)
		}
		trees, err := g.Trees()
		if err != nil {
			t.Fatal(err)
		}
		if float64(len(trees)) != want {
			t.Fatalf("K%d: %d trees, want %g", n, len(trees), want)
		}
		checkTrees(t, g, trees)
	}
	k4, _ := Complete(4)
	trees, _ := k4.Trees()
	if len(trees) != 16 {
		t.Fatalf("K4 has %d spanning trees, want 16", len(trees))
	}
}

// checkTrees verifies that every tree has N−1 distinct edges, is acyclic, and that no tree repeats.
func checkTrees(t *testing.T, g *Graph, trees [][]int) {
	t.Helper()
	seen := map[string]bool{}
	for _, tr := range trees {
		if len(tr) != g.N-1 || !slices.IsSorted(tr) {
			t.Fatalf("tree %v: want %d sorted edges", tr, g.N-1)
		}
		parent := make([]int, g.N)
		for i := range parent {
			parent[i] = i
		}
		for _, e := range tr {
			a, b := find(parent, g.Edges[e].U), find(parent, g.Edges[e].V)
			if a == b {
				t.Fatalf("tree %v has a cycle", tr)
			}
			parent[a] = b
		}
		k := g.Describe(tr)
		if seen[k] {
			t.Fatalf("tree %v enumerated twice", tr)
		}
		seen[k] = true
	}
}

// TestMatrixTreeRandom compares the enumeration with Kirchhoff's count on random sparse graphs.
func TestMatrixTreeRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 40; trial++ {
		n := 2 + rng.IntN(6)
		g := &Graph{N: n}
		for u := 0; u < n; u++ {
			for v := u + 1; v < n; v++ {
				if rng.Float64() < 0.6 {
					g.Edges = append(g.Edges, Edge{u, v})
				}
			}
		}
		count, err := g.CountTrees()
		if err != nil {
			t.Fatal(err)
		}
		trees, err := g.Trees()
		if count == 0 {
			if !errors.Is(err, ErrDisconnected) {
				t.Fatalf("disconnected graph: err = %v", err)
			}
			continue
		}
		if err != nil || float64(len(trees)) != count {
			t.Fatalf("%d trees (err %v), matrix-tree theorem says %g", len(trees), err, count)
		}
		checkTrees(t, g, trees)
	}
}

// TestMSTOracle is O22: Prim, Kruskal and reverse-delete return the same tree on distinct
// weights, and it is the minimum-cost enumerated tree.
func TestMSTOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{2, 3, 4, 5, 6} {
		g, _ := Complete(n)
		trees, _ := g.Trees()
		for trial := 0; trial < 20; trial++ {
			w := make([]float64, len(g.Edges))
			for i := range w {
				w[i] = rng.Float64() * 10
			}
			costs, err := g.Costs(trees, w)
			if err != nil {
				t.Fatal(err)
			}
			best := slices.Index(costs, slices.Min(costs))
			for _, alg := range []Algorithm{Kruskal, Prim, ReverseDelete} {
				tree, cost, err := g.MST(w, alg)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(tree, trees[best]) || math.Abs(cost-costs[best]) > 1e-12 {
					t.Fatalf("K%d %v: %v (%g), enumeration minimum %v (%g)", n, alg, tree, cost, trees[best], costs[best])
				}
			}
		}
	}
}

// TestERMTwoDays is O22: ERM over two days equals the MST of the summed weights.
func TestERMTwoDays(t *testing.T) {
	g, _ := Complete(4, "N", "E", "S", "W")
	trees, _ := g.Trees()
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 50; trial++ {
		w1, w2, sum := make([]float64, 6), make([]float64, 6), make([]float64, 6)
		for i := range w1 {
			w1[i], w2[i] = 1+4*rng.Float64(), 1+4*rng.Float64()
			sum[i] = w1[i] + w2[i]
		}
		r1, _ := g.Costs(trees, w1)
		r2, _ := g.Costs(trees, w2)
		erm, err := gibbs.ERM(r1, r2)
		if err != nil {
			t.Fatal(err)
		}
		mst, _, err := g.MST(sum, Kruskal)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(trees[erm], mst) {
			t.Fatalf("ERM tree %s, MST of summed weights %s", g.Describe(trees[erm]), g.Describe(mst))
		}
	}
}

// TestStars checks the city example's description: Monday's MST is the North star.
func TestStars(t *testing.T) {
	g, _ := Complete(4, "N", "E", "S", "W")
	tree, cost, err := g.MST([]float64{1.0, 1.5, 1.2, 3.0, 4.0, 3.5}, Prim)
	if err != nil || g.Describe(tree) != "NE NS NW" || math.Abs(cost-3.7) > 1e-12 {
		t.Fatalf("Monday: %q %g %v", g.Describe(tree), cost, err)
	}
	tree, _, _ = g.MST([]float64{3.2, 1.4, 3.8, 1.1, 4.1, 1.3}, ReverseDelete)
	if g.Describe(tree) != "NS ES SW" {
		t.Fatalf("Tuesday: %q", g.Describe(tree))
	}
	if s := (&Graph{N: 2, Edges: []Edge{{0, 1}}}).Describe([]int{0}); s != "0–1" {
		t.Fatalf("unnamed: %q", s)
	}
}

func TestBadInput(t *testing.T) {
	cases := []struct {
		g    *Graph
		want error
	}{
		{&Graph{}, ErrParam},
		{&Graph{N: 2, Edges: []Edge{{0, 2}}}, ErrParam},
		{&Graph{N: 2, Edges: []Edge{{1, 1}}}, ErrParam},
		{&Graph{N: 2, Edges: []Edge{{0, 1}, {1, 0}}}, ErrParam},
		{&Graph{N: 2, Edges: []Edge{{0, 1}}, Names: []string{"a"}}, ErrShape},
		{&Graph{N: 3, Edges: []Edge{{0, 1}}}, ErrDisconnected},
	}
	for i, c := range cases {
		if _, err := c.g.Trees(); !errors.Is(err, c.want) {
			t.Errorf("case %d Trees: err = %v, want %v", i, err, c.want)
		}
		w := make([]float64, len(c.g.Edges))
		if _, _, err := c.g.MST(w, Kruskal); !errors.Is(err, c.want) {
			t.Errorf("case %d MST: err = %v, want %v", i, err, c.want)
		}
	}
	g, _ := Complete(3)
	for k, w := range [][]float64{{1, 2}, {1, math.NaN(), 2}, {1, math.Inf(1), 2}} {
		want := []error{ErrShape, ErrNotFinite, ErrNotFinite}[k]
		if _, _, err := g.MST(w, Prim); !errors.Is(err, want) {
			t.Errorf("weights %v: err = %v", w, err)
		}
		if _, err := g.Costs([][]int{{0, 1}}, w); !errors.Is(err, want) {
			t.Errorf("Costs %v: err = %v", w, err)
		}
	}
	if _, err := g.Cost([]int{0, 7}, []float64{1, 2, 3}); !errors.Is(err, ErrParam) {
		t.Errorf("bad edge index: err = %v", err)
	}
	if _, _, err := g.MST([]float64{1, 2, 3}, Algorithm(9)); !errors.Is(err, ErrParam) {
		t.Errorf("bad algorithm: err = %v", err)
	}
	k9, _ := Complete(9)
	if _, err := k9.Trees(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("K9 (9^7 trees): err = %v", err)
	}
}

func BenchmarkTreesK7(b *testing.B) {
	g, _ := Complete(7)
	for b.Loop() {
		if _, err := g.Trees(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestNilGraphDescribe(t *testing.T) {
	if (*Graph)(nil).Describe([]int{0}) != "" {
		t.Error("nil Graph describes a tree")
	}
}
