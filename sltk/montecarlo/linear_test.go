package montecarlo

import (
	"errors"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

// TestLinearRangeSizeRange: b = −Inf gave m = −Inf, returned as 1 sample with a nil error (and
// b ≤ 0 or NaN likewise); now errs.ErrParam. A valid b gives ⌈b·ln(2/δ)/ε²⌉ in closed form.
func TestLinearRangeSizeRange(t *testing.T) {
	for _, b := range []float64{math.Inf(-1), math.Inf(1), math.NaN(), 0, -1} {
		if _, err := LinearRangeSize(0.1, 0.05, b); !errors.Is(err, errs.ErrParam) {
			t.Errorf("b = %v: err = %v, want ErrParam", b, err)
		}
	}
	m, err := LinearRangeSize(1, 0.1, 5)
	if want := int(math.Ceil(5 * math.Log(20))); err != nil || m != want {
		t.Errorf("LinearRangeSize(1, 0.1, 5) = %d, %v, want %d", m, err, want)
	}
}
