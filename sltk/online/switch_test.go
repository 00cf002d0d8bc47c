package online

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// refVote recomputes a weighted stump vote's training error from its definition.
func refVote(stumps []Stump, w []float64, x *mat.Dense, y []int) float64 {
	n, _ := x.Dims()
	wrong := 0
	for i := 0; i < n; i++ {
		s := 0.0
		for t, h := range stumps {
			s += w[t] * float64(2*h.Predict(x.RawRowView(i))-1)
		}
		if (s >= 0) != (y[i] == 1) {
			wrong++
		}
	}
	return float64(wrong) / float64(n)
}

// AdaBoost switches from boosting to "one perfect stump" when the best stump's weighted error
// is ≤ 1e-12. On separable data (n = 1 and n = 10, d = 1) it stops after one round with a
// stump that classifies everything; with one label flipped it keeps boosting, and every
// reported TrainError, the last included, equals the error of the returned vote recomputed
// from the definition (the early stop must not fire on a stump that is only nearly perfect
// under the weights).
func TestSwitchAdaBoostEarlyStop(t *testing.T) {
	for _, n := range []int{1, 10} {
		x := mat.NewDense(n, 1, nil)
		y := make([]int, n)
		for i := 0; i < n; i++ {
			x.Set(i, 0, float64(i))
			if i >= n/2 {
				y[i] = 1
			}
		}
		r, err := AdaBoost{MaxIter: 50}.Fit(x, y)
		if err != nil || len(r.Stumps) != 1 || refVote(r.Stumps, r.Weights, x, y) != 0 || r.TrainError[0] != 0 {
			t.Errorf("separable n = %d: %+v, %v", n, r, err)
		}
	}
	x := mat.NewDense(10, 1, nil)
	y := make([]int, 10)
	for i := range y {
		x.Set(i, 0, float64(i))
		if i >= 5 || i == 2 {
			y[i] = 1
		}
	}
	for _, it := range []int{1, 2, 5, 50, 400} {
		r, err := AdaBoost{MaxIter: it}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		last := r.TrainError[len(r.TrainError)-1]
		if ref := refVote(r.Stumps, r.Weights, x, y); math.Abs(ref-last) > 0 {
			t.Errorf("MaxIter = %d: reported training error %v, the returned vote's is %v (%d stumps)", it, last, ref, len(r.Stumps))
		}
	}
}
