package laplace

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestExercise8 checks the Gaussian identity behind the toy model (SLT chapter 4 (Laplace's
// method), Ex. 8, eqs. 4.8–4.9, with N in place of the seed's d): e^{cᵀc/T} = (πT)^{−N/2} ∫
// e^{−yᵀy/T} Πᵢ e^{2yᵢcᵢ/T} dy. The integrand is a product over coordinates, so the N = 2 integral
// is the product of two 1-D quadratures.
func TestExercise8(t *testing.T) {
	for _, T := range []float64{0.5, 1, 3} {
		one := func(c float64) float64 {
			return simpson(func(y float64) float64 { return math.Exp(-y*y/T + 2*y*c/T) }, -40, 40, 20000) /
				math.Sqrt(math.Pi*T)
		}
		for _, c := range [][]float64{{1}, {-1}, {1, -1}, {1, 1}} {
			got, ctc := 1.0, 0.0
			for _, ci := range c {
				got *= one(ci)
				ctc += ci * ci
			}
			if want := math.Exp(ctc / T); math.Abs(got-want) > 1e-9*want {
				t.Errorf("T = %g, c = %v: quadrature %g, e^{cᵀc/T} = %g", T, c, got, want)
			}
		}
	}
}

// TestExercise14Factorisation checks the sum-product step of Ex. 14:
// Σ_M Πᵢ exp((1/T) Σ_k M_ik xᵢᵀy_k) = Πᵢ Σ_k exp(xᵢᵀy_k/T), the sum running over the K^N
// one-hot assignment matrices M (erratum E24), by brute force for N = 6, K = 3.
func TestExercise14Factorisation(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 14))
	const n, k, T = 6, 3, 0.8
	x, y := make([][]float64, n), make([][]float64, k)
	for i := range x {
		a := 2 * math.Pi * rng.Float64()
		x[i] = []float64{math.Cos(a), math.Sin(a)}
	}
	for c := range y {
		y[c] = []float64{rng.NormFloat64(), rng.NormFloat64()}
	}
	dot := func(i, c int) float64 { return x[i][0]*y[c][0] + x[i][1]*y[c][1] }
	brute, count := 0.0, 0
	labels := make([]int, n)
	for m := 0; m < int(math.Pow(k, n)); m++ {
		v := m
		for i := range labels {
			labels[i], v = v%k, v/k
		}
		var e float64
		for i, c := range labels {
			e += dot(i, c) / T
		}
		brute += math.Exp(e)
		count++
	}
	prod := 1.0
	for i := 0; i < n; i++ {
		var s float64
		for c := 0; c < k; c++ {
			s += math.Exp(dot(i, c) / T)
		}
		prod *= s
	}
	if count != 729 {
		t.Fatalf("%d assignments, want K^N = 729", count)
	}
	if math.Abs(brute-prod) > 1e-10*prod {
		t.Errorf("Σ_M Π = %g, Π Σ_k = %g", brute, prod)
	}
}
