package viz

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestFuncSeriesNonFiniteIsReportedByLines(t *testing.T) {
	s := FuncSeries("log", math.Log, []float64{0, 1, 2})
	if s.Y[1] != 0 || s.Y[2] != math.Log(2) {
		t.Fatalf("values %v", s.Y)
	}
	if _, err := Lines([]Series{s}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Lines(log at 0): err = %v, want ErrNotFinite", err)
	}
}

func ExampleFuncSeries() {
	s := FuncSeries("x²", func(x float64) float64 { return x * x }, []float64{0, 1, 2, 3})
	fmt.Println(s.Name, s.Y)
	_, err := Lines([]Series{s})
	fmt.Println(err)
	// Output:
	// x² [0 1 4 9]
	// <nil>
}
