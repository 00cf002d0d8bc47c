package mapreduce_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/embed"
	"github.com/sltk-book/sltk/sltk/stream"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

// textLines yields n lines of generated text (TextSpec's Zipf words, 20 words a line).
func textLines(n int) func(func(string) bool) {
	spec := TextSpec{Chunks: n, Words: 20, Vocab: 500, Seed: 7}
	return func(yield func(string) bool) {
		for i := range n {
			if !yield(spec.Chunk(i)) {
				return
			}
		}
	}
}

// TestFileWordCount: the file pipeline's counts equal LocalWordCount's on the same files,
// exactly, with the input split over two files matched by a glob.
func TestFileWordCount(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for i := range 2 {
		if err := WriteLines(ctx, filepath.Join(dir, fmt.Sprintf("in-%d.txt", i)), textLines(300+i)); err != nil {
			t.Fatal(err)
		}
	}
	in, out := filepath.Join(dir, "in-*.txt"), filepath.Join(dir, "counts.tsv")
	if err := FileWordCount(ctx, Runner{}, in, out); err != nil {
		t.Fatal(err)
	}
	got, err := ReadWordCounts(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := LocalWordCount(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got, want) || len(want) < 100 {
		t.Fatalf("%d words on Beam, %d locally (equal: %v)", len(got), len(want), maps.Equal(got, want))
	}
	if err := FileWordCount(ctx, Runner{}, filepath.Join(dir, "none-*"), out); !errors.Is(err, ErrEmpty) {
		t.Errorf("no input file: %v, want ErrEmpty", err)
	}
}

// zipfItems yields n items from a Zipf law over 10⁴ values, so that a few are heavy.
func zipfItems(n int, seed uint64) func(func(string) bool) {
	return func(yield func(string) bool) {
		rng := rand.New(rand.NewPCG(seed, 1))
		z := rand.NewZipf(rng, 1.3, 1, 9999)
		for range n {
			if !yield(strconv.FormatUint(z.Uint64(), 10)) {
				return
			}
		}
	}
}

// TestFileSketch: the sketches merged across bundles equal, bit for bit, the sketches one
// pass over the same items builds (SketchSet.Equal), the heavy hitters are the local ones, and
// so is the uniform sample, also when the files are read in blocks of 997 bytes (lines cut by
// block boundaries, many bundles).
func TestFileSketch(t *testing.T) {
	for _, block := range []int64{0, 997} {
		if block > 0 {
			defer SetRecordBlock(SetRecordBlock(block))
		}
		testFileSketch(t)
	}
}

func testFileSketch(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for i := range 3 {
		if err := WriteLines(ctx, filepath.Join(dir, fmt.Sprintf("items-%d", i)), zipfItems(4000, uint64(i))); err != nil {
			t.Fatal(err)
		}
	}
	in, out := filepath.Join(dir, "items-*"), filepath.Join(dir, "sketch.txt")
	cfg := Sketches{HeavyHitters: stream.HeavyHitters{CountMin: stream.CountMin{Width: 512, Depth: 4, Seed: 1}, Tau: 0.02},
		HLL: stream.HyperLogLog{Seed: 2}, MCount: stream.MCount{T: 64, MedianK: 3, Seed: 3}, TugOfWar: stream.TugOfWar{Copies: 16, Seed: 4},
		Sample: stream.BottomK{K: 40, Seed: 5}}
	if err := FileSketch(ctx, Runner{}, cfg, in, out); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSketch(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := LocalSketch(ctx, cfg, in)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(want) || got.Items != 12000 {
		t.Fatalf("merged sketches differ from one pass: items %d vs %d, heavy %v vs %v", got.Items, want.Items,
			got.HeavyHitters.Items(), want.HeavyHitters.Items())
	}
	if !slices.Equal(got.HeavyHitters.Items(), want.HeavyHitters.Items()) || len(want.HeavyHitters.Items()) == 0 {
		t.Errorf("heavy hitters %v, want %v", got.HeavyHitters.Items(), want.HeavyHitters.Items())
	}
	gs, _ := got.Sample.Sample()
	ws, _ := want.Sample.Sample()
	if !slices.Equal(gs, ws) || !slices.Equal(got.Sample.IDs(), want.Sample.IDs()) || len(ws) != 40 {
		t.Errorf("sample %v, want %v", gs, ws)
	}
	lines, err := ReadLines(ctx, out)
	if err != nil || !slices.Contains(lines, "sample\t"+strings.Trim(fmt.Sprint(ws), "[]")) {
		t.Errorf("no sample line with %v in the output (%v)", ws, err)
	}
	bad := filepath.Join(dir, "bad")
	if err := WriteLines(ctx, bad, slices.Values([]string{"1", "2", "x3"})); err != nil {
		t.Fatal(err)
	}
	err = FileSketch(ctx, Runner{}, cfg, bad, out)
	if !errors.Is(err, ErrEngine) || !strings.Contains(err.Error(), `"x3"`) {
		t.Errorf("bad item: %v, want the job to fail naming the line", err)
	}
}

// relClose reports |a − b| ≤ tol·max(1, |a|, |b|) entry by entry.
func relClose(a, b []float64, tol float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol*max(1, math.Abs(a[i]), math.Abs(b[i])) {
			return false
		}
	}
	return true
}

// TestFileKMeans: k-means over a CSV file, one Beam job per iteration, gives cluster.KMeans's
// iterations, sizes and convergence exactly and its centroids, costs and trace to 1e-9
// (relative), from the same starting centroids; with MaxIter capped and with Tol.
func TestFileKMeans(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	x := blobs(5000, 3, 4, 2)
	in := writeHalves(t, dir, x)
	start := mat.DenseCopyOf(x.Slice(0, 4, 0, 3))
	for _, c := range []struct {
		maxIter int
		tol     float64
	}{{0, 0}, {2, 0}, {0, 1e-2}} {
		want, err := cluster.KMeans{K: 4, Init: cluster.KMeansGiven, Centroids: start, MaxIter: c.maxIter, Tol: c.tol}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, fmt.Sprintf("cent-%d-%g.csv", c.maxIter, c.tol))
		got, err := FileKMeans{Centroids: start, MaxIter: c.maxIter, Tol: c.tol}.Fit(ctx, Runner{}, in, out)
		if err != nil {
			t.Fatal(err)
		}
		if got.Iter != want.Iter || got.Converged != want.Converged || !slices.Equal(got.Sizes, want.Sizes) ||
			!relClose(got.Centroids.RawMatrix().Data, want.Centroids.RawMatrix().Data, 1e-9) ||
			!relClose(got.Trace, want.Trace, 1e-9) || !relClose([]float64{got.Cost}, []float64{want.Cost}, 1e-9) {
			t.Errorf("%+v: files: iter %d conv %v sizes %v cost %v; cluster: %d %v %v %v", c, got.Iter, got.Converged,
				got.Sizes, got.Cost, want.Iter, want.Converged, want.Sizes, want.Cost)
		}
		back, err := ReadCSV(ctx, out)
		if err != nil || !mat.Equal(back, got.Centroids) {
			t.Errorf("centroids file: %v", err)
		}
		// One job per step, and a second (counting changed labels) only where the sizes repeat:
		// always in the step that converges, in few others.
		steps, _ := filepath.Glob(out + ".round???")
		checks, _ := filepath.Glob(out + ".round???.check")
		wantSteps := got.Iter
		if c.maxIter > 0 {
			wantSteps++ // the re-assignment after the cap
		}
		if len(steps) != wantSteps || len(checks) > 1+wantSteps/4 || c.tol == 0 && got.Converged && len(checks) == 0 {
			t.Errorf("%+v: %d steps, %d with a check; want %d steps, 1 to %d checks", c, len(steps), len(checks), wantSteps, 1+wantSteps/4)
		}
		t.Logf("%+v: %d steps, %d with a check", c, len(steps), len(checks))
	}
	if _, err := (FileKMeans{Centroids: mat.NewDense(2, 2, nil)}).Fit(ctx, Runner{}, in, filepath.Join(dir, "c")); !errors.Is(err, ErrEngine) ||
		!strings.Contains(err.Error(), "columns") {
		t.Errorf("2 centroid columns for 3 data columns: %v", err)
	}
}

// TestFilePCA: the one-pass PCA over a CSV file gives embed.PCA's eigenvalues (relative 1e-9)
// and components up to sign (|cos| ≥ 1 − 1e-9), on data with a large mean that a raw Gram
// matrix would lose digits to.
func TestFilePCA(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(5, 5))
	x := mat.NewDense(6000, 4, nil)
	for i := range 6000 {
		z := rng.NormFloat64()
		for j := range 4 {
			x.Set(i, j, 1e4+float64(j+1)*z+0.3*float64(j)*rng.NormFloat64())
		}
	}
	in, out := writeHalves(t, dir, x), filepath.Join(dir, "pca.txt")
	got, err := FilePCA{Components: 2}.Fit(ctx, Runner{}, in, out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := embed.PCA{Components: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if !relClose(got.Values, want.Values, 1e-9) || !relClose(got.Mean, want.Mean, 1e-12) || got.N != 6000 {
		t.Errorf("values %v, want %v", got.Values, want.Values)
	}
	for j := range 2 {
		cos := mat.Dot(got.Components.ColView(j), want.Components.ColView(j))
		if math.Abs(math.Abs(cos)-1) > 1e-9 {
			t.Errorf("component %d: cos %v", j, cos)
		}
	}
}

// writeHalves writes the rows of x to two CSV files and returns the glob matching both, so
// that the pipeline reads several bundles and merges their accumulators.
func writeHalves(t *testing.T, dir string, x *mat.Dense) string {
	t.Helper()
	n, d := x.Dims()
	for i, part := range []mat.Matrix{x.Slice(0, n/2, 0, d), x.Slice(n/2, n, 0, d)} {
		if err := WriteCSV(context.Background(), filepath.Join(dir, fmt.Sprintf("x-%d.csv", i)), part); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "x-*.csv")
}

// TestFileEnvironments: a bad environment is refused before anything runs, an unreachable
// worker pool fails within seconds, and the in-memory pipelines refuse any environment but
// LOOPBACK (their results would never come back).
func TestFileEnvironments(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if err := WriteLines(ctx, in, slices.Values([]string{"a b"})); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	for _, c := range []struct {
		r    Runner
		want error
	}{
		{Runner{Environment: "KUBERNETES"}, ErrParam},
		{Runner{Environment: "external"}, ErrParam},
		{Runner{Environment: "EXTERNAL", EnvironmentConfig: "127.0.0.1:1"}, ErrEngine},
	} {
		t0 := time.Now()
		if err := FileWordCount(ctx, c.r, in, out); !errors.Is(err, c.want) || time.Since(t0) > 15*time.Second {
			t.Errorf("%+v: %v after %v, want %v", c.r, err, time.Since(t0), c.want)
		}
	}
	// This test binary, like a notebook's, does not link Beam's worker hook (submit's doc): an
	// environment whose workers would run it as an SDK worker is refused with the import to add.
	if flag.Lookup("worker") != nil {
		t.Fatal("Beam's worker hook (harness/init) is linked into the package's tests")
	}
	for _, env := range []string{"PROCESS", "DOCKER"} {
		err := FileWordCount(ctx, Runner{Environment: env, EnvironmentConfig: "x"}, in, out)
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "harness/init") {
			t.Errorf("%s without the worker hook: %v, want ErrParam naming harness/init", env, err)
		}
	}
	if _, _, err := WordCount(ctx, Runner{Environment: "EXTERNAL", EnvironmentConfig: "h:1"}, []string{"a"}, true); !errors.Is(err, ErrParam) {
		t.Errorf("in-memory pipeline on EXTERNAL workers: %v, want ErrParam", err)
	}
	if err := FileWordCount(ctx, Runner{}, "", out); !errors.Is(err, ErrParam) {
		t.Errorf("no input: %v", err)
	}
}

// FuzzSketchSetUnmarshal feeds arbitrary bytes to SketchSet.UnmarshalBinary (what ReadSketch
// and the combiner's coder decode): no panic, and whatever decodes re-encodes to the same bytes.
func FuzzSketchSetUnmarshal(f *testing.F) {
	s, err := Sketches{Sample: stream.BottomK{K: 5, Seed: 1}, HLL: stream.HyperLogLog{Precision: 4}}.New()
	if err != nil {
		f.Fatal(err)
	}
	for i := range uint64(50) {
		if err := s.Update(i%7, i); err != nil {
			f.Fatal(err)
		}
	}
	b, err := s.MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add(b[:len(b)/2])
	f.Fuzz(func(t *testing.T, b []byte) {
		var d SketchSet
		if d.UnmarshalBinary(b) != nil {
			return
		}
		again, err := d.MarshalBinary()
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("decoded %d bytes but re-encodes to %d (err %v)", len(b), len(again), err)
		}
	})
}
