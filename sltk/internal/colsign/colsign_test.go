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
