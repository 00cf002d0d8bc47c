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
