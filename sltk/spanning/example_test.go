package spanning_test

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/spanning"
)

// The city graph of chapter 10: four cities, six roads, travel times of one day.
func Example() {
	g, _ := spanning.Complete(4, "N", "E", "S", "W")
	monday := []float64{1.0, 1.5, 1.2, 3.0, 4.0, 3.5} // NE NS NW ES EW SW
	trees, _ := g.Trees()
	costs, _ := g.Costs(trees, monday)
	p, _ := gibbs.New(costs, 0.5) // Gibbs distribution over the 16 trees
	mst, w, _ := g.MST(monday, spanning.Kruskal)
	fmt.Println(len(trees), "spanning trees")
	fmt.Printf("MST %s (weight %.1f) = mode of the Gibbs distribution: %s\n", g.Describe(mst), w, g.Describe(trees[p.Mode()]))
	// Output:
	// 16 spanning trees
	// MST NE NS NW (weight 3.7) = mode of the Gibbs distribution: NE NS NW
}
