package stream

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// maxK caps the sample size of the reservoirs (the sample is allocated up front).
const maxK = 1 << 26

func checkK(fn string, k int) error {
	if k < 1 {
		return fmt.Errorf("stream: %s: k = %d, want ≥ 1: %w", fn, k, ErrParam)
	}
	if k > maxK {
		return fmt.Errorf("stream: %s: k = %d, limit %d: %w", fn, k, maxK, ErrTooLarge)
	}
	return nil
}

// Reservoir is RESERVOIRSAMPLE (Theorem 8.4): after n ≥ k updates its sample is a uniformly
// random k-subset of the stream's positions, each of the C(n, k) subsets with probability
// 1/C(n, k); before that it holds all items seen. Item i > k replaces a uniformly chosen slot
// with probability k/i. With k = 1 it is SIMPLESAMPLE (Theorem 8.3). Space O(k) items, time
// O(1) and one or two random numbers per update, no allocation after New.
type Reservoir[T any] struct{ reservoir[T] }

// reservoir is the state the uniform reservoirs share: size, items seen, sample, generator.
type reservoir[T any] struct {
	k      int
	n      int64
	sample []T
	src    *rand.PCG // the generator; rng draws from it too
	rng    *rand.Rand
}

func newReservoir[T any](fn string, k int, seed uint64) (reservoir[T], error) {
	if err := checkK(fn, k); err != nil {
		return reservoir[T]{}, err
	}
	src := newPCG(seed)
	return reservoir[T]{k: k, sample: make([]T, 0, k), src: src, rng: rand.New(src)}, nil
}

// NewReservoir returns an empty reservoir of size k ≥ 1 whose choices come from the seed.
func NewReservoir[T any](k int, seed uint64) (*Reservoir[T], error) {
	r, err := newReservoir[T]("NewReservoir", k, seed)
	if err != nil {
		return nil, err
	}
	return &Reservoir[T]{r}, nil
}

// Update offers the next item of the stream.
func (r *Reservoir[T]) Update(x T) {
	if r == nil || r.rng == nil {
		return // zero value: Sample reports ErrNotFitted
	}
	r.n = satInc(r.n)
	if len(r.sample) < r.k {
		r.sample = append(r.sample, x)
		return
	}
	if uniformBelow(r.src, uint64(r.n)) < uint64(r.k) { // probability k/n
		r.sample[uniformBelow(r.src, uint64(r.k))] = x
	}
}

// Sample returns the current sample, min(n, k) items (the reservoir's own slice, valid
// until the next Update).
func (r *Reservoir[T]) Sample() ([]T, error) {
	if r == nil {
		return nil, errNotBuilt("Reservoir")
	}
	return r.get("Reservoir")
}

// Seen returns the number n of items offered so far (saturating at 2⁶³ − 1).
func (r *Reservoir[T]) Seen() int64 {
	if r == nil {
		return 0
	}
	return r.n
}

func (r *reservoir[T]) get(kind string) ([]T, error) {
	if r.rng == nil {
		return nil, errNotBuilt(kind)
	}
	return r.sample, nil
}

func errNotBuilt(kind string) error {
	return fmt.Errorf("stream: %s.Sample: use New%s: %w", kind, kind, ErrNotFitted)
}

// Merge folds o (same k) into r: afterwards r holds a uniform k-subset of the positions of
// both streams together, as if it had read r's stream and then o's, and keeps reading. The
// number j of items taken from r's sample is hypergeometric, drawn one slot at a time with
// the probability that the next position of the union falls in r's part; j uniform items of
// r's sample and k − j of o's then form the merged sample (a uniform subset of a uniform
// subset is uniform). Randomness comes from r's generator. Cost O(k).
func (r *Reservoir[T]) Merge(o *Reservoir[T]) error {
	if r == nil || o == nil || r.rng == nil || o.rng == nil {
		return fmt.Errorf("stream: Reservoir.Merge: nil or zero-value reservoir: %w", ErrNotFitted)
	}
	if r.k != o.k {
		return fmt.Errorf("stream: Reservoir.Merge: k = %d and %d differ: %w", r.k, o.k, ErrShape)
	}
	n, ok := addInt64(r.n, o.n)
	if !ok {
		return fmt.Errorf("stream: Reservoir.Merge: %d + %d items overflow int64: %w", r.n, o.n, ErrTooLarge)
	}
	if n <= int64(r.k) { // both hold their whole streams
		r.sample, r.n = append(r.sample, o.sample...), n
		return nil
	}
	mine, theirs := slices.Clone(r.sample), slices.Clone(o.sample)
	left1, left2 := r.n, o.n // positions of each part not yet taken
	r.sample = r.sample[:0]
	for range r.k {
		src, left := &theirs, &left2
		if r.rng.Int64N(left1+left2) < left1 {
			src, left = &mine, &left1
		}
		i := r.rng.IntN(len(*src)) // a uniform item not yet taken
		r.sample = append(r.sample, (*src)[i])
		(*src)[i] = (*src)[len(*src)-1]
		*src = (*src)[:len(*src)-1]
		*left--
	}
	r.n = n
	return nil
}

// SkipReservoir draws the same distribution as Reservoir (a uniform k-subset) but jumps over
// the items it will not keep: Li's Algorithm L draws the gap to the next kept item from its
// exact distribution, so a stream of n items costs O(k·(1 + log(n/k))) random numbers instead
// of n. For long streams this is the variant to use. Space O(k), no allocation after New.
type SkipReservoir[T any] struct {
	reservoir[T]
	next int64 // index (1-based) of the next item to keep
	w    float64
}

// NewSkipReservoir returns an empty skip-ahead reservoir of size k ≥ 1.
func NewSkipReservoir[T any](k int, seed uint64) (*SkipReservoir[T], error) {
	r, err := newReservoir[T]("NewSkipReservoir", k, seed)
	if err != nil {
		return nil, err
	}
	return &SkipReservoir[T]{reservoir: r}, nil
}

// u01 returns a uniform number in (0, 1).
func u01(r *rand.Rand) float64 {
	for {
		if u := r.Float64(); u > 0 {
			return u
		}
	}
}

// Update offers the next item of the stream.
func (r *SkipReservoir[T]) Update(x T) {
	if r == nil || r.rng == nil {
		return
	}
	r.n = satInc(r.n)
	if len(r.sample) < r.k {
		r.sample = append(r.sample, x)
		if len(r.sample) == r.k {
			r.w = math.Exp(math.Log(u01(r.rng)) / float64(r.k))
			r.skip()
		}
		return
	}
	if r.n == r.next {
		r.sample[r.rng.IntN(r.k)] = x
		r.w *= math.Exp(math.Log(u01(r.rng)) / float64(r.k))
		r.skip()
	}
}

// skip sets the index of the next kept item: the gap is geometric with success probability w.
func (r *SkipReservoir[T]) skip() {
	g := math.Floor(math.Log(u01(r.rng)) / math.Log1p(-r.w))
	if g > math.MaxInt64/2 || math.IsNaN(g) {
		g = math.MaxInt64 / 2
	}
	// n + g + 1 saturates at 2⁶³ − 1 (the last index Seen can reach) instead of wrapping.
	if next, ok := addInt64(r.n, int64(g)+1); ok {
		r.next = next
	} else {
		r.next = math.MaxInt64
	}
}

// Sample returns the current sample (the reservoir's own slice).
func (r *SkipReservoir[T]) Sample() ([]T, error) {
	if r == nil {
		return nil, errNotBuilt("SkipReservoir")
	}
	return r.get("SkipReservoir")
}

// Seen returns the number n of items offered so far (saturating at 2⁶³ − 1).
func (r *SkipReservoir[T]) Seen() int64 {
	if r == nil {
		return 0
	}
	return r.n
}

// WeightedReservoir samples k items without replacement with probabilities proportional to
// their weights (Efraimidis and Spirakis' A-Res): item i gets the key u^{1/wᵢ} with u uniform
// on (0, 1), and the k largest keys are kept in a min-heap. With equal weights it is a uniform
// k-subset. Space O(k), time O(log k) per kept item, no allocation after New. (Len, Less
// and Swap serve its internal heap.)
type WeightedReservoir[T any] struct {
	k     int
	n     int64
	keys  []float64 // min-heap of log-keys ln(u)/w
	items []T
	rng   *rand.Rand
}

// NewWeightedReservoir returns an empty weighted reservoir of size k ≥ 1.
func NewWeightedReservoir[T any](k int, seed uint64) (*WeightedReservoir[T], error) {
	if err := checkK("NewWeightedReservoir", k); err != nil {
		return nil, err
	}
	return &WeightedReservoir[T]{k: k, keys: make([]float64, 0, k), items: make([]T, 0, k), rng: newRand(seed)}, nil
}

// Update offers item x with weight w > 0 (finite).
func (r *WeightedReservoir[T]) Update(x T, w float64) error {
	if r == nil || r.rng == nil {
		return fmt.Errorf("stream: WeightedReservoir.Update: use NewWeightedReservoir: %w", ErrNotFitted)
	}
	if !(w > 0) || math.IsInf(w, 0) {
		return fmt.Errorf("stream: WeightedReservoir.Update: weight of item %d = %v, want finite and > 0: %w", r.n+1, w, ErrParam)
	}
	r.n = satInc(r.n)
	key := math.Log(u01(r.rng)) / w // log of u^{1/w}: same order, no underflow
	if len(r.keys) < r.k {
		r.keys = append(r.keys, key)
		r.items = append(r.items, x)
		siftUp(r, len(r.keys)-1)
		return nil
	}
	if key > r.keys[0] {
		r.keys[0], r.items[0] = key, x
		siftDown(r, 0)
	}
	return nil
}

// Len, Less and Swap make the key heap a sort.Interface for siftUp and siftDown. They have no
// error results: a nil reservoir has length 0, and indices outside the heap compare false and
// swap nothing.
func (r *WeightedReservoir[T]) Len() int {
	if r == nil {
		return 0
	}
	return len(r.keys)
}

func (r *WeightedReservoir[T]) Less(i, j int) bool { return r.in(i, j) && r.keys[i] < r.keys[j] }

func (r *WeightedReservoir[T]) Swap(i, j int) {
	if !r.in(i, j) {
		return
	}
	r.keys[i], r.keys[j] = r.keys[j], r.keys[i]
	r.items[i], r.items[j] = r.items[j], r.items[i]
}

// in reports whether i and j index the heap.
func (r *WeightedReservoir[T]) in(i, j int) bool {
	if r == nil {
		return false
	}
	n := min(len(r.keys), len(r.items))
	return i >= 0 && j >= 0 && i < n && j < n
}

// Sample returns the sampled items (in heap order; the reservoir's own slice).
func (r *WeightedReservoir[T]) Sample() ([]T, error) {
	if r == nil || r.rng == nil {
		return nil, fmt.Errorf("stream: WeightedReservoir.Sample: use NewWeightedReservoir: %w", ErrNotFitted)
	}
	return r.items, nil
}

// Seen returns the number of items offered so far (saturating at 2⁶³ − 1).
func (r *WeightedReservoir[T]) Seen() int64 {
	if r == nil {
		return 0
	}
	return r.n
}

// satInc returns n + 1, or n at 2⁶³ − 1: the item counts of the reservoirs and of AMS
// saturate there instead of wrapping (past it, Seen stays at 2⁶³ − 1 and each further item is
// kept with probability k/(2⁶³ − 1), off by less than one part in 10¹⁸).
func satInc(n int64) int64 {
	if n == math.MaxInt64 {
		return n
	}
	return n + 1
}
