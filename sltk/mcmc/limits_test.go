package mcmc

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

func TestLimits(t *testing.T) {
	flat := func(int) float64 { return 0 }
	_, eErr := Enumerate(1<<40, flat, 1)
	_, vErr := Visits([]int{0}, 1<<40)
	m := MH[float64]{LogTarget: func(float64) float64 { return 0 },
		Propose: func(r *rand.Rand, x float64) float64 { return x }, Steps: 1 << 40}
	_, rErr := m.Run(0)
	m.Steps = -1
	_, sErr := m.Run(0)
	_, hErr := FirstHit(m, 0, func(float64) bool { return false }, 1<<40)
	_, gErr := GridEdges(math.MaxInt, 2)
	for _, c := range []struct {
		err  error
		is   error
		want string
	}{
		{eErr, ErrTooLarge, "mcmc: Enumerate: n = 1099511627776 states"},
		{vErr, ErrTooLarge, "mcmc: Visits: n = 1099511627776 classes"},
		{rErr, ErrTooLarge, "mcmc: MH.Run: Steps = 1099511627776"},
		{sErr, ErrParam, "mcmc: MH.Run: Steps = -1, want ≥ 1"},
		{hErr, ErrTooLarge, "mcmc: FirstHit: maxSteps = 1099511627776"},
		{gErr, ErrParam, "mcmc: GridEdges"},
	} {
		if !errors.Is(c.err, c.is) || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("got %v, want %v with %q", c.err, c.is, c.want)
		}
	}
	if Unit(1<<40, 0) != nil {
		t.Error("Unit(2^40, 0) allocated")
	}
	_, rows := EvolutionTable(nil, 1<<40)
	if rows != nil {
		t.Error("EvolutionTable of nothing has rows")
	}
	var s *IndependentSets
	if _, err := s.IndSetStates(); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("nil IndependentSets: %v", err)
	}
}

func TestSteppersRefuseBadState(t *testing.T) {
	deck := []int{0, 1, 2}
	MoveToTop(deck, 7)
	MoveToTop(nil, 0)
	var s IndependentSets
	s.Step(nil, []int{1})
	if deck[0] != 0 {
		t.Errorf("deck changed: %v", deck)
	}
}
