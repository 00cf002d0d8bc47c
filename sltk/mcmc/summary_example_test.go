package mcmc_test

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/mcmc"
)

// The meeting times of the coupled 10-card decks against their exact mean n(H_n − 1).
func ExampleShuffleMeetingMean() {
	times, _ := mcmc.CouplingTimes(func() (mcmc.Coupling, error) {
		return mcmc.NewShuffleCoupling(10)
	}, 4000, 1000, 1)
	s, _ := mcmc.SummarizeTimes(times)
	exact, _ := mcmc.ShuffleMeetingMean(10)
	fmt.Printf("exact mean %.2f, sample mean within 0.5: %v\n", exact, s.Mean > exact-0.5 && s.Mean < exact+0.5)
	// Output: exact mean 19.29, sample mean within 0.5: true
}

// A summary of a few meeting times and the curve of Pr(not met by t).
func ExampleSurvivalCurve() {
	times := []int{2, 4, 4, 8}
	s, _ := mcmc.SummarizeTimes(times)
	ts, surv, _ := mcmc.SurvivalCurve(times, 4)
	fmt.Println(s.Mean, s.Max, ts, surv)
	// Output: 4.5 8 [0 2 4 6 8] [1 0.75 0.25 0.25 0]
}

// The matchings of the 4 × 4 grid by enumeration, and Kasteleyn's count of its perfect ones.
func ExampleCountMatchings() {
	e, _ := mcmc.GridEdges(4, 4)
	c, _ := mcmc.CountMatchings(16, e)
	tilings, _ := mcmc.DominoTilings(4, 4)
	fmt.Printf("%d matchings, %d perfect (Kasteleyn %.0f), mean size %.3f\n",
		c.Total, c.Perfect, tilings, c.MeanSize)
	// Output: 10012 matchings, 36 perfect (Kasteleyn 36), mean size 4.791
}

// A long trace thinned to geometric steps for a log-time plot, and a window's mean.
func ExampleLogSpaced() {
	trace := []int{0, 1, 2, 3, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6}
	ts, ys, _ := mcmc.LogSpaced(trace, 2)
	late, _ := mcmc.WindowMean(trace, 10, 20)
	fmt.Println(ts, ys, late)
	// Output: [1 2 4 8 16] [1 2 4 5 6] 6
}

// Total variation two ways: the largest gap over all 2³ events, and half the ℓ₁ distance.
func ExampleEventTV() {
	p, q := []float64{0.5, 0.3, 0.2}, []float64{0.2, 0.3, 0.5}
	events, _ := mcmc.EventTV(p, q)
	half, _ := mcmc.TotalVariation(p, q)
	fmt.Printf("%.2f %.2f\n", events, half)
	// Output: 0.30 0.30
}
