package nn

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
)

const (
	formatVersion = 1
	headerFields  = 7
	headerBytes   = 4 + 8*headerFields
	// maxEncoded is the largest encoding the limits allow (MarshalBinary's format): the
	// header, MaxLayers+2 widths, MaxParams parameters, MaxEpochs epochs and the checksum
	// (about 1.1 GB).
	maxEncoded = headerBytes + 8*(MaxLayers+2) + 8*MaxParams + 32*MaxEpochs + 4
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// MarshalBinary encodes the model: its layer widths, weights and biases, activation,
// WeightDecay, K (the last width), and the training record Trace, Iter, Best and Converged.
// The training settings (MLP) are not part of a Model and are not stored. Format version 1,
// all numbers little-endian:
//
//	offset    field
//	0         "SLN" and the format version, one byte (1)
//	4         seven uint64: Activation, WeightDecay (IEEE-754 bits), L (layers), Iter, Best,
//	          Converged (0 or 1), T (epochs in Trace)
//	60        L+1 uint64 widths s_0 = d, s_1, …, s_L = K
//	68 + 8L   P float64 parameters in the order of Params (per layer W row-major, then B),
//	          P = Σ_l (s_{l−1}+1)·s_l
//	…         4·T float64: per epoch Loss, Accuracy, ValLoss, ValAccuracy
//	…         uint32 CRC-32C (Castagnoli) of everything before it
//
// The weights are stored as their float64 bits, so a decoded model computes exactly what the
// encoded one did (a network trained in Float32 holds float32 numbers, exact in float64). The
// encoding takes 8·(P + 4·T + L) + 72 bytes; cost O(P + T). A model that the library's methods
// refuse cannot be encoded (the error says what is wrong), nor can one that UnmarshalBinary
// would refuse.
func (m *Model) MarshalBinary() ([]byte, error) { return m.marshal("Model.MarshalBinary") }

func (m *Model) marshal(fn string) ([]byte, error) {
	if m == nil || len(m.Layers) == 0 {
		return nil, fmt.Errorf("nn: %s: %w", fn, ErrNotFitted)
	}
	if err := m.savable(); err != nil {
		return nil, fmt.Errorf("nn: %s: %w", fn, err)
	}
	var conv uint64
	if m.Converged {
		conv = 1
	}
	b := make([]byte, 0, 8*(len(m.params)+4*len(m.Trace)+len(m.Layers))+72)
	b = append(b, 'S', 'L', 'N', formatVersion)
	for _, v := range []uint64{uint64(m.Activation), math.Float64bits(m.WeightDecay),
		uint64(len(m.Layers)), uint64(m.Iter), uint64(m.Best), conv, uint64(len(m.Trace)),
		uint64(m.Layers[0].In)} {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	for _, ly := range m.Layers {
		b = binary.LittleEndian.AppendUint64(b, uint64(ly.Out))
	}
	for _, v := range m.params {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	for _, e := range m.Trace {
		for _, v := range [4]float64{e.Loss, e.Accuracy, e.ValLoss, e.ValAccuracy} {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli)), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote into m, replacing what m held. Input that
// is not such an encoding returns an error and leaves m as it was: a missing tag or another
// format version, truncated or trailing bytes, a checksum that does not match (ErrShape);
// sizes beyond the package's limits (ErrTooLarge, before anything is allocated); an unknown
// activation, a negative WeightDecay, Best > Iter, accuracies outside [0, 1] (ErrParam);
// weights or losses that are NaN or infinite (ErrNotFinite). Cost O(P + T), memory that of
// the decoded model.
func (m *Model) UnmarshalBinary(b []byte) error {
	const fn = "Model.UnmarshalBinary"
	if m == nil {
		return fmt.Errorf("nn: %s: nil receiver: %w", fn, ErrNotFitted)
	}
	d, err := decode(fn, b)
	if err != nil {
		return err
	}
	*m = *d
	return nil
}

// decode reads an encoded model; fn names the caller in errors.
func decode(fn string, b []byte) (*Model, error) {
	bad := func(sentinel error, format string, a ...any) (*Model, error) {
		return nil, fmt.Errorf("nn: "+fn+": "+format+": %w", append(a, sentinel)...)
	}
	switch {
	case len(b) < 4 || b[0] != 'S' || b[1] != 'L' || b[2] != 'N':
		return bad(ErrShape, "%d bytes without the SLN tag of an encoded model", len(b))
	case b[3] != formatVersion:
		return bad(ErrShape, "format version %d, want %d", b[3], formatVersion)
	case len(b) < headerBytes+8+4:
		return bad(ErrShape, "truncated input: %d bytes, a header needs %d", len(b), headerBytes+12)
	}
	body := b[:len(b)-4]
	if got, want := binary.LittleEndian.Uint32(b[len(b)-4:]), crc32.Checksum(body, castagnoli); got != want {
		return bad(ErrShape, "checksum %#08x, want %#08x (corrupt or truncated input)", got, want)
	}
	var h [headerFields]uint64
	for i := range h {
		h[i] = binary.LittleEndian.Uint64(body[4+8*i:])
	}
	act, decay, layers, iter, best, conv, epochs := h[0], h[1], h[2], h[3], h[4], h[5], h[6]
	switch {
	case layers < 1:
		return bad(ErrShape, "no layers")
	case layers > MaxLayers+1:
		return bad(ErrTooLarge, "%d layers, limit %d", layers, MaxLayers+1)
	case epochs > MaxEpochs || iter > MaxEpochs:
		return bad(ErrTooLarge, "%d epochs in Trace, Iter = %d, limit %d", epochs, iter, MaxEpochs)
	case act > uint64(Sigmoid) || conv > 1:
		return bad(ErrParam, "Activation = %d, Converged = %d, want at most %d and 1", act, conv, Sigmoid)
	}
	rest := body[headerBytes:]
	if uint64(len(rest)) < 8*(layers+1) {
		return bad(ErrShape, "%d layers need %d width bytes, %d left", layers, 8*(layers+1), len(rest))
	}
	widths := make([]uint64, layers+1)
	for l := range widths {
		widths[l] = binary.LittleEndian.Uint64(rest[8*l:])
	}
	rest = rest[8*len(widths):]
	p, err := paramCount(widths)
	if err != nil {
		return nil, fmt.Errorf("nn: %s: %w", fn, err)
	}
	if want := 8 * (uint64(p) + 4*epochs); uint64(len(rest)) != want {
		return bad(ErrShape, "%d bytes for %d parameters and %d epochs, want %d", len(rest), p, epochs, want)
	}
	m := &Model{Activation: Activation(act), WeightDecay: math.Float64frombits(decay),
		K: int(widths[layers]), Iter: int(iter), Best: int(best), Converged: conv == 1,
		params: make([]float64, p)}
	for i := range m.params {
		m.params[i] = math.Float64frombits(binary.LittleEndian.Uint64(rest[8*i:]))
	}
	off := 0
	for l := 1; l < len(widths); l++ {
		in, out := int(widths[l-1]), int(widths[l])
		m.Layers = append(m.Layers, Layer{In: in, Out: out,
			W: m.params[off : off+in*out : off+in*out],
			B: m.params[off+in*out : off+(in+1)*out : off+(in+1)*out]})
		off += (in + 1) * out
	}
	rest = rest[8*p:]
	if epochs > 0 {
		m.Trace = make([]Epoch, epochs)
	}
	for i := range m.Trace {
		f := func(j int) float64 { return math.Float64frombits(binary.LittleEndian.Uint64(rest[32*i+8*j:])) }
		m.Trace[i] = Epoch{Loss: f(0), Accuracy: f(1), ValLoss: f(2), ValAccuracy: f(3)}
	}
	if err := m.savable(); err != nil {
		return nil, fmt.Errorf("nn: %s: %w", fn, err)
	}
	return m, nil
}

// paramCount checks the layer widths s_0, …, s_L of a network (s_0 ≤ MaxParams inputs,
// hidden widths in [1, MaxWidth], K = s_L in [2, MaxClasses], L ≤ MaxLayers+1) and returns
// its number of parameters Σ_l (s_{l−1}+1)·s_l, at most MaxParams. No product overflows: each
// factor is checked first.
func paramCount(s []uint64) (int, error) {
	L := len(s) - 1
	for l, w := range s {
		least, limit, name := uint64(1), uint64(MaxWidth), fmt.Sprintf("hidden width s_%d", l)
		switch l {
		case 0:
			limit, name = MaxParams, "inputs s_0"
		case L:
			least, limit, name = 2, MaxClasses, "classes K"
		}
		if w > limit {
			return 0, fmt.Errorf("%s = %d, limit %d: %w", name, w, limit, ErrTooLarge)
		}
		if w < least {
			return 0, fmt.Errorf("%s = %d, want ≥ %d: %w", name, w, least, ErrShape)
		}
	}
	total := uint64(0)
	for l := 1; l <= L; l++ {
		if total += (s[l-1] + 1) * s[l]; total > MaxParams {
			return 0, fmt.Errorf("parameters of layers 1 to %d = %d, limit %d: %w", l, total, MaxParams, ErrTooLarge)
		}
	}
	return int(total), nil
}

// savable checks what an encoding must hold beyond valid: widths within the limits a trained
// network keeps (paramCount), 0 ≤ Best ≤ Iter ≤ MaxEpochs, at most MaxEpochs epochs in Trace,
// and in each epoch finite losses ≥ 0 and accuracies in [0, 1]. Cost O(P + T).
func (m *Model) savable() error {
	if err := m.valid(); err != nil {
		return err
	}
	widths := []uint64{uint64(m.Layers[0].In)}
	for _, ly := range m.Layers {
		widths = append(widths, uint64(ly.Out))
	}
	if _, err := paramCount(widths); err != nil {
		return err
	}
	if len(m.Trace) > MaxEpochs || m.Iter > MaxEpochs {
		return fmt.Errorf("%d epochs in Trace, Iter = %d, limit %d: %w", len(m.Trace), m.Iter, MaxEpochs, ErrTooLarge)
	}
	if m.Best < 0 || m.Best > m.Iter {
		return fmt.Errorf("Best = %d, Iter = %d, want 0 ≤ Best ≤ Iter: %w", m.Best, m.Iter, ErrParam)
	}
	for i, e := range m.Trace {
		for _, v := range [4]float64{e.Loss, e.Accuracy, e.ValLoss, e.ValAccuracy} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("Trace[%d] holds %v: %w", i, v, ErrNotFinite)
			}
		}
		if e.Loss < 0 || e.ValLoss < 0 || !(e.Accuracy >= 0 && e.Accuracy <= 1) ||
			!(e.ValAccuracy >= 0 && e.ValAccuracy <= 1) {
			return fmt.Errorf("Trace[%d] = %+v, want losses ≥ 0 and accuracies in [0, 1]: %w", i, e, ErrParam)
		}
	}
	return nil
}

// Save writes the model to the file path in MarshalBinary's format (8·P bytes and a little
// more for P parameters). The bytes go to a temporary file in the same directory that is then
// renamed to path, so that a reader (Load) never sees half a model, also while another process
// saves to the same path. A file that cannot be written is an ErrIO that also wraps the
// operating system's error.
func (m *Model) Save(path string) error {
	b, err := m.marshal("Model.Save")
	if err != nil {
		return err
	}
	fail := func(err error) error { return fmt.Errorf("nn: Model.Save: %w: %w", err, ErrIO) }
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fail(err)
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fail(err)
	}
	return nil
}

// Load reads a model that Model.Save wrote (or any file holding MarshalBinary's bytes). A
// file that cannot be read is an ErrIO that also wraps the operating system's error
// (fs.ErrNotExist, …); a file longer than the largest encoding the limits allow is refused
// before it is read (ErrTooLarge); its contents are checked as UnmarshalBinary checks them.
// Cost O(P + T) for P parameters and T epochs.
func Load(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nn: Load: %w: %w", err, ErrIO)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > maxEncoded {
		return nil, fmt.Errorf("nn: Load: %s holds %d bytes, an encoded model at most %d: %w",
			path, st.Size(), maxEncoded, ErrTooLarge)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxEncoded+1))
	if err != nil {
		return nil, fmt.Errorf("nn: Load: %w: %w", err, ErrIO)
	}
	if len(b) > maxEncoded {
		return nil, fmt.Errorf("nn: Load: %s holds more than %d bytes: %w", path, maxEncoded, ErrTooLarge)
	}
	return decode("Load", b)
}
