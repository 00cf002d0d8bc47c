package nn_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/frame"
	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"github.com/sltk-book/sltk/sltk/nn"
)

// BenchmarkEpochMNISTShape: one epoch of a 784-256-128-10 ReLU network with Adam, batch 128,
// on 6000 random rows (a tenth of Fashion-MNIST's training set), in each Precision.
func BenchmarkEpochMNISTShape(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := fuzzdata.Uniform(rng, 6000, 784)
	y := make([]int, 6000)
	for i := range y {
		y[i] = rng.IntN(10)
	}
	for _, p := range []nn.Precision{nn.Float64, nn.Float32} {
		c := nn.MLP{Hidden: []int{256, 128}, BatchSize: 128, MaxIter: 1, Seed: 1, Precision: p}
		b.Run(p.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := c.Fit(x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEpochFashion: one float32 epoch of the same network on Fashion-MNIST's 60000
// training images (half of whose pixels are exactly zero), as the bench's scikit-learn row
// trains it; skipped where the data set is not installed.
func BenchmarkEpochFashion(b *testing.B) {
	x, y, _, err := frame.FashionMNIST("train")
	if err != nil {
		b.Skip(err)
	}
	c := nn.MLP{Hidden: []int{256, 128}, BatchSize: 128, MaxIter: 1, Seed: 1, Precision: nn.Float32}
	for b.Loop() {
		if _, err := c.Fit(x, y); err != nil {
			b.Fatal(err)
		}
	}
}
