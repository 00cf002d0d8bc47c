package gibbs

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

func TestScheduleResolveAndTemperatures(t *testing.T) {
	s, err := Schedule{T0: 8}.Resolve(Schedule{T0: 100, TMin: 1, Cooling: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	got := slices.Collect(s.Temperatures())
	if want := []float64{8, 4, 2, 1}; !slices.Equal(got, want) || s.Levels() != 4 {
		t.Fatalf("temperatures %v, want %v (TMin included)", got, want)
	}
	one, _ := Schedule{T0: 3, TMin: 3}.Resolve(Schedule{})
	if one.Cooling != DefaultCooling || one.Levels() != 1 {
		t.Fatalf("T0 = TMin: %+v, %d levels, want one level", one, one.Levels())
	}
	for _, bad := range []Schedule{
		{T0: 0, TMin: 1, Cooling: 0.5}, {T0: 1, TMin: -1, Cooling: 0.5}, {T0: math.Inf(1), TMin: 1, Cooling: 0.5},
		{T0: 1, TMin: 2, Cooling: 0.5}, {T0: 1, TMin: 0.5, Cooling: 1}, {T0: 1, TMin: 0.5, Cooling: math.NaN()},
	} {
		if err := bad.Validate(); !errors.Is(err, errs.ErrParam) {
			t.Errorf("%+v: err = %v, want ErrParam", bad, err)
		}
	}
	if err := (Schedule{T0: 1e300, TMin: 1e-300, Cooling: 0.9999}).Validate(); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("huge schedule: err = %v, want ErrTooLarge", err)
	}
}

type testLevel struct {
	Level
	state int
}

func TestAnnealDriver(t *testing.T) {
	s := Schedule{T0: 1, TMin: 0.01, Cooling: 0.5}
	state := 0
	levels, err := Anneal(s.Temperatures(), 0, func(k int, T float64) (testLevel, error) {
		state++ // the state carries over from level to level
		return testLevel{Level{T: T, Cost: T, Iter: k}, state}, nil
	})
	if err != nil || len(levels) != 7 || levels[6].state != 7 || levels[6].T != 1.0/64 {
		t.Fatalf("levels %+v, err %v", levels, err)
	}
	stopped, err := Anneal(s.Temperatures(), 0, func(k int, T float64) (Level, error) {
		if k == 2 {
			return Level{T: T}, ErrStop
		}
		return Level{T: T}, nil
	})
	if err != nil || len(stopped) != 3 {
		t.Fatalf("ErrStop: %d levels, err %v; want 3 levels and no error", len(stopped), err)
	}
	capped, _ := Anneal(s.Temperatures(), 2, func(k int, T float64) (Level, error) { return Level{T: T}, nil })
	if len(capped) != 2 {
		t.Fatalf("maxLevels 2: %d levels", len(capped))
	}
	_, err = Anneal(s.Temperatures(), 0, func(k int, T float64) (Level, error) { return Level{Cost: math.NaN()}, nil })
	if !errors.Is(err, errs.ErrNotFinite) {
		t.Fatalf("NaN cost: err = %v, want ErrNotFinite", err)
	}
	rising := slices.Values([]float64{1, 2})
	if _, err := Anneal(rising, 0, func(k int, T float64) (Level, error) { return Level{}, nil }); !errors.Is(err, errs.ErrParam) {
		t.Fatalf("rising temperatures: err = %v, want ErrParam", err)
	}
	boom := errors.New("boom")
	if _, err := Anneal(s.Temperatures(), 0, func(k int, T float64) (Level, error) { return Level{}, boom }); !errors.Is(err, boom) {
		t.Fatalf("level error not passed through: %v", err)
	}
}

// TestAnnealLevelCount: maxLevels = 0 means MaxLevels, and a positive count stops the run after
// that many levels (a negative count or one above MaxLevels is an error: internal/badinput).
func TestAnnealLevelCount(t *testing.T) {
	temps := Schedule{T0: 1, TMin: 1e-3, Cooling: 0.5}.Temperatures()
	level := func(_ int, T float64) (Level, error) { return Level{T: T}, nil }
	for _, c := range []struct{ max, want int }{{0, 10}, {3, 3}, {MaxLevels, 10}} {
		out, err := Anneal(temps, c.max, level)
		if err != nil || len(out) != c.want {
			t.Errorf("maxLevels = %d: %d levels, err %v, want %d", c.max, len(out), err, c.want)
		}
	}
}
