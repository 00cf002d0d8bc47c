package mcmc

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

func TestMatchingCounts(t *testing.T) {
	for _, tc := range []struct {
		r, c, edges int
		bySize      []int
	}{
		{2, 2, 4, []int{1, 4, 2}},
		{2, 3, 7, []int{1, 7, 11, 3}},
		{3, 3, 12, []int{1, 12, 44, 56, 18}},
		{4, 4, 24, []int{1, 24, 224, 1044, 2593, 3388, 2150, 552, 36}},
	} {
		n, e := tc.r*tc.c, noErr(GridEdges(tc.r, tc.c))
		c, err := CountMatchings(n, e)
		if err != nil || len(e) != tc.edges {
			t.Fatal(err, len(e))
		}
		if got := c.BySize; !slices.Equal(got, tc.bySize) {
			t.Errorf("%d×%d grid: matchings by size %v, want %v", tc.r, tc.c, got, tc.bySize)
		}
	}
}

func TestMatchingMixing(t *testing.T) {
	for _, tc := range []struct {
		r, c, states, delta int
		T                   [3]int
	}{{2, 2, 7, 4, [3]int{3, 6, 12}}, {2, 3, 22, 7, [3]int{6, 9, 18}}} {
		n, e := tc.r*tc.c, noErr(GridEdges(tc.r, tc.c))
		ch, err := MatchingMatrix(n, e)
		ms := ch.States
		if err != nil || len(ms) != tc.states || len(e) != tc.delta {
			t.Fatal(err, len(ms))
		}
		pi, _ := ch.Stationary()
		for _, p := range pi {
			if math.Abs(p-1/float64(tc.states)) > 1e-12 {
				t.Fatalf("stationary not uniform: %v", pi)
			}
		}
		if !ch.Ergodic() {
			t.Error("matching chain not ergodic")
		}
		for k, eps := range []float64{0.25, 0.1, 0.01} {
			if m, _ := (MixingTime{Epsilon: eps}).Run(ch.FiniteChain); m.T != tc.T[k] {
				t.Errorf("%d×%d: T(%g) = %d, want %d", tc.r, tc.c, eps, m.T, tc.T[k])
			}
		}
		// The sampler's visit frequencies match the uniform distribution.
		mc, _ := NewMatchingChain(n, e)
		rng := rand.New(rand.NewPCG(1, 2))
		index := map[uint64]int{}
		for i, m := range ms {
			index[m] = i
		}
		freq := make([]float64, len(ms))
		const steps = 200000
		for s := 0; s < steps; s++ {
			mc.Step(rng)
			freq[index[mc.mask()]] += 1.0 / steps
		}
		if got := len(mc.Matching()); got != mc.Size() {
			t.Errorf("Matching() has %d edges, Size() = %d", got, mc.Size())
		}
		if d, _ := TotalVariation(freq, pi); d > 0.02 {
			t.Errorf("%d×%d: visit frequencies TV %g from uniform", tc.r, tc.c, d)
		}
	}
}

func TestShuffle(t *testing.T) {
	d := []int{0, 1, 2, 3, 4}
	MoveToTop(d, 3)
	if !slices.Equal(d, []int{3, 0, 1, 2, 4}) {
		t.Fatalf("MoveToTop: %v", d)
	}
	want3 := []float64{5.0 / 6, 1.0 / 2, 1.0 / 6, 1.0 / 18, 1.0 / 54, 1.0 / 162}
	want4 := []float64{23.0 / 24, 5.0 / 6, 1.0 / 2, 5.0 / 16, 11.0 / 64, 0.0898, 0.0459, 0.0232, 0.0117, 0.0058}
	for _, tc := range []struct {
		n    int
		tv   []float64
		T    [3]int
		bnd  [3]float64
		tolr float64
	}{
		{3, want3, [3]int{2, 3, 5}, [3]float64{7.455, 10.204, 17.111}, 1e-12},
		{4, want4, [3]int{4, 5, 9}, [3]float64{11.09, 14.756, 23.966}, 5e-5},
	} {
		ch, err := ShuffleMatrix(tc.n)
		perms := ch.States
		if err != nil {
			t.Fatal(err)
		}
		m, _ := MixingTime{Epsilon: 0.001}.Run(ch.FiniteChain)
		for s, w := range tc.tv {
			if math.Abs(m.Trace[s]-w) > tc.tolr {
				t.Errorf("n = %d: TV_%d = %.5f, want %.5f", tc.n, s, m.Trace[s], w)
			}
		}
		// The same TV from every start: the chain is transitive.
		ps, _ := ch.Evolve(Unit(len(perms), len(perms)-1), 3)
		if d, _ := TotalVariation(ps[3], m.Pi); math.Abs(d-m.Trace[3]) > 1e-12 {
			t.Errorf("n = %d: TV from the reversed deck %g ≠ %g", tc.n, d, m.Trace[3])
		}
		for k, eps := range []float64{0.25, 0.1, 0.01} {
			mk, _ := MixingTime{Epsilon: eps}.Run(ch.FiniteChain)
			b, _ := ShuffleBound(tc.n, eps)
			if mk.T != tc.T[k] || math.Abs(b-tc.bnd[k]) > 1e-3 || float64(mk.T) > b {
				t.Errorf("n = %d: T(%g) = %d (want %d), bound %.3f (want %.3f)", tc.n, eps, mk.T, tc.T[k], b, tc.bnd[k])
			}
		}
	}
	if b, _ := ShuffleBound(52, 0.01); math.Abs(b-444.93) > 0.005 {
		t.Errorf("bound for 52 cards %g", b)
	}
	if b, _ := ShuffleBound(52, 0.25); math.Abs(b-277.55) > 0.005 {
		t.Errorf("bound for 52 cards %g", b)
	}
}

// TestShuffleCouplingMarginals checks (C1) and (C2) of Definition 6.23 exactly for n = 3: over
// the n equally likely choices of the coupled step, each deck's next state has the law of the
// chain's row.
func TestShuffleCouplingMarginals(t *testing.T) {
	ch, _ := ShuffleMatrix(3)
	perms := ch.States
	q := ch.Matrix()
	index := map[[3]int]int{}
	for i, p := range perms {
		index[[3]int(p)] = i
	}
	for _, x := range perms {
		for _, y := range perms {
			m1, m2 := make([]float64, len(perms)), make([]float64, len(perms))
			for v := 0; v < 3; v++ {
				cx, cy := slices.Clone(x), slices.Clone(y)
				MoveToTop(cx, slices.Index(cx, v))
				MoveToTop(cy, slices.Index(cy, v))
				m1[index[[3]int(cx)]] += 1.0 / 3
				m2[index[[3]int(cy)]] += 1.0 / 3
			}
			for j := range perms {
				if math.Abs(m1[j]-q.At(index[[3]int(x)], j)) > 1e-12 || math.Abs(m2[j]-q.At(index[[3]int(y)], j)) > 1e-12 {
					t.Fatalf("marginal of the coupling at (%v, %v) differs from Q", x, y)
				}
			}
		}
	}
}

func TestShuffleCouplingTime(t *testing.T) {
	times, err := CouplingTimes(func() (Coupling, error) { return NewShuffleCoupling(52) }, 2000, 5000, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Pr(not met after t) ≤ Pr(some value unpicked) ≤ n·e^{−t/n}; at t = 52·ln(52/0.05): ≤ 0.05.
	b, _ := ShuffleBound(52, 0.05)
	tb := int(b)
	var mean float64
	for _, x := range times {
		mean += float64(x) / float64(len(times))
	}
	if late := Survival(times, tb); late > 0.05 {
		t.Errorf("a fraction %g of the couplings is later than %d", late, tb)
	}
	// From the sorted and the reversed deck they meet once n−1 distinct values have been
	// picked (the unpicked ones keep opposite orders below the picked ones): mean n(H_n − 1).
	h := 0.0
	for k := 1; k <= 52; k++ {
		h += 1 / float64(k)
	}
	if want := 52 * (h - 1); math.Abs(mean-want) > 6 {
		t.Errorf("mean coupling time %g, want n(H_n − 1) = %g", mean, want)
	}
}

func TestIndependentSets(t *testing.T) {
	for _, tc := range []struct {
		n, k, states int
		assume       bool
		T            [3]int
	}{{30, 2, 405, true, [3]int{4, 5, 9}}, {20, 2, 170, false, [3]int{4, 5, 10}}, {15, 1, 15, true, [3]int{1, 1, 1}}} {
		e, _ := CycleEdges(tc.n)
		s, err := NewIndependentSets(tc.n, e, tc.k)
		if err != nil {
			t.Fatal(err)
		}
		if s.Assumption() != tc.assume {
			t.Errorf("C_%d, k = %d: assumption %v", tc.n, tc.k, s.Assumption())
		}
		ch, err := s.Matrix()
		states := ch.States
		if err != nil || len(states) != tc.states {
			t.Fatalf("C_%d: %d states, %v", tc.n, len(states), err)
		}
		q := ch.Matrix()
		for j := range states { // doubly stochastic
			var col float64
			for i := range states {
				col += q.At(i, j)
			}
			if math.Abs(col-1) > 1e-12 {
				t.Fatalf("column %d sums to %g", j, col)
			}
		}
		for k, eps := range []float64{0.25, 0.1, 0.01} {
			if m, _ := (MixingTime{Epsilon: eps}).Run(ch.FiniteChain); m.T != tc.T[k] {
				t.Errorf("C_%d, k = %d: T(%g) = %d, want %d", tc.n, tc.k, eps, m.T, tc.T[k])
			}
		}
		g, err := s.Greedy()
		if err != nil || len(g) != tc.k {
			t.Errorf("greedy: %v, %v", g, err)
		}
	}
}

// TestIndSetCouplingMarginals checks (C1) and (C2) exactly on C_12 with k = 2: over the k·n
// equally likely choices (v, w), each copy moves with the law of its row of Q.
func TestIndSetCouplingMarginals(t *testing.T) {
	e, _ := CycleEdges(12)
	s, _ := NewIndependentSets(12, e, 2)
	ch, _ := s.Matrix()
	states := ch.States
	q := ch.Matrix()
	index := map[[2]int]int{}
	for i, x := range states {
		index[[2]int(x)] = i
	}
	key := func(x []int) int { y := slices.Sorted(slices.Values(x)); return index[[2]int(y)] }
	for _, x := range states {
		for _, y := range states {
			m1, m2 := make([]float64, len(states)), make([]float64, len(states))
			for a := 0; a < 2; a++ {
				for w := 0; w < 12; w++ {
					c := &IndSetCoupling{S: s, X: slices.Clone(x), Y: slices.Clone(y)}
					b := c.partner(a)
					s.move(c.X, a, w)
					s.move(c.Y, b, w)
					m1[key(c.X)] += 1.0 / 24
					m2[key(c.Y)] += 1.0 / 24
				}
			}
			for j := range states {
				if math.Abs(m1[j]-q.At(key(x), j)) > 1e-12 || math.Abs(m2[j]-q.At(key(y), j)) > 1e-12 {
					t.Fatalf("coupling marginal differs at (%v, %v)", x, y)
				}
			}
		}
	}
	times, err := CouplingTimes(func() (Coupling, error) {
		return &IndSetCoupling{S: s, X: []int{0, 2}, Y: []int{5, 9}}, nil
	}, 500, 10000, 1)
	if err != nil || slices.Max(times) == 10000 {
		t.Errorf("coupling did not meet: %v", err)
	}
}

func TestCube(t *testing.T) {
	const lambda = 3.0
	c := Cube{Dim: 4, LogD: func(x uint64) float64 { return float64(bits.OnesCount64(x)) * math.Log(lambda) }}
	ch, err := c.Matrix()
	if err != nil {
		t.Fatal(err)
	}
	pi, _ := ch.Stationary()
	z := math.Pow(1+lambda, 4)
	for x, p := range pi {
		if want := math.Pow(lambda, float64(bits.OnesCount(uint(x)))) / z; math.Abs(p-want) > 1e-12 {
			t.Fatalf("π(%04b) = %g, want %g", x, p, want)
		}
	}
	if d, _ := ch.DetailedBalance(pi); d > 1e-15 || !ch.Ergodic() {
		t.Errorf("detailed balance error %g", d)
	}
	ones, _ := Cube{Dim: 10, LogD: c.LogD}.Ones(0, 400000, 1)
	for i, f := range ones {
		if math.Abs(f-lambda/(1+lambda)) > 0.02 {
			t.Errorf("Pr(x_%d = 1) ≈ %g, want λ/(1+λ) = 0.75", i, f)
		}
	}
	if _, err := (Cube{Dim: 13, LogD: c.LogD}).Matrix(); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("Dim 13: %v", err)
	}
	if _, err := (Cube{Dim: 3}).Ones(0, 10, 1); !errors.Is(err, errs.ErrParam) {
		t.Errorf("nil LogD: %v", err)
	}
}

func TestMCMCMean(t *testing.T) {
	c := mustRatChain(t, "1/2 1/2 0", "0 1/2 1/2", "1/2 0 1/2")
	fc, _ := c.Float()
	f := []float64{1, 0, -1}
	hits := 0
	for seed := uint64(0); seed < 20; seed++ {
		r, err := MCMCMean{Epsilon: 0.2, Delta: 0.1, Seed: seed}.Run(fc, f, 0)
		if err != nil {
			t.Fatal(err)
		}
		if r.M != 600 || r.T != 4 { // ⌈8·ln 20/0.04⌉ = 600; T(0.05) = ⌈log₂(40/3)⌉ = 4
			t.Fatalf("m = %d, t = %d", r.M, r.T)
		}
		if math.Abs(r.Mean-r.Exact) <= 0.2 {
			hits++
		}
	}
	if hits < 18 {
		t.Errorf("only %d of 20 estimates within ε", hits)
	}
}

func TestCombinatorialBadInput(t *testing.T) {
	if _, err := NewMatchingChain(3, nil); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("no edges: %v", err)
	}
	if _, err := NewMatchingChain(3, [][2]int{{0, 3}}); !errors.Is(err, errs.ErrParam) {
		t.Errorf("vertex out of range: %v", err)
	}
	if _, err := NewMatchingChain(3, [][2]int{{0, 1}, {1, 0}}); !errors.Is(err, errs.ErrParam) {
		t.Errorf("repeated edge: %v", err)
	}
	if _, err := NewMatchingChain(3, [][2]int{{1, 1}}); !errors.Is(err, errs.ErrParam) {
		t.Errorf("loop: %v", err)
	}
	n, e := 5*14, noErr(GridEdges(5, 14))
	if _, err := Matchings(n, e); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("123 edges: %v", err)
	}
	if _, err := GridEdges(0, 3); !errors.Is(err, errs.ErrParam) {
		t.Errorf("empty grid: %v", err)
	}
	if _, err := ShuffleMatrix(7); !errors.Is(err, errs.ErrParam) {
		t.Errorf("7 cards: %v", err)
	}
	ce, _ := CycleEdges(5)
	if _, err := NewIndependentSets(5, ce, 0); !errors.Is(err, errs.ErrParam) {
		t.Errorf("k = 0: %v", err)
	}
	s, _ := NewIndependentSets(5, ce, 3)
	if _, err := s.Matrix(); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("C_5 has no independent 3-set: %v", err)
	}
	if _, err := CouplingTimes(nil, 1, 1, 1); !errors.Is(err, errs.ErrParam) {
		t.Errorf("nil builder: %v", err)
	}
	if _, err := GraphMetropolis(2, func(int) []int { return nil }, func(int) float64 { return -1 }); !errors.Is(err, errs.ErrParam) {
		t.Errorf("negative target: %v", err)
	}
	fc, _ := mustRatChain(t, "0 1", "1 0").Float()
	if _, err := (MCMCMean{Epsilon: 0.1, Delta: 2}).Run(fc, []float64{1, 0}, 0); !errors.Is(err, errs.ErrParam) {
		t.Errorf("delta = 2: %v", err)
	}
	if _, err := (MCMCMean{Epsilon: 0.1, Delta: 0.1}).Run(fc, []float64{1, 0}, 0); !errors.Is(err, errs.ErrParam) {
		t.Errorf("periodic chain: %v", err)
	}
	red, _ := mustRatChain(t, "1 0", "0 1").Float()
	if _, err := (MCMCMean{Epsilon: 0.1, Delta: 0.1}).Run(red, []float64{1, 0}, 0); !errors.Is(err, errs.ErrDisconnected) {
		t.Errorf("reducible chain: %v", err)
	}
	if _, err := (MCMCMean{Epsilon: 0.1, Delta: 0.1}).Run(fc, []float64{math.NaN(), 0}, 0); !errors.Is(err, errs.ErrNotFinite) {
		t.Errorf("NaN f: %v", err)
	}
}

func noErr[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestMaskEdgesDegrees: every enumerated matching of the 3×3 grid, read back as edge indices,
// has degrees ≤ 1 summing to twice its size; a non-matching has a vertex of degree 2; bad
// indices are refused.
func TestMaskEdgesDegrees(t *testing.T) {
	e := noErr(GridEdges(3, 3))
	for _, mask := range noErr(Matchings(9, e)) {
		sel := MaskEdges(mask)
		if len(sel) != bits.OnesCount64(mask) || !slices.IsSorted(sel) {
			t.Fatalf("MaskEdges(%b) = %v", mask, sel)
		}
		deg := noErr(Degrees(9, e, sel))
		sum := 0
		for _, d := range deg {
			sum += d
		}
		if slices.Max(deg) > 1 || sum != 2*len(sel) {
			t.Fatalf("matching %b: degrees %v", mask, deg)
		}
	}
	if got := MaskEdges(1<<63 | 5); !slices.Equal(got, []int{0, 2, 63}) {
		t.Errorf("MaskEdges = %v, want [0 2 63]", got)
	}
	if d := noErr(Degrees(9, e, []int{0, 1})); slices.Max(d) != 2 { // edges 0–1 and 0–3
		t.Errorf("two edges at vertex 0: degrees %v, want a 2", d)
	}
	for _, sel := range [][]int{{-1}, {len(e)}, {2, 2}} {
		if _, err := Degrees(9, e, sel); !errors.Is(err, errs.ErrParam) {
			t.Errorf("Degrees(sel = %v): %v, want ErrParam", sel, err)
		}
	}
	if _, err := Degrees(0, nil, nil); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("empty graph: %v, want ErrEmpty", err)
	}
}
