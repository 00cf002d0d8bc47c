package cluster

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestSOMCost(t *testing.T) {
	x := pwBlobs(90, 2)
	w := mat.NewDense(3, 2, []float64{-3, -3, 3, -3, 0, 3})
	eye := mat.NewDense(3, 3, []float64{1, 0, 0, 0, 1, 0, 0, 0, 1})
	got, err := SOMCost(x, w, eye)
	if err != nil {
		t.Fatal(err)
	}
	_, want, err := Assign(x, w)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got-want/90) > 1e-12 {
		t.Errorf("h = I: %g, k-means cost per point %g", got, want/90)
	}
	// A brute-force minimum over the nodes for one point with a full neighbourhood.
	h, err := Neighbourhood(mat.NewDense(3, 1, []float64{0, 1, 2}), 1)
	if err != nil {
		t.Fatal(err)
	}
	one := mat.NewDense(1, 2, []float64{1, 0.5})
	got, err = SOMCost(one, w, h)
	if err != nil {
		t.Fatal(err)
	}
	best := math.Inf(1)
	for r := 0; r < 3; r++ {
		s := 0.0
		for q := 0; q < 3; q++ {
			s += h.At(q, r) * 2 * HalfSquared(one.RawRowView(0), w.RawRowView(q))
		}
		best = math.Min(best, s)
	}
	if math.Abs(got-best) > 1e-12 {
		t.Errorf("one point: %g, brute force %g", got, best)
	}
	if _, err := SOMCost(x, w, mat.NewDense(2, 2, nil)); !errors.Is(err, ErrShape) {
		t.Errorf("wrong h shape: %v", err)
	}
	if _, err := SOMCost(x, mat.NewDense(3, 3, nil), eye); !errors.Is(err, ErrShape) {
		t.Errorf("wrong w shape: %v", err)
	}
	neg := mat.NewDense(3, 3, []float64{1, -1, 0, 0, 1, 0, 0, 0, 1})
	if _, err := SOMCost(x, w, neg); !errors.Is(err, ErrParam) {
		t.Errorf("negative h: %v", err)
	}
	if _, err := SOMCost(x, nil, eye); !errors.Is(err, ErrShape) {
		t.Errorf("nil w: %v", err)
	}
}

// With h = δ the SOM cost is the k-means cost per point: two points at distance 1 from
// their prototypes cost 1.
func ExampleSOMCost() {
	x := mat.NewDense(2, 1, []float64{0, 4})
	w := mat.NewDense(2, 1, []float64{1, 3})
	h := mat.NewDense(2, 2, []float64{1, 0, 0, 1})
	e, err := SOMCost(x, w, h)
	fmt.Println(e, err)
	// Output: 1 <nil>
}
