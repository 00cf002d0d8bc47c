package regress_test

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/regress"
)

// Fit the realisable class {sin x, x, 1} and a cubic to samples of 2 sin x + x/2 − 1.
func Example() {
	f := func(x float64) float64 { return 2*math.Sin(x) + 0.5*x - 1 }
	var xs, ys []float64
	for i := 0; i < 12; i++ {
		x := 0.5 * float64(i)
		xs, ys = append(xs, x), append(ys, f(x))
	}
	class := []regress.Func{math.Sin, func(x float64) float64 { return x }, func(float64) float64 { return 1 }}
	m, err := regress.BasisLS{Basis: class}.Fit(xs, ys)
	if err != nil {
		panic(err)
	}
	fmt.Printf("w = (%.3f, %.3f, %.3f), exact fit: %v\n", m.W[0], m.W[1], m.W[2], m.TrainMSE < 1e-20)

	cubic, err := regress.Polynomial(3, 6)
	if err != nil {
		panic(err)
	}
	p, err := regress.BasisLS{Basis: cubic}.Fit(xs, ys)
	if err != nil {
		panic(err)
	}
	fmt.Printf("cubic: training MSE %.3f\n", p.TrainMSE)
	// Output:
	// w = (2.000, 0.500, -1.000), exact fit: true
	// cubic: training MSE 0.021
}
