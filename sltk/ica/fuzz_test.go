package ica

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzFastICA: any matrix gets a finite unmixing or an error, never a panic.
func FuzzFastICA(f *testing.F) {
	f.Add([]byte("\x01aaaaaaaabbbbbbbbccccccccddddddddeeeeeeeeffffffff"))
	f.Fuzz(func(t *testing.T, b []byte) {
		res, err := FastICA{MaxIter: 50, Seed: 1}.Fit(fuzzdata.Matrix(b, 32))
		fuzzdata.Finite(t, res, err)
	})
}
