package info

import (
	"errors"
	"fmt"
	"testing"
)

func TestRandomCodeErrorTrend(t *testing.T) {
	bsc, err := BSC(0.1)
	if err != nil {
		t.Fatal(err)
	}
	u := []float64{0.5, 0.5}
	e := func(n int, r float64) float64 {
		v, err := RandomCodeError(bsc, n, r, u, 6, 1000, 1)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if lo, hi := e(8, 0.25), e(20, 0.25); hi >= lo {
		t.Errorf("rate 0.25 < C: error %g at n = 8, %g at n = 20, want falling", lo, hi)
	}
	if lo, hi := e(6, 0.75), e(12, 0.75); hi <= lo {
		t.Errorf("rate 0.75 > C: error %g at n = 6, %g at n = 12, want rising", lo, hi)
	}
}

func TestRandomCodeErrorBadInput(t *testing.T) {
	bsc, _ := BSC(0.1)
	u := []float64{0.5, 0.5}
	for name, f := range map[string]func() error{
		"nil channel": func() error { _, err := RandomCodeError(nil, 4, 0.5, u, 1, 10, 1); return err },
		"no codes":    func() error { _, err := RandomCodeError(bsc, 4, 0.5, u, 0, 10, 1); return err },
		"n = 0":       func() error { _, err := RandomCodeError(bsc, 0, 0.5, u, 1, 10, 1); return err },
		"no trials":   func() error { _, err := RandomCodeError(bsc, 4, 0.5, u, 1, 0, 1); return err },
	} {
		if err := f(); !errors.Is(err, ErrParam) {
			t.Errorf("%s: err = %v, want ErrParam", name, err)
		}
	}
}

func ExampleRandomCodeError() {
	bsc, _ := BSC(0.1) // capacity 0.531 bits per use
	for _, n := range []int{8, 20} {
		e, _ := RandomCodeError(bsc, n, 0.25, []float64{0.5, 0.5}, 6, 1000, 1)
		fmt.Printf("rate 0.25, n = %d: error %.3f\n", n, e)
	}
	// Output:
	// rate 0.25, n = 8: error 0.061
	// rate 0.25, n = 20: error 0.032
}
