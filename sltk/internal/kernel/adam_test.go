package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// adamVec draws n log-normally spread values of scale s and random signs, as parameters,
// gradients and moments of very different sizes.
func adamVec[T float](r *rand.Rand, n int, s float64) []T {
	x := make([]T, n)
	for i := range x {
		x[i] = T(s * r.NormFloat64() * math.Exp(r.NormFloat64()))
	}
	return x
}

// adamCheck runs Adam and AdamGo from the same state for lengths around the vector widths and
// requires the same bits (parameters and both moments); it also checks one entry of the first
// float64 step against the textbook formula θ − η·m̂/(√v̂ + ε).
func adamCheck[T float](t *testing.T, bits func(T) uint64) {
	r := rand.New(rand.NewPCG(31, 32))
	for _, n := range []int{1, 3, 4, 7, 8, 9, 16, 31, 100, 1027} {
		mk := func(s float64) []T { return adamVec[T](r, n, s) }
		theta, g, m, v := mk(1), mk(0.1), mk(0.01), mk(0.001)
		for i := range v {
			v[i] = v[i] * v[i]
		}
		cp := func(x []T) []T { return append([]T(nil), x...) }
		t2, m2, v2 := cp(theta), cp(m), cp(v)
		b1, b2, eps := T(0.9), T(0.999), T(1e-8)
		lr, rc2 := T(0.001/(1-0.9*0.9)), T(1/math.Sqrt(1-0.999*0.999))
		Adam(theta, g, m, v, b1, b2, lr, rc2, eps)
		AdamGo(t2, g, m2, v2, b1, b2, lr, rc2, eps)
		for i := range theta {
			if bits(theta[i]) != bits(t2[i]) || bits(m[i]) != bits(m2[i]) || bits(v[i]) != bits(v2[i]) {
				t.Fatalf("n = %d, entry %d: assembly (%v, %v, %v), Go (%v, %v, %v)", n, i,
					theta[i], m[i], v[i], t2[i], m2[i], v2[i])
			}
		}
	}
}

func TestAdam(t *testing.T) {
	adamCheck(t, func(x float32) uint64 { return uint64(math.Float32bits(x)) })
	adamCheck(t, math.Float64bits)
	// The first step from m = v = 0 moves θ by η·g/(|g| + ε) ≈ η·sign(g).
	th, g := []float64{1, 1, 1, 1, 1}, []float64{0.5, -2, 0.5, 1e-3, -1}
	m, v := make([]float64, 5), make([]float64, 5)
	Adam(th, g, m, v, 0.9, 0.999, 0.01/(1-0.9), 1/math.Sqrt(1-0.999), 1e-8)
	for i, gi := range g {
		want := 1 - 0.01*gi/(math.Abs(gi)+1e-8)
		if math.Abs(th[i]-want) > 1e-12 {
			t.Errorf("entry %d: θ = %v after one step, want %v", i, th[i], want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("slices of different lengths did not panic")
		}
	}()
	Adam(th, g[:2], m, v, 0.9, 0.999, 0.01, 1, 1e-8)
}

// adamSumCheck: AdamSum (assembly where there is one) and AdamSumGo give the bits of AddTo
// followed by Adam, for lengths around the vector widths, and leave both gradients unchanged.
func adamSumCheck[T float](t *testing.T, bits func(T) uint64) {
	r := rand.New(rand.NewPCG(41, 42))
	for _, n := range []int{1, 3, 4, 7, 8, 9, 16, 31, 100, 1027} {
		mk := func(s float64) []T { return adamVec[T](r, n, s) }
		theta, g, h, m, v := mk(1), mk(0.1), mk(0.1), mk(0.01), mk(0.001)
		for i := range v {
			v[i] = v[i] * v[i]
		}
		cp := func(x []T) []T { return append([]T(nil), x...) }
		g0, h0 := cp(g), cp(h)
		t1, m1, v1 := cp(theta), cp(m), cp(v)
		t2, m2, v2 := cp(theta), cp(m), cp(v)
		b1, b2, eps := T(0.9), T(0.999), T(1e-8)
		lr, rc2 := T(0.001/(1-0.9*0.9)), T(1/math.Sqrt(1-0.999*0.999))
		AdamSum(theta, g, h, m, v, b1, b2, lr, rc2, eps)
		AdamSumGo(t1, g, h, m1, v1, b1, b2, lr, rc2, eps)
		sum := cp(g)
		AddTo(sum, h)
		Adam(t2, sum, m2, v2, b1, b2, lr, rc2, eps)
		for i := range theta {
			for _, o := range [][3]T{{t1[i], m1[i], v1[i]}, {t2[i], m2[i], v2[i]}} {
				if bits(theta[i]) != bits(o[0]) || bits(m[i]) != bits(o[1]) || bits(v[i]) != bits(o[2]) {
					t.Fatalf("n = %d, entry %d: AdamSum (%v, %v, %v), reference (%v, %v, %v)", n, i,
						theta[i], m[i], v[i], o[0], o[1], o[2])
				}
			}
			if bits(g[i]) != bits(g0[i]) || bits(h[i]) != bits(h0[i]) {
				t.Fatalf("n = %d: gradient %d written", n, i)
			}
		}
	}
}

func TestAdamSum(t *testing.T) {
	adamSumCheck(t, func(x float32) uint64 { return uint64(math.Float32bits(x)) })
	adamSumCheck(t, math.Float64bits)
	defer func() {
		if recover() == nil {
			t.Error("slices of different lengths did not panic")
		}
	}()
	x := make([]float64, 3)
	AdamSum(x, x, x[:2], x, x, 0.9, 0.999, 0.01, 1, 1e-8)
}
