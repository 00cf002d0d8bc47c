package mcmc

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
)

// BenchmarkAnneal runs 10⁶ proposals of simulated annealing on the 25-state landscape.
func BenchmarkAnneal(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (SimulatedAnnealing{Schedule: gibbs.Schedule{T0: 10, TMin: 10 * math.Pow(0.99, 499), Cooling: 0.99}, Steps: 2000}).Run(&chain{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHittingTimes builds a 1000-state Metropolis kernel and solves for hitting times.
func BenchmarkHittingTimes(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	n := 1000
	logf := make([]float64, n)
	for i := range logf {
		logf[i] = -3 * rng.Float64()
	}
	Q, _ := TreasureHunter(n)
	b.ReportAllocs()
	for b.Loop() {
		P, err := MetropolisMatrix(logf, Q)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := HittingTimes(P, []int{n - 1}); err != nil {
			b.Fatal(err)
		}
	}
}
