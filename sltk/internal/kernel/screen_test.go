package kernel

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestScreen32 checks the assembly against Screen32Go, and Screen32Go against the definition
// written with big steps (each value computed on its own), on lengths around the four-row
// steps, with bounds that pass none, some and all rows, and rows exactly at the bound.
func TestScreen32(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 3, 4, 5, 7, 8, 9, 63, 64, 65, 517} {
		dots, norms := make([]float32, n), make([]float64, n)
		for i := range n {
			norms[i] = 100 + 10*r.Float64()
			dots[i] = float32(40 * r.NormFloat64())
			if i%5 == 0 && i > 0 { // a tie with an earlier row
				norms[i], dots[i] = norms[i-1], dots[i-1]
			}
		}
		qn, rel, abs := 90.0, 1e-5, 1e-300
		var exact float64
		if n > 0 {
			s := norms[n/2] + qn
			exact = (s - 2*float64(dots[n/2])) - (float64(rel*s) + abs) // a row exactly at the bound
		}
		for _, bound := range []float64{-1, 150, 200, 250, exact, math.Inf(1)} {
			var want []int32
			for i := range n {
				s := norms[i] + qn
				if !((s-2*float64(dots[i]))-(float64(rel*s)+abs) > bound) {
					want = append(want, int32(i))
				}
			}
			got := make([]int32, n)
			for _, asm := range []bool{false, true} {
				old := setAsm(asm)
				w := Screen32(got, dots, norms, qn, rel, abs, bound)
				setAsm(old)
				if !slices.Equal(got[:w], want) {
					t.Fatalf("n=%d bound=%v asm=%v: got %v, want %v", n, bound, asm, got[:w], want)
				}
			}
		}
	}
}

func TestScreen32Panics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic on a short idx")
		}
	}()
	Screen32(make([]int32, 2), make([]float32, 3), make([]float64, 3), 0, 0, 0, 0)
}
