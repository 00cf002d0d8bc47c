package gibbs

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestBothSmall(t *testing.T) {
	r1 := []float64{0, -5, 1, 0.5}
	r2 := []float64{0, 4, 1, -0.2}
	erm, _ := ERM(r1, r2)
	both, err := BothSmall(r1, r2)
	if err != nil {
		t.Fatal(err)
	}
	if erm != 1 || both != 0 {
		t.Errorf("ERM %d (want 1), BothSmall %d (want 0)", erm, both)
	}
	if _, err := BothSmall(r1, r2[:2]); !errors.Is(err, ErrShape) {
		t.Errorf("lengths: %v", err)
	}
	if _, err := BothSmall([]float64{math.NaN()}, []float64{0}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
}

func TestNoiseSensitivity(t *testing.T) {
	deltas := []float64{1e-1, 1e-2, 1e-3}
	dk, dh, err := NoiseSensitivity(20, 1, deltas, 300, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(deltas); i++ {
		// Both scores move linearly in δ: ten times less noise, ten times less change.
		if r := dk[i-1] / dk[i]; math.Abs(r-10) > 1.5 {
			t.Errorf("κ ratio %g at δ = %g", r, deltas[i])
		}
		if r := dh[i-1] / dh[i]; math.Abs(r-10) > 1.5 {
			t.Errorf("holdout ratio %g at δ = %g", r, deltas[i])
		}
	}
	zk, zh, _ := NoiseSensitivity(5, 1, []float64{0}, 3, 1)
	if zk[0] != 0 || zh[0] != 0 {
		t.Errorf("δ = 0 moves the scores: %g, %g", zk[0], zh[0])
	}
	for _, c := range []struct {
		err  error
		want error
	}{
		{second(NoiseSensitivity(0, 1, deltas, 3, 1)), ErrParam},
		{second(NoiseSensitivity(5, 0, deltas, 3, 1)), ErrParam},
		{second(NoiseSensitivity(5, 1, []float64{-1}, 3, 1)), ErrParam},
		{second(NoiseSensitivity(5, 1, nil, 3, 1)), ErrParam},
		{second(NoiseSensitivity(1<<20, 1, deltas, 1000, 1)), ErrTooLarge},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("error %v, want %v", c.err, c.want)
		}
	}
}

func second(_, _ []float64, err error) error { return err }

func ExampleBothSmall() {
	r1 := []float64{0, -5, 1}
	r2 := []float64{0, 4, 1}
	erm, _ := ERM(r1, r2)
	both, _ := BothSmall(r1, r2)
	fmt.Println(erm, both)
	// Output: 1 0
}

func ExampleNoiseSensitivity() {
	dk, dh, _ := NoiseSensitivity(20, 1, []float64{0.1, 0.01}, 500, 1)
	fmt.Printf("κ moves %.0f× less, holdout %.0f× less at a tenth of the noise\n",
		dk[0]/dk[1], dh[0]/dh[1])
	// Output: κ moves 10× less, holdout 10× less at a tenth of the noise
}

// Many draws of a tiny cost vector cost little per entry but much per draw: the work bound
// counts the draw (found by the sweep's pairs of counts: draws = 2^20 ran for seconds).
func TestNoiseSensitivityWork(t *testing.T) {
	for _, c := range []struct{ n, draws int }{{2, 1 << 20}, {math.MaxInt, 1}, {1 << 26, 1}} {
		if _, _, err := NoiseSensitivity(c.n, 1, []float64{0.1}, c.draws, 1); !errors.Is(err, ErrTooLarge) {
			t.Errorf("n = %d, draws = %d: %v", c.n, c.draws, err)
		}
	}
	if _, _, err := NoiseSensitivity(2, 1, []float64{0.1}, 1<<19, 1); err != nil {
		t.Errorf("within the bound: %v", err)
	}
}
