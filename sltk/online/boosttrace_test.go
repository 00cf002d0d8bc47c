package online

import (
	"errors"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The weight trace is the distribution before each round: uniform at first, then each round
// multiplies the weight of every example the round's stump got right by 1 − α (recomputed here
// from the stumps' own predictions) and renormalises; the last step gives Weights. Tracing
// changes nothing else.
func TestBoostWeightTrace(t *testing.T) {
	x, y := majority3(6)
	plain, err := BoostMWU{Gamma: 0.4, Epsilon: 0.01}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	res, err := BoostMWU{Gamma: 0.4, Epsilon: 0.01, TraceWeights: true}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Weights, plain.Weights) || !slices.Equal(res.WeakError, plain.WeakError) || plain.WeightTrace != nil {
		t.Fatal("tracing changed the fit, or an untraced fit kept a trace")
	}
	n, _ := x.Dims()
	if len(res.WeightTrace) != len(res.Stumps) {
		t.Fatalf("%d traced rounds for %d stumps", len(res.WeightTrace), len(res.Stumps))
	}
	next := func(p []float64, h Stump) []float64 {
		q := make([]float64, n)
		sum := 0.0
		for i := range q {
			q[i] = p[i]
			if h.Predict(x.RawRowView(i)) == y[i] {
				q[i] *= 1 - res.LearningRate
			}
			sum += q[i]
		}
		for i := range q {
			q[i] /= sum
		}
		return q
	}
	want := slices.Repeat([]float64{1 / float64(n)}, n)
	for s, p := range append(res.WeightTrace, res.Weights) {
		for i := range p {
			if math.Abs(p[i]-want[i]) > 1e-9*want[i] {
				t.Fatalf("round %d, example %d: %v, want %v", s, i, p[i], want[i])
			}
		}
		if s < len(res.Stumps) {
			want = next(want, res.Stumps[s])
		}
	}
	big := mat.NewDense(1<<12, 1, nil)
	if _, err := (BoostMWU{Gamma: 0.4, Epsilon: 1e-300, TraceWeights: true}).Fit(big, make([]int, 1<<12)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a trace beyond MaxWeightTrace: %v", err)
	}
}
