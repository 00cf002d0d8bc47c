package mcmc

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// landscape is the 25-state cost of the spec (§4.1, Fig. 2.1): local minima at 4, 9, 14 and the
// global minimum at 19.
var landscape = []float64{8, 6, 4, 2, 1, 3, 5, 4, 2, 0.8, 3, 5, 3, 1.5, 0.6, 3, 5, 2.5, 1, 0, 2, 4, 6, 8, 10}

func gibbsLog(T float64) []float64 {
	l := make([]float64, len(landscape))
	for i, r := range landscape {
		l[i] = -r / T
	}
	return l
}

func normalise(logf []float64) []float64 {
	m := math.Inf(-1)
	for _, v := range logf {
		m = math.Max(m, v)
	}
	p := make([]float64, len(logf))
	var z float64
	for i, v := range logf {
		p[i] = math.Exp(v - m)
		z += p[i]
	}
	for i := range p {
		p[i] /= z
	}
	return p
}

func TestTreasureHunterChainO7(t *testing.T) {
	Q, err := TreasureHunter(25)
	if err != nil {
		t.Fatal(err)
	}
	if Q.At(0, 0) != 0.75 || Q.At(24, 24) != 0.75 || Q.At(5, 4) != 0.25 || Q.At(5, 5) != 0.5 {
		t.Fatal("treasure-hunter proposal differs from eq. 2.8 (corrected)")
	}
	wantH := map[float64]float64{10: 765.3, 3: 961.3, 1: 5405.0, 0.5: 229155}
	wantP := map[float64]float64{10: 0.0558, 3: 0.1013, 1: 0.2684, 0.5: 0.5273}
	prev := 0.0
	for _, T := range []float64{10, 3, 1, 0.5} {
		P, err := MetropolisMatrix(gibbsLog(T), Q)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckStochastic(P); err != nil {
			t.Fatal(err)
		}
		p := normalise(gibbsLog(T))
		db, _ := DetailedBalanceError(P, p)
		if db > 1e-15 {
			t.Fatalf("T=%g: detailed balance error %g", T, db)
		}
		st, err := Stationary(P)
		if err != nil {
			t.Fatal(err)
		}
		for i := range p {
			if math.Abs(st[i]-p[i]) > 1e-12 {
				t.Fatalf("T=%g: stationary %g vs Gibbs %g at %d", T, st[i], p[i], i)
			}
		}
		if math.Abs(p[19]-wantP[T]) > 5e-4 {
			t.Fatalf("T=%g: p(c*) = %g, want %g", T, p[19], wantP[T])
		}
		h, err := HittingTimes(P, []int{19})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(h[0]-wantH[T]) > 1e-3*wantH[T] {
			t.Fatalf("T=%g: hitting time %g, want %g", T, h[0], wantH[T])
		}
		if h[0] <= prev {
			t.Fatalf("hitting time not increasing as T falls: %g after %g", h[0], prev)
		}
		prev = h[0]
	}
}

func treasureMH(T float64, seed uint64) MH[int] {
	return MH[int]{
		LogTarget: func(c int) float64 { return -landscape[c] / T },
		Propose: func(rng *rand.Rand, c int) int {
			if rng.IntN(2) == 0 {
				return c
			}
			if rng.IntN(2) == 0 {
				return min(24, c+1)
			}
			return max(0, c-1)
		},
		Steps: 200000, Burn: 1000, Seed: seed,
	}
}

func TestMetropolisFrequenciesAndHitting(t *testing.T) {
	// Thm. 6: frequencies converge to the Gibbs distribution; Monte Carlo hitting times match
	// the linear solve (O7).
	T := 3.0
	ch, err := treasureMH(T, 1).Run(0)
	if err != nil {
		t.Fatal(err)
	}
	p := normalise(gibbsLog(T))
	freq := make([]float64, 25)
	for _, s := range ch.States {
		freq[s] += 1 / float64(len(ch.States))
	}
	for i := range p {
		if math.Abs(freq[i]-p[i]) > 0.01 {
			t.Fatalf("state %d: frequency %g, Gibbs %g", i, freq[i], p[i])
		}
	}
	if r := ch.AcceptRate(); r <= 0 || r >= 1 {
		t.Fatalf("acceptance rate %g", r)
	}
	var sum float64
	m := treasureMH(T, 0)
	for r := 0; r < 400; r++ {
		m.Seed = uint64(r)
		h, err := FirstHit(m, 0, func(c int) bool { return c == 19 }, 1_000_000)
		if err != nil || h < 0 {
			t.Fatal(err, h)
		}
		sum += float64(h)
	}
	if mean := sum / 400; math.Abs(mean-961.3) > 0.15*961.3 {
		t.Fatalf("mean hitting time %g, exact 961.3", mean)
	}
}

func TestHastingsAsymmetric(t *testing.T) {
	// An asymmetric proposal with the Hastings correction samples the target; the generic
	// kernel for a symmetric q is the Metropolis kernel (Ex. 5).
	target := []float64{0.1, 0.2, 0.3, 0.4}
	logf := make([]float64, 4)
	for i, v := range target {
		logf[i] = math.Log(v)
	}
	// q(c′|c): move right (cyclically) w.p. 0.7, left w.p. 0.3.
	Q := mat.NewDense(4, 4, nil)
	for c := 0; c < 4; c++ {
		Q.Set(c, (c+1)%4, 0.7)
		Q.Set(c, (c+3)%4, 0.3)
	}
	P, err := MetropolisMatrix(logf, Q)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := Stationary(P)
	for i := range st {
		if math.Abs(st[i]-target[i]) > 1e-12 {
			t.Fatalf("stationary %v", st)
		}
	}
	m := MH[int]{
		LogTarget: func(c int) float64 { return logf[c] },
		Propose: func(rng *rand.Rand, c int) int {
			if rng.Float64() < 0.7 {
				return (c + 1) % 4
			}
			return (c + 3) % 4
		},
		LogQRatio: func(c, n int) float64 { return math.Log(Q.At(n, c)) - math.Log(Q.At(c, n)) },
		Steps:     200000, Seed: 3,
	}
	ch, err := m.Run(0)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 4; k++ {
		f, _ := Average(ch, func(c int) float64 {
			if c == k {
				return 1
			}
			return 0
		})
		if math.Abs(f-target[k]) > 0.01 {
			t.Fatalf("state %d frequency %g, target %g", k, f, target[k])
		}
	}
}

// chain is a 25-state System for annealing on the landscape with the treasure-hunter proposal.
type chain struct {
	c, next int
}

func (s *chain) Cost() float64 { return landscape[s.c] }
func (s *chain) Propose(rng *rand.Rand) float64 {
	s.next = s.c
	if rng.IntN(2) == 1 {
		if rng.IntN(2) == 0 {
			s.next = min(24, s.c+1)
		} else {
			s.next = max(0, s.c-1)
		}
	}
	return landscape[s.next] - landscape[s.c]
}
func (s *chain) Accept() { s.c = s.next }

func TestAnnealingEscapesLocalMinima(t *testing.T) {
	// SA from 0 visits the global minimum 19 (its best-so-far state) far more often than a chain
	// at a fixed low temperature with the same number of steps, which stays in the first basins.
	for _, acc := range []Acceptance{Metropolis, HeatBath} {
		hits, cold := 0, 0
		for r := 0; r < 100; r++ {
			s := &chain{}
			res, err := SimulatedAnnealing{Schedule: gibbs.Schedule{T0: 10, TMin: 0.05, Cooling: 0.93}, Steps: 300, Accept: acc, Seed: uint64(r)}.Run(s)
			if err != nil {
				t.Fatal(err)
			}
			if res.BestCost == 0 {
				hits++
			}
			if math.Abs(res.Final-landscape[s.c]) > 1e-9 || res.BestCost > res.Final+1e-9 {
				t.Fatalf("cost bookkeeping: final %g, state cost %g, best %g", res.Final, landscape[s.c], res.BestCost)
			}
			s2 := &chain{}
			r2, err := (SimulatedAnnealing{Schedule: gibbs.Schedule{T0: 0.2, TMin: 0.2}, Steps: 300 * len(res.Levels), Accept: acc, Seed: uint64(r)}).Run(s2)
			if err != nil {
				t.Fatal(err)
			}
			if r2.BestCost == 0 {
				cold++
			}
		}
		if hits < 80 || cold > 20 {
			t.Fatalf("annealing found 19 in %d/100 runs, fixed T=0.2 in %d/100", hits, cold)
		}
	}
}

func TestSchedulesAndAcceptance(t *testing.T) {
	for _, x := range []float64{-800, -3, 0, 2, 800} {
		hb := math.Exp(HeatBath(x))
		if want := 1 / (1 + math.Exp(x)); math.Abs(hb-want) > 1e-15 || math.IsNaN(hb) {
			t.Fatalf("heat bath at %g: %g vs %g", x, hb, want)
		}
		// Both rules satisfy detailed balance: a(x)/a(−x) = e^{−x}.
		for _, a := range []Acceptance{Metropolis, HeatBath} {
			if math.Abs(x) < 50 {
				if r := a(x) - a(-x); math.Abs(r+x) > 1e-12 {
					t.Fatalf("rule violates detailed balance at %g", x)
				}
			}
		}
	}
}

func TestEnumerate(t *testing.T) {
	// Two independent spins with field h: Z = (2cosh(h/T))².
	h, T := 0.7, 1.3
	e := func(s int) float64 {
		var E float64
		for b := 0; b < 2; b++ {
			if s>>b&1 == 1 {
				E -= h
			} else {
				E += h
			}
		}
		return E
	}
	ex, err := Enumerate(4, e, T)
	if err != nil {
		t.Fatal(err)
	}
	if want := 2 * math.Log(2*math.Cosh(h/T)); math.Abs(ex.LogZ-want) > 1e-14 {
		t.Fatalf("log Z %g, want %g", ex.LogZ, want)
	}
	if want := -2 * h * math.Tanh(h/T); math.Abs(ex.MeanE-want) > 1e-14 {
		t.Fatalf("⟨E⟩ %g, want %g", ex.MeanE, want)
	}
	if want := 2 * h * h / math.Pow(math.Cosh(h/T), 2); math.Abs(ex.VarE-want) > 1e-14 {
		t.Fatalf("Var E %g, want %g", ex.VarE, want)
	}
}

func TestFuncSystem(t *testing.T) {
	s, err := NewFuncSystem(0, func(c int) float64 { return landscape[c] }, func(rng *rand.Rand, c int) int {
		return max(0, min(24, c+rng.IntN(3)-1))
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := SimulatedAnnealing{Schedule: gibbs.Schedule{T0: 10, TMin: 0.05, Cooling: 0.93}, Steps: 300, Seed: 2}.Run(s)
	if err != nil {
		t.Fatal(err)
	}
	if landscape[s.Best] != res.BestCost {
		t.Fatalf("best state cost %g, reported %g", landscape[s.Best], res.BestCost)
	}
}

func TestBadInput(t *testing.T) {
	if err := CheckStochastic(mat.NewDense(2, 2, []float64{0.5, 0.4, 0.5, 0.5})); !errors.Is(err, ErrProb) {
		t.Fatal(err)
	}
	if _, err := Stationary(mat.NewDense(2, 2, []float64{1, 0, 0, 1})); !errors.Is(err, ErrDisconnected) {
		t.Fatal(err)
	}
	if _, err := HittingTimes(mat.NewDense(2, 2, []float64{1, 0, 0, 1}), []int{1}); !errors.Is(err, ErrDisconnected) {
		t.Fatal(err)
	}
	if _, err := Enumerate(3, func(int) float64 { return 0 }, 0); !errors.Is(err, ErrParam) {
		t.Fatal(err)
	}
	if _, err := Enumerate(3, func(int) float64 { return math.NaN() }, 1); !errors.Is(err, ErrNotFinite) {
		t.Fatal(err)
	}
	if _, err := (MH[int]{}).Run(0); !errors.Is(err, ErrParam) {
		t.Fatal(err)
	}
	if _, err := (SimulatedAnnealing{}).Run(&chain{}); !errors.Is(err, errs.ErrParam) {
		t.Fatal(err)
	}
	if _, err := (SimulatedAnnealing{Schedule: gibbs.Schedule{T0: math.NaN(), TMin: 1}}).Run(&chain{}); !errors.Is(err, errs.ErrParam) {
		t.Fatal(err)
	}
	if _, err := (SimulatedAnnealing{Schedule: gibbs.Schedule{T0: 1, TMin: 1}}).Run(nil); !errors.Is(err, errs.ErrEmpty) {
		t.Fatal(err)
	}
}

func ExampleHittingTimes() {
	Q, _ := TreasureHunter(25)
	for _, T := range []float64{10, 1} {
		logf := make([]float64, 25)
		for i, r := range landscape {
			logf[i] = -r / T
		}
		P, _ := MetropolisMatrix(logf, Q)
		h, _ := HittingTimes(P, []int{19})
		fmt.Printf("T = %4.1f: expected steps from 0 to the treasure at 19: %.0f\n", T, h[0])
	}
	// Output:
	// T = 10.0: expected steps from 0 to the treasure at 19: 765
	// T =  1.0: expected steps from 0 to the treasure at 19: 5405
}

func TestRidgeGibbsO4(t *testing.T) {
	// Ex. 2: the Gibbs distribution of the ridge cost Σ(y − cᵀx)² + λ‖c‖² is N(ĉ, (T/2)A⁻¹) with
	// A = XᵀX + λI; Metropolis samples reproduce its mean and covariance.
	X := mat.NewDense(6, 2, []float64{1, 0.5, 0.3, 1, -0.7, 0.2, 1.2, -0.4, 0.1, 0.9, -1, -1})
	y := []float64{1.1, 0.8, -0.5, 0.9, 0.6, -1.6}
	lambda, T := 0.5, 2.0
	var A mat.SymDense
	A.SymOuterK(1, X.T())
	for i := 0; i < 2; i++ {
		A.SetSym(i, i, A.At(i, i)+lambda)
	}
	var xty, chat mat.VecDense
	xty.MulVec(X.T(), mat.NewVecDense(6, y))
	if err := chat.SolveVec(&A, &xty); err != nil {
		t.Fatal(err)
	}
	var cov mat.Dense
	if err := cov.Inverse(&A); err != nil {
		t.Fatal(err)
	}
	cov.Scale(T/2, &cov)
	cost := func(c []float64) float64 {
		var r float64
		for i := range y {
			u := y[i] - c[0]*X.At(i, 0) - c[1]*X.At(i, 1)
			r += u * u
		}
		return r + lambda*(c[0]*c[0]+c[1]*c[1])
	}
	m := MH[[2]float64]{
		LogTarget: func(c [2]float64) float64 { return -cost(c[:]) / T },
		Propose: func(rng *rand.Rand, c [2]float64) [2]float64 {
			return [2]float64{c[0] + 0.6*rng.NormFloat64(), c[1] + 0.6*rng.NormFloat64()}
		},
		Steps: 400000, Burn: 2000, Seed: 9,
	}
	ch, err := m.Run([2]float64{0, 0})
	if err != nil {
		t.Fatal(err)
	}
	var mean [2]float64
	for _, s := range ch.States {
		mean[0] += s[0] / float64(len(ch.States))
		mean[1] += s[1] / float64(len(ch.States))
	}
	var emp [2][2]float64
	for _, s := range ch.States {
		for a := 0; a < 2; a++ {
			for b := 0; b < 2; b++ {
				emp[a][b] += (s[a] - mean[a]) * (s[b] - mean[b]) / float64(len(ch.States))
			}
		}
	}
	for a := 0; a < 2; a++ {
		if math.Abs(mean[a]-chat.AtVec(a)) > 0.03 {
			t.Fatalf("mean[%d] = %g, ĉ = %g", a, mean[a], chat.AtVec(a))
		}
		for b := 0; b < 2; b++ {
			if math.Abs(emp[a][b]-cov.At(a, b)) > 0.05*math.Max(cov.At(a, a), cov.At(b, b)) {
				t.Fatalf("cov[%d,%d] = %g, want %g", a, b, emp[a][b], cov.At(a, b))
			}
		}
	}
}

func ExampleAnneal() {
	// Minimise a rugged cost on {0,…,24} from state 0 with a geometric schedule.
	cost := func(c int) float64 { return landscape[c] }
	step := func(rng *rand.Rand, c int) int { return max(0, min(24, c+rng.IntN(3)-1)) }
	sys, _ := NewFuncSystem(0, cost, step)
	res, _ := SimulatedAnnealing{Schedule: gibbs.Schedule{T0: 10, TMin: 0.05, Cooling: 0.93}, Steps: 300, Seed: 4}.Run(sys)
	fmt.Printf("%d temperatures, best cost %.1f at state %d\n", len(res.Levels), res.BestCost, sys.Best)
	// Output:
	// 74 temperatures, best cost 0.0 at state 19
}

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
	if Unit(1<<40, 0) != nil {
		t.Error("Unit(2^40, 0) allocated")
	}
	if _, rows := EvolutionTable(nil, 1<<40); rows != nil {
		t.Error("EvolutionTable of nothing has rows")
	}
	for _, x := range []float64{math.NaN(), math.Inf(1)} {
		if Metropolis(x) != -math.MaxFloat64 || HeatBath(x) != -math.MaxFloat64 || GlauberProb(1, math.NaN()) != 0 {
			t.Errorf("acceptance of %v", x)
		}
	}
}

func TestSteppersRefuseBadState(t *testing.T) {
	deck := []int{0, 1, 2}
	MoveToTop(deck, 7)
	MoveToTop(nil, 0)
	var s IndependentSets
	s.Step(nil, []int{1})
	if deck[0] != 0 {
		t.Errorf("deck changed: %v", deck)
	}
}

func second[T any](_ T, err error) error { return err }
