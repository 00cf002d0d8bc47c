package claim

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestFixed(t *testing.T) {
	for _, c := range []struct {
		v    float64
		prec int
		want string
	}{
		{-1e-9, 3, "0.000"},               // rounds to zero: no sign
		{math.Copysign(0, -1), 2, "0.00"}, // negative zero itself
		{-0.0004, 3, "0.000"},
		{-0.0005, 3, "-0.001"}, // rounds away from zero: the sign stays (%.3f gives -0.001)
		{-0.81, 2, "-0.81"},
		{1.00049, 3, "1.000"},
		{-2.5, 0, "-2"}, // round half to even, as %.0f
		{-0.4, 0, "0"},
		{0.1, -1, "0.1"},
		{math.NaN(), 3, "NaN"},
		{math.Inf(-1), 3, "-Inf"},
		{0.5, 1 << 40, "0.5" + strings.Repeat("0", MaxPrec-1)}, // capped at MaxPrec
	} {
		got := Fixed(c.v, c.prec)
		if got != c.want {
			t.Errorf("Fixed(%v, %d) = %q, want %q", c.v, c.prec, got, c.want)
		}
		// Away from zero Fixed is fmt's %.*f.
		if c.want != "0.000" && c.want != "0.00" && c.want != "0" && c.prec >= 0 &&
			c.prec <= MaxPrec {
			if f := fmt.Sprintf("%.*f", c.prec, c.v); f != got {
				t.Errorf("Fixed(%v, %d) = %q, fmt gives %q", c.v, c.prec, got, f)
			}
		}
	}
	if got, want := FixedVec([]float64{-1, 1, -1e-12}, 3), "(-1.000, 1.000, 0.000)"; got != want {
		t.Errorf("FixedVec = %q, want %q", got, want)
	}
	if got := FixedVec(nil, 3); got != "()" {
		t.Errorf("FixedVec(nil) = %q, want ()", got)
	}
}

func ExampleFixed() {
	m := []float64{-0.99996, 1, -3e-10} // a mean-field solution: the third spin sits at 0
	fmt.Printf("%.3f\n", m)
	fmt.Println(FixedVec(m, 3))
	// Output:
	// [-1.000 1.000 -0.000]
	// (-1.000, 1.000, 0.000)
}
