package info

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
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

// Random codes: M·n and the product codes·trials·M·n are refused before anything is drawn
// (before the fix RandomCodeError(…, codes = 2⁴⁰, …) looped for ever and RandomCode(n = 2⁴⁰,
// rate 0) tried to allocate 8 TiB); sizes just inside the limits run.
func TestRandomCodeLimits(t *testing.T) {
	bsc, _ := BSC(0.1)
	u := []float64{0.5, 0.5}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		err  error
		want string
	}{
		{second(RandomCodeError(bsc, 8, 0.5, u, 1<<40, 10, 1)), "RandomCodeError: codes = 1099511627776"},
		{second(RandomCodeError(bsc, 8, 0.5, u, 1<<20, 1<<20, 1)), "RandomCodeError: codes·trials·M·n"},
		{second(RandomCodeError(bsc, 8, 0.5, u, 1, 1<<40, 1)), "RandomCodeError: trials = 1099511627776"},
		{second(RandomCodeError(bsc, 1<<40, 0, u, 1, 1, 1)), "RandomCodeError: M·n = 1·1099511627776"},
		{codeErr(RandomCode(rng, 1<<40, 0, u)), "RandomCode: M·n = 1·1099511627776"},
		{codeErr(RandomCode(rng, 1<<12, 24.0/(1<<12), u)), "RandomCode: M·n = 16777216·4096"},
	} {
		if !errors.Is(c.err, ErrTooLarge) || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("got %v, want ErrTooLarge with %q", c.err, c.want)
		}
	}
	code, _ := RandomCode(rng, 16, 1, u) // 65536 words of 16 letters
	if _, err := code.ErrorRate(bsc, 1<<20, 1); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "trials·M·n") {
		t.Errorf("ErrorRate(2²⁰ trials on 2²⁰ letters): %v", err)
	}
	if c, err := RandomCode(rng, 1<<26, 0, u); err != nil || len(c.Words) != 1 {
		t.Errorf("RandomCode at M·n = limit: %v", err)
	}
	if _, err := RandomCodeError(bsc, 4, 0.5, u, 3, 10, 1); err != nil {
		t.Errorf("small RandomCodeError: %v", err)
	}
}
func codeErr(_ *Code, err error) error { return err }

// Capacity's iteration cap and the lossy code's string length are limited (before the fix
// Capacity(1e-300, 2⁴⁰) on a slowly converging channel ran for ever, and NewLossyCode with a
// one-letter alphabet looped n = 2⁶² times).
func TestIterationLimits(t *testing.T) {
	bsc, _ := BSC(0.1)
	if _, err := (BlahutArimoto{MaxIter: 1 << 40}).Run(bsc); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "BlahutArimoto.Run: MaxIter·|A|·|B|") {
		t.Errorf("BlahutArimoto{MaxIter: 2⁴⁰}.Run: %v", err)
	}
	if r, err := (BlahutArimoto{MaxIter: 1 << 34}).Run(bsc); err != nil || math.Abs(r.Bits-(1-0.4689955935892812)) > 1e-9 {
		// at the limit (2³⁴·4 = 2³⁶) it runs, and stops by tolerance: 1 − H(0.1)
		t.Errorf("Capacity at the limit: %v, %v", r, err)
	}
	if _, err := NewLossyCode([]float64{1}, 1<<62, 0.1); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "NewLossyCode: n") {
		t.Errorf("NewLossyCode(n = 2⁶²): %v", err)
	}
	if _, err := NewLossyCode([]float64{0.5, 0.5}, 23, 0.1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("NewLossyCode(2²³ strings): %v", err)
	}
}

// The default maxIter shrinks on large channels instead of failing: a 4096-letter identity
// channel (capacity log₂ 4096 = 12 bits, reached at the first iteration) runs with maxIter = 0,
// while an explicit maxIter past the work limit is refused.
func TestCapacityDefaultIterOnLargeChannel(t *testing.T) {
	w := mat.NewDense(MaxLetters, MaxLetters, nil)
	for i := 0; i < MaxLetters; i++ {
		w.Set(i, i, 1)
	}
	ch, err := NewChannel(w)
	if err != nil {
		t.Fatal(err)
	}
	r, err := BlahutArimoto{}.Run(ch)
	if err != nil || math.Abs(r.Bits-12) > 1e-12 || r.Gap > 1e-12 {
		t.Errorf("identity channel on 4096 letters: %+v, %v", r, err)
	}
	if _, err := (BlahutArimoto{MaxIter: MaxCapacityWork/(MaxLetters*MaxLetters) + 1}).Run(ch); !errors.Is(err, ErrTooLarge) {
		t.Errorf("explicit maxIter past the limit: %v", err)
	}
}
