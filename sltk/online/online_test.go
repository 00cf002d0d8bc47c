package online

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.10g, want %.10g", name, got, want)
	}
}

// TestWMForcing is the spec's factor-2 example: experts "always 1" and "always 0", and an
// adversary that makes every decision wrong.
func TestWMForcing(t *testing.T) {
	s, err := WeightedMajority{LearningRate: 0.5}.New(2)
	if err != nil {
		t.Fatal(err)
	}
	advice := []int{1, 0}
	var decisions []int
	for r := 0; r < 10; r++ {
		d, _ := s.Decide(advice)
		decisions = append(decisions, d)
		if _, err := s.Observe(advice, 1-d); err != nil {
			t.Fatal(err)
		}
	}
	if fmt.Sprint(decisions) != "[1 0 1 0 1 0 1 0 1 0]" {
		t.Errorf("decisions %v", decisions)
	}
	if s.Loss != 10 || s.Experts[0] != 5 || s.Experts[1] != 5 {
		t.Errorf("loss %d, experts %v", s.Loss, s.Experts)
	}
	w := s.Weights()
	near(t, "w_1", w[0], 1.0/32, 1e-15)
	near(t, "bound", bound(WMBound(2, 0.5, 5)), 17.7726, 1e-4)
	near(t, "tight bound", bound(WMBoundTight(2, 0.5, 5)), 14.4565, 1e-4)
}

func TestWMBoundRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 50; trial++ {
		n, T := 2+r.IntN(10), 200
		acc := make([]float64, n)
		for i := range acc {
			acc[i] = r.Float64()
		}
		adv := make([][]int, T)
		out := make([]int, T)
		for s := range adv {
			out[s] = r.IntN(2)
			adv[s] = make([]int, n)
			for i := range adv[s] {
				adv[s][i] = out[s]
				if r.Float64() > acc[i] {
					adv[s][i] = 1 - out[s]
				}
			}
		}
		alpha := 0.05 + 0.45*r.Float64()
		tr, err := WeightedMajority{LearningRate: alpha}.Run(adv, out)
		if err != nil {
			t.Fatal(err)
		}
		f := tr.Final
		for i, l := range f.Experts {
			if float64(f.Loss) > bound(WMBoundTight(n, alpha, float64(l)))+1e-9 || float64(f.Loss) > bound(WMBound(n, alpha, float64(l))) {
				t.Fatalf("bound fails for expert %d: %d mistakes, expert %d", i, f.Loss, l)
			}
		}
		for s := 1; s < T; s++ {
			if tr.LogPotential[s] > tr.LogPotential[s-1]+1e-12 {
				t.Fatal("potential increased")
			}
		}
	}
}

func TestMWUOracle(t *testing.T) {
	losses := mat.NewDense(10, 2, nil)
	for s := 0; s < 10; s++ {
		p := float64(s % 2) // prices 0, 1, 0, 1, …
		losses.SetRow(s, []float64{math.Abs(1 - p), math.Abs(0 - p)})
	}
	tr, err := MWU{LearningRate: 0.5}.Run(losses)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "expected loss", tr.Final.Expected, 35.0/6, 1e-12)
	near(t, "bound", bound(MWUBound(2, 0.5, 5)), 8.8863, 1e-4)
	near(t, "exact bound", bound(MWUBoundExact(2, 0.5, 5)), 8.3178, 1e-4)
}

func TestMWUMaxLearningRate(t *testing.T) {
	a := MWUMaxLearningRate()
	near(t, "α*", a, 0.6838026, 1e-7)
	holds := func(x float64) bool { return -math.Log1p(-x) <= x*(1+x) }
	if !holds(a) || holds(a+1e-12) || !holds(0.01) || holds(0.99) {
		t.Errorf("ln(1/(1−α)) ≤ α(1+α) should hold up to α* = %v and fail beyond", a)
	}
	// Below α* the simple bound is the weaker (larger) one; above it, it undercuts the valid one.
	if bound(MWUBound(2, a-0.01, 100)) < bound(MWUBoundExact(2, a-0.01, 100)) || bound(MWUBound(2, a+0.01, 100)) >= bound(MWUBoundExact(2, a+0.01, 100)) {
		t.Error("MWUBound against MWUBoundExact around α*")
	}
}

func TestMWUBoundRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 40; trial++ {
		n, T := 2+r.IntN(8), 300
		signed := trial%2 == 1
		l := mat.NewDense(T, n, nil)
		for s := 0; s < T; s++ {
			for i := 0; i < n; i++ {
				v := r.Float64() * (0.5 + float64(i)/float64(2*n))
				if signed {
					v = 2*v - 1
				}
				l.Set(s, i, v)
			}
		}
		alpha := 0.05 + 0.45*r.Float64()
		tr, err := MWU{LearningRate: alpha, Signed: signed}.Run(l)
		if err != nil {
			t.Fatal(err)
		}
		f := tr.Final
		for i := range f.Experts {
			var b float64
			if signed {
				b = bound(MWUSignedBound(n, alpha, f.Experts[i], f.AbsLoss[i]))
			} else {
				b = math.Min(bound(MWUBound(n, alpha, f.Experts[i])), bound(MWUBoundExact(n, alpha, f.Experts[i])))
			}
			if f.Expected > b+1e-9 {
				t.Fatalf("signed=%v: expected loss %v > bound %v for expert %d", signed, f.Expected, b, i)
			}
		}
		p := f.Distribution()
		sum := 0.0
		for _, v := range p {
			sum += v
		}
		near(t, "Σp", sum, 1, 1e-12)
	}
}

// majority3 is the spec's weakly learnable target Maj(x1, x2, x3) on {0,1}^d.
func majority3(d int) (*mat.Dense, []int) {
	n := 1 << d
	x := mat.NewDense(n, d, nil)
	y := make([]int, n)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			x.Set(i, j, float64(i>>j&1))
		}
		if i&1+i>>1&1+i>>2&1 >= 2 {
			y[i] = 1
		}
	}
	return x, y
}

func TestBoostRoundsTable(t *testing.T) {
	want := map[[2]float64]int{
		{0.4, 0.1}: 461, {0.4, 0.01}: 922, {0.4, 0.001}: 1382,
		{0.25, 0.1}: 74, {0.25, 0.01}: 148, {0.25, 0.001}: 222,
		{0.1, 0.1}: 29, {0.1, 0.01}: 58, {0.1, 0.001}: 87,
	}
	for k, w := range want {
		if got, _ := BoostRounds(k[0], k[1]); got != w {
			t.Errorf("rounds(γ=%v, ε=%v) = %d, want %d", k[0], k[1], got, w)
		}
	}
	// the "tedious calculation": (1 − α/2 − α²)/√(1−α) ≤ e^{−(7/8)α²} on (0, ½]
	for a := 0.001; a <= 0.5; a += 0.001 {
		if r := (1 - a/2 - a*a) / math.Sqrt(1-a); r > math.Exp(-7.0/8*a*a) {
			t.Fatalf("constant 7/8 fails at α = %v", a)
		}
	}
}

func TestBoostMajority(t *testing.T) {
	x, y := majority3(6)
	res, err := BoostMWU{Gamma: 0.4, Epsilon: 0.01}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Stumps) != 922 {
		t.Errorf("%d rounds, want 922", len(res.Stumps))
	}
	last := res.TrainError[len(res.TrainError)-1]
	if last >= 0.01 {
		t.Errorf("training error %v ≥ ε", last)
	}
	a := res.LearningRate
	prev := math.Log(64)
	for s, lp := range res.LogPotential {
		if lp > prev+math.Log(1-a/2-a*a)+1e-9 {
			t.Fatalf("round %d: potential fell less than the factor 1 − α/2 − α²", s+1)
		}
		prev = lp
	}
	p, _ := res.Predict(x)
	for i := range p {
		if p[i] != y[i] {
			t.Fatalf("vote wrong on example %d", i)
		}
	}
	// a target that is not weakly learnable by stumps: parity of two bits
	xp := mat.NewDense(4, 2, []float64{0, 0, 0, 1, 1, 0, 1, 1})
	if _, err := (BoostMWU{Gamma: 0.3, Epsilon: 0.1}).Fit(xp, []int{0, 1, 1, 0}); !errors.Is(err, ErrWeak) {
		t.Errorf("XOR: %v", err)
	}
}

func TestEXP3(t *testing.T) {
	g, _ := EXP3Gamma(10, 1000)
	near(t, "γ*", g, 0.1157606, 1e-7)
	near(t, "bound", bound(EXP3Bound(10, g, 1000)), 397.8186, 1e-4)
	// Stochastic rewards: mean regret over seeds stays below the bound.
	n, T := 5, 2000
	r := rand.New(rand.NewPCG(5, 6))
	q := mat.NewDense(n, T, nil)
	for a := 0; a < n; a++ {
		for s := 0; s < T; s++ {
			if r.Float64() < 0.3+0.1*float64(a) {
				q.Set(a, s, 1)
			}
		}
	}
	gamma, _ := EXP3Gamma(n, float64(T))
	mean := 0.0
	const seeds = 20
	var best float64
	for seed := uint64(0); seed < seeds; seed++ {
		tr, err := EXP3{Gamma: gamma, Seed: seed}.Run(q)
		if err != nil {
			t.Fatal(err)
		}
		if tr.MinProb < gamma/float64(n)-1e-15 {
			t.Fatalf("p_min %v < γ/n", tr.MinProb)
		}
		mean += tr.Regret[T-1] / seeds
		best = tr.Best[T-1]
	}
	if b := bound(EXP3Bound(n, gamma, best)); mean > b {
		t.Errorf("mean regret %v > bound %v", mean, b)
	}
	bad := mat.NewDense(2, 2, []float64{0, 1.5, 0, 0})
	if _, err := (EXP3{Gamma: 0.1}).Run(bad); !errors.Is(err, ErrParam) {
		t.Errorf("reward 1.5: %v", err)
	}
}

func TestBadInput(t *testing.T) {
	s, _ := MWU{}.New(2)
	if _, err := s.Update([]float64{0.5, 1.5}); !errors.Is(err, ErrParam) {
		t.Errorf("loss 1.5: %v", err)
	}
	if _, err := s.Update([]float64{-0.5, 0}); !errors.Is(err, ErrParam) {
		t.Errorf("loss −0.5 unsigned: %v", err)
	}
	if _, err := (WeightedMajority{LearningRate: 0.7}).New(3); !errors.Is(err, ErrParam) {
		t.Errorf("α = 0.7: %v", err)
	}
	w, _ := WeightedMajority{}.New(2)
	if _, err := w.Observe([]int{1, 2}, 1); !errors.Is(err, ErrLabel) {
		t.Errorf("advice 2: %v", err)
	}
	if _, err := BoostRounds(0.5, 0.1); !errors.Is(err, ErrParam) {
		t.Errorf("γ = ½: %v", err)
	}
}

func ExampleMWU() {
	// Two experts ("always buy", "never buy") on alternating prices 0, 1, 0, 1, …
	losses := mat.NewDense(10, 2, nil)
	for s := 0; s < 10; s++ {
		losses.SetRow(s, []float64{float64(1 - s%2), float64(s % 2)})
	}
	tr, _ := MWU{LearningRate: 0.5}.Run(losses)
	fmt.Printf("expected loss %.4f ≤ bound %.4f\n", tr.Final.Expected, bound(MWUBound(2, 0.5, 5)))
	// Output: expected loss 5.8333 ≤ bound 8.8863
}

func BenchmarkBoostMWU(b *testing.B) {
	x, y := majority3(12) // 4096 examples, 12 features
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (BoostMWU{Gamma: 0.4, Epsilon: 0.01}).Fit(x, y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEXP3(b *testing.B) {
	q := mat.NewDense(10, 100_000, nil)
	r := rand.New(rand.NewPCG(1, 1))
	for a := 0; a < 10; a++ {
		for s := 0; s < 100_000; s++ {
			q.Set(a, s, r.Float64())
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (EXP3{Gamma: 0.05}).Run(q); err != nil {
			b.Fatal(err)
		}
	}
}

func TestAdaBoost(t *testing.T) {
	// Noisy threshold data: AdaBoost's training error stays below its product bound.
	r := rand.New(rand.NewPCG(9, 9))
	x := mat.NewDense(300, 3, nil)
	y := make([]int, 300)
	for i := 0; i < 300; i++ {
		for j := 0; j < 3; j++ {
			x.Set(i, j, r.Float64())
		}
		if x.At(i, 0)+x.At(i, 1) > 1 {
			y[i] = 1
		}
		if r.Float64() < 0.05 {
			y[i] = 1 - y[i]
		}
	}
	res, err := AdaBoost{MaxIter: 60}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for s := range res.TrainError {
		if res.TrainError[s] > res.Bound[s]+1e-12 {
			t.Fatalf("round %d: training error %v above bound %v", s+1, res.TrainError[s], res.Bound[s])
		}
	}
	p, _ := res.Predict(x)
	wrong := 0
	for i := range p {
		if p[i] != y[i] {
			wrong++
		}
	}
	if got := float64(wrong) / 300; math.Abs(got-res.TrainError[len(res.TrainError)-1]) > 1e-12 {
		t.Errorf("Predict error %v, trace %v", got, res.TrainError[len(res.TrainError)-1])
	}
	// a single perfect stump ends the run
	xs := mat.NewDense(4, 1, []float64{0, 1, 2, 3})
	one, err := AdaBoost{}.Fit(xs, []int{0, 0, 1, 1})
	if err != nil || len(one.Stumps) != 1 || one.TrainError[0] != 0 {
		t.Errorf("perfect stump: %+v, %v", one, err)
	}
	if _, err := (AdaBoost{}).Fit(xs, []int{0, 2, 1, 1}); !errors.Is(err, ErrLabel) {
		t.Errorf("label 2: %v", err)
	}
	// Predict checks shape and values, and a zero result is not fitted.
	if _, err := one.Predict(mat.NewDense(1, 3, []float64{0, math.NaN(), 0})); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN query: %v", err)
	}
	if _, err := (&AdaBoostResult{}).Predict(xs); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero result: %v", err)
	}
	if _, err := (BoostMWU{Gamma: 0.4999999, Epsilon: 0.01}).Fit(xs, []int{0, 0, 1, 1}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("γ = 0.4999999: %v", err)
	}
	_, err = (MWU{LearningRate: 2}).New(3)
	if want := "online: MWU.New: LearningRate = 2, want in (0, 1): invalid parameter"; err == nil || err.Error() != want {
		t.Errorf("message %v, want %q", err, want)
	}
}

func TestMWUSampled(t *testing.T) {
	// random losses in [0, 1], fixed in advance (oblivious adversary)
	const T, n, seeds = 2000, 8, 40
	rng := rand.New(rand.NewPCG(5, 6))
	losses := mat.NewDense(T, n, nil)
	for r := 0; r < T; r++ {
		for i := 0; i < n; i++ {
			losses.Set(r, i, rng.Float64()*(0.5+0.5*float64(i)/n))
		}
	}
	alpha := 0.1
	dev := math.Sqrt(T * math.Log(2/1e-6) / 2) // Hoeffding at δ = 1e-6
	mean := 0.0
	var exp, best float64
	for s := uint64(0); s < seeds; s++ {
		tr, err := MWUSampled{MWU: MWU{LearningRate: alpha}, Seed: s}.Run(losses)
		if err != nil {
			t.Fatal(err)
		}
		exp, best = tr.Expected[T-1], tr.BestExpert[T-1]
		real := tr.Realised[T-1]
		if math.Abs(real-exp) > dev {
			t.Errorf("seed %d: realised %v vs expected %v, Hoeffding allows %v", s, real, exp, dev)
		}
		mean += real / seeds
	}
	// the mean over seeds has standard deviation ≤ √T/(2√seeds) ≈ 3.5
	if math.Abs(mean-exp) > 6*math.Sqrt(T)/(2*math.Sqrt(seeds)) {
		t.Errorf("mean realised %v far from expected %v", mean, exp)
	}
	if b := bound(MWUBound(n, alpha, best)); exp > b || mean > b+6*math.Sqrt(T)/(2*math.Sqrt(seeds)) {
		t.Errorf("Thm 4.3 in expectation: expected %v, mean realised %v, bound %v", exp, mean, b)
	}
	// same seed, same run; the expectations equal plain MWU's
	a, _ := MWUSampled{MWU: MWU{LearningRate: alpha}, Seed: 3}.Run(losses)
	b, _ := MWUSampled{MWU: MWU{LearningRate: alpha}, Seed: 3}.Run(losses)
	plain, _ := MWU{LearningRate: alpha}.Run(losses)
	if a.Realised[T-1] != b.Realised[T-1] || a.Expected[T-1] != plain.Expected[T-1] {
		t.Error("sampled MWU is not deterministic or its expectation differs from MWU")
	}
	if _, err := (MWUSampled{MWU: MWU{LearningRate: alpha}}).Run(mat.NewDense(1, 2, []float64{0.5, 1.5})); !errors.Is(err, ErrParam) {
		t.Errorf("loss 1.5: got %v, want ErrParam", err)
	}
	if _, err := (MWUSampled{}).Run(nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("nil table: got %v", err)
	}
	if _, err := (MWU{}).Run((*mat.Dense)(nil)); !errors.Is(err, ErrEmpty) {
		t.Errorf("typed-nil table: got %v", err)
	}
}

// avoider is an adaptive adversary: action a earns 1 unless it is the action the player chose
// most often in the last 50 rounds (then 0.2); the other actions' rewards also favour the
// player's least-used action.
func avoider(n int) AdversaryFunc {
	q := make([]float64, n)
	return func(t int, hist []int) []float64 {
		counts := make([]int, n)
		for _, a := range hist[max(0, len(hist)-50):] {
			counts[a]++
		}
		most := 0
		for a := range counts {
			if counts[a] > counts[most] {
				most = a
			}
		}
		for a := range q {
			q[a] = 0.6 + 0.4*float64(a)/float64(n)
		}
		q[most] = 0.2
		return q
	}
}

func TestEXP3Adaptive(t *testing.T) {
	const n, T, seeds = 5, 3000, 20
	g, _ := EXP3Gamma(n, T)
	var meanReward float64
	meanCum := make([]float64, n)
	for s := uint64(0); s < seeds; s++ {
		adv := avoider(n)
		// record the rewards the adversary produced, to compute each G_j
		cum := make([]float64, n)
		rec := AdversaryFunc(func(t int, hist []int) []float64 {
			q := adv(t, hist)
			for a := range q {
				cum[a] += q[a]
			}
			return q
		})
		tr, err := EXP3{Gamma: g, Seed: s}.RunAdaptive(rec, n, T)
		if err != nil {
			t.Fatal(err)
		}
		if tr.MinProb < g/n-1e-15 {
			t.Errorf("p_a = %v below γ/n", tr.MinProb)
		}
		best := 0.0
		for a := range cum {
			meanCum[a] += cum[a] / seeds
			best = math.Max(best, cum[a])
		}
		if math.Abs(best-tr.Best[T-1]) > 1e-9 {
			t.Errorf("trace best %v, recomputed %v", tr.Best[T-1], best)
		}
		meanReward += tr.Reward[T-1] / seeds
	}
	bestMean := 0.0
	for _, v := range meanCum {
		bestMean = math.Max(bestMean, v)
	}
	if r, b := bestMean-meanReward, bound(EXP3Bound(n, g, T)); r > b {
		t.Errorf("max_j E G_j − E G = %v above the bound %v", r, b)
	}
	// determinism, and Run is RunAdaptive on a fixed table
	tab := mat.NewDense(2, 3, []float64{1, 0, 1, 0, 1, 0})
	r1, _ := EXP3{Gamma: 0.3, Seed: 9}.Run(tab)
	r2, _ := EXP3{Gamma: 0.3, Seed: 9}.RunAdaptive(AdversaryFunc(func(t int, _ []int) []float64 {
		return []float64{tab.At(0, t), tab.At(1, t)}
	}), 2, 3)
	if fmt.Sprint(r1.Actions, r1.Reward) != fmt.Sprint(r2.Actions, r2.Reward) {
		t.Errorf("Run %v and RunAdaptive %v differ", r1.Actions, r2.Actions)
	}
	bad := AdversaryFunc(func(t int, _ []int) []float64 { return []float64{0.5, 1.5} })
	if _, err := (EXP3{Gamma: 0.3}).RunAdaptive(bad, 2, 5); !errors.Is(err, ErrParam) {
		t.Errorf("reward 1.5: got %v, want ErrParam", err)
	}
	short := AdversaryFunc(func(t int, _ []int) []float64 { return []float64{0.5} })
	if _, err := (EXP3{Gamma: 0.3}).RunAdaptive(short, 2, 5); !errors.Is(err, ErrShape) {
		t.Errorf("short vector: got %v, want ErrShape", err)
	}
	if _, err := (EXP3{Gamma: 0.3}).RunAdaptive(nil, 2, 5); !errors.Is(err, ErrParam) {
		t.Errorf("nil adversary: got %v", err)
	}
}

func TestZeroValues(t *testing.T) {
	var s MWUState
	if _, err := s.Update([]float64{0.5}); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero MWUState: %v", err)
	}
	if i, _ := s.BestExpert(); i != -1 {
		t.Errorf("zero MWUState best expert %d", i)
	}
	if v := (Stump{Feature: 5}).Predict([]float64{1}); v != 0 {
		t.Errorf("stump on a short row: %d", v)
	}
}

func TestPunisher(t *testing.T) {
	p := &Punisher{Base: []float64{0.3, 0.5, 0.7}, Memory: 3}
	if q := p.Rewards(0, nil); q[0] != 0.3 || q[1] != 0.5 || q[2] != 0.7 {
		t.Errorf("no history: %v", q)
	}
	if q := p.Rewards(5, []int{2, 2, 2, 1, 1, 0}); q[1] != 0 || q[2] != 0.7 {
		t.Errorf("last 3 actions 1, 1, 0: want action 1 punished, got %v", q)
	}
	tr, err := EXP3{Gamma: 0.2, Seed: 1}.RunAdaptive(&Punisher{Base: []float64{0.3, 0.5, 0.7}}, 3, 200)
	if err != nil || len(tr.Actions) != 200 {
		t.Fatalf("EXP3 against the punisher: %v", err)
	}
}

// TestWMRuleScaleInvariant: Weighted Majority decides 1 iff the experts advising 1 carry at
// least half the weight. The lecture's rule "Σ w_i ≥ Σ a_i" compares a weight with a number of
// votes: it changes when all weights are scaled, which the weighted vote must not do.
func TestWMRuleScaleInvariant(t *testing.T) {
	a := []int{1, 0, 0}
	garbled := func(w []float64) bool { return w[0]+w[1]+w[2] >= float64(a[0]+a[1]+a[2]) }
	vote := func(w []float64) bool { return w[0] >= w[1]+w[2] }
	small, large := []float64{0.2, 0.3, 0.1}, []float64{20, 30, 10}
	if garbled(small) == garbled(large) {
		t.Error("the garbled rule should depend on the scale of the weights")
	}
	if vote(small) != vote(large) {
		t.Error("the weighted vote must not depend on the scale")
	}
	wm, err := WeightedMajority{LearningRate: 0.5}.New(3)
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := wm.Decide([]int{1, 1, 0}); d != 1 {
		t.Errorf("two of three equal weights advise 1: decision %d", d)
	}
}

// bound unwraps a bound for tests whose arguments are valid.
func bound(b float64, err error) float64 {
	if err != nil {
		panic(err)
	}
	return b
}

// TestZeroValuesAreSafe: γ = 1 is allowed in EXP3Bound, the zero values of the states are safe,
// and EXP3.RunAdaptive runs at sizes under its limits.
func TestZeroValuesAreSafe(t *testing.T) {
	if b, err := EXP3Bound(2, 1, 0); err != nil || b != 2*math.Log(2) {
		t.Errorf("EXP3Bound(2, 1, 0) = %v, %v: γ = 1 is allowed", b, err)
	}
	var wm *WM
	if wm.Weights() != nil || wm.LogPotential() != 0 || wm.BestExpert() != 0 || (&WM{}).LogPotential() != 0 {
		t.Error("nil or zero WM")
	}
	if (*MWUState)(nil).Distribution() != nil || AdversaryFunc(nil).Rewards(0, nil) != nil {
		t.Error("nil MWUState or AdversaryFunc")
	}
	adv := AdversaryFunc(func(int, []int) []float64 { return []float64{0.5, 0.5} })
	if tr, err := (EXP3{Gamma: 0.1}).RunAdaptive(adv, 2, 1000); err != nil || len(tr.Regret) != 1000 {
		t.Errorf("RunAdaptive(2, 1000): %v", err)
	}
}
