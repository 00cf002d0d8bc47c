package mcmc

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// FuzzStationary: any matrix, and any row-normalised matrix of byte weights (so that most
// inputs are stochastic and reach the solver), gets a finite distribution or an error, never
// a panic; a distribution is non-negative and sums to 1.
func FuzzStationary(f *testing.F) {
	f.Add([]byte("\x01aaaaaaaabbbbbbbbccccccccdddddddd"))
	f.Add([]byte("\x02\x01\x00\x00\x01\x00\x01\x01\x00\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		stationary := func(m mat.Matrix) {
			p, err := Stationary(m)
			if err != nil {
				return
			}
			if path := fuzzdata.NonFinite(p); path != "" {
				t.Fatalf("nil error with %s", path)
			}
			if err := check.Prob("p", p); err != nil {
				t.Fatalf("Stationary returned no distribution: %v", err)
			}
		}
		stationary(fuzzdata.Matrix(b, 16))
		if len(b) < 2 {
			return
		}
		n := int(b[0]%8) + 1
		w := b[1:]
		q := mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			var s float64
			for j := 0; j < n; j++ {
				if k := i*n + j; k < len(w) {
					q.Set(i, j, float64(w[k]))
					s += float64(w[k])
				}
			}
			if s > 0 {
				for j := 0; j < n; j++ {
					q.Set(i, j, q.At(i, j)/s)
				}
			}
		}
		stationary(q)
	})
}
