package mcmc

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// TestCriticalBetaTinyCouplings: couplings of 1e-300 and below made LAPACK panic ("insufficient
// length of a") in CriticalBeta and in MeanField, which calls it for its default schedule. Now
// λ_max is computed on W scaled by a power of two: for the triangle J(1−δ_ij) it is 2J in closed
// form, so β_c = 1/(2J) down to J = 1e-300; subnormal J overflows β_c (ErrNotFinite) and
// MeanField returns an error instead of panicking.
func TestCriticalBetaTinyCouplings(t *testing.T) {
	tri := func(j float64) *mat.Dense { return mat.NewDense(3, 3, []float64{0, j, j, j, 0, j, j, j, 0}) }
	for _, j := range []float64{1, 1e-300, 1e300, 0x1p-1000} {
		b, err := CriticalBeta(tri(j))
		if err != nil || math.Abs(b*2*j-1) > 1e-14 {
			t.Errorf("J = %g: β_c = %g, err %v, want 1/(2J)", j, b, err)
		}
	}
	for _, j := range []float64{5e-324, 1e-310} {
		if _, err := CriticalBeta(tri(j)); !errors.Is(err, errs.ErrNotFinite) {
			t.Errorf("J = %g: err = %v, want ErrNotFinite", j, err)
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("MeanField J = %g panicked: %v", j, r)
				}
			}()
			if _, err := (MeanField{}).Run(tri(j)); err == nil {
				t.Errorf("MeanField J = %g: no error", j)
			}
		}()
	}
}

// TestNonFiniteArguments: a NaN magnetisation made MeanFieldKL return NaN, and a "NaN" cell
// made TableDeviation report a NaN deviation, both without error. Now each names the argument.
func TestNonFiniteArguments(t *testing.T) {
	w := mat.NewDense(2, 2, []float64{0, 1, 1, 0})
	if _, err := MeanFieldKL(w, []float64{math.NaN(), 0}, 1); !errors.Is(err, errs.ErrParam) || !strings.Contains(err.Error(), "m[0]") {
		t.Errorf("MeanFieldKL NaN m: err = %v, want ErrParam naming m[0]", err)
	}
	// Reference: Q uniform (m = 0) against P ∝ e^{β s₁s₂}: KL = ln Z − ln 4 + β·⟨−E⟩_Q·(−1) = ln(cosh β).
	kl, err := MeanFieldKL(w, []float64{0, 0}, 1)
	if err != nil || math.Abs(kl-math.Log(math.Cosh(1))) > 1e-14 {
		t.Errorf("MeanFieldKL(m = 0) = %v, %v, want ln cosh 1 = %v", kl, err, math.Log(math.Cosh(1)))
	}
	ps := [][]*big.Rat{{big.NewRat(1, 2), big.NewRat(1, 2)}}
	for _, cell := range []string{"NaN", "Inf", "-Inf"} {
		if _, err := TableDeviation(ps, "0,"+cell+",0.5,,"); !errors.Is(err, errs.ErrNotFinite) {
			t.Errorf("TableDeviation cell %s: err = %v, want ErrNotFinite", cell, err)
		}
	}
}

// TestAcceptedNonsense: inputs that used to be accepted silently. A NaN log-density made Cube
// reject every move into it (a wrong chain, no error); a FuncSystem without CostFn annealed with
// cost 0; asymmetric or repeated neighbours gave GraphMetropolis a chain that is not the
// Metropolis chain of any graph.
func TestAcceptedNonsense(t *testing.T) {
	nanAt := func(bad uint64) func(uint64) float64 {
		return func(x uint64) float64 {
			if x == bad {
				return math.NaN()
			}
			return 0
		}
	}
	if _, err := (Cube{Dim: 3, LogD: nanAt(5)}).Ones(0, 1000, 1); !errors.Is(err, errs.ErrNotFinite) {
		t.Errorf("Cube NaN at a reachable state: err = %v, want ErrNotFinite", err)
	}
	if _, err := (Cube{Dim: 3, LogD: nanAt(0)}).Ones(0, 10, 1); !errors.Is(err, errs.ErrNotFinite) {
		t.Errorf("Cube NaN at the start: err = %v, want ErrNotFinite", err)
	}
	// Uniform target: every coordinate is 1 half the time; same draws as Step.
	ones, err := Cube{Dim: 3, LogD: func(uint64) float64 { return 0 }}.Ones(0, 200000, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range ones {
		if math.Abs(f-0.5) > 0.01 {
			t.Errorf("uniform cube: Pr(x_%d = 1) ≈ %v, want 1/2", i, f)
		}
	}

	sched := gibbs.Schedule{T0: 1, TMin: 1}
	for _, sys := range []System{&FuncSystem[float64]{ProposeFn: func(*rand.Rand, float64) float64 { return 0 }},
		&FuncSystem[float64]{CostFn: func(float64) float64 { return 0 }}, (*FuncSystem[float64])(nil)} {
		if _, err := (SimulatedAnnealing{Schedule: sched}).Run(sys); !errors.Is(err, errs.ErrEmpty) {
			t.Errorf("SimulatedAnnealing with an unusable FuncSystem: err = %v, want ErrEmpty", err)
		}
	}

	d := func(int) float64 { return 1 }
	for name, nb := range map[string]func(int) []int{
		"asymmetric": func(i int) []int { return map[int][]int{0: {1}, 1: {2}, 2: {0}}[i] },
		"repeated":   func(i int) []int { return map[int][]int{0: {1, 1}, 1: {0}, 2: nil}[i] },
		"too many":   func(int) []int { return []int{0, 1, 2, 0} },
	} {
		if _, err := GraphMetropolis(3, nb, d); !errors.Is(err, errs.ErrParam) {
			t.Errorf("GraphMetropolis %s neighbours: err = %v, want ErrParam", name, err)
		}
	}
	// Symmetric path 0 – 1 – 2 with D = (1, 2, 1): π = D/4 exactly, checked against GTH.
	c, err := GraphMetropolis(3, func(i int) []int { return [][]int{{1}, {0, 2}, {1}}[i] },
		func(i int) float64 { return []float64{1, 2, 1}[i] })
	if err != nil {
		t.Fatal(err)
	}
	pi, err := c.Stationary()
	if err != nil {
		t.Fatal(err)
	}
	checkExact(t, "path", pi, []*big.Rat{big.NewRat(1, 4), big.NewRat(1, 2), big.NewRat(1, 4)}, 1e-15)
}

// TestRunCaps: SimulatedAnnealing.Steps, Steps × levels and CouplingTimes' runs × maxIter had no
// cap (each factor of CouplingTimes was capped, not their product). Now each is errs.ErrTooLarge
// past its documented limit, and runs right at the trace limit.
func TestRunCaps(t *testing.T) {
	sys, err := NewFuncSystem(0.0, func(x float64) float64 { return x * x },
		func(rng *rand.Rand, x float64) float64 { return x + rng.NormFloat64() })
	if err != nil {
		t.Fatal(err)
	}
	one := gibbs.Schedule{T0: 1, TMin: 1}
	ten := gibbs.Schedule{T0: 1, TMin: 0.5, Cooling: 0.93} // 10 levels
	for name, a := range map[string]SimulatedAnnealing{
		"Steps > MaxSteps":              {Schedule: one, Steps: MaxSteps + 1},
		"Steps × levels > work":         {Schedule: ten, Steps: MaxAnnealWork/10 + 1},
		"Steps × levels > trace (1 lv)": {Schedule: one, Steps: MaxTraceCosts + 1, TraceCosts: true},
	} {
		if _, err := a.Run(sys); !errors.Is(err, errs.ErrTooLarge) {
			t.Errorf("%s: err = %v, want ErrTooLarge", name, err)
		}
	}
	if n := ten.Levels(); n != 10 {
		t.Fatalf("schedule has %d levels, want 10", n)
	}
	res, err := SimulatedAnnealing{Schedule: ten, Steps: MaxTraceCosts / 10 / 64, TraceCosts: true}.Run(sys)
	if err != nil || len(res.Costs) != 10*(MaxTraceCosts/10/64) {
		t.Errorf("within the trace cap: %v, %d costs", err, len(res.Costs))
	}
	pair := func() (Coupling, error) { return NewShuffleCoupling(3) }
	if _, err := CouplingTimes(pair, 1<<20, 1<<15, 1); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("CouplingTimes runs × maxIter = 2^35: err = %v, want ErrTooLarge", err)
	}
	if _, err := CouplingTimes(pair, 4, 1<<32, 1); err != nil {
		t.Errorf("CouplingTimes runs × maxIter = 2^34 (at the cap): %v", err)
	}
}

// TestSweepCaps: GlauberFrequencies' steps and MeanField's MaxIter (times levels × N²) drove
// loops without a cap; now errs.ErrTooLarge past MaxSteps and MaxMeanFieldWork.
func TestSweepCaps(t *testing.T) {
	w := mat.NewDense(2, 2, []float64{0, 1, 1, 0})
	if _, err := GlauberFrequencies(w, 1, MaxSteps+1, 1); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("GlauberFrequencies steps = MaxSteps+1: err = %v, want ErrTooLarge", err)
	}
	if _, err := (MeanField{MaxIter: MaxSteps + 1}).Run(w); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("MeanField MaxIter = MaxSteps+1: err = %v, want ErrTooLarge", err)
	}
	big, err := Ferromagnet(512, 1)
	if err != nil {
		t.Fatal(err)
	}
	// 512² × MaxSteps alone exceeds MaxMeanFieldWork.
	if _, err := (MeanField{MaxIter: MaxSteps}).Run(big); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("MeanField levels × MaxIter × N² beyond the cap: err = %v, want ErrTooLarge", err)
	}
}

// TestCouplingTimeCap: CouplingTime has no error result; a maxIter beyond MaxCouplingSteps
// ran its loop unbounded for a coupling that never meets, and now makes no step (0, false),
// as maxIter < 1 does. Within the cap a 3-card shuffle coupling meets.
func TestCouplingTimeCap(t *testing.T) {
	c, err := NewShuffleCoupling(3)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	if tm, met := CouplingTime(c, rng, MaxCouplingSteps+1); tm != 0 || met {
		t.Errorf("maxIter = MaxCouplingSteps+1: %d, %v, want 0, false", tm, met)
	}
	if tm, met := CouplingTime(c, rng, MaxCouplingSteps); !met || tm < 1 {
		t.Errorf("maxIter = MaxCouplingSteps: %d, %v, want a meeting", tm, met)
	}
}
