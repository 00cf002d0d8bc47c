package spanning

import (
	"fmt"
	"reflect"
	"testing"
)

func TestCityIsCompleteAndStars(t *testing.T) {
	c := City()
	k4, err := Complete(4, "N", "E", "S", "W")
	if err != nil || !reflect.DeepEqual(*c.Graph, *k4) {
		t.Fatalf("city graph %+v, K₄ %+v (%v)", *c.Graph, *k4, err)
	}
	for _, d := range []struct {
		w    []float64
		want string
	}{{c.Monday, "NE NS NW"}, {c.Tuesday, "NS ES SW"}, {c.NearTuesday, "NS ES SW"}} {
		tree, _, err := c.Graph.MST(d.w, Kruskal)
		if err != nil || c.Graph.Describe(tree) != d.want {
			t.Errorf("MST %q, want %q (%v)", c.Graph.Describe(tree), d.want, err)
		}
	}
	c.Monday[0] = 99
	if City().Monday[0] != 1 {
		t.Error("City shares its weights between calls")
	}
}

func ExampleCity() {
	c := City()
	for _, w := range [][]float64{c.Monday, c.Tuesday} {
		tree, cost, _ := c.Graph.MST(w, Prim)
		fmt.Printf("%s (%.1f)\n", c.Graph.Describe(tree), cost)
	}
	// Output:
	// NE NS NW (3.7)
	// NS ES SW (3.8)
}
