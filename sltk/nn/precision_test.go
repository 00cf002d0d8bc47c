package nn_test

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/nn"
)

// TestFloat32MatchesFloat64: on the digits, training in float32 reaches the test accuracy of
// float64 training from the same initial weights (mean over five seeds within half a point), its
// loss trajectory stays within 0.5 % of float64's epoch by epoch (rounding at 2⁻²⁴ instead of
// 2⁻⁵³ perturbs the path, not where it goes), and its weights are float32 numbers.
func TestFloat32MatchesFloat64(t *testing.T) {
	x, xt, y, yt := digitsSplit(t)
	var acc [2]float64
	worst := 0.0
	for seed := range uint64(5) {
		var loss [2][]float64
		for i, p := range []nn.Precision{nn.Float64, nn.Float32} {
			m, err := nn.MLP{Hidden: []int{64, 32}, BatchSize: 64, MaxIter: 30, Patience: 1000,
				Seed: seed, Precision: p}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			pred, _ := m.Predict(xt)
			for j := range pred {
				if pred[j] == yt[j] {
					acc[i] += 1 / (5 * float64(len(pred)))
				}
			}
			for _, e := range m.Trace {
				loss[i] = append(loss[i], e.Loss)
			}
			if p == nn.Float32 {
				for j, v := range m.Params() {
					if float64(float32(v)) != v {
						t.Fatalf("seed %d: parameter %d = %v is not a float32", seed, j, v)
					}
				}
			}
		}
		for e := range loss[0] {
			worst = max(worst, math.Abs(loss[1][e]-loss[0][e])/loss[0][e])
		}
	}
	t.Logf("test accuracy float64 %.4f, float32 %.4f; worst relative loss gap %.2g", acc[0], acc[1], worst)
	if math.Abs(acc[1]-acc[0]) > 0.005 || worst > 0.005 {
		t.Errorf("test accuracy float64 %.4f, float32 %.4f; worst relative loss gap %.2g", acc[0], acc[1], worst)
	}
}
