package mcmc

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/check"
)

func TestVisitsTotalVariation(t *testing.T) {
	f, err := Visits([]int{0, 2, 2, 1, 2}, 4)
	if err != nil || f[0] != 0.2 || f[1] != 0.2 || f[2] != 0.6 || f[3] != 0 {
		t.Fatalf("Visits = %v, %v", f, err)
	}
	tv, err := TotalVariation(f, []float64{0.25, 0.25, 0.25, 0.25})
	if err != nil || math.Abs(tv-0.35) > 1e-15 {
		t.Fatalf("TV = %g, %v; want 0.35", tv, err)
	}
	// Disjoint supports are at distance 1; a distribution is at distance 0 from itself.
	if tv, _ := TotalVariation([]float64{1, 0}, []float64{0, 1}); tv != 1 {
		t.Fatalf("disjoint: %g", tv)
	}
	if tv, _ := TotalVariation(f, f); tv != 0 {
		t.Fatalf("self: %g", tv)
	}
	// A Metropolis chain's visit frequencies approach the Gibbs distribution (Theorem 6).
	costs := []float64{0, 1, 0.5, 2}
	m := MH[int]{LogTarget: func(c int) float64 { return -costs[c] },
		Propose: func(rng *rand.Rand, c int) int { return rng.IntN(4) }, Steps: 200000, Burn: 100, Seed: 3}
	ch, err := m.Run(0)
	if err != nil {
		t.Fatal(err)
	}
	freq, err := Visits(ch.States, 4)
	if err != nil {
		t.Fatal(err)
	}
	var z float64
	p := make([]float64, 4)
	for c, r := range costs {
		p[c] = math.Exp(-r)
		z += p[c]
	}
	for c := range p {
		p[c] /= z
	}
	if tv, _ := TotalVariation(freq, p); tv > 0.01 {
		t.Fatalf("MH visits are %g from the Gibbs distribution in total variation", tv)
	}
	for _, bad := range []struct {
		s []int
		n int
	}{{nil, 3}, {[]int{0}, 0}, {[]int{3}, 3}, {[]int{-1}, 3}} {
		if _, err := Visits(bad.s, bad.n); !errors.Is(err, ErrParam) {
			t.Errorf("Visits(%v, %d): err = %v", bad.s, bad.n, err)
		}
	}
	for _, bad := range [][2][]float64{{{1}, {0.5, 0.5}}, {{}, {}}, {{math.NaN()}, {1}}, {{-0.1, 1.1}, {0.5, 0.5}}, {{math.Inf(1)}, {1}}} {
		if _, err := TotalVariation(bad[0], bad[1]); check.Sentinel(err) == nil {
			t.Errorf("TotalVariation(%v): err = %v", bad, err)
		}
	}
}

// TestHunterStep compares the sampler's transition frequencies with the matrix TreasureHunter.
func TestHunterStep(t *testing.T) {
	const n, draws = 6, 40000
	q, err := TreasureHunter(n)
	if err != nil {
		t.Fatal(err)
	}
	step := HunterStep(n)
	rng := rand.New(rand.NewPCG(7, 7))
	for c := 0; c < n; c++ {
		f := make([]float64, n)
		for i := 0; i < draws; i++ {
			f[step(rng, c)] += 1.0 / draws
		}
		for d := 0; d < n; d++ {
			if math.Abs(f[d]-q.At(c, d)) > 0.01 {
				t.Fatalf("q(%d|%d): sampled %g, matrix %g", d, c, f[d], q.At(c, d))
			}
		}
	}
	if HunterStep(0) != nil {
		t.Fatal("HunterStep(0) should be nil")
	}
}
