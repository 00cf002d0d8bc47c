package stream

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// MersenneP61 is the prime 2⁶¹ − 1. Reduction modulo it needs no division, so it is the field
// the fast universal hash ModP uses by default.
const MersenneP61 = 1<<61 - 1

// seedStream is the second PCG word of every generator in this package, so that a Seed alone
// fixes the random choices.
const seedStream = 0x57ea_5ca1_ab1e

func newRand(seed uint64) *rand.Rand { return rand.New(newPCG(seed)) }

func newPCG(seed uint64) *rand.PCG { return rand.NewPCG(seed, seedStream) }

// uniformBelow returns a uniform integer in [0, n), n ≥ 1, computed from src's next numbers
// exactly as rand.Rand's Uint64N computes it (Lemire's multiply-and-reject), so that the two
// give the same numbers from the same generator. It exists for the per-item draws of the
// stream samplers: rand.Rand calls its source through an interface the compiler cannot
// inline, which cost algorithm R a third of its time per update.
func uniformBelow(src *rand.PCG, n uint64) uint64 {
	if n&(n-1) == 0 { // a power of two: mask
		return src.Uint64() & (n - 1)
	}
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return hi
}

// mulModP returns a·x mod p for a, x < p < 2⁶³ (a 128-bit product, then one reduction).
func mulModP(a, x, p uint64) uint64 {
	hi, lo := bits.Mul64(a, x)
	if p == MersenneP61 {
		r := (lo & MersenneP61) + (lo>>61 | hi<<3)
		if r >= MersenneP61 {
			r -= MersenneP61
		}
		return r
	}
	_, r := bits.Div64(hi, lo, p)
	return r
}

func addModP(a, b, p uint64) uint64 {
	s := a + b // a, b < p < 2⁶³: no overflow
	if s >= p {
		s -= p
	}
	return s
}

// ModP is one member h_{a,b}(x) = ((a·x + b) mod P) mod M of the universal family of the
// lecture's Example 8.6: for x ≠ x′ in {0, …, P−1}, a drawn from {1, …, P−1} and b from
// {0, …, P−1} make h(x) = h(x′) with probability at most 1/M. P must be a prime ≥ the universe
// size N; keys x ≥ P are reduced mod P first (so x and x+P always collide). Cost: one 128-bit
// multiplication and two reductions per key; with P = MersenneP61 the first reduction is a
// shift and an add.
type ModP struct {
	P, A, B, M uint64
}

// NewModP draws a and b for prime p (2 ≤ p < 2⁶³; p is not tested for primality) and range
// m ≥ 1 from the seed.
func NewModP(p, m, seed uint64) (ModP, error) {
	if p < 2 || p >= 1<<63 {
		return ModP{}, fmt.Errorf("stream: NewModP: p = %d, want a prime in [2, 2⁶³): %w", p, ErrParam)
	}
	if m < 1 {
		return ModP{}, fmt.Errorf("stream: NewModP: m = %d, want ≥ 1: %w", m, ErrParam)
	}
	r := newRand(seed)
	return ModP{P: p, A: 1 + r.Uint64N(p-1), B: r.Uint64N(p), M: m}, nil
}

// Hash returns h(x) in {0, …, M−1}. A ModP with P or M = 0 (the zero value: use NewModP)
// hashes every key to 0.
func (h ModP) Hash(x uint64) uint64 {
	if h.P == 0 || h.M == 0 {
		return 0
	}
	if x >= h.P {
		x %= h.P
	}
	return addModP(mulModP(h.A, x, h.P), h.B, h.P) % h.M
}

// PolyPrime is one member of the polynomial family H^k_{q,M} over the prime field F_q (Lemma
// 8.13, Theorem 8.15): h(x) = (a₀ + a₁x + … + a_{k−1}x^{k−1} mod q) mod M. The family is
// k-wise independent and, for M = q, strongly k-universal; for other M each value has
// probability within 1/q of 1/M. Cost: k multiplications mod q per key (Horner).
type PolyPrime struct {
	Q, M uint64
	Coef []uint64 // a₀, …, a_{k−1}, each in {0, …, Q−1}
}

// NewPolyPrime draws k coefficients for prime q (2 ≤ q < 2⁶³) and range 1 ≤ m ≤ q.
func NewPolyPrime(q, m uint64, k int, seed uint64) (PolyPrime, error) {
	if q < 2 || q >= 1<<63 {
		return PolyPrime{}, fmt.Errorf("stream: NewPolyPrime: q = %d, want a prime in [2, 2⁶³): %w", q, ErrParam)
	}
	if m < 1 || m > q {
		return PolyPrime{}, fmt.Errorf("stream: NewPolyPrime: m = %d, want in [1, q = %d]: %w", m, q, ErrParam)
	}
	if k < 1 || k > maxIndependence {
		return PolyPrime{}, fmt.Errorf("stream: NewPolyPrime: k = %d, want in [1, %d]: %w", k, maxIndependence, ErrParam)
	}
	r := newRand(seed)
	c := make([]uint64, k)
	for i := range c {
		c[i] = r.Uint64N(q)
	}
	return PolyPrime{Q: q, M: m, Coef: c}, nil
}

// maxIndependence caps the degree of the polynomial families (k-wise independence for k ≤ 64).
const maxIndependence = 64

// Hash returns h(x) in {0, …, M−1}; x is taken mod Q. A PolyPrime with Q or M = 0 (the zero
// value: use NewPolyPrime) hashes every key to 0.
func (h PolyPrime) Hash(x uint64) uint64 {
	if h.Q == 0 || h.M == 0 {
		return 0
	}
	x %= h.Q
	var acc uint64
	for i := len(h.Coef) - 1; i >= 0; i-- {
		acc = addModP(mulModP(acc, x, h.Q), h.Coef[i]%h.Q, h.Q)
	}
	return acc % h.M
}

// gf2Poly holds, for each supported w, the low part r of an irreducible polynomial
// x^w + r(x) over GF(2) (irreducibility verified by Rabin's test).
var gf2Poly = map[int]uint64{2: 0b11, 3: 0b011, 4: 0b0011, 8: 0x1B, 16: 0x2B, 32: 0x400007, 64: 0x1B}

// gfMul multiplies a and b in GF(2^w) = GF(2)[x]/(x^w + r): shift-and-add, w steps. It is the
// reference multiplication; w = 64 uses the table form gf64Table/gf64Mul.
func gfMul(a, b uint64, w int, r uint64) uint64 {
	mask := ^uint64(0) >> (64 - w)
	var p uint64
	for ; b != 0; b >>= 1 {
		if b&1 != 0 {
			p ^= a
		}
		carry := a >> (w - 1) & 1
		a = (a << 1) & mask
		if carry != 0 {
			a ^= r
		}
	}
	return p
}

// gf64Table holds x·i in GF(2)[x] (unreduced, up to 67 bits as lo, hi) for i = 0..15: the
// multiplication table of one operand by a nibble.
type gf64Table [16][2]uint64

func (t *gf64Table) set(x uint64) {
	t[0] = [2]uint64{}
	t[1] = [2]uint64{x, 0}
	for i := 2; i < 16; i += 2 {
		lo, hi := t[i/2][0], t[i/2][1]
		t[i] = [2]uint64{lo << 1, hi<<1 | lo>>63}
		t[i+1] = [2]uint64{t[i][0] ^ x, t[i][1]}
	}
}

// mul returns a·x in GF(2⁶⁴) with x the table's operand: 16 nibble look-ups, then the
// reduction by x⁶⁴ = x⁴ + x³ + x + 1. Hand-written (Go has no carry-less multiply) because
// the sign hash of Tug-of-War evaluates it three times per key and copy.
func (t *gf64Table) mul(a uint64) uint64 {
	e := &t[a&15]
	lo, hi := e[0], e[1]
	for s := uint(4); s < 64; s += 4 {
		e := &t[a>>s&15]
		lo ^= e[0] << s
		hi ^= e[0]>>(64-s) | e[1]<<s
	}
	return reduce64(lo, hi)
}

// reduce64 reduces the 128-bit carry-less product hi·x⁶⁴ + lo modulo x⁶⁴ + x⁴ + x³ + x + 1:
// hi·x⁶⁴ = hi·(x⁴+x³+x+1), and the bits that pushes past x⁶³ fold once more.
func reduce64(lo, hi uint64) uint64 {
	lo ^= hi ^ hi<<1 ^ hi<<3 ^ hi<<4
	over := hi>>63 ^ hi>>61 ^ hi>>60
	return lo ^ over ^ over<<1 ^ over<<3 ^ over<<4
}

// square64 returns x² in GF(2⁶⁴). Squaring is linear over GF(2): it spreads the bits of x
// to the even positions, then reduces.
func square64(x uint64) uint64 {
	return reduce64(spread32(uint32(x)), spread32(uint32(x>>32)))
}

// spread32 moves bit i of v to bit 2i.
func spread32(v uint32) uint64 {
	x := uint64(v)
	x = (x | x<<16) & 0x0000FFFF0000FFFF
	x = (x | x<<8) & 0x00FF00FF00FF00FF
	x = (x | x<<4) & 0x0F0F0F0F0F0F0F0F
	x = (x | x<<2) & 0x3333333333333333
	return (x | x<<1) & 0x5555555555555555
}

// modReducer computes h mod w for h < 2⁶¹ without a division instruction (Granlund and
// Montgomery's invariant-divisor method): with ℓ = ⌈log₂ w⌉ and m = ⌈2^{61+ℓ}/w⌉,
// ⌊h/w⌋ = ⌊h·m / 2^{61+ℓ}⌋ exactly. Count-Min reduces every row's hash mod its width this way.
type modReducer struct {
	w, m  uint64
	shift uint // 61 + ℓ − 64 ≥ 0 when w ≥ 8; smaller w use % directly
}

func newModReducer(w uint64) modReducer {
	if w < 8 {
		return modReducer{w: w}
	}
	l := uint(bits.Len64(w - 1)) // ⌈log₂ w⌉
	// 2^{61+ℓ} = (2^{ℓ−3})·2⁶⁴ with 2^{ℓ−3} < w, so Div64 applies.
	q, r := bits.Div64(1<<(l-3), 0, w)
	if r != 0 {
		q++
	}
	return modReducer{w: w, m: q, shift: l - 3}
}

func (r modReducer) mod(h uint64) uint64 {
	if r.m == 0 {
		return h % r.w
	}
	hi, _ := bits.Mul64(h, r.m)
	return h - (hi>>r.shift)*r.w
}

// PolyGF2 is one member of the polynomial family over the field GF(2^W) (Lemma 8.13): h(x) =
// a₀ + a₁x + … + a_{k−1}x^{k−1} computed in GF(2^W), its bit pattern read as a number in
// {0, …, 2^W − 1}. The family is strongly k-universal; reducing mod M = 2^m (taking the low m
// bits) keeps it strongly k-universal exactly because M divides 2^W (Theorem 8.14). W is one
// of 2, 3, 4, 8, 16, 32, 64. Cost: k field multiplications per key (W = 64: 16 table look-ups
// each).
type PolyGF2 struct {
	W    int
	Coef []uint64 // a₀, …, a_{k−1}, each < 2^W
}

// NewPolyGF2 draws k coefficients in GF(2^w).
func NewPolyGF2(w, k int, seed uint64) (PolyGF2, error) {
	if _, ok := gf2Poly[w]; !ok {
		return PolyGF2{}, fmt.Errorf("stream: NewPolyGF2: w = %d, want one of 2, 3, 4, 8, 16, 32, 64: %w", w, ErrParam)
	}
	if k < 1 || k > maxIndependence {
		return PolyGF2{}, fmt.Errorf("stream: NewPolyGF2: k = %d, want in [1, %d]: %w", k, maxIndependence, ErrParam)
	}
	r := newRand(seed)
	c := make([]uint64, k)
	for i := range c {
		c[i] = r.Uint64() >> (64 - w)
	}
	return PolyGF2{W: w, Coef: c}, nil
}

// Hash returns h(x) in {0, …, 2^W − 1}; bits of x above W are ignored.
func (h PolyGF2) Hash(x uint64) uint64 {
	r, ok := gf2Poly[h.W]
	if !ok || len(h.Coef) == 0 {
		return 0
	}
	if h.W == 64 {
		var t gf64Table
		t.set(x)
		return hornerGF64(&t, h.Coef)
	}
	mask := ^uint64(0) >> (64 - h.W)
	x &= mask
	var acc uint64
	for i := len(h.Coef) - 1; i >= 0; i-- {
		acc = gfMul(acc, x, h.W, r) ^ h.Coef[i]&mask
	}
	return acc
}

// hornerGF64 evaluates the polynomial with coefficients c at the table's operand in GF(2⁶⁴).
func hornerGF64(t *gf64Table, c []uint64) uint64 {
	acc := c[len(c)-1]
	for i := len(c) - 2; i >= 0; i-- {
		acc = t.mul(acc) ^ c[i]
	}
	return acc
}

// signForm is a cubic sign hash in linear form. Only the lowest bit of p(x) = a₀ + a₁x + a₂x²
// + a₃x³ over GF(2⁶⁴) is needed, and y ↦ lowbit(a·y) is GF(2)-linear, so lowbit(a·y) =
// parity(y AND L_a) with L_a's bit j = lowbit(a·x^j). Then one update costs x², x³ (shared by
// all copies) and per copy three ANDs and a popcount, the same function as Horner's rule.
type signForm struct{ b0, l1, l2, l3 uint64 }

func newSignForm(c []uint64) signForm {
	return signForm{b0: c[0] & 1, l1: lowbitMask(c[1]), l2: lowbitMask(c[2]), l3: lowbitMask(c[3])}
}

// lowbitMask returns L_a: bit j is the lowest bit of a·x^j in GF(2⁶⁴).
func lowbitMask(a uint64) uint64 {
	var l uint64
	for j := 0; j < 64; j++ {
		l |= (a & 1) << j
		carry := a >> 63
		a <<= 1
		a ^= gf2Poly[64] & -carry
	}
	return l
}

// powers returns x² and x³ in GF(2⁶⁴).
func powers(x uint64) (x2, x3 uint64) {
	var t gf64Table
	t.set(x)
	x2 = square64(x)
	return x2, t.mul(x2)
}

// bit returns the lowest bit of p(x) given x, x², x³.
func (f signForm) bit(x, x2, x3 uint64) uint64 {
	return f.b0 ^ uint64(bits.OnesCount64(x&f.l1^x2&f.l2^x3&f.l3)&1)
}

// Sign is a strongly 4-universal hash into {−1, +1}, the one Tug-of-War needs: a cubic
// polynomial over GF(2⁶⁴), reduced mod 2 (its lowest bit b), then mapped by b ↦ 2b − 1.
// Strong 4-universality holds exactly since 2 divides 2⁶⁴.
type Sign struct{ P PolyGF2 }

// NewSign draws a sign hash from the seed.
func NewSign(seed uint64) Sign {
	p, _ := NewPolyGF2(64, 4, seed) // valid arguments: cannot fail
	return Sign{P: p}
}

// Hash returns h(x) ∈ {−1, +1}.
func (s Sign) Hash(x uint64) int64 { return int64(s.P.Hash(x)&1)*2 - 1 }

// MultiplyShift is Dietzfelbinger's multiply-add-shift family: with a, b drawn from
// {0, …, 2¹²⁸ − 1}, h(x) = ⌊((a·x + b) mod 2¹²⁸) / 2⁶⁴⌋. For 64-bit keys it is strongly
// 2-universal into {0, …, 2⁶⁴ − 1} (exact, because 128 ≥ 64 + 64 − 1). It is not one of the
// lecture's families; COUNT uses it because it needs strong 2-universality into a range of at
// least 12N² values and this family delivers that with two machine multiplications, no
// division and no field arithmetic.
type MultiplyShift struct {
	AHi, ALo, BHi, BLo uint64
}

// NewMultiplyShift draws a and b from the seed.
func NewMultiplyShift(seed uint64) MultiplyShift {
	r := newRand(seed)
	return MultiplyShift{AHi: r.Uint64(), ALo: r.Uint64(), BHi: r.Uint64(), BLo: r.Uint64()}
}

// Hash returns the upper 64 bits of a·x + b mod 2¹²⁸.
func (h MultiplyShift) Hash(x uint64) uint64 {
	hi, lo := bits.Mul64(h.ALo, x)
	hi += h.AHi * x
	_, c := bits.Add64(lo, h.BLo, 0)
	hi, _ = bits.Add64(hi, h.BHi, c)
	return hi
}
