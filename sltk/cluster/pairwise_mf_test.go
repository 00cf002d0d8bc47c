package cluster

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// TestPairwiseLevelCostIsTheCost: each level's Cost is the expected pairwise cost C14 under the
// soft assignments; at low temperature, where they are nearly hard, it equals PairwiseCost of
// the labels, and for hard one-hot assignments pwFields returns C14 exactly.
func TestPairwiseLevelCostIsTheCost(t *testing.T) {
	x := pwBlobs(60, 3)
	d := halfSq(t, x)
	r, err := Pairwise{K: 3, Schedule: gibbs.Schedule{Cooling: 1 / 1.3}, Seed: 2}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := PairwiseCost(d, r.Labels, 3)
	last := r.Levels[len(r.Levels)-1]
	if math.Abs(last.Cost-want) > 1e-6*want || math.Abs(r.Cost-want) > 1e-12*want {
		t.Errorf("last level Cost %g, result Cost %g, PairwiseCost of the labels %g", last.Cost, r.Cost, want)
	}
	p, _ := pwPrepare("test", d, false)
	n, k := 60, 3
	hard := mat.NewDense(n, k, nil)
	for i, l := range r.Labels {
		hard.Set(i, l, 1)
	}
	got := pwFields(p, hard, mat.NewDense(n, k, nil), mat.NewDense(n, k, nil), mat.NewDense(n, k, nil))
	if math.Abs(got-want) > 1e-12*want {
		t.Errorf("pwFields on hard assignments %g, PairwiseCost %g", got, want)
	}
}
