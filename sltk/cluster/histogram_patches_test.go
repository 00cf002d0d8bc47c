package cluster

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

func TestPatchCounts(t *testing.T) {
	// A 2×4 image, 2×2 patches, 4 bins on [0, 8]: values 0..7 and the edge value 8.
	img := mat.NewDense(2, 4, []float64{
		0, 1, 6, 8,
		2, 3, 7, 5,
	})
	c, err := PatchCounts(img, 2, 4, 0, 8)
	if err != nil {
		t.Fatal(err)
	}
	want := mat.NewDense(2, 4, []float64{
		2, 2, 0, 0, // left patch: 0, 1, 2, 3
		0, 0, 1, 3, // right patch: 6, 8, 7, 5
	})
	if !mat.Equal(c, want) {
		t.Fatalf("counts\n%v\nwant\n%v", mat.Formatted(c), mat.Formatted(want))
	}
	// Every patch holds patch² pixels, and the histograms are valid input for HistogramDA.
	h, err := HistogramsFromCounts(c)
	if err != nil || math.Abs(mat.Sum(h)-2) > 1e-12 {
		t.Fatalf("histograms: %v (sum %g)", err, mat.Sum(h))
	}
	for i, bad := range []struct {
		img         mat.Matrix
		patch, bins int
		lo, hi      float64
	}{
		{nil, 2, 4, 0, 8},
		{img, 3, 4, 0, 8},
		{img, 0, 4, 0, 8},
		{img, 2, 0, 0, 8},
		{img, 2, 4, 8, 0},
		{img, 2, 4, 0, math.Inf(1)},
		{img, 2, 4, 0, 7},
		{mat.NewDense(2, 2, []float64{0, math.NaN(), 1, 1}), 2, 4, 0, 8},
	} {
		if _, err := PatchCounts(bad.img, bad.patch, bad.bins, bad.lo, bad.hi); check.Sentinel(err) == nil {
			t.Errorf("case %d: err = %v", i, err)
		}
	}
}
