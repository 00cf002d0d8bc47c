package mcmc

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

func mustRatChain(t testing.TB, rows ...string) *RatChain {
	t.Helper()
	c, err := ParseRatChain(rows...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func rats(t testing.TB, s string) []*big.Rat {
	t.Helper()
	v, err := ParseRats(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// checkTable compares exact p_t and a_t with a printed table "t,p1,p2,p3,a1,a2,a3" whose
// values are rounded to two decimals: each must agree within 0.005 (half-up rounding).
func checkTable(t *testing.T, c *RatChain, p0 string, table string) {
	t.Helper()
	ps, err := c.Evolve(rats(t, p0), 200)
	if err != nil {
		t.Fatal(err)
	}
	d, err := TableDeviation(ps, table)
	if err != nil || d.Max > 0.005+1e-12 || d.Cells == 0 {
		t.Errorf("p0 = %s: deviation %+v, %v", p0, d, err)
	}
}

const q612a, q612b, q612c = "1/3 1/3 1/3", "2/3 0 1/3", "2/3 1/3 0"

func TestExample612(t *testing.T) {
	c := mustRatChain(t, q612a, q612b, q612c)
	pi, err := c.Stationary()
	if err != nil {
		t.Fatal(err)
	}
	if !RatsEqual(pi, rats(t, "1/2 1/4 1/4")) {
		t.Fatalf("π = %v, want (1/2, 1/4, 1/4)", pi)
	}
	if ok, _ := c.DetailedBalance(pi); !ok {
		t.Error("detailed balance fails")
	}
	checkTable(t, c, "1/3 1/3 1/3", `
0,0.33,0.33,0.33,,,
1,0.56,0.22,0.22,0.56,0.22,0.22
2,0.48,0.26,0.26,0.52,0.24,0.24
3,0.51,0.25,0.25,0.51,0.24,0.24
4,0.50,0.25,0.25,0.51,0.24,0.24
5,0.50,0.25,0.25,0.51,0.25,0.25
6,0.50,0.25,0.25,0.51,0.25,0.25
7,0.50,0.25,0.25,0.51,0.25,0.25
8,0.50,0.25,0.25,0.51,0.25,0.25
9,0.50,0.25,0.25,0.50,0.25,0.25
10,0.50,0.25,0.25,0.50,0.25,0.25`)
	checkTable(t, c, "0 0 1", `
0,0.00,0.00,1.00,,,
1,0.67,0.33,0.00,0.67,0.33,0.00
2,0.44,0.22,0.33,0.56,0.28,0.17
3,0.52,0.26,0.22,0.54,0.27,0.19
4,0.49,0.25,0.26,0.53,0.27,0.20
5,0.50,0.25,0.25,0.53,0.26,0.21
6,0.50,0.25,0.25,0.52,0.26,0.22
7,0.50,0.25,0.25,0.52,0.26,0.22
8,0.50,0.25,0.25,0.52,0.26,0.23
9,0.50,0.25,0.25,0.51,0.26,0.23
10,0.50,0.25,0.25,0.51,0.26,0.23
38,0.50,0.25,0.25,0.50,0.25,0.25`)
	// Closed form p_t = π + (−1/3)^t (p_0 − π) for every t ≤ 20 from both starts.
	for _, p0 := range []string{"1/3 1/3 1/3", "0 0 1", "1 0 0"} {
		ps, _ := c.Evolve(rats(t, p0), 20)
		f := big.NewRat(1, 1)
		for s, p := range ps {
			for i := range p {
				d := new(big.Rat).Sub(ps[0][i], pi[i])
				d.Mul(d, f).Add(d, pi[i])
				if d.Cmp(p[i]) != 0 {
					t.Fatalf("p0=%s t=%d: p_t[%d] = %s, closed form %s", p0, s, i, p[i].RatString(), d.RatString())
				}
			}
			f.Mul(f, big.NewRat(-1, 3))
		}
	}
	// a_38 from (0,0,1), unrounded (0.5033, 0.2516, 0.2451).
	ps, _ := c.Evolve(rats(t, "0 0 1"), 38)
	a := RatFloats(RatAverages(ps)[38])
	for i, w := range []float64{0.5033, 0.2516, 0.2451} {
		if math.Abs(a[i]-w) > 5e-5 {
			t.Errorf("a_38[%d] = %.5f, want %.4f", i, a[i], w)
		}
	}
	fc, _ := c.Float()
	m, err := MixingTime{Epsilon: 0.01}.Run(fc)
	if err != nil {
		t.Fatal(err)
	}
	for s, d := range m.Trace {
		if math.Abs(d-0.75*math.Pow(3, -float64(s))) > 1e-12 {
			t.Errorf("max TV_%d = %g, want (3/4)3^-t", s, d)
		}
	}
	for _, tc := range []struct {
		eps  float64
		want int
	}{{0.25, 1}, {0.1, 2}, {0.01, 4}} {
		if m, _ := (MixingTime{Epsilon: tc.eps}).Run(fc); m.T != tc.want || !m.Converged {
			t.Errorf("T(%g) = %d, want %d", tc.eps, m.T, tc.want)
		}
	}
}

func TestExample613Periodic(t *testing.T) {
	c := mustRatChain(t, "0 1 0", "0 0 1", "1 0 0")
	if d, err := c.Period(); err != nil || d != 3 {
		t.Fatalf("period = %d, %v; want 3", d, err)
	}
	pi, _ := c.Stationary()
	if !RatsEqual(pi, rats(t, "1/3 1/3 1/3")) {
		t.Fatalf("π = %v", pi)
	}
	checkTable(t, c, "1 0 0", `
0,1.00,0.00,0.00,,,
1,0.00,1.00,0.00,0.00,1.00,0.00
2,0.00,0.00,1.00,0.00,0.50,0.50
3,1.00,0.00,0.00,0.33,0.33,0.33
4,0.00,1.00,0.00,0.25,0.50,0.25
5,0.00,0.00,1.00,0.20,0.40,0.40
6,1.00,0.00,0.00,0.33,0.33,0.33
7,0.00,1.00,0.00,0.29,0.43,0.29
8,0.00,0.00,1.00,0.25,0.38,0.38
9,1.00,0.00,0.00,0.33,0.33,0.33
10,0.00,1.00,0.00,0.30,0.40,0.30
198,1.00,0.00,0.00,0.33,0.33,0.33
199,0.00,1.00,0.00,0.33,0.34,0.33`)
	// a_200 is exactly (33/100, 67/200, 67/200); the printed 0.34 is 0.335 rounded half-up.
	ps, _ := c.Evolve(rats(t, "1 0 0"), 200)
	as := RatAverages(ps)
	if !RatsEqual(as[200], rats(t, "33/100 67/200 67/200")) {
		t.Errorf("a_200 = %v", as[200])
	}
	for s := 1; s <= 200; s++ {
		want := []*big.Rat{big.NewRat(int64(s/3), int64(s)), big.NewRat(int64((s+2)/3), int64(s)),
			big.NewRat(int64((s+1)/3), int64(s))}
		if !RatsEqual(as[s], want) {
			t.Fatalf("a_%d = %v, closed form %v", s, as[s], want)
		}
	}
	fc, _ := c.Float()
	if fc.Ergodic() {
		t.Error("periodic chain reported ergodic")
	}
	if m, _ := (MixingTime{Epsilon: 0.1, MaxIter: 50}).Run(fc); m.Converged || math.Abs(m.Trace[50]-2.0/3) > 1e-12 {
		t.Errorf("periodic chain: converged=%v TV=%g, want no convergence at 2/3", m.Converged, m.Trace[50])
	}
}

func TestExample614Reducible(t *testing.T) {
	c := mustRatChain(t, "1/2 1/4 1/4", "0 1 0", "0 0 1")
	if c.Connected() {
		t.Fatal("absorbing chain reported connected")
	}
	if _, err := c.Stationary(); !errors.Is(err, errs.ErrDisconnected) {
		t.Errorf("Stationary: err = %v, want ErrDisconnected", err)
	}
	if _, err := c.Period(); !errors.Is(err, errs.ErrDisconnected) {
		t.Errorf("Period: err = %v, want ErrDisconnected", err)
	}
	for _, p0 := range []string{"0 1 0", "0 0 1"} {
		ps, _ := c.Evolve(rats(t, p0), 3)
		as := RatAverages(ps)
		for s := 1; s <= 3; s++ {
			if !RatsEqual(ps[s], ps[0]) || !RatsEqual(as[s], ps[0]) {
				t.Errorf("p0 = %s: p_%d = %v, a = %v", p0, s, ps[s], as[s])
			}
		}
	}
	// Every (0, s, 1−s) is stationary.
	for _, s := range []string{"0 0 1", "0 1/3 2/3", "0 1 0"} {
		p := rats(t, s)
		ps, _ := c.Evolve(p, 1)
		if !RatsEqual(ps[1], p) {
			t.Errorf("(%s) is not stationary", s)
		}
	}
	ps, _ := c.Evolve(rats(t, "1 0 0"), 12)
	for s, p := range ps {
		h := new(big.Rat).SetFrac64(1, 1<<s)
		rest := new(big.Rat).Sub(big.NewRat(1, 1), h)
		rest.Quo(rest, big.NewRat(2, 1))
		if !RatsEqual(p, []*big.Rat{h, rest, rest}) {
			t.Errorf("p_%d = %v", s, p)
		}
	}
}

func TestExample617Lazy(t *testing.T) {
	c := mustRatChain(t, "1/2 1/2 0", "0 1/2 1/2", "1/2 0 1/2")
	want := []string{"1 0 0", "1/2 1/2 0", "1/4 1/2 1/4", "1/4 3/8 3/8", "5/16 5/16 3/8",
		"11/32 5/16 11/32", "11/32 21/64 21/64", "43/128 43/128 21/64", "85/256 43/128 85/256",
		"85/256 171/512 171/512"}
	ps, err := c.Evolve(rats(t, "1 0 0"), 9)
	if err != nil {
		t.Fatal(err)
	}
	pi := rats(t, "1/3 1/3 1/3")
	for s, w := range want {
		if !RatsEqual(ps[s], rats(t, w)) {
			t.Errorf("p_%d = %v, want %s", s, ps[s], w)
		}
		tv, _ := RatTV(ps[s], pi)
		if tv.Cmp(new(big.Rat).SetFrac64(2, 3<<s)) != 0 {
			t.Errorf("TV_%d = %s, want 2/3·2^-%d", s, tv.RatString(), s)
		}
	}
	// It is the lazy chain of Example 6.13 with α = 1/2 (Lemma 6.16).
	per, _ := mustRatChain(t, "0 1 0", "0 0 1", "1 0 0").Float()
	lazy, _ := per.Lazy(0.5)
	fc, _ := c.Float()
	if !mat.Equal(lazy.Matrix(), fc.Matrix()) {
		t.Error("Q_6.17 ≠ Lazy(Q_6.13, 1/2)")
	}
	if !fc.Ergodic() {
		t.Error("lazy chain not ergodic")
	}
	for _, tc := range []struct {
		eps  float64
		want int
	}{{0.25, 2}, {0.1, 3}, {0.01, 7}} {
		if m, _ := (MixingTime{Epsilon: tc.eps}).Run(fc); m.T != tc.want {
			t.Errorf("T(%g) = %d, want %d", tc.eps, m.T, tc.want)
		}
	}
}

func TestFiniteChainAgreesWithRat(t *testing.T) {
	rc := mustRatChain(t, q612a, q612b, q612c)
	fc, _ := rc.Float()
	pi, err := fc.Stationary()
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []float64{0.5, 0.25, 0.25} {
		if math.Abs(pi[i]-w) > 1e-12 {
			t.Errorf("π[%d] = %g", i, pi[i])
		}
	}
	if d, _ := fc.DetailedBalance(pi); d > 1e-12 {
		t.Errorf("detailed balance error %g", d)
	}
	ps, _ := fc.Evolve([]float64{0, 0, 1}, 10)
	rs, _ := rc.Evolve(rats(t, "0 0 1"), 10)
	for s := range ps {
		for i, v := range RatFloats(rs[s]) {
			if math.Abs(ps[s][i]-v) > 1e-12 {
				t.Fatalf("p_%d[%d]: float %g, exact %g", s, i, ps[s][i], v)
			}
		}
	}
	path, err := fc.Walk(0, 200000, 1)
	if err != nil {
		t.Fatal(err)
	}
	freq := make([]float64, 3)
	for _, s := range path {
		freq[s] += 1 / float64(len(path))
	}
	if d, _ := TotalVariation(freq, pi); d > 0.01 {
		t.Errorf("walk frequencies %v, TV %g from π", freq, d)
	}
	again, _ := fc.Walk(0, 1000, 1)
	for i := range again {
		if again[i] != path[i] {
			t.Fatal("same seed, different path")
		}
	}
}

func TestChainBadInput(t *testing.T) {
	var nilDense *mat.Dense
	for _, tc := range []struct {
		name string
		q    mat.Matrix
		want error
	}{
		{"nil", nil, errs.ErrEmpty},
		{"typed nil", nilDense, errs.ErrEmpty},
		{"non-square", mat.NewDense(2, 3, []float64{1, 0, 0, 0, 1, 0}), errs.ErrShape},
		{"negative", mat.NewDense(2, 2, []float64{1.5, -0.5, 0, 1}), errs.ErrProb},
		{"row sum", mat.NewDense(2, 2, []float64{0.5, 0.4, 0, 1}), errs.ErrProb},
		{"NaN", mat.NewDense(2, 2, []float64{math.NaN(), 1, 0, 1}), errs.ErrNotFinite},
		{"Inf", mat.NewDense(2, 2, []float64{math.Inf(1), 1, 0, 1}), errs.ErrNotFinite},
	} {
		if _, err := NewFiniteChain(tc.q); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}
	if _, err := ParseRatChain("1/3 1/3 1/3", "1/3 1/3 0", "2/3 1/3 0"); !errors.Is(err, errs.ErrProb) {
		t.Errorf("first printing of Example 6.12 (row sum 2/3): err = %v, want ErrProb", err)
	}
	for _, rows := range [][]string{{"1 0", "1"}, {}, {"a b"}, {"-1 2", "0 1"}} {
		if _, err := ParseRatChain(rows...); err == nil {
			t.Errorf("ParseRatChain(%q) accepted", rows)
		}
	}
	var zero FiniteChain
	if _, err := zero.Stationary(); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("zero chain: %v", err)
	}
	var zr *RatChain
	if _, err := zr.Stationary(); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("nil RatChain: %v", err)
	}
	per, _ := mustRatChain(t, "0 1", "1 0").Float()
	if _, err := per.Lazy(1); !errors.Is(err, errs.ErrParam) {
		t.Errorf("Lazy(1): %v", err)
	}
	if _, err := (MixingTime{Epsilon: 0, MaxIter: 10}).Run(per); !errors.Is(err, errs.ErrParam) {
		t.Errorf("Mixing(eps=0): %v", err)
	}
	if _, err := per.Step([]float64{0.5, 0.6}); !errors.Is(err, errs.ErrProb) {
		t.Errorf("Step(non-distribution): %v", err)
	}
	if _, err := per.Walk(2, 5, 1); !errors.Is(err, errs.ErrParam) {
		t.Errorf("Walk(start out of range): %v", err)
	}
	if _, err := TotalVariation([]float64{1}, []float64{0.5, 0.5}); !errors.Is(err, errs.ErrShape) {
		t.Errorf("TV lengths: %v", err)
	}
	if _, err := NewFiniteChain(mat.NewDense(MaxStates+1, MaxStates+1, nil)); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("huge chain: %v", err)
	}
}

func FuzzParseRats(f *testing.F) {
	for _, s := range []string{"1/3 2/3", "0.25, 3/4", "", "1/0", "a", "1e400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseRats(s)
		if err == nil && len(v) == 0 {
			t.Fatal("no error and no values")
		}
		if len(v) == 2 {
			c, err := ParseRatChain(s, s)
			if err == nil && c.N() != 2 {
				t.Fatal("bad chain")
			}
		}
	})
}

func TestEvolutionTable(t *testing.T) {
	c := mustRatChain(t, "1/2 1/2 0", "0 1/2 1/2", "1/2 0 1/2")
	ps, _ := c.Evolve(rats(t, "1 0 0"), 9)
	h, rows := EvolutionTable(ps, -1, 0, 9)
	if len(h) != 7 || rows[1][1] != "85/256" || rows[1][3] != "171/512" || rows[0][4] != "" {
		t.Errorf("header %v rows %v", h, rows)
	}
	_, rows = EvolutionTable(ps, 2, 3)
	if rows[0][2] != "0.38" { // 3/8 = 0.375 rounds half up
		t.Errorf("3/8 printed as %s", rows[0][2])
	}
	if _, err := TableDeviation(ps, "10,0,0,0,,,"); !errors.Is(err, errs.ErrParam) {
		t.Errorf("step beyond the evolution: %v", err)
	}
	if _, err := TableDeviation(ps, "1,0.5,x,0,0.5,0.5,0"); !errors.Is(err, errs.ErrParam) {
		t.Errorf("malformed number: %v", err)
	}
}

func TestMixingWorkLimit(t *testing.T) {
	c, err := NewFiniteChain(mat.NewDense(2000, 2000, nil))
	if err == nil || c != nil {
		t.Fatal("zero matrix accepted")
	}
	q := mat.NewDense(2000, 2000, nil)
	for i := 0; i < 2000; i++ {
		q.Set(i, (i+1)%2000, 0.5)
		q.Set(i, i, 0.5)
	}
	c, _ = NewFiniteChain(q)
	if _, err := (MixingTime{Epsilon: 0.1, MaxIter: 1000}).Run(c); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("2000 states × 1000 steps: %v", err)
	}
}

func TestRandomChain(t *testing.T) {
	c, err := RandomChain(50, 1)
	if err != nil || !c.Ergodic() {
		t.Fatalf("RandomChain: %v", err)
	}
	if _, err := NewFiniteChain(c.Matrix()); err != nil {
		t.Errorf("not stochastic: %v", err)
	}
	if _, err := RandomChain(0, 1); !errors.Is(err, errs.ErrParam) {
		t.Errorf("n = 0: %v", err)
	}
}

// TestStationaryAgainstLU checks the GTH solve of Stationary against gonum's LU solve of
// π(Q − I) = 0 with one equation replaced by Σπ = 1 (well conditioned on dense random chains,
// which mix in a few steps), on both sides of the former 128-state switch to power iteration.
func TestStationaryAgainstLU(t *testing.T) {
	for _, n := range []int{1, 2, 7, 100, 127, 128, 129, 513} {
		c, err := RandomChain(n, 11)
		if err != nil {
			t.Fatal(err)
		}
		a := mat.NewDense(n, n, nil)
		a.Copy(c.q.T())
		for i := 0; i < n; i++ {
			a.Set(i, i, a.At(i, i)-1)
			a.Set(n-1, i, 1)
		}
		b := mat.NewVecDense(n, nil)
		b.SetVec(n-1, 1)
		var lu mat.VecDense
		if err := lu.SolveVec(a, b); err != nil {
			t.Fatalf("n=%d: LU: %v", n, err)
		}
		pi, err := c.Stationary()
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		for i := range pi {
			if math.Abs(pi[i]-lu.AtVec(i)) > 1e-13 {
				t.Fatalf("n=%d: π[%d] GTH %g, LU %g", n, i, pi[i], lu.AtVec(i))
			}
		}
	}
}
