package montecarlo

import (
	"errors"
	"fmt"
	"testing"
)

// TestDartsAreEstimatePis: the darts Darts returns are the ones EstimatePi counts, for several
// seeds and sizes.
func TestDartsAreEstimatePis(t *testing.T) {
	for _, m := range []int{1, 10, 1000} {
		for seed := range uint64(5) {
			pts, err := Darts(m, seed)
			if err != nil {
				t.Fatal(err)
			}
			in := 0
			for i := range m {
				x, y := pts.At(i, 0), pts.At(i, 1)
				if x < -1 || x > 1 || y < -1 || y > 1 {
					t.Fatalf("dart %d = (%g, %g) outside the square", i, x, y)
				}
				if x*x+y*y <= 1 {
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
	if _, err := Darts(0, 1); !errors.Is(err, ErrParam) {
		t.Errorf("m = 0: %v", err)
	}
	if _, err := Darts(MaxDarts+1, 1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("m > MaxDarts: %v", err)
	}
}

func ExampleDarts() {
	pts, _ := Darts(10, 1)
	r, _ := EstimatePi(10, 1)
	n, _ := pts.Dims()
	fmt.Printf("%d darts, %d inside the disc, π̂ = %.1f\n", n, r.Inside, r.Pi)
	// Output:
	// 10 darts, 5 inside the disc, π̂ = 2.0
}
