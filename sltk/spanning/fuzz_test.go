package spanning

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzMST: any graph (vertex count and edge list from the bytes) with any weights gets a tree
// of finite cost or an error, never a panic, for every algorithm.
func FuzzMST(f *testing.F) {
	f.Add([]byte("\x04\x00\x01\x01\x02\x02\x03\x03\x00"), []byte("aaaaaaaabbbbbbbbccccccccdddddddd"))
	f.Fuzz(func(t *testing.T, gb, wb []byte) {
		if len(gb) == 0 {
			return
		}
		g := &Graph{N: int(gb[0] % 8)}
		for i := 1; i+1 < len(gb) && len(g.Edges) < 16; i += 2 {
			g.Edges = append(g.Edges, Edge{int(gb[i] % 9), int(gb[i+1] % 9)})
		}
		w := fuzzdata.Floats(wb, len(g.Edges))
		for _, alg := range []Algorithm{Kruskal, Prim, ReverseDelete} {
			tree, cost, err := g.MST(w, alg)
			if err != nil {
				continue
			}
			c, err := g.Cost(tree, w)
			if err != nil || math.Abs(c-cost) > 1e-9*math.Max(1, math.Abs(c)) || len(tree) != g.N-1 {
				t.Fatalf("%v: tree %v of cost %v, Cost %v, %v", alg, tree, cost, c, err)
			}
		}
	})
}
