package cluster_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// TestBestPairwiseAgainstAllLabelings compares the restricted-growth enumeration with a plain
// loop over all kⁿ labelings scored by PairwiseCost.
func TestBestPairwiseAgainstAllLabelings(t *testing.T) {
	const n, k = 7, 3
	rng := rand.New(rand.NewPCG(9, 9))
	d := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			v := rng.Float64()
			d.Set(i, j, v)
			d.Set(j, i, v)
		}
	}
	res, err := cluster.BestPairwise(d, k)
	if err != nil {
		t.Fatal(err)
	}
	best := math.Inf(1)
	labels := make([]int, n)
	for code := 0; code < int(math.Pow(k, n)); code++ {
		used := make([]bool, k)
		for i, c := 0, code; i < n; i, c = i+1, c/k {
			labels[i] = c % k
			used[labels[i]] = true
		}
		if !used[0] || !used[1] || !used[2] {
			continue
		}
		e, err := cluster.PairwiseCost(d, labels, k)
		if err != nil {
			t.Fatal(err)
		}
		best = math.Min(best, e)
	}
	if math.Abs(res.Cost-best) > 1e-15 || res.Partitions != 301 { // S(7, 3) = 301
		t.Errorf("BestPairwise cost %v over %d partitions, want %v over 301", res.Cost, res.Partitions, best)
	}
	if e, _ := cluster.PairwiseCost(d, res.Labels, k); e != res.Cost {
		t.Errorf("Cost %v, PairwiseCost of Labels %v", res.Cost, e)
	}
}

func TestBestPairwiseBadInput(t *testing.T) {
	d := mat.NewDense(3, 3, []float64{0, 1, 2, 1, 0, 1, 2, 1, 0})
	if _, err := cluster.BestPairwise(d, 4); !errors.Is(err, errs.ErrParam) {
		t.Errorf("k = 4 > n: err = %v", err)
	}
	if _, err := cluster.BestPairwise(mat.NewDense(40, 40, nil), 5); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("S(40, 5): err = %v", err)
	}
}

func ExampleBestPairwise() {
	// Two tight pairs far apart: {0, 1} and {2, 3}.
	d := mat.NewDense(4, 4, []float64{
		0, 1, 9, 9,
		1, 0, 9, 9,
		9, 9, 0, 1,
		9, 9, 1, 0,
	})
	res, _ := cluster.BestPairwise(d, 2)
	fmt.Println(res.Labels, res.Cost, res.Partitions)
	// Output: [0 0 1 1] 0.25 7
}
