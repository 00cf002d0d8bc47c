package mapreduce

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/embed"
)

// WriteCSV writes the rows of x to path as comma-separated numbers (exact: shortest decimal
// that reads back to the same float64), through Beam's filesystems.
func WriteCSV(ctx context.Context, path string, x mat.Matrix) error {
	n, d := x.Dims()
	row := make([]float64, d)
	return WriteLines(ctx, path, func(yield func(string) bool) {
		for i := range n {
			mat.Row(row, i, x)
			if !yield(formatFloats(row)) {
				return
			}
		}
	})
}

// FilePCA is principal component analysis over a CSV file that need not fit in one machine's
// memory, in one pass: each bundle gathers its rows in batches and computes their number, mean
// and scatter matrix Σ(x − x̄)(x − x̄)ᵀ (gonum), and batches and bundles are merged with Chan,
// Golub and LeVeque's pairwise update, M = M₁ + M₂ + δδᵀ·n₁n₂/(n₁+n₂) with δ = x̄₂ − x̄₁, which
// needs no second pass and does not lose the digits a raw Gram matrix ΣxxᵀΣ − n x̄x̄ᵀ would lose
// to cancellation. The driver reads the merged scatter matrix C = AᵀA of the centred data
// (d×d, written to output.moments) and takes its eigen-decomposition (gonum's EigenSym): the
// eigenvalues are embed.PCA's Values and the eigenvectors its components, equal up to sign
// (embed.PCA flips each direction by the data's projections, which this one-pass version
// cannot see: here the largest-magnitude entry of each direction is positive). The model is
// written to output (lines "mean", "value", "component"). Cost: O(n·d²) work over the
// workers, one d×d matrix per bundle through the shuffle.
type FilePCA struct {
	// Components is the number K of directions kept (0: all d).
	Components int
}

// Fit runs the PCA over the rows of the CSV files matching input and returns an
// embed.PCAModel (Components d×K, Values all d). Errors: ErrParam (Components < 0 or > d,
// bad paths), ErrEmpty, ErrSingular-like ErrParam when every column is constant, and the
// job's error (ErrEngine, naming a bad line).
func (pc FilePCA) Fit(ctx context.Context, r Runner, input, output string) (*embed.PCAModel, error) {
	const fn = "FilePCA.Fit"
	if pc.Components < 0 {
		return nil, fmt.Errorf("mapreduce: %s: Components = %d, want ≥ 0: %w", fn, pc.Components, ErrParam)
	}
	if err := checkPaths(ctx, fn, input, output); err != nil {
		return nil, err
	}
	mom := output + ".moments"
	p, s := beam.NewPipelineWithRoot()
	textio.Write(s, mom, beam.Combine(s, &pcaFileFn{}, textio.Read(s, input)))
	if _, err := r.exec(ctx, p); err != nil {
		return nil, err
	}
	text, err := readAll(ctx, mom)
	if err != nil {
		return nil, fmt.Errorf("mapreduce: %s: %w", fn, err)
	}
	a, err := parsePCAAcc(text)
	if err != nil {
		return nil, err
	}
	d := len(a.Mean)
	k := cmp.Or(pc.Components, d)
	if k > d {
		return nil, fmt.Errorf("mapreduce: %s: Components = %d, want ≤ d = %d: %w", fn, k, d, ErrParam)
	}
	m, err := pcaModel(a, k)
	if err != nil {
		return nil, fmt.Errorf("mapreduce: %s: %w", fn, err)
	}
	err = WriteLines(ctx, output, func(yield func(string) bool) {
		if !yield("mean\t"+formatFloats(m.Mean)) || !yield("value\t"+formatFloats(m.Values)) {
			return
		}
		col := make([]float64, d)
		for j := range k {
			mat.Col(col, j, m.Components)
			if !yield("component\t" + formatFloats(col)) {
				return
			}
		}
	})
	if err != nil {
		return nil, fmt.Errorf("mapreduce: %s: %w", fn, err)
	}
	return m, nil
}

// pcaModel is the eigen-decomposition of the merged scatter matrix as an embed.PCAModel.
func pcaModel(a pcaAcc, k int) (*embed.PCAModel, error) {
	d := len(a.Mean)
	var eig mat.EigenSym
	if !eig.Factorize(mat.NewSymDense(d, a.M2), true) {
		return nil, fmt.Errorf("the eigen-decomposition did not converge: %w", ErrEngine)
	}
	vals := eig.Values(nil) // ascending
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	m := &embed.PCAModel{Mean: a.Mean, N: int(a.N), Components: mat.NewDense(d, k, nil), Values: make([]float64, d)}
	for j := range d {
		m.Values[j] = max(vals[d-1-j], 0)
		m.TotalVariance += a.M2[j*d+j]
	}
	if !(m.TotalVariance > 0) {
		return nil, fmt.Errorf("every column is constant: no direction of variance: %w", ErrParam)
	}
	m.Residual = m.TotalVariance
	for j := range k {
		col := mat.Col(nil, d-1-j, &vecs)
		big := 0
		for t, v := range col {
			if math.Abs(v) > math.Abs(col[big]) {
				big = t
			}
		}
		if col[big] < 0 {
			for t := range col {
				col[t] = -col[t]
			}
		}
		m.Components.SetCol(j, col)
		m.ExplainedVariance = append(m.ExplainedVariance, m.Values[j]/float64(max(a.N-1, 1)))
		m.ExplainedVarianceRatio = append(m.ExplainedVarianceRatio, m.Values[j]/m.TotalVariance)
		m.Residual -= m.Values[j]
	}
	m.Residual = max(m.Residual, 0)
	return m, nil
}

// pcaAcc is the count, mean and scatter matrix (d×d row-major) of the rows merged so far, and
// the rows not yet merged (Buf, row-major).
type pcaAcc struct {
	N    int64
	Mean []float64
	M2   []float64
	Buf  []float64
	D    int
}

// pcaFileFn is FilePCA's combiner; d is learnt from the first row.
type pcaFileFn struct{}

func (f *pcaFileFn) CreateAccumulator() pcaAcc { return pcaAcc{} }

func (f *pcaFileFn) AddInput(a pcaAcc, line string) (pcaAcc, error) {
	buf, cols, ok, err := parseRow(a.Buf, line, a.D)
	if err != nil || !ok {
		return a, err
	}
	a.Buf, a.D = buf, cols
	if len(a.Buf) >= fileBatch*a.D {
		err = flushPCA(&a)
	}
	return a, err
}

// flushPCA merges the buffered rows into a: their mean and scatter by gonum, then Chan's update.
func flushPCA(a *pcaAcc) error {
	if len(a.Buf) == 0 {
		return nil
	}
	d := a.D
	nb := len(a.Buf) / d
	x := mat.NewDense(nb, d, a.Buf)
	mean := make([]float64, d)
	for i := range nb {
		for t, v := range a.Buf[i*d : (i+1)*d] {
			mean[t] += v
		}
	}
	for t := range mean {
		mean[t] /= float64(nb)
	}
	for i := range nb {
		for t := range d {
			a.Buf[i*d+t] -= mean[t]
		}
	}
	var sc mat.SymDense
	sc.SymOuterK(1, x.T())
	m2 := make([]float64, d*d)
	for i := range d {
		for j := range d {
			m2[i*d+j] = sc.At(i, j)
		}
	}
	a.Buf = a.Buf[:0]
	return mergePCA(a, pcaAcc{N: int64(nb), Mean: mean, M2: m2, D: d})
}

// mergePCA folds b into a with Chan, Golub and LeVeque's update.
func mergePCA(a *pcaAcc, b pcaAcc) error {
	switch {
	case b.N == 0:
		return nil
	case a.N == 0:
		a.N, a.Mean, a.M2, a.D = b.N, b.Mean, b.M2, b.D
		return nil
	case a.D != b.D:
		return fmt.Errorf("mapreduce: FilePCA: rows of %d and %d columns: %w", a.D, b.D, ErrShape)
	}
	d, n := a.D, a.N+b.N
	w := float64(a.N) * float64(b.N) / float64(n)
	delta := make([]float64, d)
	for t := range d {
		delta[t] = b.Mean[t] - a.Mean[t]
		a.Mean[t] += delta[t] * float64(b.N) / float64(n)
	}
	for i := range d {
		for j := range d {
			a.M2[i*d+j] += b.M2[i*d+j] + delta[i]*delta[j]*w
		}
	}
	a.N = n
	return nil
}

func (f *pcaFileFn) MergeAccumulators(a, b pcaAcc) (pcaAcc, error) {
	if err := flushPCA(&a); err != nil {
		return a, err
	}
	if err := flushPCA(&b); err != nil {
		return a, err
	}
	return a, mergePCA(&a, b)
}

// ExtractOutput renders the merged moments: "n", "mean" and "scatter" (row-major) lines.
func (f *pcaFileFn) ExtractOutput(a pcaAcc) (string, error) {
	if err := flushPCA(&a); err != nil {
		return "", err
	}
	return fmt.Sprintf("n\t%d\nmean\t%s\nscatter\t%s", a.N, formatFloats(a.Mean), formatFloats(a.M2)), nil
}

func parsePCAAcc(text string) (pcaAcc, error) {
	var a pcaAcc
	lines := strings.Split(strings.TrimSpace(text), "\n")
	bad := fmt.Errorf("mapreduce: FilePCA.Fit: moments %q: %w", text, ErrEngine)
	if len(lines) != 3 {
		return a, bad
	}
	n, err := strconv.ParseInt(strings.TrimPrefix(lines[0], "n\t"), 10, 64)
	if err != nil {
		return a, bad
	}
	if n == 0 {
		return a, fmt.Errorf("mapreduce: FilePCA.Fit: the input holds no rows: %w", ErrEmpty)
	}
	mean, d, _, err1 := parseRow(nil, strings.TrimPrefix(lines[1], "mean\t"), 0)
	m2, _, _, err2 := parseRow(nil, strings.TrimPrefix(lines[2], "scatter\t"), d*d)
	if err1 != nil || err2 != nil {
		return a, bad
	}
	return pcaAcc{N: n, Mean: mean, M2: m2, D: d}, nil
}

func init() {
	beam.RegisterType(reflect.TypeOf(pcaAcc{}))
	beam.RegisterType(reflect.TypeOf((*pcaFileFn)(nil)).Elem())
}
