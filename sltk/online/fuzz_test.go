package online

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzMWURun: any loss matrix gets a finite trace or an error, never a panic.
func FuzzMWURun(f *testing.F) {
	f.Add([]byte("\x01aaaaaaaabbbbbbbbccccccccdddddddd"))
	f.Fuzz(func(t *testing.T, b []byte) {
		tr, err := MWU{}.Run(fuzzdata.Matrix(b, 64))
		fuzzdata.Finite(t, tr, err)
	})
}
