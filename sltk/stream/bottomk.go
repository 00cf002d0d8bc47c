package stream

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// kindBottomK tags a serialised bottom-k sample (after the kinds of binary.go and hh_binary.go).
const kindBottomK = kindHH + 1

// defaultBottomK is the sample size of BottomK with K = 0.
const defaultBottomK = 100

// BottomK is a bottom-k (priority) sample: a uniform sample of K records, without replacement,
// that merges exactly. Every record comes with an identity id, distinct for distinct records
// (its position in the stream, or its file and byte offset); its priority is a seeded 64-bit
// hash of id, and the sample is the K records of smallest priority (ties by id). Because a
// record's priority depends on nothing but its id and the Seed, the sample of a stream split
// into parts in any way, each part sampled and the samples merged, is the sample of the whole
// stream: the same K records, bit for bit, whatever the partition and the merge order. This is
// what Reservoir cannot offer a distributed run: its Merge draws on a random generator, so the
// merged sample depends on how the stream was cut (and the generator has no serialised form).
// Over the seeds, the priorities behave like independent uniform keys, so every K-subset of
// the records is equally likely (the test checks the inclusion frequencies by a chi-square
// test). K = 0 means 100; K ≤ maxK (2²⁶). Space O(K), allocated by New; time O(1) per record whose priority is
// not among the K smallest (almost all of them: K·ln(n/K) insertions in n records), O(K) for an
// insertion.
type BottomK struct {
	K    int
	Seed uint64
}

// BottomKSample is a running bottom-k sample.
type BottomKSample struct {
	k    int
	seed uint64
	a, b uint64 // the hash's seeded words
	n    int64
	prio []uint64 // ascending (ties by id); prio[i] = priority(ids[i])
	ids  []uint64
	x    []uint64
}

// New returns an empty sample.
func (c BottomK) New() (*BottomKSample, error) {
	k := c.K
	if k == 0 {
		k = defaultBottomK
	}
	if err := checkK("BottomK.New", k); err != nil {
		return nil, err
	}
	return newBottomK(k, c.Seed, k), nil
}

// newBottomK returns an empty sample with room for c records (Update allocates no more once
// c = k).
func newBottomK(k int, seed uint64, c int) *BottomKSample {
	r := newRand(seed)
	return &BottomKSample{k: k, seed: seed, a: r.Uint64(), b: r.Uint64(),
		prio: make([]uint64, 0, c), ids: make([]uint64, 0, c), x: make([]uint64, 0, c)}
}

// priority is the record's key: two rounds of MurmurHash3's finaliser around the seeded words.
func (s *BottomKSample) priority(id uint64) uint64 { return fmix64(fmix64(id^s.a) + s.b) }

// less orders records by (priority, id).
func less(p1, id1, p2, id2 uint64) bool { return p1 < p2 || p1 == p2 && id1 < id2 }

// Update offers item x, the record with identity id. A record offered again (the same id) is
// not sampled twice. A zero-value sample ignores it.
func (s *BottomKSample) Update(x, id uint64) {
	if s == nil || s.k == 0 {
		return
	}
	s.n = satInc(s.n)
	s.insert(s.priority(id), id, x)
}

// insert puts the record in its place if it is among the k smallest and not already there.
func (s *BottomKSample) insert(p, id, x uint64) {
	m := len(s.prio)
	if m == s.k && !less(p, id, s.prio[m-1], s.ids[m-1]) {
		return
	}
	i, _ := slices.BinarySearch(s.prio, p)
	for i < m && s.prio[i] == p && s.ids[i] < id {
		i++
	}
	if i < m && s.ids[i] == id && s.prio[i] == p {
		return // the record is already in the sample
	}
	if m < s.k {
		s.prio, s.ids, s.x = append(s.prio, 0), append(s.ids, 0), append(s.x, 0)
		m++
	}
	copy(s.prio[i+1:m], s.prio[i:m-1])
	copy(s.ids[i+1:m], s.ids[i:m-1])
	copy(s.x[i+1:m], s.x[i:m-1])
	s.prio[i], s.ids[i], s.x[i] = p, id, x
}

// Sample returns the sampled items, min(n, K) of them, in priority order (the sample's own
// slice, valid until the next Update or Merge).
func (s *BottomKSample) Sample() ([]uint64, error) {
	if s == nil || s.k == 0 {
		return nil, fmt.Errorf("stream: BottomKSample.Sample: use BottomK.New: %w", ErrNotFitted)
	}
	return s.x, nil
}

// IDs returns the identities of the sampled records, in the order of Sample (the sample's own
// slice).
func (s *BottomKSample) IDs() []uint64 {
	if s == nil {
		return nil
	}
	return s.ids
}

// Seen returns the number of records offered (saturating at 2⁶³ − 1), merged ones included.
func (s *BottomKSample) Seen() int64 {
	if s == nil {
		return 0
	}
	return s.n
}

// Merge folds o, built with the same K and Seed, into s: afterwards s is the sample of the
// records of both streams (their K smallest priorities), exactly as one sample over all of
// them in any order. A record in both samples is kept once, but Seen counts it twice: streams
// that share records should not be merged. Cost O(K).
func (s *BottomKSample) Merge(o *BottomKSample) error {
	if s == nil || o == nil || s.k == 0 || o.k == 0 {
		return fmt.Errorf("stream: BottomKSample.Merge: nil or zero-value sample: %w", ErrNotFitted)
	}
	if s.k != o.k {
		return fmt.Errorf("stream: BottomKSample.Merge: K = %d and %d differ: %w", s.k, o.k, ErrShape)
	}
	if s.seed != o.seed {
		return fmt.Errorf("stream: BottomKSample.Merge: seeds %d and %d differ (different priorities): %w", s.seed, o.seed, ErrParam)
	}
	n, ok := addInt64(s.n, o.n)
	if !ok {
		return fmt.Errorf("stream: BottomKSample.Merge: %d + %d records overflow int64: %w", s.n, o.n, ErrTooLarge)
	}
	for i := range o.prio {
		if len(s.prio) == s.k && !less(o.prio[i], o.ids[i], s.prio[s.k-1], s.ids[s.k-1]) {
			break // o's later records rank lower still
		}
		s.insert(o.prio[i], o.ids[i], o.x[i])
	}
	s.n = n
	return nil
}

// MarshalBinary encodes K, the seed, the number of records seen and the sampled (id, item)
// pairs; the priorities are not stored but recomputed from the ids.
func (s *BottomKSample) MarshalBinary() ([]byte, error) {
	if s == nil || s.k == 0 {
		return nil, fmt.Errorf("stream: BottomKSample.MarshalBinary: use BottomK.New: %w", ErrNotFitted)
	}
	b := header(kindBottomK, uint64(s.k), s.seed, uint64(s.n), uint64(len(s.ids)))
	for i, id := range s.ids {
		b = binary.LittleEndian.AppendUint64(b, id)
		b = binary.LittleEndian.AppendUint64(b, s.x[i])
	}
	return seal(b), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; corrupt input returns an error, and so
// does a sample that breaks its invariants (at most min(n, K) records, in strictly increasing
// (priority, id) order).
func (s *BottomKSample) UnmarshalBinary(b []byte) error {
	const fn = "BottomKSample.UnmarshalBinary"
	if s == nil {
		return fmt.Errorf("stream: %s: nil receiver: %w", fn, ErrNotFitted)
	}
	d := newDecoder(fn, b, kindBottomK)
	k := d.count("K", maxK, 0)
	seed, n, m := d.u64(), d.u64(), d.u64()
	switch {
	case d.err != nil:
		return d.err
	case n > 1<<63-1 || m > min(n, uint64(k)):
		return fmt.Errorf("stream: %s: %d records sampled of n = %d with K = %d, want at most min(n, K): %w", fn, m, n, k, ErrShape)
	case uint64(len(d.b)) != 16*m:
		return fmt.Errorf("stream: %s: %d record bytes for %d records: %w", fn, len(d.b), m, ErrShape)
	}
	out := newBottomK(k, seed, int(m))
	out.n = int64(n)
	for i := range int(m) {
		id, x := d.u64(), d.u64()
		p := out.priority(id)
		if i > 0 && !less(out.prio[i-1], out.ids[i-1], p, id) {
			return fmt.Errorf("stream: %s: record %d (id %d) is out of (priority, id) order: %w", fn, i, id, ErrShape)
		}
		out.prio, out.ids, out.x = append(out.prio, p), append(out.ids, id), append(out.x, x)
	}
	if err := d.done(); err != nil {
		return err
	}
	*s = *out
	return nil
}
