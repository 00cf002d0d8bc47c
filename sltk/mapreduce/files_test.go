package mapreduce_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

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
// pass over the same items builds (SketchSet.Equal), and the heavy hitters are the local ones.
func TestFileSketch(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for i := range 3 {
		if err := WriteLines(ctx, filepath.Join(dir, fmt.Sprintf("items-%d", i)), zipfItems(4000, uint64(i))); err != nil {
			t.Fatal(err)
		}
	}
	in, out := filepath.Join(dir, "items-*"), filepath.Join(dir, "sketch.txt")
	cfg := Sketches{HeavyHitters: stream.HeavyHitters{CountMin: stream.CountMin{Width: 512, Depth: 4, Seed: 1}, Tau: 0.02},
		HLL: stream.HyperLogLog{Seed: 2}, MCount: stream.MCount{T: 64, MedianK: 3, Seed: 3}, TugOfWar: stream.TugOfWar{Copies: 16, Seed: 4}}
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
	bad := filepath.Join(dir, "bad")
	if err := WriteLines(ctx, bad, slices.Values([]string{"1", "2", "x3"})); err != nil {
		t.Fatal(err)
	}
	err = FileSketch(ctx, Runner{}, cfg, bad, out)
	if !errors.Is(err, ErrEngine) || !strings.Contains(err.Error(), `"x3"`) {
		t.Errorf("bad item: %v, want the job to fail naming the line", err)
	}
}
