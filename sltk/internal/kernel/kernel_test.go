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

// TestTanhBitIdentical checks that Tanh (the assembly where the CPU has it) and TanhGo give
// the same bits, on lengths around the four-lane steps, and that both are tanh to rounding.
func TestTanhBitIdentical(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, a := range []float64{1, 1.5, 2, 1e-3} {
		for n := 0; n <= 41; n++ {
			x := make([]float64, n)
			for j := range x {
				x[j] = r.NormFloat64() * math.Exp(3*r.NormFloat64())
			}
			if n > 3 {
				x[0], x[1], x[2] = 0, math.Copysign(0, -1), 1e300
			}
			got, want := append([]float64(nil), x...), append([]float64(nil), x...)
			sg, sw := Tanh(got, a), TanhGo(want, a)
			if math.Float64bits(sg) != math.Float64bits(sw) {
				t.Fatalf("a=%v n=%d: sum %v (Tanh), %v (TanhGo), asm %v", a, n, sg, sw, useAsm)
			}
			plain := 0.0
			for j := range got {
				if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
					t.Fatalf("a=%v n=%d x[%d]=%v: Tanh %v, TanhGo %v (asm %v)", a, n, j, x[j], got[j], want[j], useAsm)
				}
				th := math.Tanh(a * x[j])
				if math.Abs(got[j]-th) > 5e-16 || math.Signbit(got[j]) != math.Signbit(x[j]) {
					t.Fatalf("a=%v x=%v: Tanh %v, math.Tanh %v", a, x[j], got[j], th)
				}
				plain += a * (1 - th*th)
			}
			if math.Abs(sg-plain) > 1e-14*float64(n+1) {
				t.Fatalf("a=%v n=%d: sum %v, plain %v", a, n, sg, plain)
			}
		}
	}
}

func ExampleTanh() {
	x := []float64{-1, 0, 0.5, 2, 30}
	s := Tanh(x, 1)
	fmt.Printf("%.6f, Σ(1 − tanh²) = %.6f\n", x, s)
	// Output: [-0.761594 0.000000 0.462117 0.964028 1.000000], Σ(1 − tanh²) = 2.277073
}

// BenchmarkTanh measures 2048 values (16 KiB, in L1), the row length of FastICA's blocks.
func BenchmarkTanh(b *testing.B) {
	x := make([]float64, 2048)
	r := rand.New(rand.NewPCG(5, 6))
	for _, impl := range []struct {
		name string
		f    func([]float64, float64) float64
	}{{"asm", Tanh}, {"go", TanhGo}, {"math.Tanh", func(x []float64, a float64) float64 {
		s := 0.0
		for j, v := range x {
			t := math.Tanh(a * v)
			x[j] = t
			s += a * (1 - t*t)
		}
		return s
	}}} {
		b.Run(impl.name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				for j := range x {
					x[j] = r.NormFloat64()
				}
				b.StartTimer()
				impl.f(x, 1)
			}
		})
	}
}

// TestDots2BitIdentical checks that Dots2 gives, for both queries, the bits of DotsGo, on row
// counts around the four-row groups and lengths around the four-lane chunks.
func TestDots2BitIdentical(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, d := range []int{0, 1, 3, 4, 5, 8, 13, 64, 67} {
		for n := 0; n <= 11; n++ {
			q0, q1, x := make([]float64, d), make([]float64, d), make([]float64, n*d)
			for j := range q0 {
				q0[j], q1[j] = r.NormFloat64()*math.Exp(3*r.NormFloat64()), r.NormFloat64()
			}
			for j := range x {
				x[j] = r.NormFloat64() * math.Exp(3*r.NormFloat64())
			}
			g0, g1, w0, w1 := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
			Dots2(g0, g1, q0, q1, x)
			DotsGo(w0, q0, x)
			DotsGo(w1, q1, x)
			for i := range n {
				if math.Float64bits(g0[i]) != math.Float64bits(w0[i]) || math.Float64bits(g1[i]) != math.Float64bits(w1[i]) {
					t.Fatalf("d=%d n=%d row %d: Dots2 (%v, %v), DotsGo (%v, %v), asm %v", d, n, i, g0[i], g1[i], w0[i], w1[i], useAsm)
				}
			}
		}
	}
}

// BenchmarkDots2 measures two queries against 32 rows of d = 64 (16 KiB, the row block of the
// brute-force k-NN search): one Dots2 call against two Dots calls.
func BenchmarkDots2(b *testing.B) {
	const n, d = 32, 64
	r := rand.New(rand.NewPCG(5, 6))
	q0, q1, x := make([]float64, d), make([]float64, d), make([]float64, n*d)
	for j := range x {
		x[j] = r.Float64()
	}
	for j := range q0 {
		q0[j], q1[j] = r.Float64(), r.Float64()
	}
	d0, d1 := make([]float64, n), make([]float64, n)
	b.Run("Dots2", func(b *testing.B) {
		for b.Loop() {
			Dots2(d0, d1, q0, q1, x)
		}
	})
	b.Run("2xDots", func(b *testing.B) {
		for b.Loop() {
			Dots(d0, q0, x)
			Dots(d1, q1, x)
		}
	})
}
