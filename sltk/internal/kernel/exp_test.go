package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// expInputs returns values over the whole range of the exponential: uniform on [−750, 712],
// dense near 0, around the switch points ±708/709, the overflow (709.78…) and underflow
// (−745.13…) thresholds, and the special values.
func expInputs() []float64 {
	r := rand.New(rand.NewPCG(21, 22))
	var x []float64
	for range 200000 {
		x = append(x, -750+1462*r.Float64())
	}
	for range 50000 {
		x = append(x, r.NormFloat64()*math.Exp(-20*r.Float64()))
	}
	for _, c := range []float64{expLo, expHi, 709.782712893384, -745.1332191019411, -708.3964185322641, 0} {
		for d := -20; d <= 20; d++ {
			x = append(x, c+float64(d)*1e-3, math.Nextafter(c, float64(d)*math.Inf(1)))
		}
	}
	return append(x, 0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1),
		math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 1, -1, 1e-300)
}

// TestExpAccuracy checks Exp against math.Exp over expInputs, with the values shuffled so that
// out-of-range values fall inside groups of four at every position: relative error at most
// 5·10⁻¹⁶ where math.Exp's value is a normal number; the same value (0, a subnormal computed by
// math.Exp, +Inf, NaN) elsewhere; and the same bits with the assembly on and off.
func TestExpAccuracy(t *testing.T) {
	x := expInputs()
	r := rand.New(rand.NewPCG(23, 24))
	r.Shuffle(len(x), func(i, j int) { x[i], x[j] = x[j], x[i] })
	for _, n := range []int{len(x), 1, 2, 3, 5, 7} { // lengths off the groups of four
		xs := x[:n]
		var got, pure []float64
		withAsm(true, func() { got = make([]float64, n); Exp(got, xs) })
		withAsm(false, func() { pure = make([]float64, n); Exp(pure, xs) })
		worst, at := 0.0, 0.0
		for i, v := range xs {
			if math.Float64bits(got[i]) != math.Float64bits(pure[i]) {
				t.Fatalf("x=%v: asm %v, Go %v", v, got[i], pure[i])
			}
			want := math.Exp(v)
			switch {
			case math.IsNaN(want):
				if !math.IsNaN(got[i]) {
					t.Fatalf("x=%v: %v, want NaN", v, got[i])
				}
			case want == 0 || math.IsInf(want, 0) || want < 0x1p-1022:
				if got[i] != want {
					t.Fatalf("x=%v: %v, math.Exp %v", v, got[i], want)
				}
			default:
				if e := math.Abs(got[i]-want) / want; e > worst {
					worst, at = e, v
				}
			}
		}
		if worst > 5e-16 {
			t.Fatalf("n=%d: relative error %g at x=%v", n, worst, at)
		}
		if n == len(x) {
			t.Logf("%d values: max relative error %.3g (%.2f ulp) at x = %v", n, worst, worst/0x1p-53, at)
		}
	}
	// In place.
	y := []float64{0, 1, -1, 2, 800}
	Exp(y, y)
	if y[0] != 1 || math.Abs(y[1]-math.E) > 1e-15 || !math.IsInf(y[4], 1) {
		t.Fatalf("in place: %v", y)
	}
}

func TestExpLengths(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("mismatched lengths did not panic")
		}
	}()
	Exp(make([]float64, 3), make([]float64, 4))
}

func ExampleExp() {
	x := []float64{0, 1, -1000, math.Inf(-1), 710}
	Exp(x, x)
	fmt.Printf("%.6g\n", x)
	// Output: [1 2.71828 0 0 +Inf]
}

// BenchmarkExp exponentiates 1024 values of [−30, 0] (a row of log-posteriors): Exp against
// math.Exp in a loop.
func BenchmarkExp(b *testing.B) {
	r := rand.New(rand.NewPCG(25, 26))
	x, dst := make([]float64, 1024), make([]float64, 1024)
	for i := range x {
		x[i] = -30 * r.Float64()
	}
	b.Run("Exp", func(b *testing.B) {
		for b.Loop() {
			Exp(dst, x)
		}
	})
	b.Run("ExpGo", func(b *testing.B) {
		withAsm(false, func() {
			for b.Loop() {
				Exp(dst, x)
			}
		})
	})
	b.Run("math.Exp", func(b *testing.B) {
		for b.Loop() {
			for i, v := range x {
				dst[i] = math.Exp(v)
			}
		}
	})
}

// TestExpBelowZeroStaysVector checks that values below expZero (−∞, −MaxFloat64, −1000) do not
// end the four-lane pass and come out as +0, while a value on [expZero, expLo) or NaN does end
// it (math.Exp gives a subnormal or NaN there), with the assembly on and off.
func TestExpBelowZeroStaysVector(t *testing.T) {
	for _, on := range []bool{true, false} {
		withAsm(on, func() {
			x := []float64{0, math.Inf(-1), -math.MaxFloat64, -1000, 1, -746.5, -2, -3}
			dst := make([]float64, len(x))
			if n := expBlocks(dst, x); n != 8 {
				t.Fatalf("asm %v: the pass stopped after %d values", on, n)
			}
			for i, v := range x {
				if want := math.Exp(v); math.Float64bits(dst[i]) != math.Float64bits(exp1(v)) || math.Abs(dst[i]-want) > 5e-16*want {
					t.Fatalf("asm %v: e^%v = %v, want %v", on, v, dst[i], want)
				}
			}
			for _, stop := range []float64{-740, math.NaN(), math.Inf(1)} {
				if n := expBlocks(dst, []float64{0, stop, -1000, 1}); n != 0 {
					t.Fatalf("asm %v: a group with %v was taken (%d values)", on, stop, n)
				}
			}
		})
	}
}
