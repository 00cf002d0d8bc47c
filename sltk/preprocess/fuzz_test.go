package preprocess

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzStandardizer: any matrix gets finite scaled data or an error, never a panic.
func FuzzStandardizer(f *testing.F) {
	f.Add([]byte("\x01aaaaaaaabbbbbbbbccccccccdddddddd"))
	f.Fuzz(func(t *testing.T, b []byte) {
		x := fuzzdata.Matrix(b, 64)
		s, err := Standardizer{}.Fit(x)
		if err != nil {
			return
		}
		z, err := s.Transform(x)
		fuzzdata.Finite(t, z, err)
	})
}
