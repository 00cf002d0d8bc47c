package mapreduce

import (
	"cmp"
	"context"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"

	"github.com/sltk-book/sltk/sltk/stream"
)

// Sketches configures FileSketch: the streaming sketches of package stream it builds over the
// items of a file, each with its own merge as the combiner. Zero values are defaults:
// HeavyHitters has Count-Min Epsilon 0.001 and Delta 0.01 (when Width is 0) and Tau 0.01;
// HLL the default precision of stream.HyperLogLog; MCount Epsilon 0.2 and Delta 0.1 (when T is
// 0); TugOfWar 64 copies (when Copies, Epsilon and Delta are 0); Sample stream.BottomK's 100
// records. Seeds are the caller's: two machines build mergeable sketches only from the same
// Sketches.
//
// The uniform sample is stream.BottomK, not stream.Reservoir: a reservoir's Merge draws on a
// random generator, so a merged reservoir depends on how the runner cut the input (and the
// generator cannot travel between workers). A bottom-k sample keys every line by a hash of its
// identity (its file and byte offset), so the merged sample is the one-pass sample exactly.
type Sketches struct {
	HeavyHitters stream.HeavyHitters
	HLL          stream.HyperLogLog
	MCount       stream.MCount
	TugOfWar     stream.TugOfWar
	Sample       stream.BottomK
}

// SketchSet is the sketches of one stream: what FileSketch writes and ReadSketch and
// LocalSketch return. Items is the number of items.
type SketchSet struct {
	Items        int64
	HeavyHitters *stream.HHSketch
	HLL          *stream.HLLSketch
	MCount       *stream.MedianKMV
	TugOfWar     *stream.ToWSketch
	Sample       *stream.BottomKSample
}

func (c Sketches) withDefaults() Sketches {
	hh := &c.HeavyHitters
	if hh.Width == 0 && hh.Epsilon == 0 {
		hh.Epsilon, hh.Delta = 0.001, cmp.Or(hh.Delta, 0.01)
	}
	hh.Tau = cmp.Or(hh.Tau, 0.01)
	if c.MCount.T == 0 && c.MCount.Epsilon == 0 {
		c.MCount.Epsilon = 0.2
	}
	if c.MCount.MedianK == 0 && c.MCount.Delta == 0 {
		c.MCount.Delta = 0.1
	}
	if c.TugOfWar.Copies == 0 && c.TugOfWar.Epsilon == 0 && c.TugOfWar.Delta == 0 {
		c.TugOfWar.Copies = 64
	}
	return c
}

// New returns the empty sketches, or the error of the first configuration stream refuses.
func (c Sketches) New() (*SketchSet, error) {
	c = c.withDefaults()
	var s SketchSet
	var err error
	if s.HeavyHitters, err = c.HeavyHitters.New(); err != nil {
		return nil, fmt.Errorf("mapreduce: Sketches.New: %w", err)
	}
	if s.HLL, err = c.HLL.New(); err != nil {
		return nil, fmt.Errorf("mapreduce: Sketches.New: %w", err)
	}
	if s.MCount, err = c.MCount.New(); err != nil {
		return nil, fmt.Errorf("mapreduce: Sketches.New: %w", err)
	}
	if s.TugOfWar, err = c.TugOfWar.New(); err != nil {
		return nil, fmt.Errorf("mapreduce: Sketches.New: %w", err)
	}
	if s.Sample, err = c.Sample.New(); err != nil {
		return nil, fmt.Errorf("mapreduce: Sketches.New: %w", err)
	}
	return &s, nil
}

// Update offers one item to every sketch; id is the identity of its record (distinct for
// distinct records), by which the sample ranks it.
func (s *SketchSet) Update(x, id uint64) error {
	s.Items++
	if err := s.HeavyHitters.Update(x, 1); err != nil {
		return err
	}
	s.HLL.Update(x)
	s.MCount.Update(x)
	s.Sample.Update(x, id)
	return s.TugOfWar.Update(x)
}

// Merge folds o (built from the same Sketches) into s with each sketch's own Merge.
func (s *SketchSet) Merge(o *SketchSet) error {
	s.Items += o.Items
	for _, err := range []error{s.HeavyHitters.Merge(o.HeavyHitters), s.HLL.Merge(o.HLL),
		s.MCount.Merge(o.MCount), s.TugOfWar.Merge(o.TugOfWar), s.Sample.Merge(o.Sample)} {
		if err != nil {
			return fmt.Errorf("mapreduce: SketchSet.Merge: %w", err)
		}
	}
	return nil
}

// MarshalBinary encodes the item count and each sketch's own serialised form, each preceded
// by its length.
func (s *SketchSet) MarshalBinary() ([]byte, error) {
	b := binary.LittleEndian.AppendUint64(nil, uint64(s.Items))
	for _, m := range s.parts() {
		p, err := m.MarshalBinary()
		if err != nil {
			return nil, fmt.Errorf("mapreduce: SketchSet.MarshalBinary: %w", err)
		}
		b = binary.LittleEndian.AppendUint64(b, uint64(len(p)))
		b = append(b, p...)
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary wrote; the sketches check their own bytes.
func (s *SketchSet) UnmarshalBinary(b []byte) error {
	out := SketchSet{HeavyHitters: new(stream.HHSketch), HLL: new(stream.HLLSketch),
		MCount: new(stream.MedianKMV), TugOfWar: new(stream.ToWSketch), Sample: new(stream.BottomKSample)}
	if len(b) < 8 {
		return fmt.Errorf("mapreduce: SketchSet.UnmarshalBinary: %d bytes: %w", len(b), ErrParam)
	}
	out.Items, b = int64(binary.LittleEndian.Uint64(b)), b[8:]
	for _, u := range out.parts() {
		if len(b) < 8 || binary.LittleEndian.Uint64(b) > uint64(len(b)-8) {
			return fmt.Errorf("mapreduce: SketchSet.UnmarshalBinary: truncated input: %w", ErrParam)
		}
		n := int(binary.LittleEndian.Uint64(b))
		if err := u.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(b[8 : 8+n]); err != nil {
			return fmt.Errorf("mapreduce: SketchSet.UnmarshalBinary: %w", err)
		}
		b = b[8+n:]
	}
	*s = out
	return nil
}

type binaryMarshaler interface{ MarshalBinary() ([]byte, error) }

func (s *SketchSet) parts() []binaryMarshaler {
	return []binaryMarshaler{s.HeavyHitters, s.HLL, s.MCount, s.TugOfWar, s.Sample}
}

// parseItem reads an item: an unsigned decimal integer, surrounding spaces ignored.
func parseItem(line string) (uint64, bool, error) {
	t := strings.TrimSpace(line)
	if t == "" {
		return 0, false, nil
	}
	x, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return 0, false, fmt.Errorf("mapreduce: item %q is not an unsigned integer: %w", t, ErrParam)
	}
	return x, true, nil
}

// FileSketch builds the sketches of cfg over the items of the files matching input (one
// unsigned decimal integer per line; blank lines are skipped) and writes them to output:
// "items", the heavy hitters with their Count-Min estimates, the distinct-count estimates of
// HyperLogLog and MCOUNT, the F₂ estimate of Tug-of-War, the sampled items, and the sketch
// itself (base64 of SketchSet.MarshalBinary, for ReadSketch). It is one Beam Combine: each
// bundle updates its own SketchSet (AddInput is SketchSet.Update, the single-machine code, with
// the line's identity: its file's index among the matches in name order times 2⁴⁰ plus its
// byte offset), the partial sketches travel in their serialised form and are merged with each
// sketch's own Merge (MergeAccumulators), so the result is the sketch of the whole stream: bit
// for bit for the Count-Min, heavy-hitters, MCOUNT, Tug-of-War and bottom-k sample sketches,
// and for the HyperLogLog registers (its estimate is then the merged one, not the HIP estimate
// of a single pass). Cost: the
// sketches' update cost per item; the shuffle moves one sketch per bundle. An item that does
// not parse fails the job with the line (ErrEngine wrapping the message).
func FileSketch(ctx context.Context, r Runner, cfg Sketches, input, output string) error {
	if _, err := cfg.New(); err != nil {
		return err
	}
	if err := checkPaths(ctx, "FileSketch", input, output); err != nil {
		return err
	}
	files, err := listFiles(ctx, input)
	if err != nil {
		return fmt.Errorf("mapreduce: FileSketch: %w", err)
	}
	p, s := beam.NewPipelineWithRoot()
	sk := beam.Combine(s, &sketchCombineFn{Cfg: cfg}, readRecords(s, input, files))
	textio.Write(s, output, beam.ParDo(s, formatSketch, sk))
	_, err = r.exec(ctx, p)
	return err
}

// sketchCombineFn is FileSketch's combiner.
type sketchCombineFn struct{ Cfg Sketches }

func (f *sketchCombineFn) CreateAccumulator() (*SketchSet, error) { return f.Cfg.New() }

func (f *sketchCombineFn) AddInput(s *SketchSet, r record) (*SketchSet, error) {
	x, ok, err := parseItem(r.Line)
	if err != nil || !ok {
		return s, err
	}
	return s, s.Update(x, r.ID)
}

func (f *sketchCombineFn) MergeAccumulators(a, b *SketchSet) (*SketchSet, error) {
	return a, a.Merge(b)
}

func (f *sketchCombineFn) ExtractOutput(s *SketchSet) *SketchSet { return s }

// formatSketch renders a SketchSet as FileSketch's output text.
func formatSketch(s *SketchSet) (string, error) {
	b, err := s.MarshalBinary()
	if err != nil {
		return "", err
	}
	var out strings.Builder
	fmt.Fprintf(&out, "items\t%d\n", s.Items)
	for _, u := range s.HeavyHitters.Items() {
		fmt.Fprintf(&out, "heavy\t%d\t%d\n", u, s.HeavyHitters.Sketch().Estimate(u))
	}
	hll, _ := s.HLL.Estimate()
	mc, _ := s.MCount.Estimate()
	f2, _ := s.TugOfWar.Estimate()
	fmt.Fprintf(&out, "distinct_hll\t%g\ndistinct_mcount\t%g\nf2_tugofwar\t%g\n", hll, mc, f2)
	sample, _ := s.Sample.Sample()
	fmt.Fprintf(&out, "sample\t%s\n", strings.Trim(fmt.Sprint(sample), "[]"))
	fmt.Fprintf(&out, "sketch\t%s", base64.StdEncoding.EncodeToString(b))
	return out.String(), nil
}

// LocalSketch is FileSketch on one machine: SketchSet.Update over every item of the files
// matching input, in order, with the same record identities (file index and byte offset).
func LocalSketch(ctx context.Context, cfg Sketches, input string) (*SketchSet, error) {
	s, err := cfg.New()
	if err != nil {
		return nil, err
	}
	err = eachRecord(ctx, input, func(id uint64, l string) error {
		x, ok, err := parseItem(l)
		if err != nil || !ok {
			return err
		}
		return s.Update(x, id)
	})
	if err != nil {
		return nil, fmt.Errorf("mapreduce: LocalSketch: %w", err)
	}
	return s, nil
}

// ReadSketch reads the sketches FileSketch wrote to path.
func ReadSketch(ctx context.Context, path string) (*SketchSet, error) {
	var enc string
	err := eachLine(ctx, path, func(l string) error {
		if v, ok := strings.CutPrefix(l, "sketch\t"); ok {
			enc = v
		}
		return nil
	})
	if err == nil && enc == "" {
		err = fmt.Errorf("%s holds no sketch line: %w", path, ErrEmpty)
	}
	if err != nil {
		return nil, fmt.Errorf("mapreduce: ReadSketch: %w", err)
	}
	b, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		return nil, fmt.Errorf("mapreduce: ReadSketch: %v: %w", err, ErrParam)
	}
	var s SketchSet
	if err := s.UnmarshalBinary(b); err != nil {
		return nil, err
	}
	return &s, nil
}

func encodeSketchSet(s *SketchSet) ([]byte, error) { return s.MarshalBinary() }

func decodeSketchSet(b []byte) (*SketchSet, error) {
	var s SketchSet
	if err := s.UnmarshalBinary(b); err != nil {
		return nil, err
	}
	return &s, nil
}

func init() {
	beam.RegisterCoder(reflect.TypeOf((*SketchSet)(nil)), encodeSketchSet, decodeSketchSet)
	beam.RegisterType(reflect.TypeOf((*sketchCombineFn)(nil)).Elem())
	beam.RegisterFunction(formatSketch)
}

// Equal reports whether s and o hold the same sketches bit for bit: the same item count and
// the same serialised Count-Min/heavy-hitters, MCOUNT, Tug-of-War and sample sketches, and the same
// HyperLogLog registers (a merged HyperLogLog has dropped its single-pass HIP estimate, so its
// bytes differ from an unmerged one's in that field only; both are compared in merged form).
func (s *SketchSet) Equal(o *SketchSet) bool {
	if s == nil || o == nil || s.Items != o.Items {
		return false
	}
	for i, a := range s.parts() {
		x, err1 := canonical(a)
		y, err2 := canonical(o.parts()[i])
		if err1 != nil || err2 != nil || string(x) != string(y) {
			return false
		}
	}
	return true
}

// canonical is m's serialised form, for a HyperLogLog that of a copy merged with itself.
func canonical(m binaryMarshaler) ([]byte, error) {
	b, err := m.MarshalBinary()
	h, ok := m.(*stream.HLLSketch)
	if err != nil || !ok {
		return b, err
	}
	var c stream.HLLSketch
	if err := c.UnmarshalBinary(b); err != nil {
		return nil, err
	}
	if err := c.Merge(h); err != nil {
		return nil, err
	}
	return c.MarshalBinary()
}
