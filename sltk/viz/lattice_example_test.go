package viz_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/viz"
)

// A 2×3 map whose prototypes sit on a regular net over three data points.
func ExampleLattice() {
	data := mat.NewDense(3, 2, []float64{0.5, 0.5, 1.5, 0.5, 1, 0.8})
	w := mat.NewDense(6, 2, []float64{0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1})
	f, err := viz.Lattice(data, w, 2, 3, viz.Title("A 2×3 map"))
	if err != nil {
		fmt.Println(err)
		return
	}
	saveTo(f, "lattice.svg")
	// Output: lattice.svg true
}
