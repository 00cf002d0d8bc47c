package embed

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestRankCorrelation(t *testing.T) {
	a := []float64{1, 2, 3, 4, 5}
	for _, c := range []struct {
		name string
		b    []float64
		want float64
	}{
		{"monotone, not linear", []float64{1, 8, 27, 64, 125}, 1},
		{"reversed", []float64{5, 3, 2, 0, -9}, -1},
		// ranks of b: 0, 2, 1, 3.5, 3.5; Σ(r_a − 2)(r_b − 2) = 4 + 0 + 0 + 1.5 + 3 = 8.5,
		// Σ(r_a − 2)² = 10, Σ(r_b − 2)² = 4 + 0 + 1 + 2.25 + 2.25 = 9.5.
		{"ties", []float64{1, 3, 2, 4, 4}, 8.5 / math.Sqrt(10*9.5)},
	} {
		got, err := RankCorrelation(a, c.b)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: ρ = %g, want %g", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		name string
		a, b []float64
		want error
	}{
		{"lengths", []float64{1, 2}, []float64{1}, ErrParam},
		{"too short", []float64{1}, []float64{1}, ErrParam},
		{"NaN", []float64{1, math.NaN()}, []float64{1, 2}, ErrNotFinite},
		{"constant", []float64{1, 1, 1}, []float64{1, 2, 3}, ErrParam},
	} {
		if _, err := RankCorrelation(c.a, c.b); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// y = eˣ grows with x, so its rank correlation is 1 though the relation is far from linear.
func ExampleRankCorrelation() {
	x := []float64{0, 1, 2, 3, 4, 5}
	y := make([]float64, len(x))
	for i, v := range x {
		y[i] = math.Exp(v)
	}
	rho, err := RankCorrelation(x, y)
	fmt.Printf("%.3f %v\n", rho, err)
	// Output: 1.000 <nil>
}
