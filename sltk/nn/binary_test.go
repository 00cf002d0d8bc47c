package nn_test

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/nn"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

var (
	_ encoding.BinaryMarshaler   = (*nn.Model)(nil)
	_ encoding.BinaryUnmarshaler = (*nn.Model)(nil)
)

// trained returns a small network trained with a hold-out (so Trace, Best and Converged are
// all set), its data and its encoding.
func trained(t testing.TB, c nn.MLP) (*nn.Model, *mat.Dense, []int, []byte) {
	t.Helper()
	x, y, _, err := synth.Blobs{N: 300, K: 3, Dim: 4, Std: 2.5, Seed: 5}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	m, err := c.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return m, x, y, b
}

// sameBits reports whether two float slices hold the same bits.
func sameBits(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(u, v float64) bool { return math.Float64bits(u) == math.Float64bits(v) })
}

// TestModelBinaryRoundTrip: a decoded model (from bytes, and from a file through Save and
// Load) holds the same parameters bit for bit and the same training record, and every method
// gives the same bits as on the original: Predict, Prob, Activations, Filter, Loss, Gradient;
// it re-encodes to the same bytes. Networks with two hidden layers and with none, each
// activation, weight decay, both precisions, and an untrained one from Initial.
func TestModelBinaryRoundTrip(t *testing.T) {
	cases := []nn.MLP{
		{Hidden: []int{6, 4}, LearningRate: 0.05, MaxIter: 200, ValidationFraction: 0.2, Patience: 3, Seed: 1},
		{Hidden: []int{5}, Activation: nn.Tanh, WeightDecay: 0.01, MaxIter: 5, Seed: 2, Precision: nn.Float32},
		{Hidden: []int{3}, Activation: nn.Sigmoid, Optimizer: nn.Momentum, MaxIter: 4, Seed: 3},
		{Hidden: []int{}, MaxIter: 3, Seed: 4},
	}
	dir := t.TempDir()
	for i, c := range cases {
		m, x, y, b := trained(t, c)
		if i == 0 && !(m.Converged && m.Best < m.Iter && m.Trace[0].ValLoss > 0) {
			t.Fatalf("case 0 should stop early with a hold-out: %d epochs, best %d", m.Iter, m.Best)
		}
		var d nn.Model
		if err := d.UnmarshalBinary(b); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "m.nn")
		if err := m.Save(path); err != nil {
			t.Fatal(err)
		}
		f, err := nn.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range []*nn.Model{&d, f} {
			sameModel(t, i, m, g, x, y)
			again, err := g.MarshalBinary()
			if err != nil || !bytes.Equal(again, b) {
				t.Errorf("case %d: re-encoding gives %d bytes, want the %d read (err %v)", i, len(again), len(b), err)
			}
		}
		if want := 8*(len(m.Params())+4*len(m.Trace)+len(m.Layers)) + 72; len(b) != want {
			t.Errorf("case %d: %d bytes, the format says %d", i, len(b), want)
		}
	}
	m, err := nn.MLP{Hidden: []int{4}, Seed: 5}.Initial(3, 2)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := m.MarshalBinary()
	var d nn.Model
	if err := d.UnmarshalBinary(b); err != nil || d.Trace != nil || !sameBits(d.Params(), m.Params()) {
		t.Errorf("untrained model: err %v, trace %v", err, d.Trace)
	}
	// The decoded model owns its parameters: writing into the original does not reach it.
	m.Params()[0]++
	if d.Params()[0] == m.Params()[0] {
		t.Error("decoded parameters share storage with the original")
	}
}

// sameModel checks g against m field by field and method by method.
func sameModel(t *testing.T, i int, m, g *nn.Model, x *mat.Dense, y []int) {
	t.Helper()
	if !sameBits(g.Params(), m.Params()) || g.Activation != m.Activation || g.WeightDecay != m.WeightDecay ||
		g.K != m.K || g.Iter != m.Iter || g.Best != m.Best || g.Converged != m.Converged ||
		!reflect.DeepEqual(g.Trace, m.Trace) || len(g.Layers) != len(m.Layers) {
		t.Fatalf("case %d: decoded model differs: %+v", i, g)
	}
	for l := range m.Layers {
		a, c := m.Layers[l], g.Layers[l]
		if a.In != c.In || a.Out != c.Out || !sameBits(a.W, c.W) || !sameBits(a.B, c.B) {
			t.Fatalf("case %d: layer %d differs", i, l)
		}
	}
	p1, _ := m.Predict(x)
	p2, err := g.Predict(x)
	if err != nil || !slices.Equal(p1, p2) {
		t.Errorf("case %d: Predict differs (%v)", i, err)
	}
	q1, _ := m.Prob(x)
	q2, _ := g.Prob(x)
	if !sameBits(q1.RawMatrix().Data, q2.RawMatrix().Data) {
		t.Errorf("case %d: Prob differs", i)
	}
	a1, _ := m.Activations(x)
	a2, _ := g.Activations(x)
	for l := range a1 {
		if !sameBits(a1[l].RawMatrix().Data, a2[l].RawMatrix().Data) {
			t.Errorf("case %d: Activations[%d] differ", i, l)
		}
	}
	if len(m.Layers) > 1 {
		f1, _ := m.Filter(0, 2)
		f2, _ := g.Filter(0, 2)
		if !mat.Equal(f1, f2) {
			t.Errorf("case %d: Filter differs", i)
		}
	}
	l1, _ := m.Loss(x, y)
	l2, _ := g.Loss(x, y)
	gr1, v1, _ := m.Gradient(x, y)
	gr2, v2, _ := g.Gradient(x, y)
	if math.Float64bits(l1) != math.Float64bits(l2) || v1 != v2 || !sameBits(gr1, gr2) {
		t.Errorf("case %d: Loss %v vs %v, or Gradient differs", i, l1, l2)
	}
}

// Offsets of the encoding's fields (the format of Model.MarshalBinary).
const (
	offAct, offDecay, offLayers, offIter, offBest, offConv, offEpochs, offWidths = 4, 12, 20, 28, 36, 44, 52, 60
)

// edit returns a copy of b with the uint64 at off set to v and the checksum recomputed: input
// that passes the checksum, to reach the checks behind it.
func edit(b []byte, off int, v uint64) []byte {
	c := slices.Clone(b)
	binary.LittleEndian.PutUint64(c[off:], v)
	return reseal(c)
}

func reseal(c []byte) []byte {
	n := len(c) - 4
	binary.LittleEndian.PutUint32(c[n:], crc32.Checksum(c[:n], crc32.MakeTable(crc32.Castagnoli)))
	return c
}

// TestModelUnmarshalCorrupt: every class of bad input is refused with an error that wraps the
// stated sentinel and names what is wrong, and leaves the receiver as it was: wrong tag or
// version, every truncation, trailing bytes, flipped bits (checksum), and, behind a valid
// checksum, unknown activation, impossible or huge sizes (refused before allocating), an
// inconsistent training record and non-finite weights or losses.
func TestModelUnmarshalCorrupt(t *testing.T) {
	m, _, _, b := trained(t, nn.MLP{Hidden: []int{6, 4}, LearningRate: 0.05, MaxIter: 200, ValidationFraction: 0.2, Patience: 3, Seed: 1})
	np := len(m.Params())
	offParams := offWidths + 8*(len(m.Layers)+1)
	offTrace := offParams + 8*np
	nan, inf := math.Float64bits(math.NaN()), math.Float64bits(math.Inf(1))
	big := uint64(1) << 40
	type bad struct {
		name string
		in   []byte
		want error
		msg  string
	}
	cases := []bad{
		{"nil", nil, nn.ErrShape, "0 bytes without the SLN tag"},
		{"tag", append([]byte("SLS"), b[3:]...), nn.ErrShape, "without the SLN tag"},
		{"version", append([]byte("SLN\x02"), b[4:]...), nn.ErrShape, "format version 2, want 1"},
		{"header only", b[:20], nn.ErrShape, "truncated input: 20 bytes"},
		{"trailing byte", append(slices.Clone(b), 0), nn.ErrShape, "checksum"},
		{"trailing byte, resealed", reseal(append(slices.Clone(b), 0, 0, 0, 0, 0)), nn.ErrShape, "bytes for"},
		{"activation", edit(b, offAct, 3), nn.ErrParam, "Activation = 3"},
		{"converged flag", edit(b, offConv, 2), nn.ErrParam, "Converged = 2"},
		{"weight decay NaN", edit(b, offDecay, nan), nn.ErrParam, "WeightDecay = NaN"},
		{"weight decay < 0", edit(b, offDecay, math.Float64bits(-1)), nn.ErrParam, "WeightDecay = -1"},
		{"no layers", edit(b, offLayers, 0), nn.ErrShape, "no layers"},
		{"layers huge", edit(b, offLayers, big), nn.ErrTooLarge, "1099511627776 layers, limit 65"},
		{"layers past the bytes", edit(reseal(append(slices.Clone(b[:offWidths+16]), 0, 0, 0, 0)), offLayers, 3),
			nn.ErrShape, "3 layers need 32 width bytes, 16 left"},
		{"epochs huge", edit(b, offEpochs, big), nn.ErrTooLarge, "1099511627776 epochs in Trace"},
		{"epochs wrong", edit(b, offEpochs, 3), nn.ErrShape, "parameters and 3 epochs"},
		{"iter huge", edit(b, offIter, math.MaxUint64), nn.ErrTooLarge, "Iter = 18446744073709551615"},
		{"best > iter", edit(b, offBest, uint64(m.Iter+1)), nn.ErrParam, "want 0 ≤ Best ≤ Iter"},
		{"input width 0", edit(b, offWidths, 0), nn.ErrShape, "inputs s_0 = 0, want ≥ 1"},
		{"input width huge", edit(b, offWidths, big), nn.ErrTooLarge, "inputs s_0 = 1099511627776"},
		{"hidden width huge", edit(b, offWidths+8, nn.MaxWidth+1), nn.ErrTooLarge, "hidden width s_1 = 65537"},
		{"one class", edit(b, offParams-8, 1), nn.ErrShape, "classes K = 1, want ≥ 2"},
		{"classes huge", edit(b, offParams-8, nn.MaxClasses+1), nn.ErrTooLarge, "classes K = 65537"},
		{"parameters huge", edit(edit(b, offWidths, nn.MaxParams), offWidths+8, nn.MaxWidth),
			nn.ErrTooLarge, "parameters of layers 1 to 1"},
		{"parameters past the bytes", edit(b, offWidths+8, 7), nn.ErrShape, "bytes for"},
		{"NaN weight", edit(b, offParams+8*3, nan), nn.ErrNotFinite, "Layers[0][3] = NaN"},
		{"infinite bias", edit(b, offParams+8*(np-1), inf), nn.ErrNotFinite, "Layers[2][2] = +Inf"},
		{"NaN loss", edit(b, offTrace, nan), nn.ErrNotFinite, "Trace[0] holds NaN"},
		{"negative loss", edit(b, offTrace+32, math.Float64bits(-1)), nn.ErrParam, "Trace[1]"},
		{"accuracy > 1", edit(b, offTrace+8, math.Float64bits(1.5)), nn.ErrParam, "accuracies in [0, 1]"},
	}
	for n := 0; n < len(b); n++ { // every truncation
		cases = append(cases, bad{"truncated", b[:n], nn.ErrShape, ""})
	}
	for i := 0; i < len(b); i += 7 { // single flipped bits all over
		c := slices.Clone(b)
		c[i] ^= 1 << (i % 8)
		cases = append(cases, bad{"flipped bit", c, nn.ErrShape, ""})
	}
	d, _, _, _ := trained(t, nn.MLP{Hidden: []int{2}, MaxIter: 1, Seed: 9})
	keep := slices.Clone(d.Params())
	for _, c := range cases {
		err := d.UnmarshalBinary(c.in)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) ||
			!strings.HasPrefix(err.Error(), "nn: Model.UnmarshalBinary: ") {
			t.Errorf("%s (%d bytes): %v, want %v with %q", c.name, len(c.in), err, c.want, c.msg)
		}
		if !sameBits(d.Params(), keep) || d.Iter != 1 {
			t.Fatalf("%s: a failed decoding changed the receiver", c.name)
		}
	}
	var z *nn.Model
	if err := z.UnmarshalBinary(b); !errors.Is(err, nn.ErrNotFitted) {
		t.Errorf("nil receiver: %v", err)
	}
}

// TestModelMarshalRefuses: what a decoder would refuse is not encoded: no model, a model
// whose layers are not views into Params (built by hand; the methods refuse it too instead of
// panicking), a NaN weight, a broken training record.
func TestModelMarshalRefuses(t *testing.T) {
	hand := &nn.Model{Layers: []nn.Layer{{In: 2, Out: 2, W: []float64{1, 0, 0, 1}, B: []float64{0, 0}}}, K: 2}
	nanW, _ := nn.MLP{Hidden: []int{3}, Seed: 1}.Initial(2, 2)
	nanW.Params()[4] = math.NaN()
	best, _ := nn.MLP{Hidden: []int{3}, Seed: 1}.Initial(2, 2)
	best.Best = 1
	moved, _ := nn.MLP{Hidden: []int{3}, Seed: 1}.Initial(2, 2)
	moved.Layers[1].B = []float64{0, 0}
	for _, c := range []struct {
		name string
		m    *nn.Model
		want error
		msg  string
	}{
		{"nil", nil, nn.ErrNotFitted, "Model.MarshalBinary"},
		{"zero", &nn.Model{}, nn.ErrNotFitted, "Model.MarshalBinary"},
		{"by hand", hand, nn.ErrShape, "Layers[0] is not a view into Params"},
		{"layer slice replaced", moved, nn.ErrShape, "Layers[1] is not a view into Params"},
		{"NaN weight", nanW, nn.ErrNotFinite, "Layers[0][4] = NaN"},
		{"Best > Iter", best, nn.ErrParam, "Best = 1, Iter = 0"},
	} {
		_, err := c.m.MarshalBinary()
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want %v with %q", c.name, err, c.want, c.msg)
		}
		if err := c.m.Save(filepath.Join(t.TempDir(), "m.nn")); !errors.Is(err, c.want) {
			t.Errorf("%s: Save: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := hand.Prob(mat.NewDense(1, 2, nil)); !errors.Is(err, nn.ErrShape) {
		t.Errorf("Prob of a model built by hand: %v, want ErrShape", err)
	}
}

// TestSaveLoadFiles: files that cannot be written or read give ErrIO wrapping the operating
// system's error; a file of other bytes is refused as UnmarshalBinary refuses it; a file
// longer than any encoding is refused before it is read; Save leaves no temporary file.
func TestSaveLoadFiles(t *testing.T) {
	dir := t.TempDir()
	m, _ := nn.MLP{Hidden: []int{3}, Seed: 1}.Initial(2, 2)
	if err := m.Save(filepath.Join(dir, "no", "such", "dir.nn")); !errors.Is(err, nn.ErrIO) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Save into a missing directory: %v", err)
	}
	if _, err := nn.Load(filepath.Join(dir, "missing.nn")); !errors.Is(err, nn.ErrIO) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load of a missing file: %v", err)
	}
	if _, err := nn.Load(dir); !errors.Is(err, nn.ErrIO) {
		t.Errorf("Load of a directory: %v", err)
	}
	other := filepath.Join(dir, "other.csv")
	if err := os.WriteFile(other, []byte("a,b\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := nn.Load(other); !errors.Is(err, nn.ErrShape) || !strings.HasPrefix(err.Error(), "nn: Load: ") {
		t.Errorf("Load of a CSV file: %v", err)
	}
	huge := filepath.Join(dir, "huge.nn")
	if err := os.WriteFile(huge, []byte("SLN\x01"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, 2<<30); err != nil { // sparse: nothing is written
		t.Skip(err)
	}
	if _, err := nn.Load(huge); !errors.Is(err, nn.ErrTooLarge) {
		t.Errorf("Load of a 2 GB file: %v", err)
	}
	path := filepath.Join(dir, "m.nn")
	for range 2 { // the second Save replaces the first file
		if err := m.Save(path); err != nil {
			t.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"huge.nn", "m.nn", "other.csv"}) {
		t.Errorf("files after Save: %v", names)
	}
}

// FuzzModelUnmarshal feeds arbitrary bytes to Model.UnmarshalBinary: no panic; an error wraps
// a sentinel of package errs; whatever decodes re-encodes to the same bytes, and its Predict
// returns or fails with a sentinel. With reseal the checksum is recomputed first, so that
// mutated input reaches the checks behind it (sizes, limits, values) instead of stopping at
// the checksum.
func FuzzModelUnmarshal(f *testing.F) {
	_, _, _, b := trained(f, nn.MLP{Hidden: []int{3, 2}, MaxIter: 3, ValidationFraction: 0.2, Seed: 1})
	m, _ := nn.MLP{Hidden: []int{}, Seed: 2}.Initial(1, 2)
	small, _ := m.MarshalBinary()
	for _, reseal := range []bool{false, true} {
		f.Add(b, reseal)
		f.Add(small, reseal)
		f.Add(b[:len(b)/2], reseal)
		f.Add(edit(small, offLayers, 2), reseal)
	}
	f.Fuzz(func(t *testing.T, in []byte, resealed bool) {
		if resealed && len(in) >= 8 {
			in = reseal(slices.Clone(in))
		}
		var d nn.Model
		err := d.UnmarshalBinary(in)
		if err != nil {
			if check.Sentinel(err) == nil {
				t.Fatalf("error %v wraps no sentinel", err)
			}
			return
		}
		again, err := d.MarshalBinary()
		if err != nil || !bytes.Equal(again, in) {
			t.Fatalf("decoded %d bytes but re-encodes to %d (err %v)", len(in), len(again), err)
		}
		if _, err := d.Predict(mat.NewDense(1, d.Layers[0].In, nil)); err != nil && check.Sentinel(err) == nil {
			t.Fatalf("Predict of a decoded model: %v", err)
		}
	})
}
