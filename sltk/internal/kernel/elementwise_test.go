package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// specials are the values where a conversion or a compare is most likely to go wrong.
var specials = []float64{0, math.Copysign(0, -1), 1, -1, math.NaN(), math.Inf(1), math.Inf(-1),
	math.MaxFloat32, -math.MaxFloat32, 2 * math.MaxFloat32, 1e-40, -1e-40, 1e-46, 5e-324,
	1 + 0x1p-24, 1 + 0x1p-24 + 0x1p-50, 1 + 3*0x1p-24, math.SmallestNonzeroFloat32 / 2}

// convertCase returns n values mixing specials with scaled normals.
func convertCase(r *rand.Rand, n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		if r.IntN(3) == 0 {
			x[i] = specials[r.IntN(len(specials))]
		} else {
			x[i] = r.NormFloat64() * math.Exp(8*r.NormFloat64())
		}
	}
	return x
}

// TestNarrow: the assembly gives Go's conversion bit for bit, specials included, at lengths
// around the step of eight; the pure-Go path (setAsm(false)) too.
func TestNarrow(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for _, asm := range []bool{true, false} {
		old := setAsm(asm)
		for _, n := range []int{0, 1, 7, 8, 9, 16, 23, 784, 1001} {
			src := convertCase(r, n+1)[1:] // an unaligned start
			dst := make([]float32, n)
			Narrow(dst, src)
			for i, v := range src {
				if want := float32(v); math.Float32bits(dst[i]) != math.Float32bits(want) {
					t.Fatalf("asm %v, n = %d, value %d (%g): got %g, want %g", asm, n, i, v, dst[i], want)
				}
			}
		}
		setAsm(old)
	}
	defer func() {
		if recover() == nil {
			t.Error("a short src did not panic")
		}
	}()
	Narrow(make([]float32, 9), make([]float64, 8))
}

// reluGradCheck: ReluGrad zeroes exactly the entries whose a is not > 0 (−0, 0, negatives,
// NaN) and keeps the others' bits, with and without the assembly.
func reluGradCheck[T float](t *testing.T, bits func(T) uint64) {
	r := rand.New(rand.NewPCG(43, 44))
	for _, asm := range []bool{true, false} {
		old := setAsm(asm)
		for _, n := range []int{0, 1, 3, 4, 5, 8, 9, 17, 256, 1001} {
			a, d0 := convertCase(r, n), convertCase(r, n)
			at, d := make([]T, n), make([]T, n)
			for i := range a {
				at[i], d[i] = T(a[i]), T(d0[i])
			}
			want := append([]T(nil), d...)
			ReluGrad(d, at)
			for i, v := range at {
				if !(v > 0) {
					want[i] = 0
				}
				if bits(d[i]) != bits(want[i]) {
					t.Fatalf("%T asm %v, n = %d, entry %d (a = %v): got %v, want %v", v, asm, n, i, v, d[i], want[i])
				}
			}
		}
		setAsm(old)
	}
}

func TestReluGrad(t *testing.T) {
	reluGradCheck(t, func(x float32) uint64 { return uint64(math.Float32bits(x)) })
	reluGradCheck(t, math.Float64bits)
}

// addToCheck: AddTo equals AddToGo bit for bit (specials included), with and without the
// assembly, and src is left unchanged.
func addToCheck[T float](t *testing.T, bits func(T) uint64) {
	r := rand.New(rand.NewPCG(45, 46))
	for _, asm := range []bool{true, false} {
		old := setAsm(asm)
		for _, n := range []int{0, 1, 3, 4, 5, 8, 9, 17, 1001} {
			a, b := convertCase(r, n), convertCase(r, n)
			dst, src := make([]T, n), make([]T, n)
			for i := range a {
				dst[i], src[i] = T(a[i]), T(b[i])
			}
			want := append([]T(nil), dst...)
			AddTo(dst, src)
			for i, v := range src {
				if w := want[i] + v; bits(dst[i]) != bits(w) && !(w != w && dst[i] != dst[i]) {
					t.Fatalf("%T asm %v, n = %d, entry %d: got %v, want %v", v, asm, n, i, dst[i], w)
				}
				if T(b[i]) != v && v == v {
					t.Fatalf("src changed at %d", i)
				}
			}
		}
		setAsm(old)
	}
}

func TestAddTo(t *testing.T) {
	addToCheck(t, func(x float32) uint64 { return uint64(math.Float32bits(x)) })
	addToCheck(t, math.Float64bits)
}

func ExampleNarrow() {
	dst := make([]float32, 3)
	Narrow(dst, []float64{0.1, 1 + 0x1p-30, 1e300})
	fmt.Println(dst)
	// Output: [0.1 1 +Inf]
}

func BenchmarkNarrow(b *testing.B) {
	src, dst := make([]float64, 128*784), make([]float32, 128*784)
	for b.Loop() {
		Narrow(dst, src)
	}
}

// biasReluCheck: BiasReLU equals the definition max(z + bias, 0) with Go's max (NaN stays
// NaN, −0 and sums of opposite zeros give +0, sums that round to ±Inf) bit for bit, with and
// without the assembly, at lengths around the vector widths; bias is left unchanged.
func biasReluCheck[T float](t *testing.T, bits func(T) uint64) {
	r := rand.New(rand.NewPCG(47, 48))
	negZero := T(math.Copysign(0, -1))
	for _, asm := range []bool{true, false} {
		old := setAsm(asm)
		for _, n := range []int{0, 1, 3, 4, 5, 8, 9, 17, 256, 1001} {
			a, b := convertCase(r, n), convertCase(r, n)
			z, bias := make([]T, n), make([]T, n)
			for i := range a {
				z[i], bias[i] = T(a[i]), T(b[i])
				switch r.IntN(8) {
				case 0:
					z[i], bias[i] = negZero, negZero
				case 1:
					z[i], bias[i] = 0, negZero
				case 2:
					z[i] = -bias[i]
				}
			}
			z0, b0 := append([]T(nil), z...), append([]T(nil), bias...)
			BiasReLU(z, bias)
			for i, v := range z0 {
				w := max(v+b0[i], 0)
				if bits(z[i]) != bits(w) && !(w != w && z[i] != z[i]) {
					t.Fatalf("%T asm %v, n = %d, entry %d: max(%v + %v, 0) = %v, want %v", v, asm, n, i, v, b0[i], z[i], w)
				}
				if bits(bias[i]) != bits(b0[i]) {
					t.Fatalf("bias changed at %d", i)
				}
			}
		}
		setAsm(old)
	}
}

func TestBiasReLU(t *testing.T) {
	biasReluCheck(t, func(x float32) uint64 { return uint64(math.Float32bits(x)) })
	biasReluCheck(t, math.Float64bits)
}
