package montecarlo

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

// TestDartsAreEstimatePis: the darts Darts returns are the ones EstimatePi counts, for several
// seeds and sizes.
func TestDartsAreEstimatePis(t *testing.T) {
	for _, m := range []int{1, 10, 1000} {
		for seed := range uint64(5) {
			pts, side, err := Darts(m, seed)
			if err != nil {
				t.Fatal(err)
			}
			in := 0
			for i := range m {
				x, y := pts.At(i, 0), pts.At(i, 1)
				if x < -1 || x > 1 || y < -1 || y > 1 {
					t.Fatalf("dart %d = (%g, %g) outside the square", i, x, y)
				}
				if inside := math.Hypot(x, y) <= 1; inside != (side[i] == 0) {
					t.Fatalf("dart %d = (%g, %g) on side %d", i, x, y, side[i])
				}
				if side[i] == 0 {
					in++
				}
			}
			r, err := EstimatePi(m, seed)
			if err != nil {
				t.Fatal(err)
			}
			if in != r.Inside {
				t.Errorf("m = %d, seed %d: %d darts inside, EstimatePi counted %d", m, seed, in, r.Inside)
			}
		}
	}
}

func TestDartsBadInput(t *testing.T) {
	if _, _, err := Darts(0, 1); !errors.Is(err, ErrParam) {
		t.Errorf("m = 0: %v", err)
	}
	if _, _, err := Darts(MaxDarts+1, 1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("m > MaxDarts: %v", err)
	}
}

func ExampleDarts() {
	pts, side, _ := Darts(10, 1)
	r, _ := EstimatePi(10, 1)
	n, _ := pts.Dims()
	fmt.Printf("%d darts, sides %v, %d inside, π̂ = %.1f\n", n, side, r.Inside, r.Pi)
	// Output:
	// 10 darts, sides [1 0 1 0 1 1 0 1 0 0], 5 inside, π̂ = 2.0
}
