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
	FixBy(m, m)
}

// FixBy flips column j of m when the largest-magnitude entry of column j of by (the first one
// on ties) is negative; m and by have the same number of columns. With by = AV, the scores of
// the data A on the directions V, this is scikit-learn's svd_flip (u_based_decision=True, the
// rule of its PCA): the column of U = AVΣ⁻¹ decides. Cost O(rows(by)·cols + rows(m)·cols).
func FixBy(m, by *mat.Dense) {
	r, c := m.Dims()
	// One pass over the rows of by (row by row, as it is stored; a pass down each column
	// through At took 20 ms of a FastICA fit on 10⁶×8): the first entry of the largest
	// magnitude of each column, as the column-by-column scan finds it.
	best := make([]float64, c)
	raw := by.RawMatrix()
	for i := range raw.Rows {
		for j, v := range raw.Data[i*raw.Stride : i*raw.Stride+c] {
			if math.Abs(v) > math.Abs(best[j]) {
				best[j] = v
			}
		}
	}
	for j := range c {
		if best[j] < 0 {
			for i := range r {
				m.Set(i, j, -m.At(i, j))
			}
		}
	}
}
