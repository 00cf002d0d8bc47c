package synth_test

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
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
