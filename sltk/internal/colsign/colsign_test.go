package colsign

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestFix(t *testing.T) {
	m := mat.NewDense(3, 2, []float64{1, 0.5, -3, -0.2, 2, -0.1})
	Fix(m)
	want := mat.NewDense(3, 2, []float64{-1, 0.5, 3, -0.2, -2, -0.1})
	if !mat.Equal(m, want) {
		t.Fatalf("got %v", mat.Formatted(m))
	}
}

// TestFixBy: the scores decide, not m's own entries (scikit-learn's svd_flip), and the first
// of two equal magnitudes wins.
func TestFixBy(t *testing.T) {
	m := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	by := mat.NewDense(3, 2, []float64{0.5, 2, -1, -2, 0.2, 1})
	FixBy(m, by)
	want := mat.NewDense(2, 2, []float64{-1, 2, -3, 4})
	if !mat.Equal(m, want) {
		t.Fatalf("got %v", mat.Formatted(m))
	}
}
