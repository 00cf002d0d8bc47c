package cluster

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// The errors of SLT chapter 3 (Deterministic annealing) that the library corrects and the chapter-3
// notebook lists in its notes on the lecture source. E15 (the extra 1/T in ∂F/∂θ_k) is checked by
// TestDAFreeEnergyMonotoneAndGradient, E17 (Q = 2S/K²) by TestDAHessianAtInfinity and
// TestMeanHessianFiniteDifferences.

// TestLectureE13FixedPointDenominator: the update (3.21) without Σᵢ in the denominator is not a
// centroid at all (it is a sum of points divided by one probability); with it, the DA fixed
// point is a stationary point of F.
func TestLectureE13FixedPointDenominator(t *testing.T) {
	x, _ := daBlobs(daThree, 30, 1, 1, 3)
	res, err := DA{K: 3, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	_, g, _ := FreeEnergy(x, res.Centroids, res.T)
	if m := mat.Norm(g, math.Inf(1)); m > 1e-4*float64(len(daThree)*30) {
		t.Fatalf("|∂F/∂θ| = %g at the returned fixed point", m)
	}
	p, _ := Posteriors(x, res.Centroids, res.T)
	var num mat.Dense
	num.Mul(p.T(), x) // Σᵢ p(i↦k)xᵢ
	// The printed form divides by a single p(i↦k), e.g. that of point 0: off by about N/K.
	if r := num.At(0, 0) / p.At(0, 0); math.Abs(r-res.Centroids.At(0, 0)) < 1 {
		t.Fatalf("the printed (3.21) gives %g, close to the centroid %g", r, res.Centroids.At(0, 0))
	}
}

// TestLectureE14FreeEnergyUsesThetaK: with θ_{c(i)} inside Σ_k the "free energy" would not depend
// on the other centroids; F as implemented is −T Σᵢ log Σ_k exp(−‖xᵢ−θ_k‖²/T).
func TestLectureE14FreeEnergyUsesThetaK(t *testing.T) {
	x := mat.NewDense(2, 1, []float64{0, 3})
	theta := mat.NewDense(2, 1, []float64{0, 3})
	T := 2.0
	f, _, _ := FreeEnergy(x, theta, T)
	want := -T * 2 * math.Log(1+math.Exp(-9/T))
	if math.Abs(f-want) > 1e-12 {
		t.Fatalf("F = %g, want %g", f, want)
	}
}

// TestLectureE16ColdLimitClosestToXi: as T → 0, p(i↦k) → 1 for the centroid closest to xᵢ
// (the printed "closest to x_k" makes the limit independent of i).
func TestLectureE16ColdLimitClosestToXi(t *testing.T) {
	x, _ := daBlobs(daThree, 20, 1, 1, 9)
	theta := mat.NewDense(3, 2, []float64{1, 1, 6, 2, 4, 6})
	labels, _, _ := Assign(x, theta)
	p, _ := Posteriors(x, theta, 1e-4)
	n, _ := x.Dims()
	disagree := 0
	for i := 0; i < n; i++ {
		if p.At(i, labels[i]) < 1-1e-9 {
			t.Fatalf("point %d: p(i↦nearest) = %g", i, p.At(i, labels[i]))
		}
		// The literal reading: θ_k is the centroid closest to the data point x_k.
		for k := 0; k < 3; k++ {
			if (labels[k] == k) != (labels[i] == k) {
				disagree++
				break
			}
		}
	}
	if disagree < n/3 {
		t.Fatalf("the literal 'closest to x_k' rule agrees with the limit on %d of %d points", n-disagree, n)
	}
}

// TestLectureE18CriticalTemperature: the first split happens at T_c = 2λ_max, not 1/(2λ_max).
func TestLectureE18CriticalTemperature(t *testing.T) {
	x, _ := daBlobs([][]float64{{-3}, {3}}, 50, 1, 1, 4)
	tc, _ := CriticalTemperature(x)
	alpha := 0.95
	res, err := DA{K: 2, Schedule: gibbs.Schedule{Cooling: alpha}, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Splits[0]; s > tc || s < alpha*tc {
		t.Fatalf("first split at %g, T_c = 2λ_max = %g", s, tc)
	}
	if 1/tc > alpha*tc {
		t.Fatalf("the data should tell 2λ from 1/(2λ): T_c = %g", tc)
	}
}

// TestLectureE19Linearisation: e^{−‖x−θ_k‖²/T} ≈ e^{−‖x‖²/T}(1 + (2/T)xᵀθ_k) with error O(‖θ_k‖²);
// the printed xᵢᵀθᵢ indexes a centroid by a point.
func TestLectureE19Linearisation(t *testing.T) {
	x, dir, T := []float64{1.2, -0.7}, []float64{0.6, 0.8}, 2.0
	errAt := func(r float64) float64 {
		var nx, nd, dot float64
		for j := range x {
			nx += x[j] * x[j]
			u := x[j] - r*dir[j]
			nd += u * u
			dot += r * x[j] * dir[j]
		}
		return math.Abs(math.Exp(-nd/T) - math.Exp(-nx/T)*(1+2*dot/T))
	}
	if q := errAt(1e-2) / errAt(1e-3); math.Abs(q-100) > 2 {
		t.Fatalf("error ratio per decade %g, want 100 (second order)", q)
	}
}

// TestLectureE26ReturnsFixedPoint: DA returns the converged centroids of its last temperature,
// before the symmetry-breaking noise, together with that temperature.
func TestLectureE26ReturnsFixedPoint(t *testing.T) {
	x, _ := daBlobs(daThree, 30, 1, 1, 6)
	res, err := DA{K: 4, Seed: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	last := res.Levels[len(res.Levels)-1]
	if !mat.Equal(res.Centroids, last.Centroids) || res.T != last.T {
		t.Fatal("the result is not the last level's fixed point")
	}
}
