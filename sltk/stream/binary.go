package stream

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"math/bits"
)

// Serialised form of the sketches: the 4-byte tag "SLS" + a kind byte, then little-endian
// uint64 fields (shape, seed), then the state, then a CRC-32C (Castagnoli) of everything
// before it, 4 bytes little-endian. Hash coefficients are not stored: they are re-drawn from
// the seed, so a decoded sketch merges with one built from the same seed. The checksum
// catches every corruption of up to 3 bits and any single corrupt byte (a flipped seed would
// otherwise decode into a valid-looking sketch with other hash functions); on top of it,
// UnmarshalBinary checks what each sketch promises (sorted distinct minima, equal counter
// parities, rows summing to Total, HyperLogLog registers at most q + 1 under a HIP estimate
// that fits them), so a crafted input with a valid checksum cannot build a
// sketch that breaks its own invariants.
const (
	kindKMV byte = 1 + iota
	kindMedianKMV
	kindToW
	kindCM
	kindHLL
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// seal appends the checksum of b.
func seal(b []byte) []byte {
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

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
		d.err = fmt.Errorf("stream: %s: %d bytes without the SLS tag: %w", fn, len(b), ErrShape)
		return d
	}
	if b[3] != kind {
		d.err = fmt.Errorf("stream: %s: kind byte %d, want %d: %w", fn, b[3], kind, ErrShape)
		return d
	}
	if len(b) < 8 {
		d.err = fmt.Errorf("stream: %s: truncated input: %w", fn, ErrShape)
		return d
	}
	body := b[:len(b)-4]
	if got, want := binary.LittleEndian.Uint32(b[len(b)-4:]), crc32.Checksum(body, castagnoli); got != want {
		d.err = fmt.Errorf("stream: %s: checksum %#08x, want %#08x (corrupt encoding): %w", fn, got, want, ErrShape)
		return d
	}
	d.b = body[4:]
	return d
}

func (d *decoder) u64() uint64 {
	if d.err != nil {
		return 0
	}
	if len(d.b) < 8 {
		d.err = fmt.Errorf("stream: %s: truncated input: %w", d.fn, ErrShape)
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
		d.err = fmt.Errorf("stream: %s: %s = %d, want in [1, %d]: %w", d.fn, name, v, limit, ErrParam)
		return 0
	}
	if per > 0 && uint64(len(d.b)) < v*uint64(per) {
		d.err = fmt.Errorf("stream: %s: %s = %d needs %d bytes, %d left: %w", d.fn, name, v, v*uint64(per), len(d.b), ErrShape)
		return 0
	}
	return int(v)
}

func (d *decoder) done() error {
	if d.err == nil && len(d.b) != 0 {
		d.err = fmt.Errorf("stream: %s: %d trailing bytes: %w", d.fn, len(d.b), ErrShape)
	}
	return d.err
}

// MarshalBinary encodes the sketch (t, seed and the t smallest values).
func (s *KMV) MarshalBinary() ([]byte, error) {
	if s == nil || len(s.x) == 0 {
		return nil, fmt.Errorf("stream: KMV.MarshalBinary: use Count.New: %w", ErrNotFitted)
	}
	b := header(kindKMV, uint64(s.t), s.seed)
	for _, v := range s.x {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return seal(b), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; corrupt input returns an error.
func (s *KMV) UnmarshalBinary(b []byte) error {
	d := newDecoder("KMV.UnmarshalBinary", b, kindKMV)
	t := d.count("t", maxT, 0)
	seed := d.u64()
	if d.err == nil && uint64(len(d.b)) != 8*uint64(t) {
		return fmt.Errorf("stream: KMV.UnmarshalBinary: %d value bytes for t = %d: %w", len(d.b), t, ErrShape)
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
			return nil, fmt.Errorf("stream: %s: value %d = %d breaks the sorted distinct list: %w", d.fn, i, v, ErrShape)
		}
		k.x[i] = v
	}
	return k, nil
}

// MarshalBinary encodes every copy.
func (m *MedianKMV) MarshalBinary() ([]byte, error) {
	if m == nil || len(m.copies) == 0 {
		return nil, fmt.Errorf("stream: MedianKMV.MarshalBinary: use MCount.New: %w", ErrNotFitted)
	}
	b := header(kindMedianKMV, uint64(len(m.copies)), uint64(m.copies[0].t), m.copies[0].seed)
	for _, c := range m.copies {
		for _, v := range c.x {
			b = binary.LittleEndian.AppendUint64(b, v)
		}
	}
	return seal(b), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; corrupt input returns an error.
func (m *MedianKMV) UnmarshalBinary(b []byte) error {
	d := newDecoder("MedianKMV.UnmarshalBinary", b, kindMedianKMV)
	n := d.count("copies", maxCopies, 0)
	t := d.count("t", maxT, 0)
	seed := d.u64()
	if d.err == nil && n%2 == 0 {
		return fmt.Errorf("stream: MedianKMV.UnmarshalBinary: %d copies, want an odd number: %w", n, ErrParam)
	}
	if d.err == nil && t > maxMCountValues/n {
		return fmt.Errorf("stream: MedianKMV.UnmarshalBinary: %d copies of t = %d, limit %d values: %w", n, t, maxMCountValues, ErrTooLarge)
	}
	if d.err == nil && uint64(len(d.b)) != 8*uint64(t)*uint64(n) {
		return fmt.Errorf("stream: MedianKMV.UnmarshalBinary: %d value bytes for %d copies of t = %d: %w", len(d.b), n, t, ErrShape)
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
		return nil, fmt.Errorf("stream: ToWSketch.MarshalBinary: use TugOfWar.New: %w", ErrNotFitted)
	}
	b := header(kindToW, uint64(len(s.x)), s.seed)
	for _, v := range s.x {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	return seal(b), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; corrupt input returns an error.
func (s *ToWSketch) UnmarshalBinary(b []byte) error {
	d := newDecoder("ToWSketch.UnmarshalBinary", b, kindToW)
	k := d.count("k", maxCopiesToW, 0)
	seed := d.u64()
	if d.err == nil && uint64(len(d.b)) != 8*uint64(k) {
		return fmt.Errorf("stream: ToWSketch.UnmarshalBinary: %d counter bytes for k = %d: %w", len(d.b), k, ErrShape)
	}
	if d.err != nil {
		return d.err
	}
	out := newToW(k, seed)
	for i := range out.x {
		out.x[i] = int64(d.u64())
	}
	if err := d.done(); err != nil {
		return err
	}
	if err := out.valid(d.fn); err != nil {
		return err
	}
	*s = *out
	return nil
}

// MarshalBinary encodes the shape, the seed, the total and the counters.
func (s *CMSketch) MarshalBinary() ([]byte, error) {
	if s == nil || s.depth == 0 {
		return nil, fmt.Errorf("stream: CMSketch.MarshalBinary: use CountMin.New: %w", ErrNotFitted)
	}
	b := header(kindCM, uint64(s.width), uint64(s.depth), s.seed, uint64(s.total))
	for _, v := range s.s {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	return seal(b), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; corrupt input returns an error.
func (s *CMSketch) UnmarshalBinary(b []byte) error {
	d := newDecoder("CMSketch.UnmarshalBinary", b, kindCM)
	w := d.count("width", maxCells, 0)
	dep := d.count("depth", maxCells, 0)
	seed, total := d.u64(), int64(d.u64())
	if d.err == nil && uint64(w)*uint64(dep) > maxCells {
		return fmt.Errorf("stream: CMSketch.UnmarshalBinary: width·depth = %d·%d, limit %d: %w", w, dep, maxCells, ErrTooLarge)
	}
	if d.err == nil && uint64(len(d.b)) != 8*uint64(w)*uint64(dep) {
		return fmt.Errorf("stream: CMSketch.UnmarshalBinary: %d counter bytes for %d×%d: %w", len(d.b), w, dep, ErrShape)
	}
	if d.err != nil {
		return d.err
	}
	out := newCM(w, dep, seed)
	out.total = total
	for i := range out.s {
		out.s[i] = int64(d.u64())
	}
	if err := d.done(); err != nil {
		return err
	}
	if err := out.valid(d.fn); err != nil {
		return err
	}
	*s = *out
	return nil
}

// MarshalBinary encodes the precision, the seed, whether the sketch was merged, the HIP
// estimate and the m registers (one byte each).
func (s *HLLSketch) MarshalBinary() ([]byte, error) {
	if s == nil || len(s.reg) == 0 {
		return nil, fmt.Errorf("stream: HLLSketch.MarshalBinary: use HyperLogLog.New: %w", ErrNotFitted)
	}
	var merged uint64
	if s.merged {
		merged = 1
	}
	b := header(kindHLL, uint64(s.p), s.seed, merged, math.Float64bits(s.hip))
	return seal(append(b, s.reg...)), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; corrupt input returns an error.
func (s *HLLSketch) UnmarshalBinary(b []byte) error {
	d := newDecoder("HLLSketch.UnmarshalBinary", b, kindHLL)
	p := d.count("precision", maxHLLPrecision, 0)
	seed, merged, hip := d.u64(), d.u64(), math.Float64frombits(d.u64())
	if d.err != nil {
		return d.err
	}
	if p < minHLLPrecision || merged > 1 {
		return fmt.Errorf("stream: %s: precision %d, merged flag %d, want in [%d, %d] and 0 or 1: %w", d.fn, p, merged, minHLLPrecision, maxHLLPrecision, ErrParam)
	}
	if len(d.b) != 1<<p {
		return fmt.Errorf("stream: %s: %d register bytes for precision %d: %w", d.fn, len(d.b), p, ErrShape)
	}
	out := newHLL(p, seed)
	out.merged, out.hip = merged == 1, hip
	for j, r := range d.b {
		if int(r) >= len(out.hist) {
			return fmt.Errorf("stream: %s: register %d = %d, want ≤ %d: %w", d.fn, j, r, len(out.hist)-1, ErrParam)
		}
		out.hist[0]--
		out.hist[r]++
		out.reg[j] = r
	}
	if err := out.valid(d.fn); err != nil {
		return err
	}
	*s = *out
	return nil
}

// valid checks what a HyperLogLog sketch promises beyond its register range: a HIP estimate
// that is 0 after a merge and otherwise finite, 0 exactly when every register is 0, and at
// least 1 once one is not (the first rise adds m/m).
func (s *HLLSketch) valid(fn string) error {
	empty := s.hist[0] == len(s.reg)
	switch {
	case s.merged && s.hip != 0:
		return fmt.Errorf("stream: %s: HIP estimate %v in a merged sketch, want 0: %w", fn, s.hip, ErrParam)
	case !s.merged && !(s.hip >= 1 && s.hip <= math.MaxFloat64) && !(empty && s.hip == 0):
		return fmt.Errorf("stream: %s: HIP estimate %v with %d of %d registers at 0: %w", fn, s.hip, s.hist[0], len(s.reg), ErrParam)
	case !s.merged && empty && s.hip != 0:
		return fmt.Errorf("stream: %s: HIP estimate %v with every register at 0, want 0: %w", fn, s.hip, ErrParam)
	}
	return nil
}

// valid checks what a Tug-of-War sketch promises: 1 ≤ k ≤ 2²⁰ counters, one sign hash each,
// and all counters of the same parity (xᵢ = Σ_a d_a hᵢ(a) ≡ Σ_a d_a mod 2 since hᵢ(a) = ±1).
func (s *ToWSketch) valid(fn string) error {
	k := len(s.x)
	if k < 1 || k > maxCopiesToW || len(s.sign) != k {
		return fmt.Errorf("stream: %s: %d counters and %d sign hashes, want equal and in [1, %d]: %w", fn, k, len(s.sign), maxCopiesToW, ErrShape)
	}
	for i, x := range s.x {
		if (x^s.x[0])&1 != 0 {
			return fmt.Errorf("stream: %s: counters 0 and %d (%d, %d) differ in parity, impossible for a Tug-of-War sketch: %w", fn, i, s.x[0], x, ErrParam)
		}
	}
	return nil
}

// valid checks what a Count-Min sketch promises: width, depth ≥ 1 with width·depth ≤ 2²⁸,
// and every row summing exactly (in 128-bit arithmetic, no wrap) to Total.
func (s *CMSketch) valid(fn string) error {
	if s.width < 1 || s.depth < 1 || s.width > maxCells/s.depth || len(s.s) != s.width*s.depth {
		return fmt.Errorf("stream: %s: shape %d×%d with %d counters, want width·depth ≤ %d: %w", fn, s.width, s.depth, len(s.s), maxCells, ErrShape)
	}
	for j := 0; j < s.depth; j++ {
		var lo uint64
		var hi int64
		for _, v := range s.s[j*s.width : (j+1)*s.width] {
			var carry uint64
			lo, carry = bits.Add64(lo, uint64(v), 0)
			hi += int64(carry) + v>>63 // v>>63 is −1 for a negative v: its sign extension
		}
		if lo != uint64(s.total) || hi != s.total>>63 {
			return fmt.Errorf("stream: %s: row %d does not sum to Total = %d: %w", fn, j, s.total, ErrParam)
		}
	}
	return nil
}
