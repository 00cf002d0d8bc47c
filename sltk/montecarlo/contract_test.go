package montecarlo

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

// TestBadInputErrors: the failure and acceptance probabilities name the argument out of range.
func TestBadInputErrors(t *testing.T) {
	f := func(_ float64, err error) error { return err }
	for _, c := range []struct {
		name string
		err  error
		msg  string
	}{
		{"HoeffdingFailure eps", f(HoeffdingFailure(0, 10, 0, 1)), "eps = 0"},
		{"HoeffdingFailure m", f(HoeffdingFailure(0.1, 0, 0, 1)), "m = 0, want ≥ 1"},
		{"HoeffdingFailure range", f(HoeffdingFailure(0.1, 10, 0.5, 0.5)), "range [0.5, 0.5]"},
		{"PiFailure eps", f(PiFailure(math.NaN(), 10)), "eps = NaN"},
		{"FirstAcceptance a", f(FirstAcceptance(1e308, 2)), "a = 1e+308, want in [0, 1]"},
		{"FirstAcceptance k", f(FirstAcceptance(0.5, 0)), "k = 0, want ≥ 1"},
		{"AcceptWithin a", f(AcceptWithin(-1, 2)), "a = -1"},
	} {
		if !errors.Is(c.err, errs.ErrParam) || !strings.Contains(c.err.Error(), c.msg) {
			t.Errorf("%s: %v, want ErrParam with %q", c.name, c.err, c.msg)
		}
	}
	if p, err := AcceptWithin(1, 0); err != nil || p != 0 {
		t.Errorf("AcceptWithin(1, 0) = %v, %v, want 0", p, err)
	}
}
