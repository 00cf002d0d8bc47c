package info

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The bad-input errors of this package are contract rows of internal/badinput; these are the
// edge cases that must succeed: zero values, overflowing counts and sizes just inside a limit.
func TestEdgesThatSucceed(t *testing.T) {
	if (*Code)(nil).Rate() != 0 || (*LossyCode)(nil).Rate() != 0 || (&LossyCode{}).Rate() != 0 {
		t.Error("rates of nil or zero codes")
	}
	// Entropy is scale-free, so counts whose sum overflows give the entropy of their ratios.
	if h, err := EntropyCounts([]float64{1e308, 1e308, 1e308, 1e308}); err != nil || math.Abs(h-2) > 1e-12 {
		t.Errorf("EntropyCounts(4 × 1e308) = %v, %v, want 2 bits", h, err)
	}
	if r, err := RepetitionError(5, 1); err != nil || r != 1 {
		t.Errorf("RepetitionError(5, 1) = %v, %v, want 1", r, err)
	}
	bsc, _ := BSC(0.1)
	u := []float64{0.5, 0.5}
	rng := rand.New(rand.NewPCG(1, 2))
	if c, err := RandomCode(rng, 1<<26, 0, u); err != nil || len(c.Words) != 1 {
		t.Errorf("RandomCode at M·n = limit: %v", err)
	}
	if _, err := RandomCodeError(bsc, 4, 0.5, u, 3, 10, 1); err != nil {
		t.Errorf("small RandomCodeError: %v", err)
	}
	// At the work limit (2³⁴ iterations · 4 = 2³⁶) Blahut–Arimoto runs and stops by its
	// tolerance at 1 − H(0.1).
	if r, err := (BlahutArimoto{MaxIter: 1 << 34}).Run(bsc); err != nil || math.Abs(r.Bits-(1-0.4689955935892812)) > 1e-9 {
		t.Errorf("Capacity at the limit: %v, %v", r, err)
	}
}

// The default MaxIter shrinks on large channels instead of failing: a 4096-letter identity
// channel (capacity log₂ 4096 = 12 bits, reached at the first iteration) runs with MaxIter = 0,
// while an explicit MaxIter past the work limit is refused.
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
