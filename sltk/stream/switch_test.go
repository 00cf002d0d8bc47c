package stream

import (
	"errors"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"
)

// Switch points of package stream, each tested on both sides and at the boundary against an
// independent reference (see the table in the branch report):
//
//	KMV.Estimate          exact count (< t distinct hash values) ↔ tM/x_t (≥ t)
//	newModReducer         h % w (w < 8) ↔ Granlund–Montgomery multiply-shift (w ≥ 8)
//	CountMinSize          depth 1 (δ ≥ ½, SIMPLE SKETCH) ↔ ⌈log₂(1/δ)⌉
//	Reservoir/SkipReservoir.Update   filling (n ≤ k) ↔ replacing (n > k)
//	Reservoir.Merge       concatenation (n₁ + n₂ ≤ k) ↔ hypergeometric draw
//	ToWSketch.UpdateCount branch-free c·(±1) ↔ c = −2⁶³ path (TestToWNoWrap, big.Int reference)

// KMV: with m distinct keys, each repeated three times, the estimate is m while fewer than t
// distinct hash values were seen and t·M/x_t from then on, x_t the t-th smallest distinct
// value of h(a)/4 + 1 over the keys, computed here by sorting all of them. t = 1 and t = 8 at
// m = t − 1, t, t + 1.
func TestSwitchKMVExactToEstimate(t *testing.T) {
	for _, tt := range []int{1, 8} {
		for _, m := range []int{tt - 1, tt, tt + 1, 3 * tt} {
			s, _ := Count{T: tt, Seed: 7}.New()
			h := NewMultiplyShift(7)
			var vals []uint64
			for rep := 0; rep < 3; rep++ {
				for i := 0; i < m; i++ {
					key := uint64(i) * 0x9e3779b97f4a7c15
					s.Update(key)
					if rep == 0 {
						vals = append(vals, h.Hash(key)>>2+1)
					}
				}
			}
			slices.Sort(vals)
			vals = slices.Compact(vals)
			want := float64(len(vals))
			if len(vals) >= tt {
				want = float64(tt) * countRange / float64(vals[tt-1])
			}
			if got, err := s.Estimate(); err != nil || got != want {
				t.Errorf("t = %d, m = %d: estimate %v, want %v", tt, m, got, want)
			}
		}
	}
}

// The mod reduction: every w from 1 to 16 (both sides of 8) and 2^k − 1, 2^k, 2^k + 1 up to
// 2²⁸, on the extreme and mid hash values, against the % operator.
func TestSwitchModReducer(t *testing.T) {
	var ws []uint64
	for w := uint64(1); w <= 16; w++ {
		ws = append(ws, w)
	}
	for k := 3; k <= 28; k++ {
		ws = append(ws, 1<<k-1, 1<<k, 1<<k+1)
	}
	for _, w := range ws {
		r := newModReducer(w)
		if (r.m == 0) != (w < 8) {
			t.Errorf("w = %d: multiply path = %v", w, r.m != 0)
		}
		for _, h := range []uint64{0, 1, w - 1, w, w + 1, 2*w - 1, MersenneP61 / 2, MersenneP61 - 2, MersenneP61 - 1, 1<<61 - 1} {
			if got := r.mod(h); got != h%w {
				t.Errorf("%d mod %d = %d, want %d", h, w, got, h%w)
			}
		}
	}
}

// CountMinSize's depth: the smallest ℓ ≥ 1 with 2^{−ℓ} ≤ δ (found here by halving exactly),
// on both sides of ½ (depth 1 ↔ 2) and of ¼ (2 ↔ 3).
func TestSwitchCountMinDepth(t *testing.T) {
	for _, d := range []float64{0.75, 0.5, math.Nextafter(0.5, 0), 0.3, 0.25, math.Nextafter(0.25, 0), 0.2} {
		want := 1
		for p := 0.5; p > d; p /= 2 {
			want++
		}
		if _, got, err := CountMinSize(0.1, d); err != nil || got != want {
			t.Errorf("CountMinSize(0.1, %v): depth %d, %v, want %d", d, got, err, want)
		}
	}
}

// Reservoirs of size k = 3: while n ≤ k the sample is the stream itself, in order (checked
// for n = 2 and 3); at n = k + 1 = 4 and beyond, every item is kept with probability k/n
// (Theorem 8.4), checked over 20000 seeds with a 5σ binomial band. Merge: n₁ + n₂ ≤ k
// concatenates (n₁ + n₂ = 2, 3), n₁ + n₂ = 4 draws, with the same inclusion probability.
func TestSwitchReservoirFill(t *testing.T) {
	const k, reps = 3, 20000
	type sampler interface {
		Update(int)
		Sample() ([]int, error)
	}
	kinds := map[string]func(seed uint64) sampler{
		"Reservoir":     func(s uint64) sampler { r, _ := NewReservoir[int](k, s); return r },
		"SkipReservoir": func(s uint64) sampler { r, _ := NewSkipReservoir[int](k, s); return r },
	}
	for name, mk := range kinds {
		for _, n := range []int{2, 3} {
			r := mk(1)
			for i := range n {
				r.Update(i)
			}
			if s, _ := r.Sample(); !slices.Equal(s, []int{0, 1, 2}[:n]) {
				t.Errorf("%s, n = %d ≤ k: sample %v, want the stream", name, n, s)
			}
		}
		for _, n := range []int{4, 5} {
			incl := make([]int, n)
			for s := uint64(0); s < reps; s++ {
				r := mk(s)
				for i := range n {
					r.Update(i)
				}
				x, _ := r.Sample()
				for _, v := range x {
					incl[v]++
				}
			}
			checkInclusion(t, name, incl, float64(k)/float64(n), reps)
		}
	}
	for _, split := range [][2]int{{1, 1}, {1, 2}, {0, 3}, {2, 2}, {1, 3}} {
		n := split[0] + split[1]
		incl := make([]int, n)
		for s := uint64(0); s < reps; s++ {
			a, _ := NewReservoir[int](k, s)
			b, _ := NewReservoir[int](k, s+1<<40)
			for i := range n {
				if i < split[0] {
					a.Update(i)
				} else {
					b.Update(i)
				}
			}
			if err := a.Merge(b); err != nil {
				t.Fatal(err)
			}
			x, _ := a.Sample()
			if n <= k && (len(x) != n || a.Seen() != int64(n)) {
				t.Fatalf("merge %v: sample %v", split, x)
			}
			for _, v := range x {
				incl[v]++
			}
		}
		checkInclusion(t, "Merge", incl, math.Min(1, float64(k)/float64(n)), reps)
	}
}

// checkInclusion checks that each count lies within 5 binomial standard deviations of reps·p.
func checkInclusion(t *testing.T, name string, incl []int, p float64, reps int) {
	t.Helper()
	sd := math.Sqrt(float64(reps) * p * (1 - p))
	for i, c := range incl {
		if math.Abs(float64(c)-float64(reps)*p) > 5*sd+1e-9 {
			t.Errorf("%s, n = %d: item %d kept %d times of %d, want %.0f ± %.0f", name, len(incl), i, c, reps, float64(reps)*p, 5*sd)
		}
	}
}

// amsTerm switches from the direct r^k − (r−1)^k (exact while r^k ≤ 2⁵³) to the logarithmic
// form. On both sides of the switch (r^k just below and above 2⁵³) and far past it, against
// the exact integer difference in big.Int, the relative error is below 1e-12; r = 1 and k = 1
// are included. Before the fix the direct form lost up to half the digits (r = 10⁹, k = 2) and
// returned NaN once r^k overflowed.
func TestSwitchAMSTerm(t *testing.T) {
	type rk struct {
		r int64
		k int
	}
	cases := []rk{{1, 1}, {1, 64}, {2, 1}, {2, 53}, {2, 54}, {3, 33}, {3, 34}, {94906265, 2}, {94906266, 2},
		{1e3, 7}, {1e6, 3}, {1e9, 2}, {1 << 40, 2}, {1 << 15, 64}, {1e9, 30}}
	for _, c := range cases {
		want := new(big.Int).Sub(new(big.Int).Exp(big.NewInt(c.r), big.NewInt(int64(c.k)), nil),
			new(big.Int).Exp(big.NewInt(c.r-1), big.NewInt(int64(c.k)), nil))
		wf, _ := new(big.Float).SetInt(want).Float64()
		got := amsTerm(float64(c.r), float64(c.k))
		if math.Abs(got-wf) > 1e-12*wf {
			t.Errorf("r = %d, k = %d: %v, want %v", c.r, c.k, got, wf)
		}
	}
	// The running estimator: n = r = 2¹⁶ (copies of one element) with k = 64 overflows float64
	// (ErrNotFinite, was NaN); k = 3 gives n·(3r² − 3r + 1) through the logarithmic path.
	for _, k := range []int{3, 64} {
		e, _ := AMS{Order: k, Seed: 1}.New()
		e.n, e.r = 1<<16, 1<<16 // the state after 2¹⁶ copies when the first position was sampled
		got, err := e.Estimate()
		if k == 64 {
			if !errors.Is(err, ErrNotFinite) {
				t.Errorf("k = 64: %v, %v, want ErrNotFinite", got, err)
			}
			continue
		}
		r := float64(e.r)
		if want := float64(e.n) * (3*r*r - 3*r + 1); err != nil || math.Abs(got-want) > 1e-12*want {
			t.Errorf("k = 3: %v, %v, want %v", got, err, want)
		}
	}
	if _, err := AMSVariance(make([]uint64, 1<<12), 64); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "AMSVariance") {
		t.Errorf("AMSVariance overflow: %v", err)
	}
	if _, err := Moment(map[uint64]int64{1: 1 << 40}, 30); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Moment overflow: %v", err)
	}
}

// PolyGF2.Hash evaluates with gfMul's shift-and-add for W ≤ 32 and with the 16-entry tables of
// gf64Table for W = 64. On both sides (W = 32, 64) the hash equals Horner's rule written here
// with a bitwise carry-less product reduced by the field polynomial (x^W + r), k = 1 … 4, on
// keys including 0, 1 and all-ones.
func TestSwitchPolyGF2Table(t *testing.T) {
	clmulMod := func(a, b uint64, w int, r uint64) uint64 {
		var p uint64
		for i := 0; i < w; i++ { // p = a·b mod (x^w + r), one bit of b at a time
			if b>>i&1 == 1 {
				p ^= a
			}
			hi := a >> (w - 1) & 1
			a <<= 1
			if w < 64 {
				a &= 1<<w - 1
			}
			if hi == 1 {
				a ^= r
			}
		}
		return p
	}
	for _, w := range []int{32, 64} {
		for k := 1; k <= 4; k++ {
			h, err := NewPolyGF2(w, k, uint64(10*w+k))
			if err != nil {
				t.Fatal(err)
			}
			mask := ^uint64(0) >> (64 - w)
			for _, x := range []uint64{0, 1, mask, 0x9e3779b97f4a7c15 & mask, 12345} {
				var want uint64
				for i := k - 1; i >= 0; i-- {
					want = clmulMod(want, x, w, gf2Poly[w]) ^ h.Coef[i]
				}
				if got := h.Hash(x); got != want {
					t.Errorf("W = %d, k = %d, x = %#x: %#x, want %#x", w, k, x, got, want)
				}
			}
		}
	}
}
