// Package colsign fixes the sign of eigenvectors and singular vectors, which numerical
// routines return only up to a factor ±1, so that PCA components and spectral embeddings are
// reproducible. It is internal: a building block, not part of the textbook's API.
package colsign

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// Fix flips each column of m so that its largest-magnitude entry (the first one on ties) is
// positive. Cost O(rows·cols).
func Fix(m *mat.Dense) {
	r, c := m.Dims()
	for j := range c {
		best := 0.0
		for i := range r {
			if v := m.At(i, j); math.Abs(v) > math.Abs(best) {
				best = v
			}
		}
		if best < 0 {
			for i := range r {
				m.Set(i, j, -m.At(i, j))
			}
		}
	}
}
