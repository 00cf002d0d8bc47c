package cluster

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// PatchCounts turns an image into the objects of histogram clustering (seed 000, §5.1: an object
// x is a patch, a feature y a gray value): it cuts the rows×cols image into non-overlapping
// patch×patch tiles, numbered row by row (tile (r, c) is row r·(cols/patch) + c of the result),
// and counts the values of each tile in bins equal-width bins on [lo, hi] (the value hi goes to the
// last bin). HistogramsFromCounts then normalises the rows into p̂(·|x). The image sides must be
// multiples of patch, and every value must lie in [lo, hi]; otherwise the error wraps ErrParam.
// Cost O(rows·cols).
func PatchCounts(img mat.Matrix, patch, bins int, lo, hi float64) (*mat.Dense, error) {
	if check.IsNil(img) {
		return nil, fmt.Errorf("%w: image is nil", ErrEmpty)
	}
	rows, cols := img.Dims()
	switch {
	case patch < 1 || bins < 1:
		return nil, fmt.Errorf("%w: patch = %d and bins = %d must be ≥ 1", ErrParam, patch, bins)
	case rows == 0 || cols == 0 || rows%patch != 0 || cols%patch != 0:
		return nil, fmt.Errorf("%w: a %d×%d image is not a grid of %d×%d patches", ErrShape, rows, cols, patch, patch)
	case !(lo < hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0):
		return nil, fmt.Errorf("%w: value range [%g, %g]", ErrParam, lo, hi)
	}
	pc := cols / patch
	counts := mat.NewDense((rows/patch)*pc, bins, nil)
	width := (hi - lo) / float64(bins)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			v := img.At(r, c)
			if !(v >= lo && v <= hi) {
				return nil, fmt.Errorf("%w: pixel (%d, %d) = %g outside [%g, %g]", ErrParam, r, c, v, lo, hi)
			}
			b := min(bins-1, int((v-lo)/width))
			i := (r/patch)*pc + c/patch
			counts.Set(i, b, counts.At(i, b)+1)
		}
	}
	return counts, nil
}
