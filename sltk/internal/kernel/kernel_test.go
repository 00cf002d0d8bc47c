package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestDotsBitIdentical checks that Dots (the assembly where the CPU has it) and DotsGo give
// the same bits, on every row count around the eight-row groups and odd lengths around the
// four-lane chunks, with values of mixed signs and magnitudes.
func TestDotsBitIdentical(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, d := range []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 31, 64, 65, 67, 101} {
		for n := 0; n <= 19; n++ {
			q := make([]float64, d)
			x := make([]float64, n*d)
			for j := range q {
				q[j] = r.NormFloat64() * math.Exp(4*r.NormFloat64())
			}
			for j := range x {
				x[j] = r.NormFloat64() * math.Exp(4*r.NormFloat64())
			}
			got, want := make([]float64, n), make([]float64, n)
			Dots(got, q, x)
			DotsGo(want, q, x)
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("d=%d n=%d row %d: Dots %v, DotsGo %v (asm %v)", d, n, i, got[i], want[i], useAsm)
				}
				plain := 0.0
				for j := range q {
					plain += q[j] * x[i*d+j]
				}
				if math.Abs(got[i]-plain) > 1e-9*(1+math.Abs(plain))*math.Exp(8) {
					t.Fatalf("d=%d n=%d row %d: Dots %v, plain sum %v", d, n, i, got[i], plain)
				}
			}
		}
	}
}

func TestDotsShortX(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Dots with a short x did not panic")
		}
	}()
	Dots(make([]float64, 3), make([]float64, 4), make([]float64, 11))
}

func ExampleDots() {
	q := []float64{1, 2, 3}
	x := []float64{
		1, 0, 0,
		0, 1, 1,
		2, 2, 2,
	}
	dst := make([]float64, 3)
	Dots(dst, q, x)
	fmt.Println(dst)
	// Output: [1 5 12]
}

// BenchmarkDots measures 64 rows of d = 64 (32 KiB, in L1) against one query.
func BenchmarkDots(b *testing.B) {
	for _, impl := range []struct {
		name string
		f    func(dst, q, x []float64)
	}{{"Dots", Dots}, {"DotsGo", DotsGo}} {
		b.Run(impl.name, func(b *testing.B) {
			const n, d = 64, 64
			r := rand.New(rand.NewPCG(3, 4))
			q, x, dst := make([]float64, d), make([]float64, n*d), make([]float64, n)
			for j := range x {
				x[j] = r.Float64()
			}
			for j := range q {
				q[j] = r.Float64()
			}
			b.SetBytes(n * d * 8)
			b.ReportAllocs()
			for b.Loop() {
				impl.f(dst, q, x)
			}
		})
	}
}
