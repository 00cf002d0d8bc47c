package online

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/errs"
)

func TestMaxExperts(t *testing.T) {
	_, mErr := MWU{}.New(1 << 40)
	_, wErr := WeightedMajority{}.New(1 << 40)
	for _, err := range []error{mErr, wErr} {
		if !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), ".New: n = 1099511627776") {
			t.Errorf("New(2^40): %v", err)
		}
	}
}

// Uncapped sizes are refused before any allocation or loop (before the fix AdaBoost{MaxIter:
// 1<<40} ran its rounds and RunAdaptive(…, 1<<40) grew its traces until memory ran out), and
// sizes at the limits still run.
func TestRoundLimits(t *testing.T) {
	x := mat.NewDense(4, 1, []float64{0, 1, 2, 3})
	y := []int{0, 1, 0, 1} // no perfect stump: boosting runs all its rounds
	for _, it := range []int{MaxBoostRounds + 1, 1 << 40, math.MaxInt} {
		if _, err := (AdaBoost{MaxIter: it}).Fit(x, y); !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), "AdaBoost.Fit: MaxIter") {
			t.Errorf("AdaBoost{MaxIter: %d}: %v", it, err)
		}
	}
	big := mat.NewDense(1<<12, 1<<12, nil)
	yb := make([]int, 1<<12)
	for i := range yb {
		yb[i] = i % 2
		big.Set(i, 0, float64(i%2))
	}
	if _, err := (AdaBoost{MaxIter: 1 << 13}).Fit(big, yb); !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), "MaxIter·n·d") {
		t.Errorf("AdaBoost rounds·n·d = 2³⁷: %v", err)
	}
	if _, err := (BoostMWU{Gamma: 0.4, Epsilon: 1e-300}).Fit(big, yb); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("BoostMWU rounds·n·d: %v", err)
	}
	adv := AdversaryFunc(func(int, []int) []float64 { return []float64{0.5, 0.5} })
	for _, c := range []struct{ n, t int }{{2, MaxEXP3Rounds + 1}, {2, 1 << 40}, {MaxExperts + 1, 1}, {1 << 20, 1 << 20}} {
		if _, err := (EXP3{Gamma: 0.1}).RunAdaptive(adv, c.n, c.t); !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), "EXP3.RunAdaptive") {
			t.Errorf("RunAdaptive(n = %d, T = %d): %v", c.n, c.t, err)
		}
	}
	if tr, err := (EXP3{Gamma: 0.1}).RunAdaptive(adv, 2, 1000); err != nil || len(tr.Regret) != 1000 {
		t.Errorf("RunAdaptive(2, 1000): %v", err)
	}
}
