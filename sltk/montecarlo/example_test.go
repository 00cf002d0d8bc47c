package montecarlo_test

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/montecarlo"
)

// The sample size that Hoeffding's inequality asks for, and π by darts.
func Example() {
	m, _ := montecarlo.HoeffdingSize(0.1/4, 0.01, 0, 1) // π̂ within 0.1 with probability 0.99
	r, _ := montecarlo.EstimatePi(m, 1)
	fmt.Println(m, r.Pi > 3.04 && r.Pi < 3.24)
	// Output: 4239 true
}

// Karp–Luby counts the models of a DNF formula and samples them uniformly.
func ExampleKarpLuby() {
	phi, _ := montecarlo.ParseDNF("x1 x2 | !x1 x3 | x2 x3")
	models, _ := phi.Models()
	c, _ := montecarlo.KarpLuby{Seed: 1}.Count(phi, 0.05, 0.01)
	fmt.Printf("%d models, W = %g, estimate within 5%%: %v\n", len(models), c.W,
		c.Estimate > 3.8 && c.Estimate < 4.2)
	// Output: 4 models, W = 6, estimate within 5%: true
}

// How often does π̂ from 500 darts miss π by more than 0.25? Hoeffding caps the frequency at
// 2e^{−ε²m/8}; and how many proposals does a sampler with acceptance 1 % need to accept
// with probability 0.99?
func ExampleMissRate() {
	freq, _ := montecarlo.MissRate(1000, 0.25, math.Pi, func(s uint64) (float64, error) {
		r, err := montecarlo.EstimatePi(500, s)
		return r.Pi, err
	})
	bound, _ := montecarlo.PiFailure(0.25, 500)
	k, _ := montecarlo.IterationsFor(0.01, 0.99)
	fmt.Printf("miss frequency below the bound %.3f: %v; %d iterations\n", bound, freq <= bound, k)
	// Output: miss frequency below the bound 0.040: true; 459 iterations
}

// The synthetic lake's canyons: a quarter of the water under 2 % of the surface.
func ExampleLake_CanyonShare() {
	lake, _ := montecarlo.SyntheticLake(300, 1)
	target, _ := lake.Target()
	water, _ := lake.Water()
	share, _ := lake.CanyonShare(target)
	fmt.Printf("%d units of water, %.2f of it in %d canyon cells\n", water, share, len(lake.Canyons()))
	// Output: 985 units of water, 0.24 of it in 6 canyon cells
}

// The bottom of a small lake for a side view: each cell's depth below the surface.
func ExampleLake_Bottom() {
	lake := montecarlo.Lake{Depth: []int{1, 3, 40, 2}}
	fmt.Println(lake.Bottom())
	// Output: [-1 -3 -40 -2]
}

// The 95 % Hoeffding band of π̂ narrows like 1/√m: a hundred times the darts, a tenth the width.
func ExampleHoeffdingWidth() {
	for _, m := range []int{100, 10000} {
		w, _ := montecarlo.HoeffdingWidth(m, 0.05, 0, 4)
		fmt.Printf("m = %d: π ± %.3f\n", m, w)
	}
	// Output:
	// m = 100: π ± 0.543
	// m = 10000: π ± 0.054
}
