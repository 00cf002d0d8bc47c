package mapreduce_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"testing"

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
