package synth_test

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

func ExampleBlobs() {
	centers := mat.NewDense(2, 2, []float64{0, 0, 5, 5})
	x, labels, _, err := synth.Blobs{N: 6, Centers: centers, Std: 0.1, Seed: 1}.Generate()
	if err != nil {
		panic(err)
	}
	r, c := x.Dims()
	fmt.Println(r, c, labels)
	// Output: 6 2 [0 1 0 1 0 1]
}

func ExampleMixingMatrix() {
	s, err := synth.Sources{N: 1000, Kinds: []synth.Source{synth.Sine, synth.Laplace}, Seed: 2}.Generate()
	if err != nil {
		panic(err)
	}
	a, err := synth.MixingMatrix(2, 3, 2)
	if err != nil {
		panic(err)
	}
	x, err := synth.Mix(s, a)
	if err != nil {
		panic(err)
	}
	r, c := x.Dims()
	fmt.Printf("X is %d×%d, cond(A) = %.3f\n", r, c, mat.Cond(a, 2))
	// Output: X is 1000×2, cond(A) = 3.000
}

func ExampleSwissRoll() {
	x, t, err := synth.SwissRoll{N: 500, Noise: 0.05, Seed: 3}.Generate()
	if err != nil {
		panic(err)
	}
	r, c := x.Dims()
	fmt.Println(r, c, len(t))
	// Output: 500 3 500
}

// Two Gaussian AR(1) processes and a sinusoid as the columns of one source matrix; their
// lag-1 autocorrelations ρ = 0.9, −0.5 and cos(2π/37) ≈ 0.99 are what AMUSE separates them by.
func ExampleStack() {
	const n = 20_000
	st := synth.Stack{synth.AR{N: n, Rho: 0.9, Seed: 1}, synth.AR{N: n, Rho: -0.5, Seed: 2},
		synth.Wave{N: n, Kind: synth.Sine, Period: 37}}
	s, err := st.Generate()
	if err != nil {
		fmt.Println(err)
		return
	}
	r, c := s.Dims()
	fmt.Println(r, "×", c)
	for j := range c {
		col := mat.Col(nil, j, s)
		fmt.Printf("%.1f ", stat.Correlation(col[1:], col[:n-1], nil))
	}
	fmt.Println()
	// Output:
	// 20000 × 3
	// 0.9 -0.5 1.0
}
