package mapreduce

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/cluster"
)

// fileBatch is the number of rows a file combiner gathers before it hands them to the sltk
// code as one matrix (cluster.Assign, the scatter of a batch).
const fileBatch = 2048

// parseRow appends the comma-separated numbers of line to buf; d > 0 is the expected number
// of columns (0: any). A blank line gives ok = false.
func parseRow(buf []float64, line string, d int) (_ []float64, cols int, ok bool, err error) {
	t := strings.TrimSpace(line)
	if t == "" {
		return buf, 0, false, nil
	}
	for f := range strings.SplitSeq(t, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return buf, 0, false, fmt.Errorf("mapreduce: CSV line %q: %q is not a number: %w", line, f, ErrParam)
		}
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return buf, 0, false, fmt.Errorf("mapreduce: CSV line %q: %v: %w", line, v, ErrNotFinite)
		}
		buf = append(buf, v)
		cols++
	}
	if d > 0 && cols != d {
		return buf, 0, false, fmt.Errorf("mapreduce: CSV line %q has %d columns, want %d: %w", line, cols, d, ErrShape)
	}
	return buf, cols, true, nil
}

// ReadCSV reads the rows of the comma-separated files matching path (numbers only, no header,
// blank lines skipped) into one matrix: the single-machine way in, for files that fit in memory.
func ReadCSV(ctx context.Context, path string) (*mat.Dense, error) {
	var data []float64
	n, d := 0, 0
	err := eachLine(ctx, path, func(l string) error {
		var ok bool
		var err error
		var cols int
		if data, cols, ok, err = parseRow(data, l, d); ok {
			n, d = n+1, cols
		}
		return err
	})
	if err == nil && n == 0 {
		err = fmt.Errorf("%s holds no rows: %w", path, ErrEmpty)
	}
	if err != nil {
		return nil, fmt.Errorf("mapreduce: ReadCSV: %w", err)
	}
	return mat.NewDense(n, d, data), nil
}

func formatFloats(xs []float64) string {
	b := make([]byte, 0, 24*len(xs))
	for i, v := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendFloat(b, v, 'g', -1, 64)
	}
	return string(b)
}

// FileKMeans is k-means (Lloyd's algorithm) over a CSV file that need not fit in one machine's
// memory: cluster.KMeans.Lloyd's loop (the centroid update, the empty-cluster rule: the centroid
// stays, the stopping rules: no label changed, or Tol, and the final re-assignment after
// MaxIter) with every assignment step one Beam job over the file. The centroids travel to the
// workers with the combiner; each bundle labels its rows in batches with cluster.Assign (the
// nearest-centroid rule and distances of cluster.KMeans, ties to the smallest index) and sums
// them per cluster; the partial sums, counts and costs are merged and written to the file
// output.roundNNN, which the driver reads to update the centroids.
//
// A step labels every row once and keeps no per-row state, so it cannot compare labels with
// the previous step's. It does not need to while the cluster sizes differ from the previous
// step's: then some label changed, which is all the stopping rule asks. When the sizes come back
// equal (the labels may not have changed), the step runs again and also labels each row against
// the previous centroids to count the changes exactly (output.roundNNN.check); so the stopping
// rule is cluster.KMeans's, and from the same starting centroids both give the same iterations,
// sizes and trace, and centroids and costs equal up to the order of the floating-point sums
// (relative 1e-9 in the tests). The result has no Labels (they would be a file as large as the
// input). The final centroids are written to output as CSV.
//
// Cost per step: O(n·k·d) work over the workers (twice that, plus one more job, in a step whose
// sizes repeat: at least the last one), one record of k·d + k + 2 numbers per bundle through
// the shuffle.
type FileKMeans struct {
	// Centroids are the k×d starting centroids (required).
	Centroids mat.Matrix
	// MaxIter (0 means 300) and Tol are cluster.KMeans's.
	MaxIter int
	Tol     float64
}

// Fit runs k-means over the rows of the CSV files matching input. Errors: ErrEmpty (no
// Centroids, no input), ErrParam (MaxIter or Tol < 0, bad paths), ErrNotFinite (a centroid),
// and the job's error (ErrEngine, naming a bad line: a wrong number of columns, not a number).
func (km FileKMeans) Fit(ctx context.Context, r Runner, input, output string) (*cluster.KMeansResult, error) {
	const fn = "FileKMeans.Fit"
	if km.Centroids == nil {
		return nil, fmt.Errorf("mapreduce: %s: no starting Centroids: %w", fn, ErrEmpty)
	}
	if km.MaxIter < 0 || km.Tol < 0 || math.IsNaN(km.Tol) {
		return nil, fmt.Errorf("mapreduce: %s: MaxIter = %d, Tol = %v, want ≥ 0: %w", fn, km.MaxIter, km.Tol, ErrParam)
	}
	k, d := km.Centroids.Dims()
	for j := range k {
		for t := range d {
			if v := km.Centroids.At(j, t); math.IsInf(v, 0) || math.IsNaN(v) {
				return nil, fmt.Errorf("mapreduce: %s: centroid %d has %v: %w", fn, j, v, ErrNotFinite)
			}
		}
	}
	if err := checkPaths(ctx, fn, input, output); err != nil {
		return nil, err
	}
	var prev []float64 // the centroids of the previous step, nil before the first
	var prevCounts []int
	step := func(it int, z []float64) (cluster.KMeansStep, error) {
		out := fmt.Sprintf("%s.round%03d", output, it)
		a, err := kmFileRound(ctx, r, input, out, k, d, z, nil)
		st := a.step()
		if err == nil && prev != nil && slices.Equal(st.Counts, prevCounts) {
			a, err = kmFileRound(ctx, r, input, out+".check", k, d, z, prev)
			st = a.step()
		} else if prev != nil {
			st.Changed = 1 // the sizes changed, so some label did
		}
		prev, prevCounts = z, st.Counts
		return st, err
	}
	res, err := cluster.KMeans{K: k, Init: cluster.KMeansGiven, Centroids: km.Centroids, MaxIter: km.MaxIter,
		Tol: km.Tol}.Lloyd(step)
	if err != nil {
		return nil, err
	}
	cent := res.Centroids.RawMatrix().Data
	err = WriteLines(ctx, output, func(yield func(string) bool) {
		for j := range k {
			if !yield(formatFloats(cent[j*d : (j+1)*d])) {
				return
			}
		}
	})
	if err != nil {
		return nil, fmt.Errorf("mapreduce: %s: %w", fn, err)
	}
	return res, nil
}

// kmFileRound runs one assignment step as a Beam job and reads back its reduced outcome.
func kmFileRound(ctx context.Context, r Runner, input, out string, k, d int, cent, prev []float64) (kmAcc, error) {
	p, s := beam.NewPipelineWithRoot()
	stats := beam.Combine(s, &kmFileFn{K: k, D: d, Cent: cent, Prev: prev}, textio.Read(s, input))
	textio.Write(s, out, stats)
	if _, err := r.exec(ctx, p); err != nil {
		return kmAcc{}, err
	}
	text, err := readAll(ctx, out)
	if err != nil {
		return kmAcc{}, fmt.Errorf("mapreduce: FileKMeans.Fit: %w", err)
	}
	return parseKMAcc(text, k, d)
}

// kmAcc is a round's partial outcome: the rows not yet labelled (Buf, row-major) and the
// cluster sums, counts, cost and number of changed labels of those that were.
type kmAcc struct {
	Buf     []float64
	Sums    []float64
	Counts  []int64
	Cost    float64
	Changed int64
}

// step is a's outcome as cluster.KMeans.Lloyd reads it.
func (a kmAcc) step() cluster.KMeansStep {
	st := cluster.KMeansStep{Sums: a.Sums, Counts: make([]int, len(a.Counts)), Cost: a.Cost, Changed: int(a.Changed)}
	for j, c := range a.Counts {
		st.Counts[j] = int(c)
	}
	return st
}

// kmFileFn is FileKMeans's combiner; with Prev nil it does not compare labels and counts every
// row as changed (right in the first step).
type kmFileFn struct {
	K, D       int
	Cent, Prev []float64
}

func (f *kmFileFn) CreateAccumulator() kmAcc {
	return kmAcc{Sums: make([]float64, f.K*f.D), Counts: make([]int64, f.K)}
}

func (f *kmFileFn) AddInput(a kmAcc, line string) (kmAcc, error) {
	var err error
	if a.Buf, _, _, err = parseRow(a.Buf, line, f.D); err != nil {
		return a, err
	}
	if len(a.Buf) >= fileBatch*f.D {
		err = f.flush(&a)
	}
	return a, err
}

// flush labels the buffered rows with cluster.Assign and adds them to the sums.
func (f *kmFileFn) flush(a *kmAcc) error {
	rows := len(a.Buf) / f.D
	if rows == 0 {
		return nil
	}
	x := mat.NewDense(rows, f.D, a.Buf)
	labels, cost, err := cluster.Assign(x, mat.NewDense(f.K, f.D, f.Cent))
	if err != nil {
		return err
	}
	changed := int64(rows)
	if f.Prev != nil {
		old, _, err := cluster.Assign(x, mat.NewDense(f.K, f.D, f.Prev))
		if err != nil {
			return err
		}
		changed = 0
		for i, l := range labels {
			if old[i] != l {
				changed++
			}
		}
	}
	for i, j := range labels {
		row, sum := a.Buf[i*f.D:(i+1)*f.D], a.Sums[j*f.D:(j+1)*f.D]
		for t, v := range row {
			sum[t] += v
		}
		a.Counts[j]++
	}
	a.Cost += cost
	a.Changed += changed
	a.Buf = a.Buf[:0]
	return nil
}

func (f *kmFileFn) MergeAccumulators(a, b kmAcc) (kmAcc, error) {
	if err := f.flush(&a); err != nil {
		return a, err
	}
	if err := f.flush(&b); err != nil {
		return a, err
	}
	for i, v := range b.Sums {
		a.Sums[i] += v
	}
	for j, c := range b.Counts {
		a.Counts[j] += c
	}
	a.Cost += b.Cost
	a.Changed += b.Changed
	return a, nil
}

// ExtractOutput renders the round's outcome: one line "j<TAB>count<TAB>sums" per cluster and
// a last line "cost<TAB>cost<TAB>changed".
func (f *kmFileFn) ExtractOutput(a kmAcc) (string, error) {
	if err := f.flush(&a); err != nil {
		return "", err
	}
	var b strings.Builder
	for j := range f.K {
		fmt.Fprintf(&b, "%d\t%d\t%s\n", j, a.Counts[j], formatFloats(a.Sums[j*f.D:(j+1)*f.D]))
	}
	fmt.Fprintf(&b, "cost\t%s\t%d", strconv.FormatFloat(a.Cost, 'g', -1, 64), a.Changed)
	return b.String(), nil
}

// parseKMAcc reads what ExtractOutput wrote.
func parseKMAcc(text string, k, d int) (kmAcc, error) {
	a := kmAcc{Sums: make([]float64, k*d), Counts: make([]int64, k)}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	bad := func(l string) (kmAcc, error) {
		return kmAcc{}, fmt.Errorf("mapreduce: FileKMeans.Fit: round output line %q: %w", l, ErrEngine)
	}
	if len(lines) != k+1 {
		return bad(text)
	}
	for j, l := range lines[:k] {
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			return bad(l)
		}
		c, err1 := strconv.ParseInt(f[1], 10, 64)
		sums, _, _, err2 := parseRow(nil, f[2], d)
		if err1 != nil || err2 != nil {
			return bad(l)
		}
		a.Counts[j] = c
		copy(a.Sums[j*d:], sums)
	}
	f := strings.Split(lines[k], "\t")
	if len(f) != 3 || f[0] != "cost" {
		return bad(lines[k])
	}
	var err1, err2 error
	a.Cost, err1 = strconv.ParseFloat(f[1], 64)
	a.Changed, err2 = strconv.ParseInt(f[2], 10, 64)
	if err1 != nil || err2 != nil {
		return bad(lines[k])
	}
	return a, nil
}

func init() {
	beam.RegisterType(reflect.TypeOf(kmAcc{}))
	beam.RegisterType(reflect.TypeOf((*kmFileFn)(nil)).Elem())
}
