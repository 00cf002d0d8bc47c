package stream

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// Example 8.6, exhaustively: the largest collision probability of the mod-p family.
func TestModPMaxCollisionTable(t *testing.T) {
	for _, c := range []struct {
		p, n, m  int
		num, den int64
	}{{7, 7, 3, 5, 21}, {11, 10, 4, 2, 11}, {13, 13, 5, 11, 78}, {17, 16, 2, 8, 17}} {
		got, err := ModPMaxCollision(c.p, c.n, c.m)
		if err != nil {
			t.Fatal(err)
		}
		if want := big.NewRat(c.num, c.den); got.Cmp(want) != 0 {
			t.Errorf("p=%d N=%d M=%d: max collision %v, want %v", c.p, c.n, c.m, got, want)
		}
		if got.Cmp(big.NewRat(1, int64(c.m))) > 0 {
			t.Errorf("p=%d M=%d: %v > 1/M: not universal", c.p, c.m, got)
		}
	}
}

// The ModP type computes the same function as the formula, also on the Mersenne fast path.
func TestModPHashMatchesFormula(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, p := range []uint64{13, 1_000_000_007, MersenneP61} {
		for range 1000 {
			h := ModP{P: p, A: 1 + r.Uint64N(p-1), B: r.Uint64N(p), M: 1 + r.Uint64N(1000)}
			x := r.Uint64N(p)
			ax := new(big.Int).Mul(new(big.Int).SetUint64(h.A), new(big.Int).SetUint64(x))
			ax.Add(ax, new(big.Int).SetUint64(h.B)).Mod(ax, new(big.Int).SetUint64(p)).Mod(ax, new(big.Int).SetUint64(h.M))
			if got := h.Hash(x); got != ax.Uint64() {
				t.Fatalf("p=%d: h(%d) = %d, want %d", p, x, got, ax.Uint64())
			}
		}
	}
}

// Theorem 8.15's almost-uniformity, exhaustively over all q^k polynomials.
func TestPolyUniformityGap(t *testing.T) {
	for _, c := range []struct {
		q, m, k  int
		num, den int64
	}{{7, 3, 2, 2, 21}, {11, 2, 2, 1, 22}, {5, 2, 3, 1, 10}, {7, 7, 2, 0, 1}} {
		got, err := PolyUniformityGap(c.q, c.m, c.k)
		if err != nil {
			t.Fatal(err)
		}
		if want := big.NewRat(c.num, c.den); got.Cmp(want) != 0 {
			t.Errorf("(q,M,k)=(%d,%d,%d): gap %v, want %v", c.q, c.m, c.k, got, want)
		}
		if got.Cmp(big.NewRat(1, int64(c.q))) > 0 {
			t.Errorf("(q,M,k)=(%d,%d,%d): gap %v > 1/q", c.q, c.m, c.k, got)
		}
	}
}

// H⁴_{8,2} over F₈ is exactly strongly 4-universal: each of the 16 sign patterns on the
// points 0, 1, 2, 3 occurs for 256 of the 4096 polynomials.
func TestGF8StronglyFourUniversal(t *testing.T) {
	counts, err := GF2PatternCounts(3, 4, 2, []uint64{0, 1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(counts) != 16 {
		t.Fatalf("%d patterns, want 16", len(counts))
	}
	for p, c := range counts {
		if c != 256 {
			t.Errorf("pattern %04b: %d polynomials, want 256", p, c)
		}
	}
}

// Every non-zero element of GF(2^w) has an inverse (the modulus is irreducible), for the small
// fields; the table multiplication of GF(2⁶⁴) agrees with the bitwise reference and is
// commutative and distributive.
func TestGFArithmetic(t *testing.T) {
	for _, w := range []int{2, 3, 4, 8} {
		r := gf2Poly[w]
		for a := uint64(1); a < 1<<w; a++ {
			inv := false
			for b := uint64(1); b < 1<<w; b++ {
				inv = inv || gfMul(a, b, w, r) == 1
			}
			if !inv {
				t.Errorf("GF(2^%d): %d has no inverse", w, a)
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		a, b, c := rng.Uint64(), rng.Uint64(), rng.Uint64()
		var ta, tb gf64Table
		ta.set(a)
		tb.set(b)
		if got, want := tb.mul(a), gfMul(a, b, 64, gf2Poly[64]); got != want {
			t.Fatalf("table %x·%x = %x, reference %x", a, b, got, want)
		}
		if square64(a) != ta.mul(a) {
			t.Fatalf("square64(%x) = %x, table product %x", a, square64(a), ta.mul(a))
		}
		if ta.mul(b) != tb.mul(a) || ta.mul(b^c) != ta.mul(b)^ta.mul(c) {
			t.Fatalf("GF(2⁶⁴) multiplication not commutative or distributive at %x, %x, %x", a, b, c)
		}
	}
}

// Multiply-add-shift is strongly 2-universal, exhaustively in miniature: 8-bit words, 4-bit
// keys, 4-bit values (8 ≥ 4 + 4 − 1): every pair of values occurs for exactly 256 of the
// 65536 choices of (a, b). The 128-bit implementation agrees with exact arithmetic.
func TestMultiplyShift(t *testing.T) {
	for x1 := 0; x1 < 16; x1++ {
		for x2 := x1 + 1; x2 < 16; x2++ {
			var count [16][16]int
			for a := 0; a < 256; a++ {
				for b := 0; b < 256; b++ {
					count[(a*x1+b)%256>>4][(a*x2+b)%256>>4]++
				}
			}
			for y1 := range count {
				for y2 := range count[y1] {
					if count[y1][y2] != 256 {
						t.Fatalf("x=(%d,%d) y=(%d,%d): %d, want 256", x1, x2, y1, y2, count[y1][y2])
					}
				}
			}
		}
	}
	h := NewMultiplyShift(7)
	two128 := new(big.Int).Lsh(big.NewInt(1), 128)
	a := new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(h.AHi), 64), new(big.Int).SetUint64(h.ALo))
	b := new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(h.BHi), 64), new(big.Int).SetUint64(h.BLo))
	rng := rand.New(rand.NewPCG(5, 6))
	for range 1000 {
		x := rng.Uint64()
		v := new(big.Int).Mul(a, new(big.Int).SetUint64(x))
		v.Add(v, b).Mod(v, two128).Rsh(v, 64)
		if got := h.Hash(x); got != v.Uint64() {
			t.Fatalf("h(%d) = %d, want %d", x, got, v.Uint64())
		}
	}
}

// The sign hash is balanced and pairwise uncorrelated on consecutive keys.
func TestSignBalanced(t *testing.T) {
	var sum, cross int64
	const n = 20000
	for s := uint64(0); s < n; s++ {
		h := NewSign(s)
		a, b := h.Hash(1), h.Hash(2)
		sum += a
		cross += a * b
	}
	if abs64(sum) > 5*141 || abs64(cross) > 5*141 { // 5 standard deviations of √n
		t.Errorf("Σh(1) = %d, Σh(1)h(2) = %d over %d seeds, want both within ±705", sum, cross, n)
	}
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// Signatures (Theorem 8.9): n = 10⁶ keys, δ = 0.01 need 46 bits; hashing n keys into
// 2^k values leaves a collision with probability at most δ, and E(coll) ≤ n(n−1)/2^{k+1}.
func TestSignatures(t *testing.T) {
	if b, _ := SignatureBits(1_000_000, 0.01); b != 46 {
		t.Errorf("SignatureBits(10⁶, 0.01) = %d, want 46", b)
	}
	const n, delta, reps = 200, 0.1, 400
	k, _ := SignatureBits(n, delta)
	m := uint64(1) << k
	fails, total := 0, 0
	hs := make([]uint64, n)
	for s := uint64(0); s < reps; s++ {
		h, _ := NewModP(MersenneP61, m, s)
		for i := range hs {
			hs[i] = h.Hash(uint64(i) * 7919)
		}
		c := Collisions(hs)
		total += c
		if c > 0 {
			fails++
		}
	}
	if float64(fails)/reps > delta {
		t.Errorf("k = %d bits: collisions in %d of %d runs, want ≤ δ = %v", k, fails, reps, delta)
	}
	if bound := float64(n*(n-1)) / float64(2*m); float64(total)/reps > 2*bound {
		t.Errorf("mean coll %v far above the bound %v", float64(total)/reps, bound)
	}
	if got := Collisions([]uint64{3, 1, 3, 3, 2, 1}); got != 4 {
		t.Errorf("Collisions = %d, want 3 + 1 = 4", got)
	}
}

// The division-free reduction agrees with % for every width and hash value below 2⁶¹.
func TestModReducer(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for range 2000 {
		w := 1 + rng.Uint64N(1<<28)
		if rng.IntN(4) == 0 {
			w = 1 + rng.Uint64N(20)
		}
		r := newModReducer(w)
		for _, h := range []uint64{0, 1, w - 1, w, MersenneP61 - 1, rng.Uint64N(MersenneP61), 1<<61 - 1} {
			if got := r.mod(h); got != h%w {
				t.Fatalf("%d mod %d = %d, want %d", h, w, got, h%w)
			}
		}
	}
}

// The linear form of the sign hash gives the lowest bit of Horner's p(x) for every x.
func TestSignFormMatchesHorner(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	for range 200 {
		c := []uint64{rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64()}
		f := newSignForm(c)
		for range 50 {
			x := rng.Uint64()
			var tab gf64Table
			tab.set(x)
			x2, x3 := powers(x)
			if got, want := f.bit(x, x2, x3), hornerGF64(&tab, c)&1; got != want {
				t.Fatalf("sign bit of p(%x) = %d, Horner gives %d", x, got, want)
			}
		}
	}
}

// TestUniformBelowMatchesRand: uniformBelow gives, number for number, what rand.Rand's
// Uint64N gives from the same generator, for bounds that take each of its paths: powers of
// two (mask), small bounds (rarely a rejection), and bounds near 2⁶³ and 2⁶⁴ (rejected often).
func TestUniformBelowMatchesRand(t *testing.T) {
	bounds := []uint64{1, 2, 3, 7, 1000, 1 << 20, 1<<20 + 1, 1<<63 - 25, 1 << 63, 1<<63 + 1, 3 << 62, 1<<64 - 1}
	for _, n := range bounds {
		a, b := newPCG(7), newRand(7)
		for i := range 2000 {
			if got, want := uniformBelow(a, n), b.Uint64N(n); got != want {
				t.Fatalf("n = %d, draw %d: %d, rand.Rand gives %d", n, i, got, want)
			}
		}
	}
}

// TestReservoirDrawsAsAlgorithmR: the reservoir's sample is item for item the one algorithm R
// written with rand.Rand's Int64N and IntN on the same seed gives, for streams shorter than,
// equal to and far longer than k.
func TestReservoirDrawsAsAlgorithmR(t *testing.T) {
	for _, c := range []struct{ k, n int }{{5, 3}, {5, 5}, {1, 10000}, {7, 10000}, {1000, 200000}} {
		r, err := NewReservoir[int](c.k, 3)
		if err != nil {
			t.Fatal(err)
		}
		rng, want := newRand(3), make([]int, 0, c.k)
		for i := range c.n {
			r.Update(i)
			if len(want) < c.k {
				want = append(want, i)
			} else if rng.Int64N(int64(i+1)) < int64(c.k) {
				want[rng.IntN(c.k)] = i
			}
		}
		got, err := r.Sample()
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("k = %d, n = %d: sample differs from algorithm R on rand.Rand (%v)", c.k, c.n, err)
		}
	}
}
