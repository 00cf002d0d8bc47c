package check

import (
	"fmt"
	"math"
	"sync/atomic"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/mat"
)

// Finite returns an error wrapping errs.ErrNotFinite that names the argument when v is NaN or
// ±Inf ("eps = NaN"), nil otherwise.
func Finite(name string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%s = %v: %w", name, v, errs.ErrNotFinite)
	}
	return nil
}

// Slice returns an error naming the first entry of v that is NaN or ±Inf ("w[2] = +Inf",
// wrapping errs.ErrNotFinite), or ErrEmpty for an empty v. It is the library's one check of a
// finite slice (costs, targets, sample points). Cost O(len(v)).
func Slice(name string, v []float64) error {
	if len(v) == 0 {
		return fmt.Errorf("%s is empty: %w", name, errs.ErrEmpty)
	}
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("%s[%d] = %v: %w", name, i, x, errs.ErrNotFinite)
		}
	}
	return nil
}

// Weights is Slice for weights and counts, which must also be ≥ 0: a negative entry is an
// errs.ErrProb ("counts[1] = -2 is negative"). Cost O(len(v)).
func Weights(name string, v []float64) error {
	if err := Slice(name, v); err != nil {
		return err
	}
	for i, x := range v {
		if x < 0 {
			return fmt.Errorf("%s[%d] = %v is negative: %w", name, i, x, errs.ErrProb)
		}
	}
	return nil
}

// ProbTol is the tolerance Prob allows on the sum of a probability vector, per entry.
const ProbTol = 1e-9

// Prob is the library's one check of a probability vector: an error that names the first
// non-finite entry (errs.ErrNotFinite, "p[3] = NaN"), the first negative one (errs.ErrProb,
// "p[1] = -0.5 is negative"), or the sum when it differs from 1 by more than ProbTol·len(p)
// (round-off grows with the length); ErrEmpty for an empty p. Cost O(len(p)).
func Prob(name string, p []float64) error {
	if err := Weights(name, p); err != nil {
		return err
	}
	var s float64
	for _, v := range p {
		s += v
	}
	if math.Abs(s-1) > ProbTol*float64(len(p)) {
		return fmt.Errorf("%s sums to %.12g, want 1: %w", name, s, errs.ErrProb)
	}
	return nil
}

// Stochastic is the library's one check of a row-stochastic matrix (transition matrices,
// channels, histograms, soft assignments): m must pass Matrix, every entry must be ≥ 0
// (errs.ErrProb, "Q[2,0] = -0.1 is negative") and every row must sum to 1 within
// ProbTol·(columns), as in Prob ("row 2 of Q sums to 1.1, want 1"). It returns the dimensions.
// Cost O(n·d): one pass over a contiguous *mat.Dense that passes, its rows split over the cores
// (whether it passes does not depend on the split); the error of one that fails
// is found by the checks in their order (Matrix first, so a NaN anywhere is reported before a
// negative entry or a bad row sum).
func Stochastic(name string, m mat.Matrix) (n, d int, err error) {
	if dense, ok := m.(*mat.Dense); ok && !IsNil(m) {
		if raw := dense.RawMatrix(); raw.Rows > 0 && raw.Cols > 0 && raw.Stride == raw.Cols {
			var failed atomic.Bool
			par.Chunks(raw.Rows, max(1, (1<<16)/raw.Cols), func(lo, hi int) {
				if !stochasticRows(raw.Data[lo*raw.Cols:hi*raw.Cols], raw.Cols) {
					failed.Store(true)
				}
			})
			if !failed.Load() {
				return raw.Rows, raw.Cols, nil
			}
		}
	}
	data, n, d, e := Rows(name, m)
	if e != nil {
		return n, d, e
	}
	for i := 0; i < n; i++ {
		var s float64
		for j, v := range data[i*d : (i+1)*d] {
			if v < 0 {
				return n, d, fmt.Errorf("%s[%d,%d] = %v is negative: %w", name, i, j, v, errs.ErrProb)
			}
			s += v
		}
		if math.Abs(s-1) > ProbTol*float64(d) {
			return n, d, fmt.Errorf("row %d of %s sums to %.12g, want 1: %w", i, name, s, errs.ErrProb)
		}
	}
	return n, d, nil
}

// stochasticRows reports whether every entry of the rows of width d in data is finite and
// ≥ 0 and every row sums to 1 within ProbTol·d: Stochastic's test in one pass, without the
// diagnosis.
func stochasticRows(data []float64, d int) bool {
	for i := 0; i < len(data); i += d {
		var s float64
		for _, v := range data[i : i+d] {
			if !(v >= 0 && v <= math.MaxFloat64) {
				return false
			}
			s += v
		}
		if math.Abs(s-1) > ProbTol*float64(d) {
			return false
		}
	}
	return true
}
