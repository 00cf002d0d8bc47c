package check

import (
	"errors"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

func TestValues(t *testing.T) {
	for _, c := range []struct {
		err  error
		want error
		msg  string
	}{
		{Finite("eps", math.NaN()), errs.ErrNotFinite, "eps = NaN: value is not finite"},
		{Finite("eps", 0.5), nil, ""},
		{Slice("w", []float64{1, math.Inf(1)}), errs.ErrNotFinite, "w[1] = +Inf: value is not finite"},
		{Slice("w", nil), errs.ErrEmpty, "w is empty: empty input"},
		{Prob("p", []float64{0.5, -0.5, 1}), errs.ErrProb, "p[1] = -0.5 is not a probability: not a probability distribution"},
		{Prob("p", []float64{0.5, 1}), errs.ErrProb, "p sums to 1.5, want 1: not a probability distribution"},
		{Prob("p", []float64{0.25, 0.75}), nil, ""},
	} {
		if !errors.Is(c.err, c.want) || (c.err == nil) != (c.want == nil) {
			t.Errorf("%v: want %v", c.err, c.want)
		}
		if c.err != nil && c.err.Error() != c.msg {
			t.Errorf("message %q, want %q", c.err.Error(), c.msg)
		}
	}
}
