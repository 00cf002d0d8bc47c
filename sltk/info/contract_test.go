package info

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// TestBadInputErrors: typed-nil matrices, zero-value codes, a nil rng, a Channel whose W was
// set by hand and lengths beyond the limits get an error naming what was wrong.
func TestBadInputErrors(t *testing.T) {
	f := func(_ float64, err error) error { return err }
	bad := &Channel{W: mat.NewDense(2, 2, []float64{math.Inf(1), 0, 0.5, 0.5})}
	for _, c := range []struct {
		name string
		err  error
		want error
		msg  string
	}{
		{"BinaryEntropy", f(BinaryEntropy(2)), errs.ErrParam, "p = 2, want in [0, 1]"},
		{"BSCCapacity", f(BSCCapacity(math.NaN())), errs.ErrParam, "eps = NaN"},
		{"TypewriterCapacity n", f(TypewriterCapacity(1, 0.5)), errs.ErrParam, "n = 1, want ≥ 2"},
		{"JointEntropy typed nil", f(JointEntropy((*mat.Dense)(nil))), errs.ErrEmpty, "nil joint"},
		{"NewChannel typed nil", errOf(NewChannel((*mat.Dense)(nil))), errs.ErrEmpty, "W is nil"},
		{"NoisyTypewriter huge", errOf(NoisyTypewriter(1<<40, 0.1)), errs.ErrTooLarge, "limit 4096"},
		{"TypicalSetMass huge n", f(TypicalSetMass([]float64{0.5, 0.5}, math.MaxInt, 0.1)), errs.ErrTooLarge, "string length n"},
		{"RandomCode nil rng", errOf(RandomCode(nil, 4, 0.5, []float64{0.5, 0.5})), errs.ErrParam, "rng is nil"},
		{"Capacity of a bad W", errOf(BlahutArimoto{}.Run(bad)), errs.ErrNotFinite, "Channel.W"},
		{"Joint of a bad W", errOf(bad.Joint([]float64{0.5, 0.5})), errs.ErrNotFinite, "Channel.W"},
		{"DecodeML nil code", errOf((*Code)(nil).DecodeML(bad, nil)), errs.ErrEmpty, "no codewords"},
		{"ErrorRate nil code", f((*Code)(nil).ErrorRate(bad, 1, 1)), errs.ErrEmpty, "no codewords"},
		{"LossyCode zero Encode", errOf((&LossyCode{}).Encode(nil)), errs.ErrNotFitted, "NewLossyCode"},
		{"LossyCode nil Decode", errOf((*LossyCode)(nil).Decode(0)), errs.ErrNotFitted, "NewLossyCode"},
		// a message names the wrong argument only
		{"NoisyTypewriter eps", errOf(NoisyTypewriter(4, 2)), errs.ErrParam, "NoisyTypewriter: eps = 2, want in [0, 1]: "},
		{"RandomCode n", errOf(RandomCode(rand.New(rand.NewPCG(1, 2)), 0, 0.5, nil)), errs.ErrParam, "RandomCode: n = 0, want ≥ 1: "},
		{"BernoulliTypicalSet eps", errOf(BernoulliTypicalSet(0.3, 10, 0)), errs.ErrParam, "BernoulliTypicalSet: eps = 0, want finite and > 0: "},
		{"BSCJointTypicality flip", errOf2(BSCJointTypicality(1, 10, 0.1)), errs.ErrParam, "BSCJointTypicality: flip = 1, want in (0, 1): "},
	} {
		if !errors.Is(c.err, c.want) || c.err == nil || !strings.Contains(c.err.Error(), c.msg) {
			t.Errorf("%s: %v, want %v with %q", c.name, c.err, c.want, c.msg)
		}
	}
	if (*Code)(nil).Rate() != 0 || (*LossyCode)(nil).Rate() != 0 || (&LossyCode{}).Rate() != 0 {
		t.Error("rates of nil or zero codes")
	}
	// Entropy is scale-free, so counts whose sum overflows give the entropy of their ratios.
	if h, err := EntropyCounts([]float64{1e308, 1e308, 1e308, 1e308}); err != nil || math.Abs(h-2) > 1e-12 {
		t.Errorf("EntropyCounts(4 × 1e308) = %v, %v, want 2 bits", h, err)
	}
}

func errOf[T any](_ T, err error) error    { return err }
func errOf2(_, _ float64, err error) error { return err }
