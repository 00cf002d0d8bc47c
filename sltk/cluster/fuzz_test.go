package cluster

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzKMeans: any matrix and K get a result with finite values or an error, never a panic.
func FuzzKMeans(f *testing.F) {
	f.Add([]byte("\x01aaaaaaaabbbbbbbbccccccccdddddddd"), 2)
	f.Fuzz(func(t *testing.T, b []byte, k int) {
		res, err := KMeans{K: k % 8, MaxIter: 50, Seed: 1}.Fit(fuzzdata.Matrix(b, 64))
		fuzzdata.Finite(t, res, err)
	})
}
