package online

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

func ExampleWeightedMajority() {
	// Two experts, "always 1" and "always 0"; the adversary reports the opposite of each decision.
	wm, _ := WeightedMajority{LearningRate: 0.5}.New(2)
	advice := []int{1, 0}
	for t := 0; t < 10; t++ {
		d, _ := wm.Decide(advice)
		wm.Observe(advice, 1-d)
	}
	b, _ := WMBound(2, 0.5, 5)
	fmt.Printf("mistakes %d, experts %v, bound %.4f\n", wm.Loss, wm.Experts, b)
	// Output: mistakes 10, experts [5 5], bound 17.7726
}

func ExampleBoostRounds() {
	for _, gamma := range []float64{0.4, 0.25, 0.1} {
		t, _ := BoostRounds(gamma, 0.01)
		fmt.Printf("γ = %.2f: %d rounds\n", gamma, t)
	}
	// Output:
	// γ = 0.40: 922 rounds
	// γ = 0.25: 148 rounds
	// γ = 0.10: 58 rounds
}

func ExampleEXP3() {
	g, _ := EXP3Gamma(10, 1000)
	b, _ := EXP3Bound(10, g, 1000)
	fmt.Printf("γ* = %.7f, bound %.4f\n", g, b)
	// One action always pays 1, the others 0.
	q := mat.NewDense(3, 2000, nil)
	for t := 0; t < 2000; t++ {
		q.Set(2, t, 1)
	}
	gamma, _ := EXP3Gamma(3, 2000)
	tr, _ := EXP3{Gamma: gamma, Seed: 1}.Run(q)
	b, _ = EXP3Bound(3, gamma, 2000)
	fmt.Println("regret below the bound:", tr.Regret[1999] <= b)
	// Output:
	// γ* = 0.1157606, bound 397.8186
	// regret below the bound: true
}

func ExampleMWUMaxLearningRate() {
	a := MWUMaxLearningRate()
	fmt.Printf("MWUBound is valid for α ≤ %.7f\n", a)
	loose, _ := MWUBound(2, 0.9, 100)
	exact, _ := MWUBoundExact(2, 0.9, 100)
	fmt.Printf("at α = 0.9: MWUBound %.2f, the valid MWUBoundExact %.2f\n", loose, exact)
	// Output:
	// MWUBound is valid for α ≤ 0.6838026
	// at α = 0.9: MWUBound 190.77, the valid MWUBoundExact 256.61
}

func ExampleMWUSampled() {
	// the forcing sequence: expert 0 loses on even rounds, expert 1 on odd ones
	losses := mat.NewDense(10, 2, nil)
	for t := 0; t < 10; t++ {
		losses.Set(t, t%2, 1)
	}
	tr, _ := MWUSampled{MWU: MWU{LearningRate: 0.5}, Seed: 1}.Run(losses)
	b, _ := MWUBound(2, 0.5, 5)
	fmt.Printf("expected %.4f (= 35/6), realised %v, bound %.4f\n", tr.Expected[9], tr.Realised[9], b)
	// Output: expected 5.8333 (= 35/6), realised 5, bound 8.8863
}

func ExampleEXP3_RunAdaptive() {
	// the adversary pays 1 for every action except the one the player chose last round
	adv := AdversaryFunc(func(t int, hist []int) []float64 {
		q := []float64{1, 1, 1}
		if t > 0 {
			q[hist[t-1]] = 0
		}
		return q
	})
	g, _ := EXP3Gamma(3, 1000)
	tr, _ := EXP3{Gamma: g, Seed: 1}.RunAdaptive(adv, 3, 1000)
	b, _ := EXP3Bound(3, g, 1000)
	fmt.Printf("reward %.0f, best fixed action %.0f, bound %.1f\n", tr.Reward[999], tr.Best[999], b)
	// Output: reward 664, best fixed action 692, bound 150.5
}
