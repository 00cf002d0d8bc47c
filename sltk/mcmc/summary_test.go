package mcmc

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// TestShuffleMeetingMean compares n(H_n − 1) with the exact expected meeting time of the
// coupled decks, solved as a hitting time of the chain on pairs of decks that the coupling's
// moves (each value to the top of both decks, probability 1/n) generate from (sorted, reversed).
func TestShuffleMeetingMean(t *testing.T) {
	for n := 1; n <= 5; n++ {
		c, _ := NewShuffleCoupling(n)
		key := func(x, y []int) string { return fmt.Sprint(x, y) }
		index := map[string]int{key(c.X, c.Y): 0}
		pairs := [][2][]int{{c.X, c.Y}}
		var edges [][2]int // from, to: one per value chosen
		for i := 0; i < len(pairs); i++ {
			for v := range n {
				x, y := slices.Clone(pairs[i][0]), slices.Clone(pairs[i][1])
				MoveToTop(x, slices.Index(x, v))
				MoveToTop(y, slices.Index(y, v))
				j, ok := index[key(x, y)]
				if !ok {
					j = len(pairs)
					index[key(x, y)] = j
					pairs = append(pairs, [2][]int{x, y})
				}
				edges = append(edges, [2]int{i, j})
			}
		}
		p := mat.NewDense(len(pairs), len(pairs), nil)
		for _, e := range edges {
			p.Set(e[0], e[1], p.At(e[0], e[1])+1/float64(n))
		}
		var met []int
		for i, xy := range pairs {
			if slices.Equal(xy[0], xy[1]) {
				met = append(met, i)
			}
		}
		h, err := HittingTimes(p, met)
		if err != nil {
			t.Fatal(n, err)
		}
		got, err := ShuffleMeetingMean(n)
		if err != nil || math.Abs(got-h[0]) > 1e-9 {
			t.Errorf("n = %d: ShuffleMeetingMean = %v, %v; hitting time %v", n, got, err, h[0])
		}
	}
	if m, _ := ShuffleMeetingMean(52); math.Abs(m-183.978) > 0.001 { // 52·(H_52 − 1) ≈ 183.978
		t.Errorf("n = 52: %v, want ≈ 183.978", m)
	}
	for _, n := range []int{0, -1, 1<<20 + 1} {
		if _, err := ShuffleMeetingMean(n); !errors.Is(err, errs.ErrParam) {
			t.Errorf("n = %d: err = %v, want ErrParam", n, err)
		}
	}
}

func TestSummarizeTimes(t *testing.T) {
	s, err := SummarizeTimes([]int{1, 2, 3, 6})
	if err != nil || s.Mean != 3 || s.Max != 6 || !slices.Equal(s.Sample, []float64{1, 2, 3, 6}) {
		t.Errorf("SummarizeTimes = %+v, %v; want mean 3, max 6", s, err)
	}
	if _, err := SummarizeTimes(nil); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("no times: err = %v", err)
	}
	if _, err := SummarizeTimes([]int{1, -2}); !errors.Is(err, errs.ErrParam) {
		t.Errorf("negative time: err = %v", err)
	}
}

func TestSurvivalCurve(t *testing.T) {
	// Times 2, 4, 4, 8 and 4 points: steps of 2; Pr(T > t) read off by hand.
	ts, surv, err := SurvivalCurve([]int{2, 4, 4, 8}, 4)
	if err != nil || !slices.Equal(ts, []float64{0, 2, 4, 6, 8}) ||
		!slices.Equal(surv, []float64{1, 0.75, 0.25, 0.25, 0}) {
		t.Errorf("SurvivalCurve = %v, %v, %v", ts, surv, err)
	}
	// A step that does not divide the largest time still ends there, at 0.
	ts, surv, _ = SurvivalCurve([]int{7}, 3)
	if !slices.Equal(ts, []float64{0, 2, 4, 6, 7}) || surv[len(surv)-1] != 0 {
		t.Errorf("SurvivalCurve(7, 3) = %v, %v", ts, surv)
	}
	// The largest int as a time: the last point is at it, with no run later.
	ts, surv, _ = SurvivalCurve([]int{0, math.MaxInt}, 3)
	if ts[len(ts)-1] != math.MaxInt || surv[len(surv)-1] != 0 || surv[0] != 0.5 || len(ts) != 5 {
		t.Errorf("SurvivalCurve(0, MaxInt) = %v, %v", ts, surv)
	}
	if _, _, err := SurvivalCurve(nil, 3); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("no times: err = %v", err)
	}
}

// binomial is C(n, k) for the small n of the path graph test.
func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	b := 1
	for i := 1; i <= k; i++ {
		b = b * (n - k + i) / i
	}
	return b
}

// TestCountMatchings checks the path P_n, whose k-edge matchings number C(n−k, k) (choose k
// edges of n − 1 with gaps), and the 4 × 4 grid's 10 012 matchings and 36 perfect ones.
func TestCountMatchings(t *testing.T) {
	for n := 2; n <= 12; n++ {
		var e [][2]int
		for v := 0; v+1 < n; v++ {
			e = append(e, [2]int{v, v + 1})
		}
		c, err := CountMatchings(n, e)
		if err != nil {
			t.Fatal(n, err)
		}
		total, mean := 0, 0.0
		for k := 0; 2*k <= n; k++ {
			if c.BySize[k] != binomial(n-k, k) {
				t.Errorf("P_%d: %d matchings of size %d, want C(%d, %d) = %d", n, c.BySize[k], k, n-k, k, binomial(n-k, k))
			}
			total += binomial(n-k, k)
			mean += float64(k * binomial(n-k, k))
		}
		mean /= float64(total)
		perfect := 0
		if n%2 == 0 {
			perfect = 1
		}
		if c.Total != total || c.Perfect != perfect || math.Abs(c.MeanSize-mean) > 1e-12 {
			t.Errorf("P_%d: %+v, want total %d, perfect %d, mean %v", n, c, total, perfect, mean)
		}
	}
	e, _ := GridEdges(4, 4)
	if c, err := CountMatchings(16, e); err != nil || c.Total != 10012 || c.Perfect != 36 {
		t.Errorf("4×4 grid: %+v, %v; want 10012 matchings, 36 perfect", c, err)
	}
	if _, err := CountMatchings(2, [][2]int{{0, 5}}); !errors.Is(err, errs.ErrParam) ||
		!strings.Contains(err.Error(), "CountMatchings") {
		t.Errorf("edge out of range: err = %v", err)
	}
}

// TestDominoTilings compares Kasteleyn's product with the perfect matchings of an enumeration,
// with the Fibonacci numbers that count the tilings of a 2 × n strip, and with the 8 × 8 board.
func TestDominoTilings(t *testing.T) {
	for r := 1; r <= 4; r++ {
		for c := 1; c <= 5; c++ {
			if r*c == 1 {
				continue // no edges: Matchings refuses the graph
			}
			e, _ := GridEdges(r, c)
			m, err := CountMatchings(r*c, e)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := DominoTilings(r, c); err != nil || got != float64(m.Perfect) {
				t.Errorf("%d × %d: DominoTilings = %v, %v; enumeration %d", r, c, got, err, m.Perfect)
			}
		}
	}
	fa, fb := 1.0, 2.0 // tilings of 2 × 1 and 2 × 2
	for n := 3; n <= 40; n++ {
		fa, fb = fb, fa+fb
		if got, _ := DominoTilings(2, n); got != fb {
			t.Errorf("2 × %d: %v, want Fibonacci %v", n, got, fb)
		}
	}
	if got, _ := DominoTilings(8, 8); got != 12988816 {
		t.Errorf("8 × 8: %v, want 12988816", got)
	}
	if _, err := DominoTilings(1<<13, 1<<12); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("2^25 vertices: err = %v", err)
	}
}

func TestLogSpaced(t *testing.T) {
	trace := make([]int, 1000)
	for i := range trace {
		trace[i] = 2 * i
	}
	ts, ys, err := LogSpaced(trace, 10)
	if err != nil || !slices.Equal(ts, []float64{1, 10, 100}) || !slices.Equal(ys, []float64{2, 20, 200}) {
		t.Errorf("ratio 10: %v, %v, %v", ts, ys, err)
	}
	ts, _, _ = LogSpaced(trace, 1.03)
	if !slices.IsSorted(ts) || len(slices.Compact(slices.Clone(ts))) != len(ts) || ts[0] != 1 || ts[len(ts)-1] >= 1000 {
		t.Errorf("ratio 1.03: steps not increasing within [1, 1000): %v", ts)
	}
	if _, _, err := LogSpaced([]int{1}, 2); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("short trace: err = %v", err)
	}
	if _, _, err := LogSpaced(trace, math.NaN()); !errors.Is(err, errs.ErrParam) {
		t.Errorf("NaN ratio: err = %v", err)
	}
}

func TestWindowMean(t *testing.T) {
	if m, err := WindowMean([]int{9, 1, 2, 6, 9}, 1, 4); err != nil || m != 3 {
		t.Errorf("WindowMean = %v, %v; want 3", m, err)
	}
	for _, w := range [][2]int{{-1, 2}, {0, 6}, {2, 2}, {3, 1}} {
		if _, err := WindowMean([]int{1, 2, 3}, w[0], w[1]); !errors.Is(err, errs.ErrParam) {
			t.Errorf("window %v: err = %v", w, err)
		}
	}
}

// TestEventTV checks closed forms: a point mass against the uniform distribution on n states
// is 1 − 1/n apart, two point masses 1, equal distributions 0; and TotalVariation's ½‖p − q‖₁
// on random distributions.
func TestEventTV(t *testing.T) {
	for n := 1; n <= 12; n++ {
		u := make([]float64, n)
		for i := range u {
			u[i] = 1 / float64(n)
		}
		if d, err := EventTV(Unit(n, 0), u); err != nil || math.Abs(d-(1-1/float64(n))) > 1e-12 {
			t.Errorf("n = %d: δ₀ vs uniform: %v, %v; want %v", n, d, err, 1-1/float64(n))
		}
		if d, _ := EventTV(u, u); d != 0 {
			t.Errorf("n = %d: uniform vs itself: %v", n, d)
		}
		if n > 1 {
			if d, _ := EventTV(Unit(n, 0), Unit(n, n-1)); d != 1 {
				t.Errorf("n = %d: two point masses: %v, want 1", n, d)
			}
		}
	}
	c, _ := RandomChain(10, 3)
	for i := 1; i < 10; i++ {
		p, _ := c.Evolve(Unit(10, 0), 1)
		q, _ := c.Evolve(Unit(10, i), 1)
		d, err := EventTV(p[1], q[1])
		tv, _ := TotalVariation(p[1], q[1])
		if err != nil || math.Abs(d-tv) > 1e-12 {
			t.Errorf("rows 0 and %d: EventTV %v, %v; TotalVariation %v", i, d, err, tv)
		}
	}
	if _, err := EventTV([]float64{0.5, 0.6}, []float64{0.5, 0.5}); !errors.Is(err, errs.ErrProb) {
		t.Errorf("p sums to 1.1: err = %v", err)
	}
	if _, err := EventTV(Unit(21, 0), Unit(21, 1)); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("21 states: err = %v", err)
	}
	if _, err := EventTV([]float64{1}, []float64{0.5, 0.5}); !errors.Is(err, errs.ErrShape) {
		t.Errorf("lengths 1 and 2: err = %v", err)
	}
}
