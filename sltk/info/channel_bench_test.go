package info

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// BenchmarkBlahutArimoto computes the capacity of a random 256×256 channel to within 1e-6 bits
// (the width of the Blahut–Arimoto bracket).
func BenchmarkBlahutArimoto(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	w := mat.NewDense(256, 256, nil)
	for a := 0; a < 256; a++ {
		var s float64
		for c := 0; c < 256; c++ {
			v := rng.ExpFloat64()
			w.Set(a, c, v)
			s += v
		}
		for c := 0; c < 256; c++ {
			w.Set(a, c, w.At(a, c)/s)
		}
	}
	ch, err := NewChannel(w)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	iter := 0
	for b.Loop() {
		r, err := BlahutArimoto{Tol: 1e-6}.Run(ch)
		if err != nil {
			b.Fatal(err)
		}
		iter = r.Iter
	}
	b.ReportMetric(float64(iter), "iter/op")
}
