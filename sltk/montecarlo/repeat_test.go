package montecarlo

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestIterationsFor compares the closed form with a search over k of AcceptWithin, the
// definition: the smallest k whose acceptance probability reaches p.
func TestIterationsFor(t *testing.T) {
	for _, a := range []float64{1e-3, 0.01, 0.05, 0.1, 0.3, 0.5, 0.9, 1} {
		for _, p := range []float64{0, 0.1, 0.5, 0.9, 0.95, 0.99, 0.999} {
			want := 0
			for q, _ := AcceptWithin(a, want); q < p; q, _ = AcceptWithin(a, want) {
				want++
			}
			if k, err := IterationsFor(a, p); err != nil || k != want {
				t.Errorf("IterationsFor(%v, %v) = %d, %v; search gives %d", a, p, k, err, want)
			}
		}
	}
	if k, _ := IterationsFor(0.01, 0.99); k != 459 { // exercise 2 of the chapter
		t.Errorf("IterationsFor(0.01, 0.99) = %d, want 459", k)
	}
	for _, ap := range [][2]float64{{0, 0.5}, {1.5, 0.5}, {math.NaN(), 0.5}, {0.5, 1}, {0.5, -0.1}} {
		if _, err := IterationsFor(ap[0], ap[1]); !errors.Is(err, ErrParam) {
			t.Errorf("IterationsFor(%v, %v): err = %v, want ErrParam", ap[0], ap[1], err)
		}
	}
	if _, err := IterationsFor(1e-300, 0.5); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a = 1e-300: err = %v, want ErrTooLarge", err)
	}
}

// TestMissRate checks a deterministic estimator (seed mod 10 against truth 0) and the ±5
// coin averaged over m = 15 draws, whose miss probability Pr(|mean| > 1) = Pr(|2K − 15| ≥ 5)
// for K ~ Bin(15, 1/2) is 1 − (C(15,6) + C(15,7) + C(15,8) + C(15,9))/2^15.
func TestMissRate(t *testing.T) {
	mod := func(s uint64) (float64, error) { return float64(s % 10), nil }
	if r, err := MissRate(100, 4.5, 0, mod); err != nil || r != 0.5 {
		t.Errorf("seed mod 10 beyond 4.5: %v, %v; want 0.5", r, err)
	}
	coin := func(rng *rand.Rand) float64 { return float64(10*rng.IntN(2) - 5) }
	r, err := MissRate(20000, 1, 0, func(s uint64) (float64, error) {
		e, err := Mean{M: 15, Lo: -5, Hi: 5, Seed: s}.Estimate(coin)
		return e.Mean, err
	})
	want := 1 - float64(5005+6435+6435+5005)/32768
	if err != nil || math.Abs(r-want) > 0.015 {
		t.Errorf("coin, m = 15: miss rate %v, %v; want %.4f", r, err, want)
	}
	fail := errors.New("boom")
	if _, err := MissRate(3, 1, 0, func(uint64) (float64, error) { return 0, fail }); !errors.Is(err, fail) {
		t.Errorf("estimator error: %v", err)
	}
	nan := func(uint64) (float64, error) { return math.NaN(), nil }
	if _, err := MissRate(3, 1, 0, nan); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN estimate: err = %v", err)
	}
	for _, c := range []struct {
		runs      int
		eps, want float64
		f         func(uint64) (float64, error)
		err       error
	}{
		{0, 1, 0, mod, ErrParam}, {MaxRepeats + 1, 1, 0, mod, ErrTooLarge},
		{3, 0, 0, mod, ErrParam}, {3, 1, math.Inf(1), mod, ErrNotFinite}, {3, 1, 0, nil, ErrParam},
	} {
		if _, err := MissRate(c.runs, c.eps, c.want, c.f); !errors.Is(err, c.err) {
			t.Errorf("MissRate(%d, %v, %v): err = %v, want %v", c.runs, c.eps, c.want, err, c.err)
		}
	}
}

// TestLakeWaterShare checks a hand-made lake: depths 1, 40, 40, 2 hold 83 units, the two
// canyon cells 80 of them.
func TestLakeWaterShare(t *testing.T) {
	l := Lake{Depth: []int{1, 40, 40, 2}}
	if w, err := l.Water(); err != nil || w != 83 {
		t.Errorf("Water = %d, %v; want 83", w, err)
	}
	target, _ := l.Target()
	if s, err := l.CanyonShare(target); err != nil || math.Abs(s-80.0/83) > 1e-15 {
		t.Errorf("CanyonShare(Target) = %v, %v; want 80/83", s, err)
	}
	if s, _ := l.CanyonShare([]float64{0.25, 0.25, 0.25, 0.25}); s != 0.5 {
		t.Errorf("CanyonShare(uniform) = %v, want 0.5", s)
	}
	if _, err := l.CanyonShare([]float64{1}); err == nil {
		t.Error("CanyonShare with 1 frequency for 4 cells: no error")
	}
	if _, err := l.CanyonShare([]float64{0, math.NaN(), 0, 0}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN frequency: err = %v", err)
	}
	if _, err := (Lake{Depth: []int{0, 0}}).Water(); !errors.Is(err, ErrEmpty) {
		t.Errorf("dry lake: err = %v", err)
	}
}

// TestHoeffdingWidth inverts HoeffdingFailure: at the width it returns, the failure bound is δ.
func TestHoeffdingWidth(t *testing.T) {
	for _, m := range []int{1, 10, 500, 100000} {
		for _, delta := range []float64{0.01, 0.05, 0.5} {
			w, err := HoeffdingWidth(m, delta, -1, 3)
			if err != nil {
				t.Fatal(err)
			}
			if f, _ := HoeffdingFailure(w, m, -1, 3); math.Abs(f-delta) > 1e-12 {
				t.Errorf("m = %d, δ = %v: failure bound at the width %v is %v", m, delta, w, f)
			}
		}
	}
	if w, _ := HoeffdingWidth(5000, 0.05, 0, 4); math.Abs(w-math.Sqrt(8*math.Log(40)/5000)) > 1e-15 {
		t.Errorf("π band at m = 5000: %v", w)
	}
	for _, c := range [][3]float64{{0, 0.05, 1}, {10, 0, 1}, {10, 1, 1}, {10, 0.05, 0}} {
		if _, err := HoeffdingWidth(int(c[0]), c[1], 0, c[2]); !errors.Is(err, ErrParam) {
			t.Errorf("HoeffdingWidth(%v): err = %v", c, err)
		}
	}
}
