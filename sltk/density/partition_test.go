package density

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// The hard groupings of the movie table: the sums of log(share·frequencies) written out, and
// the log-likelihood EM reaches with μ clipped to [0, 1] only (TestMovieEMOracles), which
// starts from random soft responsibilities.
func TestPartitionLogLik(t *testing.T) {
	k3 := []int{2, 2, 0, 0, 1, 0, 2, 2, 2, 1} // {C, D, F}, {E, Z}, the five fans
	k4 := []int{0, 0, 1, 1, 2, 1, 3, 3, 3, 2}
	byHand := map[int]float64{
		3: 3*math.Log(.3) + 2*math.Log(.1) + 2*math.Log(.5*.128) + 2*math.Log(.5*.288) + math.Log(.5*.072),
		4: 4*math.Log(.2) + 3*math.Log(.3) + 3*math.Log(.1),
	}
	em := map[int]float64{3: -20.9149532895, 4: -16.9574253417}
	for k, labels := range map[int][]int{3: k3, 4: k4} {
		got, err := PartitionLogLik(movies, labels)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-byHand[k]) > 1e-12 || math.Abs(got-em[k]) > 1e-6 {
			t.Errorf("K = %d: %.10f, by hand %.10f, EM %.10f", k, got, byHand[k], em[k])
		}
	}
	// one group: the product of the column frequencies (Exercise 1 of the appendix: −39.54)
	one, err := PartitionLogLik(movies, make([]int, 10))
	if err != nil || math.Abs(one+39.54) > 0.005 {
		t.Errorf("K = 1: %g (%v), want about −39.54", one, err)
	}
	// an empty group and a missing entry change nothing they should not
	gap, err := PartitionLogLik(movies, []int{3, 3, 0, 0, 1, 0, 3, 3, 3, 1})
	if err != nil || math.Abs(gap-byHand[3]) > 1e-12 {
		t.Errorf("with an empty group: %g (%v)", gap, err)
	}
	miss := mat.NewDense(3, 2, []float64{1, math.NaN(), 1, 0, 0, 1})
	got, err := PartitionLogLik(miss, []int{0, 0, 1})
	if want := 2*math.Log(2.0/3) + math.Log(1.0/3); err != nil || math.Abs(got-want) > 1e-12 {
		t.Errorf("missing entry: %g (%v), want %g", got, err, want)
	}
	for _, c := range []struct {
		x      mat.Matrix
		labels []int
		want   error
	}{
		{nil, nil, errs.ErrEmpty},
		{miss, []int{0, 0}, errs.ErrShape},
		{miss, []int{0, -1, 0}, errs.ErrParam},
		{miss, []int{0, 3, 0}, errs.ErrParam},
		{mat.NewDense(1, 1, []float64{0.5}), []int{0}, errs.ErrParam},
	} {
		if _, err := PartitionLogLik(c.x, c.labels); !errors.Is(err, c.want) {
			t.Errorf("labels %v: %v, want %v", c.labels, err, c.want)
		}
	}
}

// Two rows that like the first item, one that likes the second: the grouping {0, 1}, {2} has
// ν = (2/3, 1/3), μ = (1, 0) and (0, 1), so log p(X) = 2 log(2/3) + log(1/3).
func ExamplePartitionLogLik() {
	x := mat.NewDense(3, 2, []float64{1, 0, 1, 0, 0, 1})
	ll, _ := PartitionLogLik(x, []int{0, 0, 1})
	fmt.Printf("%.4f = %.4f\n", ll, 2*math.Log(2.0/3)+math.Log(1.0/3))
	// Output: -1.9095 = -1.9095
}
