package colsign

import (
	"math"
	"math/rand/v2"
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

// TestFixByRowPass checks FixBy's one pass over the rows of by against the column-by-column
// rule (the first entry of the largest magnitude decides) on random matrices with ties of
// equal and opposite sign, zeros, NaN entries and a column slice of a wider matrix.
func TestFixByRowPass(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := range 200 {
		rows, c := 1+rng.IntN(40), 1+rng.IntN(5)
		wide := mat.NewDense(rows, c+1, nil)
		for i := range rows {
			for j := range c + 1 {
				v := float64(rng.IntN(7) - 3) // many ties, ±
				if rng.IntN(30) == 0 {
					v = math.NaN()
				}
				wide.Set(i, j, v)
			}
		}
		by := wide.Slice(0, rows, 1, c+1).(*mat.Dense)
		m := mat.NewDense(2, c, nil)
		for j := range c {
			m.Set(0, j, 1)
			m.Set(1, j, -2)
		}
		got := mat.DenseCopyOf(m)
		FixBy(got, by)
		for j := range c {
			best := 0.0
			for i := range rows {
				if v := by.At(i, j); math.Abs(v) > math.Abs(best) {
					best = v
				}
			}
			want := 1.0
			if best < 0 {
				want = -1
			}
			if got.At(0, j) != want || got.At(1, j) != -2*want {
				t.Fatalf("trial %d column %d: got %v, %v; want sign %v", trial, j, got.At(0, j), got.At(1, j), want)
			}
		}
	}
}
