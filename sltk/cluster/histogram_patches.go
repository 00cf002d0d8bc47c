package cluster

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// MaxPatchBins caps the bins of PatchCounts (a gray-value histogram: 65536 levels is 16 bits),
// and MaxPatchPixels both the pixels of its image and the entries (patches × bins) of its
// result: 2²⁶ ≈ 6.7e7 values, 512 MiB of counts.
const (
	MaxPatchBins   = 1 << 16
	MaxPatchPixels = 1 << 26
)

// PatchCounts turns an image into the objects of histogram clustering (SLT chapter 5 (Histogram
// clustering), §5.1: an object x is a patch, a feature y a gray value): it cuts the rows×cols image
// into non-overlapping patch×patch tiles, numbered row by row (tile (r, c) is row r·(cols/patch) +
// c of the result), and counts the values of each tile in bins equal-width bins on [lo, hi] (the
// value hi goes to the last bin). HistogramsFromCounts then normalises the rows into p̂(·|x). The
// image sides must be multiples of patch (else ErrShape), lo < hi with hi − lo finite, and every
// value must lie in [lo, hi] (else ErrParam). Limits (ErrTooLarge past them): bins ≤ MaxPatchBins,
// rows·cols ≤ MaxPatchPixels and patches·bins (the entries of the result) ≤ MaxPatchPixels.
// Cost O(rows·cols + patches·bins).
func PatchCounts(img mat.Matrix, patch, bins int, lo, hi float64) (*mat.Dense, error) {
	if check.IsNil(img) {
		return nil, fmt.Errorf("cluster: PatchCounts: image is nil: %w", ErrEmpty)
	}
	rows, cols := img.Dims()
	switch {
	case patch < 1 || bins < 1:
		return nil, fmt.Errorf("cluster: PatchCounts: patch = %d and bins = %d must be ≥ 1: %w", patch, bins, ErrParam)
	case rows == 0 || cols == 0 || rows%patch != 0 || cols%patch != 0:
		return nil, fmt.Errorf("cluster: PatchCounts: a %d×%d image is not a grid of %d×%d patches: %w", rows, cols, patch, patch, ErrShape)
	case !(lo < hi) || math.IsInf(hi-lo, 0):
		return nil, fmt.Errorf("cluster: PatchCounts: value range [%g, %g], want lo < hi and hi − lo finite: %w", lo, hi, ErrParam)
	}
	if err := check.Size("cluster: PatchCounts", "bins", bins, MaxPatchBins); err != nil {
		return nil, err
	}
	if cols > MaxPatchPixels/rows {
		return nil, fmt.Errorf("cluster: PatchCounts: a %d×%d image has more than MaxPatchPixels = %d pixels: %w", rows, cols, MaxPatchPixels, ErrTooLarge)
	}
	if np := (rows / patch) * (cols / patch); bins > MaxPatchPixels/np {
		return nil, fmt.Errorf("cluster: PatchCounts: %d patches × %d bins exceed MaxPatchPixels = %d counts: %w", np, bins, MaxPatchPixels, ErrTooLarge)
	}
	pc := cols / patch
	counts := mat.NewDense((rows/patch)*pc, bins, nil)
	width := (hi - lo) / float64(bins)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			v := img.At(r, c)
			if !(v >= lo && v <= hi) {
				return nil, fmt.Errorf("cluster: PatchCounts: pixel (%d, %d) = %g outside [%g, %g]: %w", r, c, v, lo, hi, ErrParam)
			}
			b := min(bins-1, int((v-lo)/width))
			i := (r/patch)*pc + c/patch
			counts.Set(i, b, counts.At(i, b)+1)
		}
	}
	return counts, nil
}
