package mcmc

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestTreasureLandscape(t *testing.T) {
	r := TreasureLandscape()
	if len(r) != 25 || r[TreasureMinimum] != 0 {
		t.Fatalf("landscape %v", r)
	}
	for c, v := range r {
		if v < 0 || (v == 0 && c != TreasureMinimum) {
			t.Fatalf("R(%d) = %g: c* = 19 must be the unique minimum", c, v)
		}
	}
	if got := fmt.Sprint(LocalMinima(r)); got != "[4 9 14 19]" {
		t.Fatalf("local minima %s, want [4 9 14 19]", got)
	}
	r[0] = 99 // a fresh copy each call
	if TreasureLandscape()[0] != 8 {
		t.Fatal("TreasureLandscape returned shared storage")
	}
}

func TestLogGibbs(t *testing.T) {
	l, err := LogGibbs([]float64{0, 1, 3}, 2)
	if err != nil || l[0] != 0 || l[1] != -0.5 || l[2] != -1.5 {
		t.Fatalf("LogGibbs = %v, %v", l, err)
	}
	for _, c := range []struct {
		costs []float64
		T     float64
		want  error
	}{{nil, 1, ErrEmpty}, {[]float64{1}, 0, ErrParam}, {[]float64{1}, math.Inf(1), ErrParam},
		{[]float64{1}, math.NaN(), ErrParam}, {[]float64{math.NaN()}, 1, ErrNotFinite}} {
		if _, err := LogGibbs(c.costs, c.T); !errors.Is(err, c.want) {
			t.Fatalf("LogGibbs(%v, %g): %v, want %v", c.costs, c.T, err, c.want)
		}
	}
	if m := LocalMinima([]float64{2, 1, 1, 0}); fmt.Sprint(m) != "[3]" {
		t.Fatalf("plateaus are not strict minima: %v", m)
	}
	if m := LocalMinima(nil); m != nil {
		t.Fatalf("LocalMinima(nil) = %v", m)
	}
}

// ExampleTreasureLandscape builds the exact Metropolis kernel of the treasure hunter at T = 1
// and computes the expected number of steps from c = 0 to the treasure c* = 19.
func ExampleTreasureLandscape() {
	r := TreasureLandscape()
	logp, _ := LogGibbs(r, 1)
	q, _ := TreasureHunter(len(r))
	p, _ := MetropolisMatrix(logp, q)
	h, _ := HittingTimes(p, []int{TreasureMinimum})
	fmt.Println("local minima:", LocalMinima(r))
	fmt.Printf("expected steps from 0 to 19 at T = 1: %.0f\n", h[0])
	// Output:
	// local minima: [4 9 14 19]
	// expected steps from 0 to 19 at T = 1: 5405
}
