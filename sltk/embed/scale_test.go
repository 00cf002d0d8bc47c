package embed

import (
	"errors"
	"math"
	"sort"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

func scaledSample(n int, s float64) *mat.Dense {
	x := mat.NewDense(n, 3, nil)
	for i := range n {
		for j := range 3 {
			x.Set(i, j, math.Sin(float64(i*3+j+1))*s)
		}
	}
	return x
}

// TestHugeDataScaledOrRefused: on data ×1e307 every squared distance overflowed to +Inf, so
// Neighbors returned the first k indices for every point (no error), and LLE.Fit on data ×1e160
// reported WeightError = +Inf. Now Neighbors scales as LLE.Fit does and matches brute-force
// neighbours of the unscaled data; LLE.Fit refuses a WeightError that overflows ("rescale the
// data", like PCA.Fit) and scales it exactly as s² below that.
func TestHugeDataScaledOrRefused(t *testing.T) {
	const n, k = 30, 3
	x := scaledSample(n, 1)
	got, err := Neighbors(scaledSample(n, 1e307), k)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		idx := make([]int, 0, n-1)
		for j := range n {
			if j != i {
				idx = append(idx, j)
			}
		}
		d := func(j int) float64 {
			var s float64
			for c := range 3 {
				s += (x.At(i, c) - x.At(j, c)) * (x.At(i, c) - x.At(j, c))
			}
			return s
		}
		sort.SliceStable(idx, func(a, b int) bool { return d(idx[a]) < d(idx[b]) })
		for r := range k {
			if got[i][r] != idx[r] {
				t.Fatalf("point %d: neighbours %v, brute force %v", i, got[i], idx[:k])
			}
		}
	}
	if _, err := (LLE{Components: 2, Neighbors: 6}).Fit(scaledSample(n, 1e160)); !errors.Is(err, errs.ErrNotFinite) {
		t.Errorf("LLE ×1e160: err = %v, want ErrNotFinite", err)
	}
	ref, err := LLE{Components: 2, Neighbors: 6}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	r, err := LLE{Components: 2, Neighbors: 6}.Fit(scaledSample(n, 1e100))
	if err != nil || math.Abs(r.WeightError/1e200-ref.WeightError) > 1e-9*ref.WeightError {
		t.Errorf("LLE ×1e100: WeightError %g (%v), want %g·1e200", r.WeightError, err, ref.WeightError)
	}
}
