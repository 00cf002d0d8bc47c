package stream

import (
	"fmt"
	"math"
	"math/big"
	"slices"
)

// maxEnumeration caps the work of the exhaustive family checks (functions × keys).
const maxEnumeration = 1 << 26

// ModPMaxCollision enumerates the whole family {h_{a,b} : a ∈ {1..p−1}, b ∈ {0..p−1}} of
// Example 8.6 with universe {0, …, n−1} and range m, and returns the largest collision
// probability max_{x≠x′} Pr(h(x) = h(x′)) as an exact fraction. Universality says it is at
// most 1/m. Cost O(n²p²); p ≤ 101 and n ≤ p.
func ModPMaxCollision(p, n, m int) (*big.Rat, error) {
	if p < 2 || p > 101 || n < 2 || n > p || m < 1 {
		return nil, fmt.Errorf("stream: ModPMaxCollision: p = %d, n = %d, m = %d, want 2 ≤ n ≤ p ≤ 101, m ≥ 1: %w", p, n, m, ErrParam)
	}
	best := 0
	for x := 0; x < n; x++ {
		for y := x + 1; y < n; y++ {
			c := 0
			for a := 1; a < p; a++ {
				for b := 0; b < p; b++ {
					if (a*x+b)%p%m == (a*y+b)%p%m {
						c++
					}
				}
			}
			best = max(best, c)
		}
	}
	return big.NewRat(int64(best), int64(p*(p-1))), nil
}

// PolyUniformityGap enumerates all q^k polynomials of H^k_{q,m} over the prime field F_q and
// returns max_{x, y} |Pr(h(x) = y) − 1/m| as an exact fraction; Theorem 8.15 bounds it by 1/q
// (and it is 0 when m divides q). Cost O(q^{k+1}·k) ≤ 2²⁶.
func PolyUniformityGap(q, m, k int) (*big.Rat, error) {
	switch {
	case q < 2:
		return nil, fmt.Errorf("stream: PolyUniformityGap: q = %d, want ≥ 2: %w", q, ErrParam)
	case m < 1 || m > q:
		return nil, fmt.Errorf("stream: PolyUniformityGap: m = %d, want in [1, q = %d]: %w", m, q, ErrParam)
	case k < 1 || k > maxIndependence:
		return nil, fmt.Errorf("stream: PolyUniformityGap: k = %d, want in [1, %d]: %w", k, maxIndependence, ErrParam)
	}
	if math.Pow(float64(q), float64(k+1)) > maxEnumeration {
		return nil, fmt.Errorf("stream: PolyUniformityGap: q^(k+1) = %d^%d, limit %d: %w", q, k+1, maxEnumeration, ErrTooLarge)
	}
	total := int(math.Pow(float64(q), float64(k)))
	counts := make([]int, q*m) // counts[x·m + y]
	coef := make([]uint64, k)
	for f := 0; f < total; f++ {
		for i, v := 0, f; i < k; i, v = i+1, v/q {
			coef[i] = uint64(v % q)
		}
		h := PolyPrime{Q: uint64(q), M: uint64(m), Coef: coef}
		for x := 0; x < q; x++ {
			counts[x*m+int(h.Hash(uint64(x)))]++
		}
	}
	gap := new(big.Rat)
	inv := big.NewRat(1, int64(m))
	for _, c := range counts {
		d := new(big.Rat).Sub(big.NewRat(int64(c), int64(total)), inv)
		if d.Abs(d).Cmp(gap) > 0 {
			gap = d
		}
	}
	return gap, nil
}

// GF2PatternCounts enumerates all (2^w)^k polynomials of degree < k over GF(2^w), reduces each
// value mod m (m a power of two dividing 2^w), and counts how often each pattern
// (h(x₁) mod m, …, h(x_j) mod m) occurs on the given points, the pattern read as a base-m
// number. Strong j-universality (j ≤ k) means every one of the m^j patterns occurs equally
// often. (2^w)^k ≤ 2²⁴.
func GF2PatternCounts(w, k, m int, points []uint64) ([]int, error) {
	if _, ok := gf2Poly[w]; !ok || w > 16 {
		return nil, fmt.Errorf("stream: GF2PatternCounts: w = %d, want 2, 3, 4, 8 or 16: %w", w, ErrParam)
	}
	if m < 1 || m > 1<<w || m&(m-1) != 0 {
		return nil, fmt.Errorf("stream: GF2PatternCounts: m = %d, want a power of two ≤ 2^w: %w", m, ErrParam)
	}
	if k < 1 || k > 24 || w*k > 24 || len(points) == 0 || math.Pow(float64(m), float64(len(points))) > 1<<24 {
		return nil, fmt.Errorf("stream: GF2PatternCounts: k = %d, %d points: want (2^w)^k ≤ 2²⁴ and m^points ≤ 2²⁴: %w", k, len(points), ErrTooLarge)
	}
	counts := make([]int, int(math.Pow(float64(m), float64(len(points)))))
	coef := make([]uint64, k)
	q := 1 << w
	for f := 0; f < 1<<(w*k); f++ {
		for i := 0; i < k; i++ {
			coef[i] = uint64(f >> (w * i) & (q - 1))
		}
		h := PolyGF2{W: w, Coef: coef}
		idx := 0
		for _, x := range points {
			idx = idx*m + int(h.Hash(x)%uint64(m))
		}
		counts[idx]++
	}
	return counts, nil
}

// SignatureBits returns the signature length ⌈2 log₂ n + log₂(1/δ) − 1⌉ of Theorem 8.9: hashing
// any n keys universally into that many bits leaves them collision-free with probability
// ≥ 1 − δ. n ≥ 1 and δ ∈ [2⁻¹⁰²², 1) (ErrParam otherwise); the result is then at most
// 2·63 + 1022 − 1 = 1147 bits, below the documented limit of 2048.
func SignatureBits(n int, delta float64) (int, error) {
	if n < 1 {
		return 0, fmt.Errorf("stream: SignatureBits: n = %d, want ≥ 1: %w", n, ErrParam)
	}
	if err := checkDelta("SignatureBits", delta); err != nil {
		return 0, err
	}
	return toSize("SignatureBits", fmt.Sprintf("n = %d, delta = %v need", n, delta),
		max(0, math.Ceil(2*math.Log2(float64(n))+math.Log2(1/delta)-1-1e-9)), maxSignatureBits)
}

// maxSignatureBits caps SignatureBits.
const maxSignatureBits = 2048

// Collisions returns coll = |{{x, x′} : h(x) = h(x′)}|, the number of colliding pairs among
// the hash values (x ≠ x′ by position). It sorts a copy: O(n log n) time, O(n) space.
func Collisions(hashes []uint64) int {
	return sortedCollisions(slices.Clone(hashes))
}

// MaxSignatureKeyBits is the longest signature SignatureCollisions draws: its hash values lie
// below MersenneP61 < 2⁶¹, so more bits would add only bits that are always 0.
const MaxSignatureKeyBits = 61

// SignatureCollisions hashes every key to a bits-long signature by the one member of the
// universal family ModP (P = MersenneP61, range 2^bits) that the seed draws, and returns
// coll(h, S), the number of colliding pairs among the signatures (Lemma 8.8, Theorem 8.9):
// one draw of the quantity whose mean (8.4) bounds by n(n−1)/2^{bits+1}. Equal keys, and keys
// equal mod P, always collide. bits must lie in [1, MaxSignatureKeyBits]; fewer than two keys
// give 0. Cost O(n log n) time, O(n) space for n keys.
func SignatureCollisions(keys []uint64, bits int, seed uint64) (int, error) {
	if bits < 1 || bits > MaxSignatureKeyBits {
		return 0, fmt.Errorf("stream: SignatureCollisions: bits = %d, want in [1, %d]: %w", bits, MaxSignatureKeyBits, ErrParam)
	}
	h, err := NewModP(MersenneP61, 1<<bits, seed)
	if err != nil { // unreachable: P and the range are valid
		return 0, err
	}
	sig := make([]uint64, len(keys))
	for i, x := range keys {
		sig[i] = h.Hash(x)
	}
	return sortedCollisions(sig), nil
}

// sortedCollisions sorts s in place and counts its colliding pairs: a run of r equal values
// holds r(r−1)/2 of them.
func sortedCollisions(s []uint64) int {
	slices.Sort(s)
	coll := 0
	for i, run := 1, 1; i <= len(s); i++ {
		if i < len(s) && s[i] == s[i-1] {
			run++
			continue
		}
		coll += run * (run - 1) / 2
		run = 1
	}
	return coll
}
