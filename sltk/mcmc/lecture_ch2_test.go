package mcmc

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// The errors of SLT chapter 2 (MCMC and simulated annealing) that the library corrects and the
// chapter-2 notebook lists in its notes on the lecture source.

// TestLectureE8HunterProposal: eq. (2.8) prints the second case as "c′ = c + 1 and c < 24"; read
// literally every move goes right, Metropolis–Hastings then rejects each of them (q(c|c′) = 0),
// and the chain has no unique stationary distribution. With c − 1 the proposal is symmetric.
func TestLectureE8HunterProposal(t *testing.T) {
	r := TreasureLandscape()
	logp, err := LogGibbs(r, 1)
	if err != nil {
		t.Fatal(err)
	}
	printed := mat.NewDense(25, 25, nil)
	for c := 0; c < 25; c++ {
		printed.Set(c, c, 0.5)
		printed.Set(c, min(24, c+1), printed.At(c, min(24, c+1))+0.5)
	}
	P, err := MetropolisMatrix(logp, printed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Stationary(P); err == nil {
		t.Fatal("the printed proposal gives a unique stationary distribution")
	}
	q, _ := TreasureHunter(25)
	if !mat.Equal(q, q.T()) || q.At(0, 0) != 0.75 || q.At(24, 24) != 0.75 {
		t.Fatal("the corrected proposal is not symmetric with q(0|0) = q(24|24) = 3/4")
	}
}

// TestLectureE9EstimateSumsToM: eq. (2.2) sums over t ≤ ℓ but divides by m; for ℓ = m/2 that
// estimates E[g]/2. Summing over all t ≤ m (Average) estimates E[g].
func TestLectureE9EstimateSumsToM(t *testing.T) {
	r := TreasureLandscape()
	T := 3.0
	m := MH[int]{LogTarget: func(c int) float64 { return -r[c] / T }, Propose: HunterStep(25),
		Steps: 200000, Burn: 1000, Seed: 11}
	ch, err := m.Run(0)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := gibbs.New(r, T)
	avg, _ := Average(ch, func(c int) float64 { return r[c] })
	var half float64
	for _, c := range ch.States[:len(ch.States)/2] {
		half += r[c]
	}
	half /= float64(len(ch.States))
	if math.Abs(avg-g.MeanR) > 0.03*g.MeanR || math.Abs(half-g.MeanR/2) > 0.06*g.MeanR {
		t.Fatalf("E[R] = %g, Σ_{t≤m}/m = %g, Σ_{t≤m/2}/m = %g", g.MeanR, avg, half)
	}
}

// TestLectureE10StepsPerTemperature: Algorithm 1 omits N from SIMANN's signature and loops
// t = 0…N (N + 1 proposals); SimulatedAnnealing runs exactly Steps proposals per temperature.
func TestLectureE10StepsPerTemperature(t *testing.T) {
	r := TreasureLandscape()
	sys, err := NewFuncSystem(0, func(c int) float64 { return r[c] }, HunterStep(25))
	if err != nil {
		t.Fatal(err)
	}
	a := SimulatedAnnealing{Schedule: gibbs.Schedule{T0: 10, TMin: 1, Cooling: 0.8}, Steps: 300, Seed: 1,
		TraceCosts: true}
	res, err := a.Run(sys)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Costs) != 300*len(res.Levels) {
		t.Fatalf("%d proposals over %d levels", len(res.Costs), len(res.Levels))
	}
}

// TestLectureE11DetailedBalance: Exercise 4 cites "Theorem 1" for the convergence theorem, which
// is Theorem 6; the Metropolis–Hastings kernel satisfies its conditions and converges to p.
func TestLectureE11DetailedBalance(t *testing.T) {
	r := TreasureLandscape()
	logp, _ := LogGibbs(r, 0.5)
	q, _ := TreasureHunter(25)
	P, _ := MetropolisMatrix(logp, q)
	g, _ := gibbs.New(r, 0.5)
	if e, _ := DetailedBalanceError(P, g.P()); e > 1e-15 {
		t.Fatalf("detailed balance error %g", e)
	}
	st, err := Stationary(P)
	if err != nil {
		t.Fatal(err)
	}
	for c, v := range g.P() {
		if math.Abs(st[c]-v) > 1e-12 {
			t.Fatalf("stationary p(%d) = %g, Gibbs %g", c, st[c], v)
		}
	}
}
