package mapreduce

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestEachRecordLineEnds checks the single-machine reader against lines written by hand: "\n"
// and "\r\n" ends are dropped as textio drops them, a last line without an end is read, and
// each identity is the file's index times 2⁴⁰ plus the byte offset where its line starts.
func TestEachRecordLineEnds(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"a.txt": "a b\r\nc\nd", "b.txt": "e\r\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var ids []uint64
	var lines []string
	err := eachRecord(context.Background(), filepath.Join(dir, "*.txt"), func(id uint64, l string) error {
		ids, lines = append(ids, id), append(lines, l)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	wantLines := []string{"a b", "c", "d", "e"}
	wantIDs := []uint64{0, 5, 7, 1 << recordOffsetBits}
	if !slices.Equal(lines, wantLines) || !slices.Equal(ids, wantIDs) {
		t.Fatalf("records %q at %v, want %q at %v", lines, ids, wantLines, wantIDs)
	}
	var plain []string
	if err := eachLine(context.Background(), filepath.Join(dir, "*.txt"), func(l string) error {
		plain = append(plain, l)
		return nil
	}); err != nil || !slices.Equal(plain, wantLines) {
		t.Fatalf("eachLine: %q, %v; want %q", plain, err, wantLines)
	}
}
