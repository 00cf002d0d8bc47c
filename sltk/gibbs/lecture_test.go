package gibbs

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// Checks of the corrections to the lecture notes' chapter on maximum entropy and posterior
// agreement; the notebook's "Notes on the lecture source" points here.

// The kernel is Σ_c p(c|X′) p(c|X″). Printed with the noise-free X in the first factor, it is a
// different number, which nobody can compute (X is never observed).
func TestLecturePAKernelUsesBothObservations(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	n, temp := 30, 0.5
	x, x1, x2 := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range x {
		x[i] = rng.NormFloat64()
		x1[i], x2[i] = x[i]+0.3*rng.NormFloat64(), x[i]+0.3*rng.NormFloat64()
	}
	p, _ := New(x, temp)
	p1, _ := New(x1, temp)
	p2, _ := New(x2, temp)
	k, _ := PAKernel(p1.P(), p2.P())
	printed, _ := PAKernel(p.P(), p2.P())
	if math.Abs(printed-k)/k < 0.01 {
		t.Errorf("printed form %g equals the kernel %g", printed, k)
	}
}

// Stationarity of the Lagrangian gives log p(c) = −1 − λ₁ + λ₂R(c) with λ₂ = −1/T < 0: the
// notes print +λ₁ and T := 1/λ₂. With T = 1/λ₂ > 0 the distribution p ∝ e^{λ₂R} would put the
// most mass on the most expensive hypothesis.
func TestLectureLagrangeSigns(t *testing.T) {
	costs := []float64{3, 1, 4, 1, 5, 9, 2, 6}
	temp := 1.5
	d, _ := New(costs, temp)
	lambda2 := (d.LogP[5] - d.LogP[1]) / (costs[5] - costs[1])
	lambda1 := -1 - (d.LogP[1] - lambda2*costs[1])
	if math.Abs(lambda2+1/temp) > 1e-12 {
		t.Errorf("λ₂ = %g, want −1/T = %g", lambda2, -1/temp)
	}
	if math.Abs(1+lambda1-d.LogZ) > 1e-12 {
		t.Errorf("1 + λ₁ = %g, want log Z = %g", 1+lambda1, d.LogZ)
	}
	neg := make([]float64, len(costs)) // T = 1/λ₂ < 0: p ∝ e^{−R/T} = e^{+R/|T|}
	for i, c := range costs {
		neg[i] = -c
	}
	wrong, _ := New(neg, temp)
	if wrong.Mode() != 5 {
		t.Errorf("p ∝ e^{+R/T} peaks at %d, want the most expensive hypothesis 5", wrong.Mode())
	}
}

// The expected holdout cost is E_{C|X′}[−T log p(C|X″)] − T log Z(X″); the notes drop the
// constant. It depends on T, so the printed form ranks temperatures differently.
func TestLectureHoldoutConstant(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	n := 40
	x1, x2 := make([]float64, n), make([]float64, n)
	for i := range x1 {
		base := 3 * rng.Float64()
		x1[i], x2[i] = base+0.5*rng.NormFloat64(), base+0.5*rng.NormFloat64()
	}
	var gaps []float64
	for _, temp := range []float64{0.1, 1, 10} {
		p1, _ := New(x1, temp)
		p2, _ := New(x2, temp)
		var holdout, printed float64
		for c, pc := range p1.P() {
			holdout += pc * x2[c]
			printed += pc * (-temp * p2.LogP[c])
		}
		if math.Abs(printed-temp*p2.LogZ-holdout) > 1e-12*math.Max(1, math.Abs(holdout)) {
			t.Errorf("T = %g: corrected form %g, holdout %g", temp, printed-temp*p2.LogZ, holdout)
		}
		gaps = append(gaps, printed-holdout)
	}
	if math.Abs(gaps[2]-gaps[0]) < 1 {
		t.Errorf("the dropped term hardly changes with T: %v", gaps)
	}
}

// P(X_0 < 0) = 0.05 cannot hold for a mean-zero Gaussian: it is ½ for every σ > 0. For i ≥ 1
// the standard deviation i/z₀.₉₅ meets the condition exactly.
func TestLectureRandomArrayVariance(t *testing.T) {
	z := distuv.UnitNormal.Quantile(0.95)
	for _, s := range []float64{0.01, 1, 100} {
		if p := (distuv.Normal{Mu: 0, Sigma: s}).CDF(0); p != 0.5 {
			t.Errorf("σ₀ = %g: P(X_0 < 0) = %g", s, p)
		}
	}
	if p := (distuv.Normal{Mu: 10, Sigma: 10 / z}).CDF(0); math.Abs(p-0.05) > 1e-12 {
		t.Errorf("P(X_10 < 0) = %g, want 0.05", p)
	}
}

// The notes report ERM correct in under 10 % and ME+PA in over 70 % of the trials. Under the
// stated model ERM is correct with probability (1 − Φ(−√2 z₀.₉₅))^99 = 0.3696, and the ME+PA
// estimate argmax_c p(c|X′)p(c|X″) is the ERM estimate at every temperature
// (TestRandomArrayO6), so both succeed equally often.
func TestLectureRandomArrayRates(t *testing.T) {
	z := distuv.UnitNormal.Quantile(0.95)
	p := math.Pow(1-distuv.UnitNormal.CDF(-math.Sqrt2*z), 99)
	if math.Abs(p-0.3696) > 1e-4 || p < 0.1 {
		t.Errorf("P(ERM correct) = %g", p)
	}
	if both := math.Pow(1-0.05*0.05, 99); math.Abs(both-0.7805) > 1e-4 {
		t.Errorf("P(both-small rule correct) = %g", both)
	}
}
