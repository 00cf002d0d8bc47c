package laplace

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzLeastAngle: any matrix and K get a finite result or an error, never a panic.
func FuzzLeastAngle(f *testing.F) {
	f.Add([]byte("\x01aaaaaaaabbbbbbbbccccccccdddddddd"), 2)
	f.Fuzz(func(t *testing.T, b []byte, k int) {
		res, err := LeastAngle{K: k % 4, T: 1, Restarts: 1, MaxIter: 100}.Fit(fuzzdata.Matrix(b, 16))
		fuzzdata.Finite(t, res, err)
	})
}
