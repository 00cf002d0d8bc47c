package stream

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

// maxCells caps width·depth of a Count-Min sketch (2²⁸ counters, 2 GiB).
const maxCells = 1 << 28

// CountMinSize returns the width k = ⌈2/ε⌉ and depth ℓ = max(1, ⌈log₂(1/δ)⌉) of Theorem 8.25
// (ℓ exact: the smallest with 2^{−ℓ} ≤ δ; k with a 10⁻⁹ tolerance, so 2/0.1 gives 20).
// ε ∈ (0, 1) and δ ∈ [2⁻¹⁰²², 1) (ErrParam otherwise); k·ℓ is limited to 2²⁸ counters
// (ErrTooLarge past it), the limit CountMin.New applies.
func CountMinSize(epsilon, delta float64) (width, depth int, err error) {
	if err := checkUnit("CountMinSize", "epsilon", epsilon); err != nil {
		return 0, 0, err
	}
	if err := checkDelta("CountMinSize", delta); err != nil {
		return 0, 0, err
	}
	w, err := toSize("CountMinSize", fmt.Sprintf("epsilon = %v needs width", epsilon), math.Ceil(2/epsilon-1e-9), maxCells)
	if err != nil {
		return 0, 0, err
	}
	d, err := toSize("CountMinSize", fmt.Sprintf("epsilon = %v, delta = %v need width %d × depth", epsilon, delta, w),
		float64(depthFor(delta)), maxCells/w)
	if err != nil {
		return 0, 0, err
	}
	return w, d, nil
}

// depthFor returns the smallest ℓ ≥ 1 with 2^{−ℓ} ≤ δ, for δ ∈ [2⁻¹⁰²², 1): ⌈log₂(1/δ)⌉
// corrected by comparing exact powers of two, so the failure probability 2^{−ℓ} never exceeds
// δ, not even by a rounding error of Log2.
func depthFor(delta float64) int {
	l := max(1, int(math.Ceil(math.Log2(1/delta)))) // ≤ 1022 for δ ≥ 2⁻¹⁰²²
	for math.Ldexp(1, -l) > delta {
		l++
	}
	for l > 1 && math.Ldexp(1, -(l-1)) <= delta {
		l--
	}
	return l
}

// CountMin is COUNT MIN SKETCH(k, ℓ) (§8.5): ℓ rows of k counters, row j hashed by its own
// universal hash h_j (ModP over 2⁶¹ − 1, reduced mod k). The turnstile update (a, c) adds c to
// S[h_j(a), j] in every row; the query is d*_u = min_j S[h_j(u), j]. Under strict turnstile
// updates d_u ≤ d*_u always, and with k ≥ 2/ε, ℓ ≥ log₂(1/δ) the overestimate d*_u − d_u
// reaches ε‖d‖₁ with probability at most δ (Theorem 8.25). Depth 1 is SIMPLE SKETCH(k)
// (Lemma 8.24: probability at most 1/2). Width and Depth override the sizes derived from
// Epsilon and Delta. Space k·ℓ counters, time O(ℓ) per update and query, no allocation.
// Keys are reduced mod 2⁶¹ − 1.
type CountMin struct {
	Width, Depth   int
	Epsilon, Delta float64
	Seed           uint64
}

// CMSketch is a running Count-Min sketch.
type CMSketch struct {
	width, depth int
	seed         uint64
	a, b         []uint64 // hash coefficients per row
	red          modReducer
	s            []int64 // row-major depth × width
	total        int64   // Σ c over all updates: ‖d‖₁ under strict turnstile
}

// New returns an empty sketch.
func (c CountMin) New() (*CMSketch, error) {
	w, d := c.Width, c.Depth
	if w == 0 && d == 0 {
		var err error
		if w, d, err = CountMinSize(c.Epsilon, c.Delta); err != nil {
			return nil, err
		}
	}
	if w < 1 || d < 1 {
		return nil, fmt.Errorf("stream: CountMin.New: Width = %d, Depth = %d, want ≥ 1: %w", w, d, ErrParam)
	}
	if w > maxCells/d {
		return nil, fmt.Errorf("stream: CountMin.New: Width·Depth = %d·%d, limit %d: %w", w, d, maxCells, ErrTooLarge)
	}
	return newCM(w, d, c.Seed), nil
}

func newCM(w, d int, seed uint64) *CMSketch {
	r := newRand(seed)
	s := &CMSketch{width: w, depth: d, seed: seed, a: make([]uint64, d), b: make([]uint64, d),
		red: newModReducer(uint64(w)), s: make([]int64, w*d)}
	for j := 0; j < d; j++ {
		s.a[j] = 1 + r.Uint64N(MersenneP61-1)
		s.b[j] = r.Uint64N(MersenneP61)
	}
	return s
}

// Width reports the number of counters k per row (0 for a nil sketch).
func (s *CMSketch) Width() int {
	if s == nil {
		return 0
	}
	return s.width
}

// Depth reports the number of rows ℓ (0 for a nil sketch).
func (s *CMSketch) Depth() int {
	if s == nil {
		return 0
	}
	return s.depth
}

func (s *CMSketch) cell(j int, x uint64) int {
	h := addModP(mulModP(s.a[j], x, MersenneP61), s.b[j], MersenneP61)
	return j*s.width + int(s.red.mod(h))
}

func reduceKey(x uint64) uint64 {
	if x >= MersenneP61 {
		x %= MersenneP61
	}
	return x
}

// Update applies the turnstile update (a, c). Counters never wrap: an update that would take
// a counter or the total outside int64 is refused with ErrTooLarge and leaves the sketch
// unchanged, so every counter stays the exact sum of its updates and d*_u ≥ d_u keeps
// holding under strict turnstile updates. A nil or zero-value sketch returns ErrNotFitted.
func (s *CMSketch) Update(a uint64, c int64) error {
	if s == nil || s.depth == 0 {
		return fmt.Errorf("stream: CMSketch.Update: use CountMin.New: %w", ErrNotFitted)
	}
	if _, ok := addInt64(s.total, c); !ok {
		return fmt.Errorf("stream: CMSketch.Update: c = %d for element %d takes the total %d outside int64; update refused: %w", c, a, s.total, ErrTooLarge)
	}
	a = reduceKey(a)
	for j := 0; j < s.depth; j++ {
		i := s.cell(j, a)
		v, ok := addInt64(s.s[i], c)
		if !ok {
			for r := 0; r < j; r++ { // undo the rows already updated
				s.s[s.cell(r, a)] -= c
			}
			return fmt.Errorf("stream: CMSketch.Update: c = %d for element %d takes counter %d of row %d (%d) outside int64; update refused: %w", c, a, i-j*s.width, j, s.s[i], ErrTooLarge)
		}
		s.s[i] = v
	}
	s.total += c
	return nil
}

// addInt64 returns x + y and whether it fits in an int64.
func addInt64(x, y int64) (int64, bool) {
	z := x + y
	return z, (z > x) == (y > 0)
}

// Estimate returns d*_u = min_j S[h_j(u), j].
func (s *CMSketch) Estimate(u uint64) int64 {
	if s == nil || s.depth == 0 {
		return 0
	}
	u = reduceKey(u)
	est := int64(math.MaxInt64)
	for j := 0; j < s.depth; j++ {
		est = min(est, s.s[s.cell(j, u)])
	}
	return est
}

// Total returns Σ c over all updates, which is ‖d‖₁ under the strict turnstile model.
func (s *CMSketch) Total() int64 {
	if s == nil {
		return 0
	}
	return s.total
}

// Row returns row j of the counter table (the sketch's own slice); every row sums to Total.
func (s *CMSketch) Row(j int) ([]int64, error) {
	if s == nil || s.depth == 0 {
		return nil, fmt.Errorf("stream: CMSketch.Row: use CountMin.New: %w", ErrNotFitted)
	}
	if j < 0 || j >= s.depth {
		return nil, fmt.Errorf("stream: CMSketch.Row: j = %d, want in [0, %d): %w", j, s.depth, ErrParam)
	}
	return s.s[j*s.width : (j+1)*s.width], nil
}

// Merge adds o (same width, depth and seed) into s entrywise: the sketch of both streams. A
// merge that would take a counter or the total outside int64 is refused with ErrTooLarge
// before anything changes.
func (s *CMSketch) Merge(o *CMSketch) error {
	if s == nil || o == nil || s.depth == 0 || o.depth == 0 {
		return fmt.Errorf("stream: CMSketch.Merge: nil or zero-value sketch: %w", ErrNotFitted)
	}
	if s.width != o.width || s.depth != o.depth {
		return fmt.Errorf("stream: CMSketch.Merge: shapes %d×%d and %d×%d differ: %w", s.width, s.depth, o.width, o.depth, ErrShape)
	}
	if s.seed != o.seed {
		return fmt.Errorf("stream: CMSketch.Merge: seeds %d and %d differ (different hash functions): %w", s.seed, o.seed, ErrParam)
	}
	if _, ok := addInt64(s.total, o.total); !ok {
		return fmt.Errorf("stream: CMSketch.Merge: totals %d + %d overflow int64; nothing merged: %w", s.total, o.total, ErrTooLarge)
	}
	for i, v := range o.s {
		if _, ok := addInt64(s.s[i], v); !ok {
			return fmt.Errorf("stream: CMSketch.Merge: counter %d of row %d: %d + %d overflows int64; nothing merged: %w", i%s.width, i/s.width, s.s[i], v, ErrTooLarge)
		}
	}
	for i, v := range o.s {
		s.s[i] += v
	}
	s.total += o.total
	return nil
}

// HeavyHitters is CM HEAVY HITTERS(k, ℓ, τ) (§8.5) for the cash-register model: a Count-Min
// sketch, the running total L = ‖d‖₁, and a min-priority queue H of the elements whose
// estimate d*_u is at least τL. Only the element just updated can enter H (d_u/‖d‖₁ rises only
// when u itself arrives); elements whose estimate falls below τL leave. The output contains
// every u with d_u ≥ τ‖d‖₁ and, with probability ≥ 1 − δ when ℓ ≥ log₂(n/δ), none with
// d_u ≤ (τ − ε)‖d‖₁ (Theorem 8.28). Time O(ℓ + log |H|) amortised per update. (Len, Less and
// Swap serve the internal queue.)
type HeavyHitters struct {
	CountMin
	Tau float64
}

// HHSketch is a running heavy-hitters sketch.
type HHSketch struct {
	cm   *CMSketch
	tau  float64
	keys []int64  // min-heap of estimates
	ids  []uint64 // element of each heap slot
	pos  map[uint64]int
}

// New returns an empty heavy-hitters sketch.
func (c HeavyHitters) New() (*HHSketch, error) {
	if !(c.Tau > 0 && c.Tau < 1) {
		return nil, fmt.Errorf("stream: HeavyHitters.New: Tau = %v, want in (0,1): %w", c.Tau, ErrParam)
	}
	cm, err := c.CountMin.New()
	if err != nil {
		return nil, err
	}
	capH := int(math.Min(4/c.Tau, 1<<20))
	return &HHSketch{cm: cm, tau: c.Tau, keys: make([]int64, 0, capH), ids: make([]uint64, 0, capH),
		pos: make(map[uint64]int, capH)}, nil
}

// Update applies the cash-register update (a, c) with c > 0. An update that would overflow
// the Count-Min counters is refused (ErrTooLarge) and changes nothing.
func (h *HHSketch) Update(a uint64, c int64) error {
	if h == nil || h.cm == nil {
		return fmt.Errorf("stream: HHSketch.Update: use HeavyHitters.New: %w", ErrNotFitted)
	}
	if c <= 0 {
		return fmt.Errorf("stream: HHSketch.Update: c = %d for element %d, want > 0 (cash-register model): %w", c, a, ErrParam)
	}
	if err := h.cm.Update(a, c); err != nil {
		return fmt.Errorf("stream: HHSketch.Update: %w", err)
	}
	thr := h.tau * float64(h.cm.total)
	if e := h.cm.Estimate(a); float64(e) >= thr {
		if i, ok := h.pos[a]; ok {
			h.keys[i] = e
			siftDown(h, i)
		} else {
			h.keys, h.ids = append(h.keys, e), append(h.ids, a)
			h.pos[a] = len(h.keys) - 1
			siftUp(h, len(h.keys)-1)
		}
	}
	for len(h.keys) > 0 && float64(h.keys[0]) < thr {
		u := h.ids[0]
		if e := h.cm.Estimate(u); float64(e) >= thr { // a stale key: estimates only grow
			h.keys[0] = e
			siftDown(h, 0)
			continue
		}
		h.pop()
		delete(h.pos, u)
	}
	return nil
}

// Merge folds o (same Count-Min shape and seed, same τ) into h: the Count-Min sketches add,
// and the candidates are the union of both queues, kept if their merged estimate reaches τL
// for the merged total L. No heavy hitter of the combined stream is lost: d_u ≥ τ(L₁ + L₂)
// forces d_u ≥ τL₁ or d_u ≥ τL₂, so u was in one of the queues. Cost O(|H₁| + |H₂|) queries.
func (h *HHSketch) Merge(o *HHSketch) error {
	if h == nil || o == nil || h.cm == nil || o.cm == nil {
		return fmt.Errorf("stream: HHSketch.Merge: nil or zero-value sketch: %w", ErrNotFitted)
	}
	if h.tau != o.tau {
		return fmt.Errorf("stream: HHSketch.Merge: τ = %v and %v differ: %w", h.tau, o.tau, ErrParam)
	}
	if err := h.cm.Merge(o.cm); err != nil {
		return err
	}
	candidates := append(slices.Clone(h.ids), o.ids...)
	h.keys, h.ids = h.keys[:0], h.ids[:0]
	clear(h.pos)
	thr := h.tau * float64(h.cm.total)
	for _, u := range candidates {
		if _, dup := h.pos[u]; dup {
			continue
		}
		if e := h.cm.Estimate(u); float64(e) >= thr {
			h.keys, h.ids = append(h.keys, e), append(h.ids, u)
			h.pos[u] = len(h.keys) - 1
			siftUp(h, len(h.keys)-1)
		}
	}
	return nil
}

// Items returns the current heavy hitters, sorted, as a new slice.
func (h *HHSketch) Items() []uint64 {
	if h == nil {
		return nil
	}
	out := slices.Clone(h.ids)
	slices.Sort(out)
	return out
}

// in reports whether i and j index the queue.
func (h *HHSketch) in(i, j int) bool {
	if h == nil {
		return false
	}
	n := min(len(h.keys), len(h.ids))
	return i >= 0 && j >= 0 && i < n && j < n
}

// Sketch returns the underlying Count-Min sketch.
func (h *HHSketch) Sketch() *CMSketch {
	if h == nil {
		return nil
	}
	return h.cm
}

// Len, Less and Swap make the queue H a sort.Interface for siftUp and siftDown. They have no
// error results: a nil HHSketch has length 0, and indices outside the queue compare false and
// swap nothing.
func (h *HHSketch) Len() int {
	if h == nil {
		return 0
	}
	return len(h.keys)
}

func (h *HHSketch) Less(i, j int) bool { return h.in(i, j) && h.keys[i] < h.keys[j] }

func (h *HHSketch) Swap(i, j int) {
	if !h.in(i, j) {
		return
	}
	h.keys[i], h.keys[j] = h.keys[j], h.keys[i]
	h.ids[i], h.ids[j] = h.ids[j], h.ids[i]
	h.pos[h.ids[i]], h.pos[h.ids[j]] = i, j
}

func (h *HHSketch) pop() {
	last := len(h.keys) - 1
	h.Swap(0, last)
	h.keys, h.ids = h.keys[:last], h.ids[:last]
	siftDown(h, 0)
}

// siftUp and siftDown restore a binary min-heap after element i changed (container/heap
// would need Push and Pop, which box every element into an interface and allocate).
func siftUp(h sort.Interface, i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h.Less(i, p) {
			return
		}
		h.Swap(i, p)
		i = p
	}
}

func siftDown(h sort.Interface, i int) {
	n := h.Len()
	for {
		c := 2*i + 1
		if c >= n {
			return
		}
		if c+1 < n && h.Less(c+1, c) {
			c++
		}
		if !h.Less(c, i) {
			return
		}
		h.Swap(i, c)
		i = c
	}
}
