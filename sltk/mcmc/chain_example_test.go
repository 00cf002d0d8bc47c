package mcmc_test

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/mcmc"
)

// Example 6.12 in exact arithmetic: stationary distribution, detailed balance, mixing time.
func ExampleRatChain() {
	c, _ := mcmc.ParseRatChain("1/3 1/3 1/3", "2/3 0 1/3", "2/3 1/3 0")
	pi, _ := c.Stationary()
	ok, _ := c.DetailedBalance(pi)
	f, _ := c.Float()
	m, _ := mcmc.MixingTime{Epsilon: 0.01}.Run(f)
	fmt.Println(pi, ok, m.T)
	// Output: [1/2 1/4 1/4] true 4
}

// Exact mixing times of the random-card-to-top shuffle against the bound n·ln(n/ε).
func ExampleShuffleMatrix() {
	c, _ := mcmc.ShuffleMatrix(4)
	m, _ := mcmc.MixingTime{Epsilon: 0.01}.Run(c.FiniteChain)
	b, _ := mcmc.ShuffleBound(4, 0.01)
	fmt.Printf("%d states, T(0.01) = %d ≤ %.2f\n", len(c.States), m.T, b)
	// Output: 24 states, T(0.01) = 9 ≤ 23.97
}

// The matchings of the 2×2 grid (the 4-cycle) and the exact Metropolis–Hastings chain on them.
func ExampleMatchingMatrix() {
	e, _ := mcmc.GridEdges(2, 2)
	c, _ := mcmc.MatchingMatrix(4, e)
	m, _ := mcmc.MixingTime{Epsilon: 0.25}.Run(c.FiniteChain)
	fmt.Println(len(c.States), c.Ergodic(), m.T)
	// Output: 7 true 3
}

// A perfect matching of the 2×3 grid as a bit mask, its edges, and the check that it is a
// matching: no vertex has degree above 1 (here every vertex has degree 1).
func ExampleDegrees() {
	e, _ := mcmc.GridEdges(2, 3)    // 0–1, 0–3, 1–2, 1–4, 2–5, 3–4, 4–5
	sel := mcmc.MaskEdges(0b110001) // edges 0, 4 and 5: 0–1, 2–5, 3–4
	deg, _ := mcmc.Degrees(6, e, sel)
	fmt.Println(sel, deg)
	// Output: [0 4 5] [1 1 1 1 1 1]
}
