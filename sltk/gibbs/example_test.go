package gibbs_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
)

// The protocol of chapter 10 with a noisy "algorithm" on three classes: phenomenon j gives
// class j with probability 0.8, and the posterior is a Gibbs distribution around the observed class.
func ExampleProtocol() {
	post := func(c int) ([]float64, error) {
		cost := []float64{1, 1, 1}
		cost[c] = 0
		d, err := gibbs.New(cost, 0.25)
		if err != nil {
			return nil, err
		}
		return d.LogP, nil
	}
	var phenomena []func(*rand.Rand) int
	for j := 0; j < 3; j++ {
		phenomena = append(phenomena, func(rng *rand.Rand) int {
			if rng.Float64() < 0.8 {
				return j
			}
			return rng.IntN(3)
		})
	}
	p := gibbs.Protocol[int]{Phenomena: phenomena, Posterior: post, Trials: 2000, Seed: 1}
	r, _ := p.Run()
	ipa, _ := p.LogPA(2000)
	fmt.Printf("success rate ≈ %.1f, empirical log PA ≈ %.1f nats\n", r.Rate, ipa)
	// Output: success rate ≈ 0.7, empirical log PA ≈ 0.3 nats
}

// A schedule in temperatures, and the driver running a toy "algorithm" at each level: here the
// expected cost of a two-state Gibbs distribution, which falls as T falls.
func ExampleAnneal() {
	s, _ := gibbs.Schedule{T0: 4, TMin: 0.5, Cooling: 0.5}.Resolve(gibbs.Schedule{})
	levels, err := gibbs.Anneal(s.Temperatures(), 0, func(k int, T float64) (gibbs.Level, error) {
		d, err := gibbs.New([]float64{0, 1}, T)
		if err != nil {
			return gibbs.Level{}, err
		}
		return gibbs.Level{T: T, Cost: d.MeanR, FreeEnergy: d.F, Iter: 1, Converged: true}, nil
	})
	fmt.Println(err)
	for _, lv := range levels {
		fmt.Printf("T = %.1f: ⟨R⟩ = %.3f\n", lv.T, lv.Cost)
	}
	// Output:
	// <nil>
	// T = 4.0: ⟨R⟩ = 0.438
	// T = 2.0: ⟨R⟩ = 0.378
	// T = 1.0: ⟨R⟩ = 0.269
	// T = 0.5: ⟨R⟩ = 0.119
}
