package mcmc

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkMatchingStep30x30 measures MH steps on the matchings of the 30×30 grid (1740 edges).
func BenchmarkMatchingStep30x30(b *testing.B) {
	n, e := 30*30, noErr(GridEdges(30, 30))
	m, _ := NewMatchingChain(n, e)
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Step(rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
}

// BenchmarkShuffleStep52 measures random-card-to-top steps on a 52-card deck.
func BenchmarkShuffleStep52(b *testing.B) {
	deck := make([]int, 52)
	for i := range deck {
		deck[i] = i
	}
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ShuffleStep(rng, deck)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
}

// BenchmarkShuffleCoupling52 measures coupled steps of two 52-card decks.
func BenchmarkShuffleCoupling52(b *testing.B) {
	c, _ := NewShuffleCoupling(52)
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.StepPair(rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
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
