package info

import (
	"errors"
	"strings"
	"testing"
)

// Every number that drives a loop or an allocation has a limit, named in the error.
func TestSizeLimits(t *testing.T) {
	code, err := RepetitionCode(3)
	if err != nil {
		t.Fatal(err)
	}
	_, _, bscErr := BSCJointTypicality(0.1, 1<<40, 0.1)
	_, typErr := BernoulliTypicalSet(0.3, 1<<40, 0.1)
	_, repErr := RepetitionCode(1 << 40)
	_, rateErr := code.ErrorRate(nil, 1<<40, 1)
	_, lossErr := LosslessCodewords(1 << 40)
	_, massErr := MostProbableMass([]float64{0.5, 0.5}, 4, 1<<40)
	for _, c := range []struct {
		err  error
		want string
	}{
		{bscErr, "info: BSCJointTypicality: n = 1099511627776"},
		{typErr, "info: BernoulliTypicalSet: n = 1099511627776"},
		{repErr, "info: RepetitionCode: n = 1099511627776"},
		{rateErr, "info: Code.ErrorRate: trials = 1099511627776"},
		{lossErr, "info: LosslessCodewords: r = 1099511627776 bits"},
		{massErr, "info: MostProbableMass: bits = 1099511627776"},
	} {
		if !errors.Is(c.err, ErrTooLarge) || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("got %v, want ErrTooLarge with %q", c.err, c.want)
		}
	}
	if r, err := RepetitionError(5, 1); err != nil || r != 1 {
		t.Errorf("RepetitionError(5, 1) = %v, %v, want 1", r, err)
	}
}
