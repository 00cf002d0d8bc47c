package density

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzGMM: any matrix gets a finite fit or an error, never a panic or a silent NaN.
func FuzzGMM(f *testing.F) {
	f.Add([]byte("\x01aaaaaaaabbbbbbbbccccccccdddddddd"), 2)
	f.Fuzz(func(t *testing.T, b []byte, k int) {
		res, err := GMM{K: k % 4, MaxIter: 20, Seed: 1}.Fit(fuzzdata.Matrix(b, 32))
		fuzzdata.Finite(t, res, err)
	})
}
