package classify

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzKNN: any training and query data get finite labels or an error, never a panic.
func FuzzKNN(f *testing.F) {
	f.Add([]byte("\x01aaaaaaaabbbbbbbbccccccccdddddddd"), []byte{0, 1}, 1)
	f.Fuzz(func(t *testing.T, b, y []byte, k int) {
		x := fuzzdata.Matrix(b, 64)
		n := 0
		if x != nil {
			n, _ = x.Dims()
		}
		m, err := KNN{Neighbors: k % 8}.Fit(x, fuzzdata.Labels(y, n, 4))
		if err != nil {
			return
		}
		if _, err := m.Predict(x); err != nil {
			t.Fatalf("Predict on the training data: %v", err)
		}
	})
}
