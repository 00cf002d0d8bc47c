package stream

import (
	"encoding/binary"
	"fmt"
)

// Serialised form of the sketches: the 4-byte tag "SLS" + a kind byte, then little-endian
// uint64 fields (shape, seed), then the state. Hash coefficients are not stored: they are
// re-drawn from the seed, so a decoded sketch merges with one built from the same seed.
const (
	kindKMV byte = 1 + iota
	kindMedianKMV
	kindToW
	kindCM
)

func header(kind byte, fields ...uint64) []byte {
	b := []byte{'S', 'L', 'S', kind}
	for _, f := range fields {
		b = binary.LittleEndian.AppendUint64(b, f)
	}
	return b
}

// decoder reads a serialised sketch and remembers the first error.
type decoder struct {
	fn  string
	b   []byte
	err error
}

func newDecoder(fn string, b []byte, kind byte) *decoder {
	d := &decoder{fn: fn, b: b}
	if len(b) < 4 || b[0] != 'S' || b[1] != 'L' || b[2] != 'S' {
		d.err = fmt.Errorf("%w: stream: %s: %d bytes without the SLS tag", ErrShape, fn, len(b))
		return d
	}
	if b[3] != kind {
		d.err = fmt.Errorf("%w: stream: %s: kind byte %d, want %d", ErrShape, fn, b[3], kind)
		return d
	}
	d.b = b[4:]
	return d
}

func (d *decoder) u64() uint64 {
	if d.err != nil {
		return 0
	}
	if len(d.b) < 8 {
		d.err = fmt.Errorf("%w: stream: %s: truncated input", ErrShape, d.fn)
		return 0
	}
	v := binary.LittleEndian.Uint64(d.b)
	d.b = d.b[8:]
	return v
}

// count reads a size field and checks it against [1, limit] and against the bytes left
// (each of the n items needs per bytes), before anything is allocated.
func (d *decoder) count(name string, limit, per int) int {
	v := d.u64()
	if d.err != nil {
		return 0
	}
	if v < 1 || v > uint64(limit) {
		d.err = fmt.Errorf("%w: stream: %s: %s = %d, want in [1, %d]", ErrParam, d.fn, name, v, limit)
		return 0
	}
	if per > 0 && uint64(len(d.b)) < v*uint64(per) {
		d.err = fmt.Errorf("%w: stream: %s: %s = %d needs %d bytes, %d left", ErrShape, d.fn, name, v, v*uint64(per), len(d.b))
		return 0
	}
	return int(v)
}

func (d *decoder) done() error {
	if d.err == nil && len(d.b) != 0 {
		d.err = fmt.Errorf("%w: stream: %s: %d trailing bytes", ErrShape, d.fn, len(d.b))
	}
	return d.err
}

// MarshalBinary encodes the sketch (t, seed and the t smallest values).
func (s *KMV) MarshalBinary() ([]byte, error) {
	if s == nil || len(s.x) == 0 {
		return nil, fmt.Errorf("%w: stream: KMV.MarshalBinary: use Count.New", ErrNotFitted)
	}
	b := header(kindKMV, uint64(s.t), s.seed)
	for _, v := range s.x {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; corrupt input returns an error.
func (s *KMV) UnmarshalBinary(b []byte) error {
	d := newDecoder("KMV.UnmarshalBinary", b, kindKMV)
	t := d.count("t", maxT, 0)
	seed := d.u64()
	if d.err == nil && uint64(len(d.b)) != 8*uint64(t) {
		return fmt.Errorf("%w: stream: KMV.UnmarshalBinary: %d value bytes for t = %d", ErrShape, len(d.b), t)
	}
	if d.err != nil {
		return d.err
	}
	k, err := decodeKMV(d, t, seed)
	if err != nil {
		return err
	}
	*s = *k
	return d.done()
}

// decodeKMV reads t sorted distinct values into a new sketch.
func decodeKMV(d *decoder, t int, seed uint64) (*KMV, error) {
	k := newKMV(t, seed)
	for i := range k.x {
		v := d.u64()
		if d.err != nil {
			return nil, d.err
		}
		if v < 1 || v > countRange+1 || (i > 0 && v <= k.x[i-1] && v != countRange+1) ||
			(i > 0 && k.x[i-1] == countRange+1 && v != countRange+1) {
			return nil, fmt.Errorf("%w: stream: %s: value %d = %d breaks the sorted distinct list", ErrShape, d.fn, i, v)
		}
		k.x[i] = v
	}
	return k, nil
}

// MarshalBinary encodes every copy.
func (m *MedianKMV) MarshalBinary() ([]byte, error) {
	if m == nil || len(m.copies) == 0 {
		return nil, fmt.Errorf("%w: stream: MedianKMV.MarshalBinary: use MCount.New", ErrNotFitted)
	}
	b := header(kindMedianKMV, uint64(len(m.copies)), uint64(m.copies[0].t), m.copies[0].seed)
	for _, c := range m.copies {
		for _, v := range c.x {
			b = binary.LittleEndian.AppendUint64(b, v)
		}
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; corrupt input returns an error.
func (m *MedianKMV) UnmarshalBinary(b []byte) error {
	d := newDecoder("MedianKMV.UnmarshalBinary", b, kindMedianKMV)
	n := d.count("copies", maxCopies, 0)
	t := d.count("t", maxT, 0)
	seed := d.u64()
	if d.err == nil && n%2 == 0 {
		return fmt.Errorf("%w: stream: MedianKMV.UnmarshalBinary: %d copies, want an odd number", ErrParam, n)
	}
	if d.err == nil && uint64(len(d.b)) != 8*uint64(t)*uint64(n) {
		return fmt.Errorf("%w: stream: MedianKMV.UnmarshalBinary: %d value bytes for %d copies of t = %d", ErrShape, len(d.b), n, t)
	}
	if d.err != nil {
		return d.err
	}
	copies := make([]*KMV, n)
	for j := range copies {
		k, err := decodeKMV(d, t, seed+uint64(j))
		if err != nil {
			return err
		}
		copies[j] = k
	}
	*m = *newMedianKMV(copies)
	return d.done()
}

// MarshalBinary encodes k, the seed and the counters.
func (s *ToWSketch) MarshalBinary() ([]byte, error) {
	if s == nil || len(s.x) == 0 {
		return nil, fmt.Errorf("%w: stream: ToWSketch.MarshalBinary: use TugOfWar.New", ErrNotFitted)
	}
	b := header(kindToW, uint64(len(s.x)), s.seed)
	for _, v := range s.x {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; corrupt input returns an error.
func (s *ToWSketch) UnmarshalBinary(b []byte) error {
	d := newDecoder("ToWSketch.UnmarshalBinary", b, kindToW)
	k := d.count("k", maxCopiesToW, 0)
	seed := d.u64()
	if d.err == nil && uint64(len(d.b)) != 8*uint64(k) {
		return fmt.Errorf("%w: stream: ToWSketch.UnmarshalBinary: %d counter bytes for k = %d", ErrShape, len(d.b), k)
	}
	if d.err != nil {
		return d.err
	}
	out := newToW(k, seed)
	for i := range out.x {
		out.x[i] = int64(d.u64())
	}
	*s = *out
	return d.done()
}

// MarshalBinary encodes the shape, the seed, the total and the counters.
func (s *CMSketch) MarshalBinary() ([]byte, error) {
	if s == nil || s.depth == 0 {
		return nil, fmt.Errorf("%w: stream: CMSketch.MarshalBinary: use CountMin.New", ErrNotFitted)
	}
	b := header(kindCM, uint64(s.width), uint64(s.depth), s.seed, uint64(s.total))
	for _, v := range s.s {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; corrupt input returns an error.
func (s *CMSketch) UnmarshalBinary(b []byte) error {
	d := newDecoder("CMSketch.UnmarshalBinary", b, kindCM)
	w := d.count("width", maxCells, 0)
	dep := d.count("depth", maxCells, 0)
	seed, total := d.u64(), int64(d.u64())
	if d.err == nil && uint64(w)*uint64(dep) > maxCells {
		return fmt.Errorf("%w: stream: CMSketch.UnmarshalBinary: width·depth = %d·%d, limit %d", ErrTooLarge, w, dep, maxCells)
	}
	if d.err == nil && uint64(len(d.b)) != 8*uint64(w)*uint64(dep) {
		return fmt.Errorf("%w: stream: CMSketch.UnmarshalBinary: %d counter bytes for %d×%d", ErrShape, len(d.b), w, dep)
	}
	if d.err != nil {
		return d.err
	}
	out := newCM(w, dep, seed)
	out.total = total
	for i := range out.s {
		out.s[i] = int64(d.u64())
	}
	*s = *out
	return d.done()
}
