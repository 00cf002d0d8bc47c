package cluster

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

func TestPartitionCost(t *testing.T) {
	// Two clusters on a line: {0, 2} with mean 1 and {10} alone; cost 1 + 1 + 0.
	x := mat.NewDense(3, 1, []float64{0, 2, 10})
	c, means, err := PartitionCost(x, []int{0, 0, 1}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if c != 2 || means.At(0, 0) != 1 || means.At(1, 0) != 10 || means.At(2, 0) != 0 {
		t.Errorf("cost %v, means %v", c, mat.Formatted(means.T()))
	}

	rng := rand.New(rand.NewPCG(1, 1))
	data := mat.NewDense(300, 3, nil)
	for i := range 300 {
		for j := range 3 {
			data.Set(i, j, rng.NormFloat64()+float64(3*(i%3)))
		}
	}
	// At a Lloyd fixed point the partition's cost is the reported cost.
	res, err := KMeans{K: 3, Seed: 1}.Fit(data)
	if err != nil {
		t.Fatal(err)
	}
	c, _, err = PartitionCost(data, res.Labels, 3)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(c-res.Cost) > 1e-9*res.Cost {
		t.Errorf("partition cost %v, k-means cost %v", c, res.Cost)
	}
	// For a random partition: the means beat other centroids for the same labels, and
	// reassigning to the nearest mean (one Lloyd step) can only lower the cost.
	labels := make([]int, 300)
	for i := range labels {
		labels[i] = rng.IntN(3)
	}
	c, means, _ = PartitionCost(data, labels, 3)
	moved := mat.DenseCopyOf(means)
	moved.Set(0, 0, moved.At(0, 0)+0.1)
	fixed := 0.0
	for i, q := range labels {
		for j := range 3 {
			fixed += math.Pow(data.At(i, j)-moved.At(q, j), 2)
		}
	}
	if fixed <= c {
		t.Errorf("moved centroid cost %v ≤ partition cost %v", fixed, c)
	}
	if _, after, _ := Assign(data, means); after > c {
		t.Errorf("after reassignment %v > %v", after, c)
	}

	for name, f := range map[string]func() error{
		"length": func() error { _, _, err := PartitionCost(x, []int{0}, 2); return err },
		"k":      func() error { _, _, err := PartitionCost(x, []int{0, 0, 0}, 0); return err },
		"label":  func() error { _, _, err := PartitionCost(x, []int{0, 2, 1}, 2); return err },
		"NaN": func() error {
			_, _, err := PartitionCost(mat.NewDense(1, 1, []float64{math.NaN()}), []int{0}, 1)
			return err
		},
	} {
		if err := f(); err == nil {
			t.Errorf("%s: no error", name)
		} else if check.Sentinel(err) == nil {
			t.Errorf("%s: %v wraps no sentinel", name, err)
		}
	}
}
