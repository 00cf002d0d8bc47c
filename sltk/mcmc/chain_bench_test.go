package mcmc

import (
	"math/rand/v2"
	"testing"
)

// benchSteps measures step, one call per iteration from one seeded generator, in steps/s.
func benchSteps(b *testing.B, step func(*rand.Rand)) {
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		step(rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
}

// BenchmarkMatchingStep30x30 measures MH steps on the matchings of the 30×30 grid (1740 edges).
func BenchmarkMatchingStep30x30(b *testing.B) {
	n, e := 30*30, noErr(GridEdges(30, 30))
	m, _ := NewMatchingChain(n, e)
	benchSteps(b, m.Step)
}

// BenchmarkShuffleStep52 measures random-card-to-top steps on a 52-card deck.
func BenchmarkShuffleStep52(b *testing.B) {
	deck := make([]int, 52)
	for i := range deck {
		deck[i] = i
	}
	benchSteps(b, func(rng *rand.Rand) { ShuffleStep(rng, deck) })
}

// BenchmarkShuffleCoupling52 measures coupled steps of two 52-card decks.
func BenchmarkShuffleCoupling52(b *testing.B) {
	c, _ := NewShuffleCoupling(52)
	benchSteps(b, c.StepPair)
}

// BenchmarkStationary1000 solves the stationary distribution of a dense random 1000-state chain.
func BenchmarkStationary1000(b *testing.B) {
	c, err := RandomChain(1000, 3)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := c.Stationary(); err != nil {
			b.Fatal(err)
		}
	}
}
