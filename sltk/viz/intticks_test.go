package viz

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestIntegerTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{{0, 2, "0 1 2"}, {1, 15, "2 4 6 8 10 12 14"}, {0, 10, "0 2 4 6 8 10"}, {0, 5, "0 1 2 3 4 5"}, {0.2, 0.8, ""}} {
		var labels []string
		for _, tk := range (integerTicks{}).Ticks(c.lo, c.hi) {
			if tk.Value != math.Trunc(tk.Value) {
				t.Errorf("[%g, %g]: fractional tick %g", c.lo, c.hi, tk.Value)
			}
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != c.want {
			t.Errorf("integer ticks over [%g, %g]: %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
	f, err := Lines([]Series{{Y: []float64{3, 2, 1}}}, IntegerX())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := f.X.Tick.Marker.(integerTicks); !ok {
		t.Errorf("IntegerX: x ticker %T", f.X.Tick.Marker)
	}
	if _, err := Scatter(nil, IntegerX()); !errors.Is(err, ErrArg) {
		t.Errorf("IntegerX on Scatter: %v, want ErrArg", err)
	}
}

func TestIntegerTicksCompactLabels(t *testing.T) {
	var got []string
	for _, tk := range (integerTicks{}).Ticks(0, 2e6) {
		if tk.Label != "" {
			got = append(got, tk.Label)
		}
	}
	if s := strings.Join(got, " "); s != "0 0.5M 1.0M 1.5M 2.0M" {
		t.Errorf("integer ticks over [0, 2e6]: %s", s)
	}
}
