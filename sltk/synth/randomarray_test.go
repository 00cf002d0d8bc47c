package synth

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestRandomArray(t *testing.T) {
	x1, x2, err := RandomArray(100, 4)
	if err != nil {
		t.Fatal(err)
	}
	y1, y2, _ := RandomArray(100, 4)
	for i := range x1 {
		if x1[i] != y1[i] || x2[i] != y2[i] {
			t.Fatal("same seed, different arrays")
		}
	}
	if x1[0] != 0 || x2[0] != 0 {
		t.Errorf("X_0 = %g, %g, want 0", x1[0], x2[0])
	}
	// Entry 10 is negative with probability 0.05: count over many seeds.
	neg, draws := 0, 20000
	for s := 0; s < draws/2; s++ {
		a, b, _ := RandomArray(11, uint64(s))
		if a[10] < 0 {
			neg++
		}
		if b[10] < 0 {
			neg++
		}
	}
	if f := float64(neg) / float64(draws); math.Abs(f-0.05) > 0.006 {
		t.Errorf("P(X_10 < 0) ≈ %.4f, want 0.05", f)
	}
	if _, _, err := RandomArray(0, 1); !errors.Is(err, ErrParam) {
		t.Errorf("n = 0: %v", err)
	}
	if _, err := RandomArrayERMSuccess(-1); !errors.Is(err, ErrParam) {
		t.Errorf("n = −1: %v", err)
	}
}

func TestRandomArrayERMSuccess(t *testing.T) {
	p, _ := RandomArrayERMSuccess(100)
	if math.Abs(p-0.3696) > 1e-4 {
		t.Errorf("P(ERM correct) = %.5f, want 0.3696", p)
	}
	hits, trials := 0, 4000
	for s := 0; s < trials; s++ {
		x1, x2, _ := RandomArray(100, uint64(s))
		best := 0
		for i := range x1 {
			if x1[i]+x2[i] < x1[best]+x2[best] {
				best = i
			}
		}
		if best == 0 {
			hits++
		}
	}
	se := math.Sqrt(p * (1 - p) / float64(trials))
	if f := float64(hits) / float64(trials); math.Abs(f-p) > 4*se {
		t.Errorf("simulated ERM success %.4f, analytic %.4f", f, p)
	}
}

func ExampleRandomArray() {
	x1, x2, _ := RandomArray(5, 1)
	fmt.Println(len(x1), len(x2), x1[0], x2[0])
	p, _ := RandomArrayERMSuccess(100)
	fmt.Printf("P(ERM finds index 0) = %.4f\n", p)
	// Output:
	// 5 5 0 0
	// P(ERM finds index 0) = 0.3696
}
