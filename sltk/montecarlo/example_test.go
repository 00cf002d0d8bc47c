package montecarlo_test

import (
	"fmt"

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
