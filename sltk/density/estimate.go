package density

import (
	"errors"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors of the estimators in this package (besides ErrInput of em.go).
var (
	// ErrBandwidth reports a kernel width that is not a positive finite number.
	ErrBandwidth = errors.New("density: bandwidth must be positive and finite")
	// ErrSingular reports a covariance matrix that is not positive definite, e.g. a Gaussian
	// fitted to p ≤ dim points or to points on a lower-dimensional subspace.
	ErrSingular = errors.New("density: covariance is singular")
)

// denseRows copies a p×d matrix into one row-major slice after checking that it is non-empty
// and finite. what names the argument in error messages.
func denseRows(x mat.Matrix, what string) (data []float64, p, d int, err error) {
	p, d, e := check.Matrix(what, x)
	if e != nil {
		return nil, 0, 0, fmt.Errorf("%w: %v", ErrInput, e)
	}
	data = make([]float64, p*d)
	for i := 0; i < p; i++ {
		mat.Row(data[i*d:(i+1)*d], i, x)
	}
	return data, p, d, nil
}

// checkPoint reports a query point of the wrong length or with a non-finite entry.
func checkPoint(q []float64, d int) error {
	if len(q) != d {
		return fmt.Errorf("%w: point has %d coordinates, model has %d", ErrInput, len(q), d)
	}
	for j, v := range q {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: point[%d] = %g", ErrInput, j, v)
		}
	}
	return nil
}

func checkWidth(h float64) error {
	if !(h > 0) || math.IsInf(h, 0) {
		return fmt.Errorf("%w: got %g", ErrBandwidth, h)
	}
	return nil
}

// parallelChunks runs fn on contiguous chunks [lo, hi) of 0..n-1 on up to GOMAXPROCS goroutines,
// at least 64 indices a chunk. Each chunk writes only its own outputs, so results do not depend
// on scheduling.
func parallelChunks(n int, fn func(lo, hi int)) { par.Chunks(n, 64, fn) }

// lseSlice returns log Σ exp(v_i), stable for any range of v; −Inf for an empty slice.
func lseSlice(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		if x > m {
			m = x
		}
	}
	if math.IsInf(m, -1) {
		return m
	}
	s := 0.0
	for _, x := range v {
		s += math.Exp(x - m)
	}
	return m + math.Log(s)
}
