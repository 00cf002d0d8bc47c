package viz

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestFuncSeriesRejectsBadPoints(t *testing.T) {
	s, err := FuncSeries("log", math.Log, []float64{1, 2})
	if err != nil || s.Y[0] != 0 || s.Y[1] != math.Log(2) {
		t.Fatalf("values %v, err %v", s.Y, err)
	}
	_, err = FuncSeries("log", math.Log, []float64{1, 0})
	if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "f(x[1] = 0)") {
		t.Errorf("log at 0: err = %v, want ErrNotFinite naming x[1]", err)
	}
	if _, err := FuncSeries("nan x", math.Sin, []float64{math.NaN()}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN x: err = %v", err)
	}
	if _, err := FuncSeries("nil", nil, []float64{1}); !errors.Is(err, ErrArg) {
		t.Errorf("nil f: err = %v", err)
	}
}

func ExampleFuncSeries() {
	s, err := FuncSeries("x²", func(x float64) float64 { return x * x }, []float64{0, 1, 2, 3})
	fmt.Println(s.Name, s.Y, err)
	// Output:
	// x² [0 1 4 9] <nil>
}
