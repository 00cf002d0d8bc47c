package mcmc

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// twoBlocks returns a reversible chain on n states built from a symmetric conductance matrix C
// with exact rational entries: weight 3 between any two states of block A = {0..m−1} (self
// loops included), weight 1 inside block B = {m..n−1}, and weight eps on the single edge
// (m−1, m) that couples the blocks. Q_ij = C_ij / Σ_j C_ij, and π_i ∝ Σ_j C_ij exactly (detailed
// balance), so the returned exact π is independent of any solver. π(A) → 3m²/(3m²+(n−m)²),
// 3/4 for m = n/2, as eps → 0; the chain's spectral gap is of order eps/m².
func twoBlocks(n, m int, eps *big.Rat) (*mat.Dense, []*big.Rat) {
	p, pi := twoBlocksRat(n, m, eps)
	q := mat.NewDense(n, n, nil)
	for i, row := range p {
		for j, v := range row {
			f, _ := v.Float64()
			q.Set(i, j, f)
		}
	}
	return q, pi
}

// twoBlocksRat returns twoBlocks' chain with its transition matrix in exact rationals.
func twoBlocksRat(n, m int, eps *big.Rat) (p [][]*big.Rat, pi []*big.Rat) {
	p, pi = make([][]*big.Rat, n), make([]*big.Rat, n)
	total := new(big.Rat)
	for i := range p {
		p[i] = make([]*big.Rat, n)
		for j := range p[i] {
			switch {
			case i < m && j < m:
				p[i][j] = big.NewRat(3, 1)
			case i >= m && j >= m:
				p[i][j] = big.NewRat(1, 1)
			case (i == m-1 && j == m) || (i == m && j == m-1):
				p[i][j] = new(big.Rat).Set(eps)
			default:
				p[i][j] = new(big.Rat)
			}
		}
		pi[i] = new(big.Rat)
		for _, v := range p[i] {
			pi[i].Add(pi[i], v)
		}
		for j := range p[i] {
			p[i][j].Quo(p[i][j], pi[i])
		}
		total.Add(total, pi[i])
	}
	for i := range pi {
		pi[i].Quo(pi[i], total)
	}
	return p, pi
}

// checkExact fails unless every got[i] is within rel·want[i] of the exact value.
func checkExact(t *testing.T, name string, got []float64, want []*big.Rat, rel float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d entries, want %d", name, len(got), len(want))
	}
	for i, w := range want {
		wf, _ := w.Float64()
		if !(math.Abs(got[i]-wf) <= rel*wf) {
			t.Fatalf("%s: entry %d = %.17g, exact %.17g (relative error %.3g)", name, i, got[i], wf, math.Abs(got[i]-wf)/wf)
		}
	}
}

// TestStationaryNearlyDecomposable: two weakly coupled blocks with couplings 1e-8 and 1e-14 on
// both sides of and at every former switch point (LU below 128 states, power iteration from
// 128), against the exact rational π. Before the GTH solve, 128 states with coupling 1e-14
// returned π(A) = 0.5 (exact 0.75) with a nil error. Both Stationary and FiniteChain.Stationary
// must agree with the exact π to a relative 1e-12 per state (GTH is componentwise stable).
func TestStationaryNearlyDecomposable(t *testing.T) {
	for _, n := range []int{2, 4, 63, 64, 65, 66, 127, 128, 129, 130, 300} {
		for _, eps := range []*big.Rat{big.NewRat(1, 100_000_000), big.NewRat(1, 100_000_000_000_000)} {
			m := max(n/2, 1)
			q, exact := twoBlocks(n, m, eps)
			name := fmt.Sprintf("n=%d eps=%s", n, eps.FloatString(14))
			c, err := NewFiniteChain(q)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			pi, err := c.Stationary()
			if err != nil {
				t.Fatalf("%s: FiniteChain.Stationary: %v", name, err)
			}
			checkExact(t, name+" FiniteChain.Stationary", pi, exact, 1e-12)
			pi, err = Stationary(q)
			if err != nil {
				t.Fatalf("%s: Stationary: %v", name, err)
			}
			checkExact(t, name+" Stationary", pi, exact, 1e-12)
		}
	}
}

// TestStationaryAgainstRatChain: random dense and sparse chains with rational entries, solved
// exactly by RatChain.Stationary (Gauss–Jordan over big.Rat) and in float64 by GTH.
func TestStationaryAgainstRatChain(t *testing.T) {
	for _, n := range []int{1, 2, 3, 10, 40, MaxRatStates} {
		rows := make([][]*big.Rat, n)
		q := mat.NewDense(n, n, nil)
		seed := uint64(n)
		next := func() int64 { seed = seed*6364136223846793005 + 1442695040888963407; return int64(seed>>33) % 7 }
		for i := range rows {
			rows[i] = make([]*big.Rat, n)
			w := make([]int64, n)
			var s int64
			for j := range w {
				w[j] = next() // about one in seven entries is zero
				if j == (i+1)%n {
					w[j]++ // a cycle through every state keeps the chain irreducible
				}
				s += w[j]
			}
			for j := range w {
				rows[i][j] = big.NewRat(w[j], s)
				f, _ := rows[i][j].Float64()
				q.Set(i, j, f)
			}
		}
		rc, err := NewRatChain(rows)
		if err != nil {
			t.Fatalf("n=%d: NewRatChain: %v", n, err)
		}
		exact, err := rc.Stationary()
		if err != nil {
			t.Fatalf("n=%d: RatChain.Stationary: %v", n, err)
		}
		pi, err := Stationary(q)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		checkExact(t, fmt.Sprintf("n=%d", n), pi, exact, 1e-12)
	}
}

// TestStationaryReducibleAndPeriodic: a chain with two closed classes (π not unique) is an
// error from both entry points, also above the former switch point; a periodic cycle (where
// p ← pQ never settles) gets its exact uniform π.
func TestStationaryReducibleAndPeriodic(t *testing.T) {
	for _, n := range []int{2, 64, 128, 200} {
		q := mat.NewDense(n, n, nil)
		for i := range n {
			if i < n/2 {
				q.Set(i, (i+1)%(n/2), 1)
			} else {
				q.Set(i, n/2+(i+1-n/2)%(n-n/2), 1)
			}
		}
		if _, err := Stationary(q); !errors.Is(err, errs.ErrDisconnected) {
			t.Errorf("n=%d reducible: Stationary err = %v, want ErrDisconnected", n, err)
		}
		c, err := NewFiniteChain(q)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Stationary(); !errors.Is(err, errs.ErrDisconnected) {
			t.Errorf("n=%d reducible: FiniteChain.Stationary err = %v, want ErrDisconnected", n, err)
		}
		// Periodic: the cycle 0 → 1 → … → n−1 → 0 (period n), π uniform.
		p := mat.NewDense(n, n, nil)
		exact := make([]*big.Rat, n)
		for i := range n {
			p.Set(i, (i+1)%n, 1)
			exact[i] = big.NewRat(1, int64(n))
		}
		c, err = NewFiniteChain(p)
		if err != nil {
			t.Fatal(err)
		}
		pi, err := c.Stationary()
		if err != nil {
			t.Fatalf("n=%d periodic: %v", n, err)
		}
		checkExact(t, fmt.Sprintf("n=%d periodic", n), pi, exact, 1e-13)
	}
}

// TestStationaryCoresSwitch: gth's block updates run on kernel.Gemm, which splits products of
// more than about 2·10⁶ multiply-adds over goroutines; the first block updates of a 300-state
// chain are above that size and the last ones below, and the result must be the same bits on 1,
// 2 and 4 cores, and exact against the rational π of twoBlocks.
func TestStationaryCoresSwitch(t *testing.T) {
	q, exact := twoBlocks(300, 100, big.NewRat(1, 1_000_000_000_000))
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	ref, err := Stationary(q)
	if err != nil {
		t.Fatal(err)
	}
	checkExact(t, "1 core", ref, exact, 1e-12)
	for _, procs := range []int{2, 4} {
		runtime.GOMAXPROCS(procs)
		pi, err := Stationary(q)
		if err != nil {
			t.Fatal(err)
		}
		for i := range pi {
			if pi[i] != ref[i] {
				t.Fatalf("%d cores: π[%d] = %v, 1 core %v", procs, i, pi[i], ref[i])
			}
		}
	}
}

// TestStationaryBlockEdges puts the hard part of a chain at the edges of gth's blocks of
// gthBlock states (eliminated from state n−1 down): the weak coupling of twoBlocks on the last
// pair of a block, across two blocks and on the first pair of one, against the exact rational π;
// and a birth–death chain whose π_k ∝ (3/7)^k falls over 300 orders of magnitude, against its
// closed form, for sizes on both sides of one and two blocks.
func TestStationaryBlockEdges(t *testing.T) {
	const n = 3*gthBlock + 5
	for _, m := range []int{n - gthBlock, n - gthBlock + 1, n - gthBlock - 1, n - 2*gthBlock, 2} {
		q, exact := twoBlocks(n, m, big.NewRat(1, 1_000_000_000_000))
		pi, err := Stationary(q)
		if err != nil {
			t.Fatalf("coupling at %d: %v", m, err)
		}
		checkExact(t, fmt.Sprintf("coupling (%d,%d)", m-1, m), pi, exact, 1e-12)
	}
	for _, n := range []int{1, 2, gthBlock, gthBlock + 1, gthBlock + 2, 2*gthBlock + 1, 2*gthBlock + 2, 800} {
		const up, rho = 0.3, 0.3 / 0.7
		q := mat.NewDense(n, n, nil)
		for k := range n {
			stay := 1.0
			if k+1 < n {
				q.Set(k, k+1, up)
				stay -= up
			}
			if k > 0 {
				q.Set(k, k-1, 1-up)
				stay -= 1 - up
			}
			q.Set(k, k, max(stay, 0))
		}
		pi, err := Stationary(q)
		if err != nil {
			t.Fatalf("birth–death n=%d: %v", n, err)
		}
		// π_k = ρ^k·(1−ρ)/(1−ρⁿ), by detailed balance 0.3·π_k = 0.7·π_{k+1}.
		for k, v := range pi {
			want := math.Pow(rho, float64(k)) * (1 - rho) / (1 - math.Pow(rho, float64(n)))
			if !(math.Abs(v-want) <= 1e-12*want) {
				t.Fatalf("birth–death n=%d: π[%d] = %.17g, closed form %.17g", n, k, v, want)
			}
		}
	}
}
