package check

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestNonFinite(t *testing.T) {
	type state struct {
		X    []float64
		m    *mat.Dense
		Z    complex128
		Next *state
	}
	cyc := &state{X: []float64{1}}
	cyc.Next = cyc
	for _, c := range []struct {
		v    any
		want string
	}{
		{1.0, ""},
		{math.NaN(), "v = NaN"},
		{[]float64{1, math.Inf(-1)}, "v[1] = -Inf"},
		{state{m: mat.NewDense(1, 2, []float64{0, math.NaN()})}, "v.m.mat.Data[1] = NaN"},
		{state{Z: complex(1, math.Inf(1))}, "v.Z = (1+Inf"},
		{map[string]float64{"a": math.NaN()}, "v[a] = NaN"},
		{cyc, ""},
	} {
		got := NonFinite(c.v, "v", 0)
		if len(got) < len(c.want) || got[:len(c.want)] != c.want || (c.want == "" && got != "") {
			t.Errorf("NonFinite(%v) = %q, want prefix %q", c.v, got, c.want)
		}
	}
	long := make([]float64, 100)
	long[99] = math.NaN()
	if got := NonFinite(long, "v", 50); got != "" {
		t.Errorf("budget 50 looked past it: %q", got)
	}
	if got := NonFinite(long, "v", 200); got != "v[99] = NaN" {
		t.Errorf("budget 200: %q", got)
	}
}
