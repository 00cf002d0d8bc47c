package stream

import (
	"fmt"
	"math"
	"math/big"
	"slices"
)

// countRange is M, the hash range {1, …, M} of COUNT: the top 62 bits of a strongly
// 2-universal 64-bit hash, shifted by one. M ≥ 12N² holds for universes of N ≤ 6.2·10⁸ keys,
// where the analysis's "h is injective with probability ≥ 11/12" applies.
const countRange = 1 << 62

// maxT caps the number t of minima COUNT keeps (ε ≥ about 0.0015).
const maxT = 1 << 24

func checkUnit(fn, name string, v float64) error {
	if !(v > 0 && v < 1) {
		return fmt.Errorf("stream: %s: %s = %v, want in (0,1): %w", fn, name, v, ErrParam)
	}
	return nil
}

// minDelta is the smallest failure probability δ the size functions accept: the smallest
// normal float64, 2⁻¹⁰²². Below it 1/δ overflows to +Inf, and a size that grows like
// log(1/δ) would come out infinite (converted to an int, −2⁶³).
const minDelta = 0x1p-1022

// checkDelta accepts δ ∈ [2⁻¹⁰²², 1).
func checkDelta(fn string, delta float64) error {
	if !(delta >= minDelta && delta < 1) {
		return fmt.Errorf("stream: %s: delta = %v, want in [2⁻¹⁰²², 1) (a subnormal δ has no finite 1/δ): %w", fn, delta, ErrParam)
	}
	return nil
}

// toSize converts a size computed in floating point to an int, after checking that it is
// finite and at most limit (what names the size and the arguments that led to it, for the
// error). A float→int conversion of +Inf or of a value past 2⁶³ is −2⁶³ in Go, so every size
// goes through here.
func toSize(fn, what string, v float64, limit int) (int, error) {
	if !(v <= float64(limit)) { // NaN and +Inf fail too
		return 0, fmt.Errorf("stream: %s: %s = %.0f, limit %d: %w", fn, what, v, limit, ErrTooLarge)
	}
	if v < 0 {
		return 0, fmt.Errorf("stream: %s: %s = %.0f, want ≥ 0: %w", fn, what, v, ErrParam)
	}
	return int(v), nil
}

// CountSize returns t = ⌈24/ε²⌉, the number of minima COUNT(ε) keeps (computed with a small
// tolerance so that 24/0.2² gives 600, not 601).
func CountSize(epsilon float64) (int, error) {
	if err := checkUnit("CountSize", "epsilon", epsilon); err != nil {
		return 0, err
	}
	return toSize("CountSize", fmt.Sprintf("epsilon = %v needs t", epsilon), math.Ceil(24/(epsilon*epsilon)-1e-9), maxT)
}

// Count is COUNT(ε), the k-th-minimum-value estimator of the number m = F₀ of distinct
// elements (§8.3): hash every element into {1, …, M}, keep the t = ⌈24/ε²⌉ smallest distinct
// hash values x₁ < … < x_t, and return tM/x_t (or the number of values kept, if fewer than t).
// Guarantee: (1−ε)m ≤ m* ≤ (1+ε)m with probability ≥ 3/4, for 0 < ε < 1. T overrides t when
// positive (then Epsilon is not needed). The hash is MultiplyShift (strongly 2-universal).
type Count struct {
	Epsilon float64
	T       int
	Seed    uint64
}

// KMV is a running COUNT sketch: the t smallest distinct hash values seen.
type KMV struct {
	t    int
	seed uint64
	h    MultiplyShift
	x    []uint64 // sorted ascending, distinct, initialised to M+1
}

// New returns an empty sketch.
func (c Count) New() (*KMV, error) {
	t := c.T
	if t <= 0 {
		var err error
		if t, err = CountSize(c.Epsilon); err != nil {
			return nil, err
		}
	} else if t > maxT {
		return nil, fmt.Errorf("stream: Count.New: T = %d, limit %d: %w", t, maxT, ErrTooLarge)
	}
	return newKMV(t, c.Seed), nil
}

func newKMV(t int, seed uint64) *KMV {
	x := make([]uint64, t)
	for i := range x {
		x[i] = countRange + 1
	}
	return &KMV{t: t, seed: seed, h: NewMultiplyShift(seed), x: x}
}

// Update adds one element. Cost O(1) when the hash value is not among the t smallest (almost
// always, after the start), O(t) for an insertion; no allocation.
func (s *KMV) Update(a uint64) {
	if s == nil || len(s.x) == 0 {
		return
	}
	s.insert(s.h.Hash(a)>>2 + 1)
}

// insert is INSERT with the corrected loop: it shifts downward from the end and keeps only
// distinct values.
func (s *KMV) insert(y uint64) {
	t := len(s.x)
	if y >= s.x[t-1] {
		return
	}
	i, found := slices.BinarySearch(s.x, y)
	if found {
		return
	}
	copy(s.x[i+1:], s.x[i:t-1])
	s.x[i] = y
}

// Estimate returns m* = tM/x_t, or the number of distinct hash values kept if fewer than t.
func (s *KMV) Estimate() (float64, error) {
	if s == nil || len(s.x) == 0 {
		return 0, fmt.Errorf("stream: KMV.Estimate: use Count.New: %w", ErrNotFitted)
	}
	if xt := s.x[len(s.x)-1]; xt <= countRange {
		return float64(len(s.x)) * countRange / float64(xt), nil
	}
	i, _ := slices.BinarySearch(s.x, countRange+1)
	return float64(i), nil
}

// Merge folds o, built with the same t and seed, into s: the result is the sketch of the
// concatenated streams (the t smallest distinct values of the union).
func (s *KMV) Merge(o *KMV) error {
	if s == nil || o == nil || len(s.x) == 0 || len(o.x) == 0 {
		return fmt.Errorf("stream: KMV.Merge: nil or zero-value sketch: %w", ErrNotFitted)
	}
	if s.t != o.t {
		return fmt.Errorf("stream: KMV.Merge: t = %d and %d differ: %w", s.t, o.t, ErrShape)
	}
	if s.seed != o.seed {
		return fmt.Errorf("stream: KMV.Merge: seeds %d and %d differ (different hash functions): %w", s.seed, o.seed, ErrParam)
	}
	for _, y := range o.x {
		if y > countRange {
			break
		}
		s.insert(y)
	}
	return nil
}

// MCountCopies returns the smallest k with k ≥ 4 ln(2/δ) + 1/2: MCOUNT with 2k − 1 copies
// fails with probability at most δ. δ must lie in [2⁻¹⁰²², 1) (ErrParam otherwise), and k is
// limited to 2048 (2k − 1 ≤ 4095 copies, δ ≳ 10⁻²²²): past it, ErrTooLarge.
func MCountCopies(delta float64) (int, error) {
	if err := checkDelta("MCountCopies", delta); err != nil {
		return 0, err
	}
	return toSize("MCountCopies", fmt.Sprintf("delta = %v needs k", delta), math.Ceil(4*math.Log(2/delta)+0.5-1e-9), maxMCountK)
}

// MCount is MCOUNT(ε, k), the median trick on COUNT: run 2k − 1 independent copies of
// COUNT(ε) and return the median estimate. Guarantee: (1−ε)m ≤ m* ≤ (1+ε)m with probability
// ≥ 1 − δ when k ≥ 4 ln(2/δ) + 1/2 (each tail ≤ exp(−(2k−1)/8) by Hoeffding). MedianK
// overrides the k derived from Delta (MCountCopies), T the t derived from Epsilon; the field is
// not named K because K counts clusters, components or classes everywhere else. Space (2k−1)·t hash
// values, at most 2²⁶ (2k − 1 ≤ 4095, t ≤ 2²⁴; ErrTooLarge beyond), time O(2k−1) per update.
type MCount struct {
	Epsilon, Delta float64
	MedianK, T     int
	Seed           uint64
}

// MedianKMV is a running MCOUNT sketch.
type MedianKMV struct {
	copies []*KMV
	// lanes[j] is copy j's hash function beside its admission bound, one 40-byte record per
	// copy, so that an update, which almost always only compares, reads nothing else.
	lanes []kmvLane
	est   []float64 // scratch for the median
}

// kmvLane is one copy of MCOUNT as its update sees it: the hash h and the largest raw hash
// value that can still enter the copy. A key a enters when y = h(a)>>2 + 1 < x_t, and for
// x_t ≥ 2 that is h(a) ≤ 4x_t − 5 (y ≤ x_t − 1 ⟺ h(a)>>2 ≤ x_t − 2); x_t = M + 1 gives the
// bound 2⁶⁴ − 1, so every hash value enters an unfilled copy. Testing the raw hash saves the
// shift and the add on the rejected keys, nearly all of them.
type kmvLane struct {
	h   MultiplyShift
	max uint64
}

// admitBound returns the largest raw hash value h with h>>2 + 1 < xt. For xt < 2 no value is
// below xt; the bound 0 then lets h = 0 through to insert, which rejects it.
func admitBound(xt uint64) uint64 {
	if xt < 2 {
		return 0
	}
	return 4*xt - 5
}

// newMedianKMV wraps copies (same t, distinct seeds) into a sketch.
func newMedianKMV(copies []*KMV) *MedianKMV {
	m := &MedianKMV{copies: copies, lanes: make([]kmvLane, len(copies)), est: make([]float64, len(copies))}
	for j, c := range copies {
		m.lanes[j].h = c.h
	}
	m.syncBounds()
	return m
}

// syncBounds recomputes every copy's admission bound from its largest kept value.
func (m *MedianKMV) syncBounds() {
	for j, c := range m.copies {
		m.lanes[j].max = admitBound(c.x[len(c.x)-1])
	}
}

// admit inserts the raw hash value h, which passed copy j's bound, and returns the copy's new
// bound. Kept out of line: it runs about t·ln(m/t) times per copy on m distinct keys.
func (m *MedianKMV) admit(j int, h uint64) uint64 {
	c := m.copies[j]
	c.insert(h>>2 + 1)
	m.lanes[j].max = admitBound(c.x[len(c.x)-1])
	return m.lanes[j].max
}

// maxCopies caps 2k − 1, and maxMCountK caps k accordingly; maxMCountValues caps the
// (2k − 1)·t hash values of a MedianKMV (2²⁶, 512 MiB).
const (
	maxCopies       = 1 << 12
	maxMCountK      = (maxCopies + 1) / 2
	maxMCountValues = 1 << 26
)

// New returns an empty sketch; copy j uses the seed Seed + j.
func (c MCount) New() (*MedianKMV, error) {
	k := c.MedianK
	if k <= 0 {
		var err error
		if k, err = MCountCopies(c.Delta); err != nil {
			return nil, err
		}
	}
	if k > maxCopies || 2*k-1 > maxCopies {
		return nil, fmt.Errorf("stream: MCount.New: MedianK = %d gives %d copies, limit %d: %w", k, 2*k-1, maxCopies, ErrTooLarge)
	}
	first, err := Count{Epsilon: c.Epsilon, T: c.T, Seed: c.Seed}.New()
	if err != nil {
		return nil, err
	}
	if first.t > maxMCountValues/(2*k-1) {
		return nil, fmt.Errorf("stream: MCount.New: (2k − 1)·t = %d·%d hash values, limit %d: %w", 2*k-1, first.t, maxMCountValues, ErrTooLarge)
	}
	copies := make([]*KMV, 2*k-1)
	copies[0] = first
	for j := 1; j < len(copies); j++ {
		copies[j] = newKMV(first.t, c.Seed+uint64(j))
	}
	return newMedianKMV(copies), nil
}

// Update adds one element to every copy. Cost O(2k − 1) hashes and comparisons, plus O(t)
// for an insertion (rare after the start); no allocation. UpdateKeys does the same for a
// slice of elements, faster.
func (m *MedianKMV) Update(a uint64) {
	if m == nil {
		return
	}
	for j := range m.lanes {
		if v := m.lanes[j].h.Hash(a); v <= m.lanes[j].max {
			m.admit(j, v)
		}
	}
}

// keyBlock is the number of keys UpdateKeys runs through one copy before it moves to the
// next: 4 KiB of keys, which stay in the L1 cache for the other copies.
const keyBlock = 512

// UpdateKeys adds the elements of a, the same as calling Update on each in turn (a copy's
// kept values are the t smallest distinct hash values seen, whatever the order). It runs a
// block of keys through one copy at a time, so that the copy's hash coefficients and bound
// stay in registers and the loop is a multiply, a multiply-high, three additions and a
// compare per key and copy. Cost O((2k − 1)·len(a)) plus the insertions; no allocation.
func (m *MedianKMV) UpdateKeys(a []uint64) {
	if m == nil {
		return
	}
	for len(a) > 0 {
		blk := a[:min(len(a), keyBlock)]
		a = a[len(blk):]
		for j := range m.lanes {
			h := m.lanes[j].h
			for i := firstAdmitted(h, m.lanes[j].max, blk); i < len(blk); {
				bound := m.admit(j, h.Hash(blk[i]))
				i++
				i += firstAdmitted(h, bound, blk[i:])
			}
		}
	}
}

// firstAdmitted returns the index of the first key of a whose hash value is at most bound, or
// len(a). It is the scan UpdateKeys spends its time in, a leaf with no call inside, so that
// the compiler keeps h and bound in registers.
func firstAdmitted(h MultiplyShift, bound uint64, a []uint64) int {
	for i, x := range a {
		if h.Hash(x) <= bound {
			return i
		}
	}
	return len(a)
}

// Estimate returns the median of the copies' estimates, b_k of the sorted b₁ ≤ … ≤ b_{2k−1}.
func (m *MedianKMV) Estimate() (float64, error) {
	if m == nil || len(m.copies) == 0 {
		return 0, fmt.Errorf("stream: MedianKMV.Estimate: use MCount.New: %w", ErrNotFitted)
	}
	for j, s := range m.copies {
		m.est[j], _ = s.Estimate()
	}
	slices.Sort(m.est)
	return m.est[len(m.est)/2], nil
}

// Merge folds o (same k, t and seed) into m, copy by copy.
func (m *MedianKMV) Merge(o *MedianKMV) error {
	if m == nil || o == nil || len(m.copies) == 0 || len(o.copies) == 0 {
		return fmt.Errorf("stream: MedianKMV.Merge: nil or zero-value sketch: %w", ErrNotFitted)
	}
	if len(m.copies) != len(o.copies) {
		return fmt.Errorf("stream: MedianKMV.Merge: %d and %d copies differ: %w", len(m.copies), len(o.copies), ErrShape)
	}
	defer m.syncBounds()
	for j := range m.copies {
		if err := m.copies[j].Merge(o.copies[j]); err != nil {
			return err
		}
	}
	return nil
}

// ExactCountBits returns ⌈log₂ s(N, n)⌉ with s(N, n) = Σ_{i=1}^{n−1} C(N, i), the number of
// bits any algorithm that counts distinct elements exactly must use on streams of length n
// over a universe of N elements (Theorem 8.17; the theorem's bound is min{N, n}). N, n ≤ 10⁴.
func ExactCountBits(universe, n int) (int, error) {
	if universe < 1 || n < 1 {
		return 0, fmt.Errorf("stream: ExactCountBits: N = %d, n = %d, want ≥ 1: %w", universe, n, ErrParam)
	}
	if universe > 10_000 || n > 10_000 {
		return 0, fmt.Errorf("stream: ExactCountBits: N = %d, n = %d, limit 10000: %w", universe, n, ErrTooLarge)
	}
	s, c := new(big.Int), big.NewInt(1)
	for i := 1; i <= n-1 && i <= universe; i++ {
		c.Mul(c, big.NewInt(int64(universe-i+1)))
		c.Quo(c, big.NewInt(int64(i)))
		s.Add(s, c)
	}
	if s.Sign() == 0 {
		return 0, nil
	}
	b := s.BitLen() // 2^{b−1} ≤ s < 2^b
	if new(big.Int).Lsh(big.NewInt(1), uint(b-1)).Cmp(s) == 0 {
		return b - 1, nil
	}
	return b, nil
}

// ExpectedMinimum returns E(min S) = (N+1)/(m+1) for S a uniformly random m-subset of
// {1, …, N}: the exact value behind the heuristic N/m that motivates COUNT.
func ExpectedMinimum(universe, m int) (float64, error) {
	if m < 1 || universe < m {
		return 0, fmt.Errorf("stream: ExpectedMinimum: N = %d, m = %d, want 1 ≤ m ≤ N: %w", universe, m, ErrParam)
	}
	return float64(universe+1) / float64(m+1), nil
}

// MaxMinimumUniverse caps the stream length of SampleMinimum (one reservoir update per item).
const MaxMinimumUniverse = 1 << 24

// SampleMinimum draws one value of min S for S a uniformly random m-subset of {1, …, N}: it
// streams 1, …, N through a Reservoir of size m built from the seed (Theorem 8.4 makes its
// sample such a subset) and returns the smallest sampled item. The mean over many seeds
// estimates ExpectedMinimum(N, m) = (N+1)/(m+1), an independent check of that closed form
// and of the reservoir. 1 ≤ m ≤ N ≤ MaxMinimumUniverse. Cost O(N) time, O(m) space.
func SampleMinimum(universe, m int, seed uint64) (int, error) {
	if m < 1 || universe < m {
		return 0, fmt.Errorf("stream: SampleMinimum: N = %d, m = %d, want 1 ≤ m ≤ N: %w", universe, m, ErrParam)
	}
	if universe > MaxMinimumUniverse {
		return 0, fmt.Errorf("stream: SampleMinimum: N = %d, limit %d: %w", universe, MaxMinimumUniverse, ErrTooLarge)
	}
	r, err := NewReservoir[int](m, seed)
	if err != nil { // unreachable: m ≤ N ≤ maxK
		return 0, fmt.Errorf("stream: SampleMinimum: %w", err)
	}
	for v := 1; v <= universe; v++ {
		r.Update(v)
	}
	s, err := r.Sample()
	if err != nil { // unreachable: N ≥ 1 items were offered
		return 0, fmt.Errorf("stream: SampleMinimum: %w", err)
	}
	return slices.Min(s), nil
}
