package mcmc

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// TestBadInputErrors: bad input gets an error that wraps the right sentinel and names the
// argument and the value.
func TestBadInputErrors(t *testing.T) {
	p2 := mat.NewDense(2, 2, []float64{0.5, 0.5, 0.5, 0.5})
	cost := func(float64) float64 { return 0 }
	prop := func(_ *rand.Rand, x float64) float64 { return x }
	ragged := [][]*big.Rat{{big.NewRat(1, 2), big.NewRat(1, 2)}, {big.NewRat(1, 1)}}
	flat := func(int) float64 { return 1e300 }
	for _, c := range []struct {
		name string
		err  error
		want error
		msg  string
	}{
		{"CheckStochastic typed nil", CheckStochastic((*mat.Dense)(nil)), errs.ErrEmpty, "transition matrix is nil"},
		{"Stationary nil", second(Stationary(nil)), errs.ErrEmpty, "transition matrix is nil"},
		{"DetailedBalanceError unnormalised", second(DetailedBalanceError(p2, []float64{1, 1})), errs.ErrProb, "p sums to 2"},
		{"DetailedBalanceError NaN", second(DetailedBalanceError(p2, []float64{math.NaN(), 1})), errs.ErrNotFinite, "p[0] = NaN"},
		{"TreasureHunter huge", second(TreasureHunter(1 << 40)), errs.ErrTooLarge, "n = 1099511627776, limit 4096"},
		{"Enumerate tiny T", second(Enumerate(2, flat, 5e-324)), errs.ErrNotFinite, "overflows at T = 5e-324"},
		{"TotalVariation overflow", second(TotalVariation([]float64{1e308, 1e308}, []float64{0, 0})), errs.ErrNotFinite, "overflows"},
		{"Average NaN", second(Average(&Chain[float64]{States: []float64{1}}, func(float64) float64 { return math.NaN() })),
			errs.ErrNotFinite, "g(state 0) = NaN"},
		{"NewFuncSystem NaN state", second(NewFuncSystem(math.NaN(), cost, prop)), errs.ErrNotFinite, "s0 = NaN"},
		{"NewFuncSystem nil cost", second(NewFuncSystem(0.0, nil, prop)), errs.ErrParam, "cost is nil"},
		{"CouplingTimes nil pair", second(CouplingTimes(func() (Coupling, error) { return nil, nil }, 1, 1, 1)),
			errs.ErrParam, "run 0: newPair returned a nil coupling"},
		{"CouplingTimes runs", second(CouplingTimes(func() (Coupling, error) { return nil, nil }, 0, 1, 1)),
			errs.ErrParam, "CouplingTimes: runs = 0, want ≥ 1"},
		{"ShuffleBound eps", second(ShuffleBound(52, 0)), errs.ErrParam, "eps = 0"},
		{"ShuffleBound n", second(ShuffleBound(0, 0.1)), errs.ErrParam, "n = 0"},
		{"TableDeviation ragged", second(TableDeviation(ragged, "0,1/2,1/2,,")), errs.ErrShape, "ragged"},
		{"IndependentSets zero Greedy", second((*IndependentSets)(nil).Greedy()), errs.ErrNotFitted, "NewIndependentSets"},
		{"MatchingChain nil Run", second((*MatchingChain)(nil).Run(1, 1)), errs.ErrNotFitted, "NewMatchingChain"},
		{"Ising nil FlipDelta", second((*Ising)(nil).FlipDelta(0)), errs.ErrParam, "spin 0 of 0"},
	} {
		if !errors.Is(c.err, c.want) || c.err == nil || !strings.Contains(c.err.Error(), c.msg) {
			t.Errorf("%s: %v, want %v with %q", c.name, c.err, c.want, c.msg)
		}
	}
}

func second[T any](_ T, err error) error { return err }

// TestZeroValuesAreSafe: the methods without an error result do nothing on nil or zero
// receivers and report an empty state.
func TestZeroValuesAreSafe(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var is *Ising
	is.Accept()
	is.RecordBest()
	if is.N() != 0 || is.Spins() != nil || is.Energy() != 0 || is.Propose(rng) != 0 || (&Ising{}).Propose(rng) != 0 {
		t.Error("nil or zero Ising")
	}
	var fs *FuncSystem[float64]
	fs.Accept()
	fs.RecordBest()
	if fs.Cost() != 0 || fs.Propose(rng) != 0 || (&FuncSystem[float64]{}).Propose(rng) != 0 {
		t.Error("nil or zero FuncSystem")
	}
	var m *MatchingChain
	m.Reset()
	m.Step(rng)
	if m.Size() != 0 || m.Matching() != nil {
		t.Error("nil MatchingChain")
	}
	var sc *ShuffleCoupling
	sc.StepPair(rng)
	(&ShuffleCoupling{}).StepPair(rng)
	ShuffleStep(nil, []int{0, 1})
	ShuffleStep(rng, nil)
	var ic *IndSetCoupling
	ic.StepPair(rng)
	(&IndSetCoupling{}).StepPair(rng)
	if !sc.Met() || !ic.Met() || ic.Distance() != 0 {
		t.Error("a nil coupling counts as met")
	}
	if tm, met := CouplingTime(nil, rng, 10); tm != 0 || met {
		t.Errorf("CouplingTime(nil) = %d, %v", tm, met)
	}
	if x := (Cube{}).Step(rng, 5); x != 5 {
		t.Errorf("zero Cube moved 5 to %d", x)
	}
	var ind *IndependentSets
	if ind.MaxDegree() != 0 || ind.Assumption() {
		t.Error("nil IndependentSets")
	}
	if (*FiniteChain)(nil).Matrix() != nil || (*RatChain)(nil).Labels() != nil || (*Chain[int])(nil).AcceptRate() != 0 {
		t.Error("nil chains")
	}
	if Averages([][]float64{{1, 0}, {1}}) != nil || RatAverages([][]*big.Rat{{nil}}) != nil {
		t.Error("ragged evolutions give nil")
	}
	if f := RatFloats([]*big.Rat{nil, big.NewRat(1, 2)}); f[0] != 0 || f[1] != 0.5 {
		t.Errorf("RatFloats = %v", f)
	}
	for _, x := range []float64{math.NaN(), math.Inf(1)} {
		if Metropolis(x) != -math.MaxFloat64 || HeatBath(x) != -math.MaxFloat64 || GlauberProb(1, math.NaN()) != 0 {
			t.Errorf("acceptance of %v", x)
		}
	}
}
