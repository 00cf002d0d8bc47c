package density

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// rowsOf is check.Rows (the library's one matrix-to-rows conversion) with the package's error
// prefix: the rows of x, shared with a contiguous *mat.Dense and so read only (callers that
// write or keep them clone them). what names the argument in error messages.
func rowsOf(fn string, x mat.Matrix, what string) (data []float64, p, d int, err error) {
	data, p, d, e := check.Rows(what, x)
	if e != nil {
		return nil, 0, 0, fmt.Errorf("density: %s: %w", fn, e)
	}
	return data, p, d, nil
}

// queryRows is rowsOf for the data a fitted model scores: it also refuses entries with
// |v| > check.MaxAbs, the check the fits make (their squares overflow, and a log-density of
// such a point is ±Inf or NaN rather than a number), so that scoring never returns a
// non-finite value for data its fit would refuse. fn names the method in the error. Cost O(p·d).
func queryRows(fn string, x mat.Matrix, what string) (data []float64, p, d int, err error) {
	data, p, d, err = rowsOf(fn, x, what)
	if err != nil {
		return nil, 0, 0, err
	}
	if err := check.Squarable(what, data, d); err != nil {
		return nil, 0, 0, fmt.Errorf("density: %s: %w", fn, err)
	}
	return data, p, d, nil
}

// finiteLogs returns an error wrapping ErrNotFinite that names fn and the first row whose
// log-density is NaN or ±Inf (a point so far from the model, relative to its spread, that the
// density underflows float64), nil when all are finite. −Inf is let through when allowNegInf
// (a box-kernel estimate that is exactly 0 there).
func finiteLogs(fn string, ld []float64, allowNegInf bool) error {
	for i, v := range ld {
		if math.IsNaN(v) || math.IsInf(v, 1) || math.IsInf(v, -1) && !allowNegInf {
			return fmt.Errorf("density: %s: row %d: log-density %g is not representable (the point is too far from the model for float64; rescale the data): %w",
				fn, i, v, ErrNotFinite)
		}
	}
	return nil
}

// checkQueryPoint is checkPoint with the check of queryRows (|v| ≤ check.MaxAbs).
func checkQueryPoint(fn string, q []float64, d int) error {
	if err := checkPoint(fn, q, d); err != nil {
		return err
	}
	if err := check.Squarable("point", q, d); err != nil {
		return fmt.Errorf("density: %s: %w", fn, err)
	}
	return nil
}

// checkPoint reports a query point of the wrong length or with a non-finite entry.
func checkPoint(fn string, q []float64, d int) error {
	if len(q) != d {
		return fmt.Errorf("density: %s: point has %d coordinates, model has %d: %w", fn, len(q), d, ErrParam)
	}
	for j, v := range q {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("density: %s: point[%d] = %g: %w", fn, j, v, ErrNotFinite)
		}
	}
	return nil
}

// checkWidth refuses a bandwidth outside [1e-150, 1e150]: the kernels use h² and 1/h², which
// underflow to 0 or overflow beyond that range and would turn densities into NaN or ±Inf.
func checkWidth(fn string, h float64) error {
	if !(h >= 1e-150 && h <= 1e150) {
		return fmt.Errorf("density: %s: bandwidth %g, want 1e-150 ≤ h ≤ 1e150: %w", fn, h, ErrParam)
	}
	return nil
}
