package stream

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
)

// Frequencies counts the exact frequencies f_u of a stream: the baseline every estimator of
// this package is checked against. Space O(F₀).
func Frequencies(a []uint64) map[uint64]int64 {
	f := make(map[uint64]int64)
	for _, x := range a {
		f[x]++
	}
	return f
}

// Moment returns the frequency moment F_p = Σ_u f_u^p of the frequencies f (p = 0 counts the
// u with f_u ≠ 0). For p ≥ 0; a negative or non-finite p is an error (ErrParam), and so is a
// sum that overflows float64 (ErrNotFinite).
func Moment(f map[uint64]int64, p float64) (float64, error) {
	if !(p >= 0) || math.IsInf(p, 0) {
		return 0, fmt.Errorf("stream: Moment: p = %v, want finite and ≥ 0: %w", p, ErrParam)
	}
	var s float64
	for _, c := range f {
		if c == 0 {
			continue
		}
		if p == 0 {
			s++
			continue
		}
		s += math.Pow(math.Abs(float64(c)), p)
	}
	if math.IsInf(s, 0) {
		return 0, fmt.Errorf("stream: Moment: F_%v overflows float64: %w", p, ErrNotFinite)
	}
	return s, nil
}

// amsTerm returns r^k − (r−1)^k for r ≥ 1 and k ≥ 1: directly while r^k ≤ 2⁵³, where both
// powers are exact integers, and otherwise as r^k·(1 − (1 − 1/r)^k) in logarithms, which
// neither cancels (the direct difference of two numbers near r^k loses about log₁₀(r/k)
// digits) nor overflows before the result itself does (r^k may be +Inf while the difference,
// about k·r^{k−1}, is finite).
func amsTerm(r, k float64) float64 {
	if a := math.Pow(r, k); a <= 1<<53 {
		return a - math.Pow(r-1, k)
	}
	return math.Exp(k*math.Log(r) + math.Log(-math.Expm1(k*math.Log1p(-1/r))))
}

// AMSMean returns E(A_k) for the stream a by enumerating the position i the estimator
// samples: (1/n) Σ_i n(r_i^k − (r_i − 1)^k) with r_i the number of j ≥ i with a_j = a_i.
// Theorem 8.19 says it equals F_k. AMSVariance is the matching exact variance. O(n) time.
func AMSMean(a []uint64, k int) (float64, error) {
	m, _, err := amsMoments("AMSMean", a, k)
	return m, err
}

// AMSVariance returns Var(A_k) for the stream a, by the same enumeration as AMSMean. A mean
// or mean square that overflows float64 is an error wrapping ErrNotFinite.
func AMSVariance(a []uint64, k int) (float64, error) {
	m, sq, err := amsMoments("AMSVariance", a, k)
	return sq - m*m, err
}

func amsMoments(fn string, a []uint64, k int) (mean, meanSq float64, err error) {
	if len(a) == 0 {
		return 0, 0, fmt.Errorf("stream: %s: empty stream: %w", fn, ErrEmpty)
	}
	if k < 1 || k > 64 {
		return 0, 0, fmt.Errorf("stream: %s: k = %d, want in [1, 64]: %w", fn, k, ErrParam)
	}
	n := float64(len(a))
	after := make(map[uint64]int64) // occurrences at positions ≥ i, filled from the end
	for i := len(a) - 1; i >= 0; i-- {
		after[a[i]]++
		r := float64(after[a[i]])
		v := n * amsTerm(r, float64(k))
		mean += v / n
		meanSq += v * v / n
	}
	if math.IsInf(mean, 0) || math.IsInf(meanSq, 0) {
		return 0, 0, fmt.Errorf("stream: %s: k = %d on %d items: the moments overflow float64: %w", fn, k, len(a), ErrNotFinite)
	}
	return mean, meanSq, nil
}

// AMS is the AMS estimator A_k of the k-th frequency moment F_k (Theorem 8.19): sample a
// position i of the stream uniformly (reservoir style, without knowing n), count the
// occurrences r of a_i from i on, and return n(r^k − (r−1)^k). E(A_k) = F_k, but the variance
// is large. Order is k ≥ 1 (default 2). Space O(log n + log N), time O(1) per update.
type AMS struct {
	Order int
	Seed  uint64
}

// AMSEstimator is a running AMS estimator.
type AMSEstimator struct {
	k    int
	n, r int64
	a    uint64
	src  *rand.PCG
}

// New returns an estimator that has seen nothing.
func (c AMS) New() (*AMSEstimator, error) {
	k := cmp.Or(c.Order, 2)
	if k < 1 || k > 64 {
		return nil, fmt.Errorf("stream: AMS.New: Order = %d, want in [1, 64]: %w", c.Order, ErrParam)
	}
	return &AMSEstimator{k: k, src: newPCG(c.Seed)}, nil
}

// Update reads the next element. The counts n and r saturate at 2⁶³ − 1 (see satInc).
func (e *AMSEstimator) Update(x uint64) {
	if e == nil || e.src == nil {
		return
	}
	e.n = satInc(e.n)
	if uniformBelow(e.src, uint64(e.n)) == 0 { // probability 1/n
		e.a, e.r = x, 0
	}
	if x == e.a {
		e.r = satInc(e.r)
	}
}

// Estimate returns n(r^k − (r−1)^k), or an error wrapping ErrNotFinite when that overflows
// float64.
func (e *AMSEstimator) Estimate() (float64, error) {
	if e == nil || e.src == nil {
		return 0, fmt.Errorf("stream: AMSEstimator.Estimate: use AMS.New: %w", ErrNotFitted)
	}
	if e.n == 0 {
		return 0, nil
	}
	v := float64(e.n) * amsTerm(float64(e.r), float64(e.k))
	if math.IsInf(v, 0) {
		return 0, fmt.Errorf("stream: AMSEstimator.Estimate: n(r^k − (r−1)^k) with n = %d, r = %d, k = %d overflows float64: %w", e.n, e.r, e.k, ErrNotFinite)
	}
	return v, nil
}

// AvgToWSize returns k = ⌈2/(ε²δ)⌉, the number of Tug-of-War copies whose average is within
// εF₂ of F₂ with probability ≥ 1 − δ (Theorem 8.23). ε ∈ (0, 1), δ ∈ [2⁻¹⁰²², 1) (ErrParam
// otherwise); k is limited to 2²⁰ copies (ErrTooLarge past it).
func AvgToWSize(epsilon, delta float64) (int, error) {
	if err := checkUnit("AvgToWSize", "epsilon", epsilon); err != nil {
		return 0, err
	}
	if err := checkDelta("AvgToWSize", delta); err != nil {
		return 0, err
	}
	return toSize("AvgToWSize", fmt.Sprintf("ε = %v, δ = %v need k", epsilon, delta), math.Ceil(2/(epsilon*epsilon*delta)-1e-9), maxCopiesToW)
}

// maxCopiesToW caps the number of Tug-of-War copies.
const maxCopiesToW = 1 << 20

// TugOfWar is TUG-OF-WAR and AVG-ToW(k) (§8.4): k counters xᵢ, each adding hᵢ(a) ∈ {−1, +1}
// for every element a, with hᵢ independent strongly 4-universal sign hashes; the estimate of
// F₂ is (1/k) Σᵢ xᵢ². One copy: E(B) = F₂ and Var(B) = 2F₂² − 2F₄ (Lemma 8.21); the average
// of k copies has variance (2F₂² − 2F₄)/k. Copies is k; when Copies is 0 it is
// AvgToWSize(Epsilon, Delta), and 1 when those are 0 too. The sketch is linear, so it also
// takes turnstile updates (a, c) and estimates ‖d‖₂². Space k counters and 4k coefficients,
// time O(k) per update (two GF(2⁶⁴) multiplications, then a popcount per copy), no
// allocation.
type TugOfWar struct {
	Copies         int
	Epsilon, Delta float64
	Seed           uint64
}

// ToWSketch is a running Tug-of-War sketch.
type ToWSketch struct {
	seed uint64
	sign []signForm // one cubic sign hash per copy
	x    []int64
}

// New returns an empty sketch.
func (c TugOfWar) New() (*ToWSketch, error) {
	k := c.Copies
	switch {
	case k < 0:
		return nil, fmt.Errorf("stream: TugOfWar.New: Copies = %d, want ≥ 1: %w", k, ErrParam)
	case k > maxCopiesToW:
		return nil, fmt.Errorf("stream: TugOfWar.New: Copies = %d, limit %d: %w", k, maxCopiesToW, ErrTooLarge)
	case k == 0 && c.Epsilon == 0 && c.Delta == 0:
		k = 1
	case k == 0:
		var err error
		if k, err = AvgToWSize(c.Epsilon, c.Delta); err != nil {
			return nil, err
		}
	}
	return newToW(k, c.Seed), nil
}

func newToW(k int, seed uint64) *ToWSketch {
	r := newRand(seed)
	s := &ToWSketch{seed: seed, sign: make([]signForm, k), x: make([]int64, k)}
	var c [4]uint64
	for i := range s.sign {
		for j := range c {
			c[j] = r.Uint64()
		}
		s.sign[i] = newSignForm(c[:])
	}
	return s
}

// Update adds one element (the update (a, 1)); see UpdateCount for the errors.
func (s *ToWSketch) Update(a uint64) error { return s.updateCount("Update", a, 1) }

// UpdateCount applies the turnstile update (a, c): every counter adds c·hᵢ(a). Counters never
// wrap: an update that would take one outside int64 is refused with ErrTooLarge and leaves
// the sketch unchanged. A nil or zero-value sketch returns ErrNotFitted.
func (s *ToWSketch) UpdateCount(a uint64, c int64) error { return s.updateCount("UpdateCount", a, c) }

func (s *ToWSketch) updateCount(fn string, a uint64, c int64) error {
	if s == nil || len(s.x) == 0 {
		return fmt.Errorf("stream: ToWSketch.%s: use TugOfWar.New: %w", fn, ErrNotFitted)
	}
	a2, a3 := powers(a)
	for i, f := range s.sign {
		var v int64
		var ok bool
		if b := f.bit(a, a2, a3); c != math.MinInt64 {
			d := c * (int64(b)*2 - 1) // branch-free on the random sign
			v, ok = addInt64(s.x[i], d)
		} else {
			v, ok = addSigned(s.x[i], c, b)
		}
		if !ok {
			for r := 0; r < i; r++ { // undo the counters already updated
				s.x[r], _ = addSigned(s.x[r], c, 1-s.sign[r].bit(a, a2, a3))
			}
			return fmt.Errorf("stream: ToWSketch.%s: c = %d for element %d takes counter %d (%d) outside int64; update refused: %w", fn, c, a, i, s.x[i], ErrTooLarge)
		}
		s.x[i] = v
	}
	return nil
}

// addSigned returns x + c when bit is 1 and x − c when it is 0, and whether the result fits in
// an int64 (c = −2⁶³ is subtracted without negating it).
func addSigned(x, c int64, bit uint64) (int64, bool) {
	if bit == 1 {
		return addInt64(x, c)
	}
	z := x - c
	return z, (z < x) == (c > 0)
}

// Estimate returns (1/k) Σᵢ xᵢ², the estimate of F₂ (of ‖d‖₂² under turnstile updates).
func (s *ToWSketch) Estimate() (float64, error) {
	if s == nil || len(s.x) == 0 {
		return 0, fmt.Errorf("stream: ToWSketch.Estimate: use TugOfWar.New: %w", ErrNotFitted)
	}
	var sum float64
	for _, x := range s.x {
		sum += float64(x) * float64(x)
	}
	return sum / float64(len(s.x)), nil
}

// Counters returns the k counters xᵢ (the sketch's own slice): each xᵢ² is one Tug-of-War
// estimate B.
func (s *ToWSketch) Counters() []int64 {
	if s == nil {
		return nil
	}
	return s.x
}

// Merge adds o (same k and seed) into s: the sketch of the two streams together. A merge that
// would take a counter outside int64 is refused with ErrTooLarge before anything changes.
func (s *ToWSketch) Merge(o *ToWSketch) error {
	if s == nil || o == nil || len(s.x) == 0 || len(o.x) == 0 {
		return fmt.Errorf("stream: ToWSketch.Merge: nil or zero-value sketch: %w", ErrNotFitted)
	}
	if len(s.x) != len(o.x) {
		return fmt.Errorf("stream: ToWSketch.Merge: k = %d and %d differ: %w", len(s.x), len(o.x), ErrShape)
	}
	if s.seed != o.seed {
		return fmt.Errorf("stream: ToWSketch.Merge: seeds %d and %d differ (different hash functions): %w", s.seed, o.seed, ErrParam)
	}
	for i, v := range o.x {
		if _, ok := addInt64(s.x[i], v); !ok {
			return fmt.Errorf("stream: ToWSketch.Merge: counter %d: %d + %d overflows int64; nothing merged: %w", i, s.x[i], v, ErrTooLarge)
		}
	}
	for i, v := range o.x {
		s.x[i] += v
	}
	return nil
}

// FamilyMoments are the exact mean and variance of an estimator over a whole hash family.
type FamilyMoments struct{ Mean, Variance float64 }

// ToWFamilyMoments returns the exact mean and variance of the Tug-of-War estimate B = x² on
// the stream a, over every function of the family H⁴_{2^w,2} (cubic polynomials over GF(2^w)
// reduced mod 2, mapped to ±1): an exhaustive check of Lemma 8.21, E(B) = F₂ and Var(B) =
// 2F₂² − 2F₄, for keys below 2^w. w ∈ {2, 3, 4}; cost 2^{4w}·len(a).
func ToWFamilyMoments(a []uint64, w int) (FamilyMoments, error) {
	if len(a) == 0 {
		return FamilyMoments{}, fmt.Errorf("stream: ToWFamilyMoments: empty stream: %w", ErrEmpty)
	}
	if w < 2 || w > 4 {
		return FamilyMoments{}, fmt.Errorf("stream: ToWFamilyMoments: w = %d, want 2, 3 or 4: %w", w, ErrParam)
	}
	for i, x := range a {
		if x >= 1<<w {
			return FamilyMoments{}, fmt.Errorf("stream: ToWFamilyMoments: a[%d] = %d, want < 2^w = %d: %w", i, x, 1<<w, ErrParam)
		}
	}
	coef := make([]uint64, 4)
	total := 1 << (4 * w)
	var sum, sumSq float64
	for f := 0; f < total; f++ {
		for i := range coef {
			coef[i] = uint64(f >> (w * i) & (1<<w - 1))
		}
		h := PolyGF2{W: w, Coef: coef}
		var x float64
		for _, u := range a {
			x += float64(int(h.Hash(u)&1)*2 - 1)
		}
		sum += x * x
		sumSq += x * x * x * x
	}
	mean := sum / float64(total)
	return FamilyMoments{Mean: mean, Variance: sumSq/float64(total) - mean*mean}, nil
}
