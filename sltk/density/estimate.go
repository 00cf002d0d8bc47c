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
func rowsOf(x mat.Matrix, what string) (data []float64, p, d int, err error) {
	data, p, d, e := check.Rows(what, x)
	if e != nil {
		return nil, 0, 0, fmt.Errorf("density: %w", e)
	}
	return data, p, d, nil
}

// checkPoint reports a query point of the wrong length or with a non-finite entry.
func checkPoint(q []float64, d int) error {
	if len(q) != d {
		return fmt.Errorf("%w: point has %d coordinates, model has %d", ErrParam, len(q), d)
	}
	for j, v := range q {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: point[%d] = %g", ErrNotFinite, j, v)
		}
	}
	return nil
}

func checkWidth(h float64) error {
	if !(h > 0) || math.IsInf(h, 0) {
		return fmt.Errorf("%w: got %g", ErrParam, h)
	}
	return nil
}
