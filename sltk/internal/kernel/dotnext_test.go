package kernel

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
)

// TestDotNextBits checks DotNext, in assembly and in pure Go, against gonum's floats.Dot bit
// for bit, on lengths around the four-lane steps, with values of mixed magnitudes (so that
// the order of the additions shows in the last bits), with and without a row to prefetch.
func TestDotNextBits(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for n := range 40 {
		for range 20 {
			x, y := make([]float64, n), make([]float64, n+3)
			for i := range x {
				x[i] = r.NormFloat64() * math.Exp(8*r.NormFloat64())
			}
			for i := range y {
				y[i] = r.NormFloat64()
			}
			want := floats.Dot(x, y[:n])
			for _, asm := range []bool{false, true} {
				old := setAsm(asm)
				for _, next := range [][]float64{nil, y, x[:min(n, 1)]} {
					if got := DotNext(x, y, next); math.Float64bits(got) != math.Float64bits(want) {
						t.Fatalf("n=%d asm=%v: DotNext %v, floats.Dot %v", n, asm, got, want)
					}
				}
				setAsm(old)
			}
		}
	}
}

func TestDotNextPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic on a short y")
		}
	}()
	DotNext(make([]float64, 3), make([]float64, 2), nil)
}
