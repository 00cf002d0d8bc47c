package online

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

// TestBadInputErrors: the regret bounds name the argument that is out of range, and the
// zero values of the states are safe.
func TestBadInputErrors(t *testing.T) {
	second := func(_ float64, err error) error { return err }
	for _, c := range []struct {
		name string
		err  error
		want error
		msg  string
	}{
		{"WMBound n", second(WMBound(0, 0.5, 1)), errs.ErrParam, "WMBound: n = 0, want ≥ 1"},
		{"WMBoundTight alpha", second(WMBoundTight(2, 1, 1)), errs.ErrParam, "alpha = 1, want in (0, 1)"},
		{"MWUBound loss", second(MWUBound(2, 0.5, math.NaN())), errs.ErrParam, "expertLoss = NaN"},
		{"MWUBoundExact alpha", second(MWUBoundExact(2, 0, 1)), errs.ErrParam, "alpha = 0"},
		{"MWUSignedBound", second(MWUSignedBound(2, 0.5, 3, 1)), errs.ErrParam, "|expertLoss| ≤ expertAbsLoss"},
		{"EXP3Bound gamma", second(EXP3Bound(2, 2, 1)), errs.ErrParam, "gamma = 2, want in (0, 1]"},
		{"EXP3Bound overflow", second(EXP3Bound(2, 1, 1.7e308)), errs.ErrNotFinite, "overflows"},
		{"WM zero Decide", second2((&WM{}).Decide([]int{1})), errs.ErrNotFitted, "WeightedMajority.New"},
		{"EXP3Gamma g", second(EXP3Gamma(3, -1)), errs.ErrParam, "EXP3Gamma: g = -1, want finite and > 0: "},
		{"AdaBoostResult nil", second3((*AdaBoostResult)(nil).Predict(nil)), errs.ErrNotFitted, "nil result"},
	} {
		if !errors.Is(c.err, c.want) || c.err == nil || !strings.Contains(c.err.Error(), c.msg) {
			t.Errorf("%s: %v, want %v with %q", c.name, c.err, c.want, c.msg)
		}
	}
	if b, err := EXP3Bound(2, 1, 0); err != nil || b != 2*math.Log(2) {
		t.Errorf("EXP3Bound(2, 1, 0) = %v, %v: γ = 1 is allowed", b, err)
	}
	var wm *WM
	if wm.Weights() != nil || wm.LogPotential() != 0 || wm.BestExpert() != 0 || (&WM{}).LogPotential() != 0 {
		t.Error("nil or zero WM")
	}
	if (*MWUState)(nil).Distribution() != nil || AdversaryFunc(nil).Rewards(0, nil) != nil {
		t.Error("nil MWUState or AdversaryFunc")
	}
}

func second2(_ int, err error) error   { return err }
func second3(_ []int, err error) error { return err }
