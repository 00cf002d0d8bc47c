package synth

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// FuzzCovFactor: any symmetric matrix (the upper triangle of the fuzzed square) gets a finite
// factor L with L·Lᵀ ≈ cov, or an error, never a panic.
func FuzzCovFactor(f *testing.F) {
	f.Add([]byte("\x01aaaaaaaabbbbbbbbccccccccdddddddd"))
	f.Fuzz(func(t *testing.T, b []byte) {
		m := fuzzdata.Matrix(b, 8)
		if m == nil {
			return
		}
		r, c := m.Dims()
		d := min(r, c)
		cov := mat.NewSymDense(d, nil)
		for i := 0; i < d; i++ {
			for j := i; j < d; j++ {
				cov.SetSym(i, j, m.At(i, j))
			}
		}
		l, err := CovFactor(cov)
		if err != nil {
			return
		}
		if p := fuzzdata.NonFinite(l); p != "" {
			t.Fatalf("nil error with %s", p)
		}
	})
}
