package regress

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzBasisLS: any sample gets a finite fit or an error, never a panic.
func FuzzBasisLS(f *testing.F) {
	f.Add([]byte("aaaaaaaabbbbbbbbccccccccdddddddd"), 2)
	f.Fuzz(func(t *testing.T, b []byte, degree int) {
		v := fuzzdata.Floats(b, 64)
		basis, err := Polynomial(degree%6, 0)
		if err != nil {
			return
		}
		m, err := BasisLS{Basis: basis}.Fit(v[:len(v)/2], v[len(v)/2:])
		fuzzdata.Finite(t, m, err)
	})
}
