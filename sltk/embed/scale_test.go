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
	want := bruteNeighbours(x, k)
	for i := range n {
		for r := range k {
			if got[i][r] != want[i][r] {
				t.Fatalf("point %d: neighbours %v, brute force %v", i, got[i], want[i])
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

// TestScaledRowsBoundary: data up to 1e150 in magnitude is used as given, above it divided by
// its largest entry (scaledRows). On both sides and at the boundary, Neighbors must match the
// brute-force neighbours of the unscaled data, and LLE's weights (invariant under isotropic
// scaling) and WeightError/s² must match the fit of the unscaled data.
func TestScaledRowsBoundary(t *testing.T) {
	const n = 30
	base := scaledSample(n, 1)
	big := 0.0
	for _, v := range base.RawMatrix().Data {
		big = math.Max(big, math.Abs(v))
	}
	ref, err := LLE{Components: 2, Neighbors: 6}.Fit(base)
	if err != nil {
		t.Fatal(err)
	}
	want := bruteNeighbours(base, 6)
	for _, top := range []float64{1e149, 1e150, math.Nextafter(1e150, 2e150), 1e151} {
		s := top / big // largest entry of the scaled data is top
		x := scaledSample(n, s)
		got, err := Neighbors(x, 6)
		if err != nil {
			t.Fatal(err)
		}
		r, err := LLE{Components: 2, Neighbors: 6}.Fit(x)
		if err != nil {
			t.Fatalf("max %g: %v", top, err)
		}
		for i := range n {
			for j := range 6 {
				if got[i][j] != want[i][j] || r.NeighborIndices[i][j] != want[i][j] {
					t.Fatalf("max %g: point %d neighbours %v / LLE %v, unscaled %v", top, i, got[i], r.NeighborIndices[i], want[i])
				}
				if math.Abs(r.Weights[i][j]-ref.Weights[i][j]) > 1e-9 {
					t.Fatalf("max %g: weight %d,%d = %v, unscaled %v", top, i, j, r.Weights[i][j], ref.Weights[i][j])
				}
			}
		}
		if math.Abs(r.WeightError/(s*s)-ref.WeightError) > 1e-9*ref.WeightError {
			t.Errorf("max %g: WeightError/s² = %g, unscaled %g", top, r.WeightError/(s*s), ref.WeightError)
		}
	}
}

// bruteNeighbours returns the k nearest other rows of every row of x by sorting all squared
// distances (ties by index), the O(p² log p) reference for the k-d tree.
func bruteNeighbours(x *mat.Dense, k int) [][]int {
	n, d := x.Dims()
	out := make([][]int, n)
	for i := range n {
		idx := make([]int, 0, n-1)
		for j := range n {
			if j != i {
				idx = append(idx, j)
			}
		}
		dist := func(j int) float64 {
			var s float64
			for c := range d {
				s += (x.At(i, c) - x.At(j, c)) * (x.At(i, c) - x.At(j, c))
			}
			return s
		}
		sort.SliceStable(idx, func(a, b int) bool { return dist(idx[a]) < dist(idx[b]) })
		out[i] = idx[:k]
	}
	return out
}
