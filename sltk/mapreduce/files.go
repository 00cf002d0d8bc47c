package mapreduce

import (
	"bufio"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // plain paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
)

// The file pipelines (FileWordCount, FileSketch, FileKMeans, FilePCA) are the ones a user takes
// to a cluster: they read their input with Beam's textio (FileSketch with readRecords, the same
// reading with each line's file and offset) from a path or glob, and write their result with
// textio.Write to a file, so that no data passes through the submitting process.
// Each computes with the same sltk code as its single-machine counterpart (LocalWordCount,
// LocalSketch, cluster.KMeans, embed.PCA); the pipeline only distributes it. On a cluster the
// input and output paths must name storage every worker sees: gs:// (import Beam's
// io/filesystem/gcs, as cmd/sltk-beam does) or a shared filesystem. They run in any
// Runner.Environment, including EXTERNAL workers in other processes.

// checkPaths checks that Beam has a filesystem for input and output before a pipeline is built
// (textio panics on an unknown scheme).
func checkPaths(ctx context.Context, fn, input, output string) error {
	if input == "" || output == "" {
		return fmt.Errorf("mapreduce: %s: input %q and output %q must both be set: %w", fn, input, output, ErrParam)
	}
	for _, p := range []string{input, output} {
		fs, err := filesystem.New(ctx, p)
		if err != nil {
			return fmt.Errorf("mapreduce: %s: %s: %v: %w", fn, p, err, ErrParam)
		}
		fs.Close()
	}
	files, err := listFiles(ctx, input)
	if err != nil {
		return fmt.Errorf("mapreduce: %s: %w", fn, err)
	}
	if len(files) == 0 {
		return fmt.Errorf("mapreduce: %s: no file matches %s: %w", fn, input, ErrEmpty)
	}
	return nil
}

func listFiles(ctx context.Context, glob string) ([]string, error) {
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return nil, fmt.Errorf("%s: %v: %w", glob, err, ErrParam)
	}
	defer fs.Close()
	files, err := fs.List(ctx, glob)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %v: %w", glob, err, ErrEngine)
	}
	slices.Sort(files)
	return files, nil
}

// eachLine calls f on every line of every file matching glob, in file-name order, through
// Beam's filesystems (so gs:// works where textio works). It is how the single-machine
// counterparts and the readers of results see the files.
func eachLine(ctx context.Context, glob string, f func(line string) error) error {
	return eachRecord(ctx, glob, func(_ uint64, line string) error { return f(line) })
}

// WriteLines writes lines, one per line, to path through Beam's filesystems (a local path, or
// gs:// with the GCS filesystem registered). Tests, benchmarks and notebooks use it to make
// input files.
func WriteLines(ctx context.Context, path string, lines func(yield func(string) bool)) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return fmt.Errorf("mapreduce: WriteLines: %s: %v: %w", path, err, ErrParam)
	}
	defer fs.Close()
	wc, err := fs.OpenWrite(ctx, path)
	if err != nil {
		return fmt.Errorf("mapreduce: WriteLines: %s: %v: %w", path, err, ErrEngine)
	}
	w := bufio.NewWriterSize(wc, 1<<20)
	for l := range lines {
		w.WriteString(l)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		wc.Close()
		return fmt.Errorf("mapreduce: WriteLines: %s: %v: %w", path, err, ErrEngine)
	}
	if err := wc.Close(); err != nil {
		return fmt.Errorf("mapreduce: WriteLines: %s: %v: %w", path, err, ErrEngine)
	}
	return nil
}

// countWords adds the words of line (strings.Fields, as WordCount) to counts: the code both
// FileWordCount's map tasks and LocalWordCount run.
func countWords(counts map[string]int64, line string) {
	for _, w := range strings.Fields(line) {
		counts[w]++
	}
}

// FileWordCount counts the words (maximal runs of non-space characters) of the text files
// matching input and writes one line "word<TAB>count" per distinct word to output, in no
// particular order. MAP counts the words of its lines (countWords, LocalWordCount's code) and
// emits one pair per distinct word of its bundle, the shuffle groups by word and REDUCE sums
// (a lifted combiner). Cost O(bytes) work; the shuffle moves at most (bundles × distinct words) pairs.
// Errors: ErrParam for a missing path or an unknown scheme, ErrEmpty when no file matches
// input, a Runner's error (ErrEngine) when the job fails.
func FileWordCount(ctx context.Context, r Runner, input, output string) error {
	if err := checkPaths(ctx, "FileWordCount", input, output); err != nil {
		return err
	}
	p, s := beam.NewPipelineWithRoot()
	lines := textio.Read(s, input)
	pairs := beam.ParDo(s, &lineWordsFn{}, lines)
	counts := beam.CombinePerKey(s, addInt64, pairs)
	textio.Write(s, output, beam.ParDo(s, formatCount, counts))
	_, err := r.exec(ctx, p)
	return err
}

// lineWordsFn is FileWordCount's MAP with an in-mapper combiner: it counts the words of the
// lines of its bundle in one map (countWords) and emits the counts when the bundle ends or
// the map holds maxBundleWords words. (Beam's lifted combiner alone, one pair per word through
// reflection, ran at a tenth of the speed.)
type lineWordsFn struct{ local map[string]int64 }

// maxBundleWords bounds the distinct words a bundle's map holds before it is emitted.
const maxBundleWords = 1 << 18

func (f *lineWordsFn) StartBundle(_ func(string, int64)) { f.local = map[string]int64{} }

func (f *lineWordsFn) ProcessElement(line string, emit func(string, int64)) {
	countWords(f.local, line)
	if len(f.local) >= maxBundleWords {
		f.FinishBundle(emit)
		f.local = map[string]int64{}
	}
}

func (f *lineWordsFn) FinishBundle(emit func(string, int64)) {
	for w, c := range f.local {
		emit(w, c)
	}
	f.local = nil
}

func addInt64(a, b int64) int64 { return a + b }

func formatCount(w string, c int64) string { return w + "\t" + strconv.FormatInt(c, 10) }

// LocalWordCount is FileWordCount on one machine: countWords over every line of the files
// matching input, in one goroutine.
func LocalWordCount(ctx context.Context, input string) (map[string]int64, error) {
	counts := map[string]int64{}
	err := eachLine(ctx, input, func(l string) error { countWords(counts, l); return nil })
	if err != nil {
		return nil, fmt.Errorf("mapreduce: LocalWordCount: %w", err)
	}
	return counts, nil
}

// ReadWordCounts reads the "word<TAB>count" lines FileWordCount wrote.
func ReadWordCounts(ctx context.Context, path string) (map[string]int64, error) {
	counts := map[string]int64{}
	err := eachLine(ctx, path, func(l string) error {
		w, c, ok := strings.Cut(l, "\t")
		n, err := strconv.ParseInt(c, 10, 64)
		if !ok || err != nil {
			return fmt.Errorf("line %q is not word<TAB>count: %w", l, ErrParam)
		}
		counts[w] += n
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("mapreduce: ReadWordCounts: %w", err)
	}
	return counts, nil
}

// readAll returns the whole content of the files matching path, for small results.
func readAll(ctx context.Context, path string) (string, error) {
	var b strings.Builder
	err := eachLine(ctx, path, func(l string) error { b.WriteString(l); b.WriteByte('\n'); return nil })
	return b.String(), err
}

func init() {
	beam.RegisterType(reflect.TypeOf((*lineWordsFn)(nil)).Elem())
	beam.RegisterFunction(addInt64)
	beam.RegisterFunction(formatCount)
}

// ReadLines returns the lines of the files matching path, in file-name order: for reading
// the small outputs of the file pipelines (FilePCA's model, FileSketch's report).
func ReadLines(ctx context.Context, path string) ([]string, error) {
	var lines []string
	err := eachLine(ctx, path, func(l string) error { lines = append(lines, l); return nil })
	if err != nil {
		return nil, fmt.Errorf("mapreduce: ReadLines: %w", err)
	}
	return lines, nil
}
