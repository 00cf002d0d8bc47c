package stream

import (
	"errors"
	"math"
	"testing"
)

var small = []uint64{1, 2, 1, 3, 1, 2}

func TestExactMoments(t *testing.T) {
	f := Frequencies(small)
	for p, want := range map[float64]float64{0: 3, 1: 6, 2: 14, 3: 36, 4: 98} {
		if got, _ := Moment(f, p); got != want {
			t.Errorf("F_%v = %v, want %v", p, got, want)
		}
	}
	if _, err := Moment(f, -1); !errors.Is(err, ErrParam) {
		t.Errorf("p = −1: err = %v", err)
	}
}

// Theorem 8.19: E(A_k) = F_k, exactly by enumerating the sampled position; and the running
// estimator's average over seeds approaches it.
func TestAMS(t *testing.T) {
	for k, want := range map[int]float64{2: 14, 3: 36} {
		if got, _ := AMSMean(small, k); math.Abs(got-want) > 1e-12 {
			t.Errorf("E(A_%d) = %v, want %v", k, got, want)
		}
	}
	v, _ := AMSVariance(small, 2)
	const runs = 20000
	var sum float64
	for s := uint64(0); s < runs; s++ {
		e, _ := AMS{Order: 2, Seed: s}.New()
		for _, x := range small {
			e.Update(x)
		}
		b, _ := e.Estimate()
		sum += b
	}
	if mean, se := sum/runs, math.Sqrt(v/runs); math.Abs(mean-14) > 5*se {
		t.Errorf("mean of A₂ over %d seeds = %v, want 14 ± %v", runs, mean, 5*se)
	}
	if _, err := AMSMean(nil, 2); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty stream: err = %v", err)
	}
	if _, err := (AMS{Order: -2}).New(); !errors.Is(err, ErrParam) {
		t.Errorf("Order −2: err = %v", err)
	}
}

// Lemma 8.21, exhaustively over all 4096 functions of H⁴_{8,2} mapped to ±1: E(B) = F₂ = 14
// and Var(B) = 2F₂² − 2F₄ = 196.
func TestTugOfWarExhaustive(t *testing.T) {
	m, err := ToWFamilyMoments(small, 3)
	if err != nil {
		t.Fatal(err)
	}
	if m.Mean != 14 || m.Variance != 196 {
		t.Errorf("E(B) = %v, Var(B) = %v, want 14 and 196", m.Mean, m.Variance)
	}
	if _, err := ToWFamilyMoments([]uint64{9}, 3); !errors.Is(err, ErrParam) {
		t.Errorf("key 9 ≥ 8: err = %v", err)
	}
	if _, err := ToWFamilyMoments(nil, 3); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty: err = %v", err)
	}
}

// The GF(2⁶⁴) Tug-of-War: the mean over seeds is F₂, the variance 2F₂² − 2F₄; AVG-ToW(k) with
// k = ⌈2/(ε²δ)⌉ is within εF₂ in at least 1 − δ of the runs.
func TestTugOfWarStatistics(t *testing.T) {
	s, _ := TugOfWar{Copies: 20000, Seed: 4}.New()
	for _, a := range small {
		s.Update(a)
	}
	var sum, sumSq float64
	for _, x := range s.Counters() {
		b := float64(x * x)
		sum += b
		sumSq += b * b
	}
	mean := sum / 20000
	v := sumSq/20000 - mean*mean
	if math.Abs(mean-14) > 5*math.Sqrt(196.0/20000) {
		t.Errorf("mean of B over 20000 copies = %v, want 14", mean)
	}
	if math.Abs(v-196) > 0.1*196 {
		t.Errorf("variance of B = %v, want 196", v)
	}
	const eps, delta, runs = 0.5, 0.25, 400
	a := make([]uint64, 0, 300)
	for u := uint64(0); u < 30; u++ {
		for range u%7 + 1 {
			a = append(a, u*u+5)
		}
	}
	f2, _ := Moment(Frequencies(a), 2)
	fails := failures(runs, func(r uint64) bool {
		s, _ := TugOfWar{Epsilon: eps, Delta: delta, Seed: r}.New()
		for _, x := range a {
			s.Update(x)
		}
		b, _ := s.Estimate()
		return math.Abs(b-f2) >= eps*f2
	})
	if float64(fails)/runs > delta {
		t.Errorf("AVG-ToW: %d of %d runs off by ≥ εF₂, want ≤ δ = %v", fails, runs, delta)
	}
}

// Linear sketch: turnstile updates that cancel leave the counters at zero; merging adds.
func TestTugOfWarTurnstileMerge(t *testing.T) {
	s, _ := TugOfWar{Copies: 8, Seed: 2}.New()
	o, _ := TugOfWar{Copies: 8, Seed: 2}.New()
	for x := uint64(0); x < 100; x++ {
		s.UpdateCount(x, 3)
		o.UpdateCount(x, -3)
	}
	if err := s.Merge(o); err != nil {
		t.Fatal(err)
	}
	if b, _ := s.Estimate(); b != 0 {
		t.Errorf("cancelled turnstile updates: estimate %v, want 0", b)
	}
	other, _ := TugOfWar{Copies: 8, Seed: 3}.New()
	if err := s.Merge(other); !errors.Is(err, ErrParam) {
		t.Errorf("different seeds: err = %v", err)
	}
	wide, _ := TugOfWar{Copies: 9, Seed: 2}.New()
	if err := s.Merge(wide); !errors.Is(err, ErrShape) {
		t.Errorf("different k: err = %v", err)
	}
	if _, err := (TugOfWar{Epsilon: 2, Delta: 0.1}).New(); !errors.Is(err, ErrParam) {
		t.Errorf("ε = 2: err = %v", err)
	}
	if _, err := (TugOfWar{Copies: -1}).New(); !errors.Is(err, ErrParam) {
		t.Errorf("K = −1: err = %v", err)
	}
}
