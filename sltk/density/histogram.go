package density

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
)

// Histogram is the fixed-bin density histogram of a 1-D sample: the baseline that the
// gliding histogram (KDE with BoxKernel, ML chapter 5 (Probability density estimation) §5.1.1)
// improves on by centring a window on every query point instead of on a fixed grid.
//
// Bins is the number of equal-width bins (0 means Sturges' rule ⌈log₂ p⌉ + 1). Min and Max
// bound the binned range; when both are 0 the sample range is used. Points outside [Min, Max]
// are counted in Outside and carry no mass. Bins is at most MaxHistogramBins (the model holds
// three slices of Bins entries).
type Histogram struct {
	Bins     int
	Min, Max float64
}

// MaxHistogramBins caps Histogram.Bins: 2²⁰ bins take 24 MiB, more than any plot can show;
// beyond it Fit returns an error wrapping ErrTooLarge instead of allocating until memory runs out.
const MaxHistogramBins = 1 << 20

// HistogramModel is a fitted histogram: Heights[i] = Counts[i]/(p·width) on
// [Edges[i], Edges[i+1]), so that Σ Heights·width = 1 − Outside/p.
type HistogramModel struct {
	Edges   []float64
	Counts  []int
	Heights []float64
	Width   float64
	Outside int
	N       int
}

// Fit bins the sample. Cost O(p + Bins).
func (h Histogram) Fit(x []float64) (*HistogramModel, error) {
	if len(x) == 0 {
		return nil, fmt.Errorf("density: Histogram.Fit: empty sample: %w", ErrEmpty)
	}
	if h.Bins < 0 {
		return nil, fmt.Errorf("density: Histogram.Fit: Bins = %d: %w", h.Bins, ErrParam)
	}
	if err := check.Size("density: Histogram.Fit", "Bins", h.Bins, MaxHistogramBins); err != nil {
		return nil, err
	}
	lo, hi := h.Min, h.Max
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("density: Histogram.Fit: sample[%d] = %g: %w", i, v, ErrNotFinite)
		}
	}
	if lo == 0 && hi == 0 {
		lo, hi = x[0], x[0]
		for _, v := range x {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		if lo == hi {
			lo, hi = lo-0.5, hi+0.5
		}
	}
	if !(hi > lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return nil, fmt.Errorf("density: Histogram.Fit: need finite Min < Max, got [%g, %g]: %w", lo, hi, ErrParam)
	}
	if math.IsInf(hi-lo, 0) {
		return nil, fmt.Errorf("density: Histogram.Fit: the range [%g, %g] is wider than the float64 range; rescale the sample: %w",
			lo, hi, ErrNotFinite)
	}
	bins := h.Bins
	bins = cmp.Or(bins, int(math.Ceil(math.Log2(float64(len(x)))))+1)
	m := &HistogramModel{Edges: make([]float64, bins+1), Counts: make([]int, bins), Heights: make([]float64, bins), N: len(x)}
	m.Width = (hi - lo) / float64(bins)
	for i := range m.Edges {
		m.Edges[i] = lo + float64(i)*m.Width
	}
	m.Edges[bins] = hi
	for _, v := range x {
		if v < lo || v > hi {
			m.Outside++
			continue
		}
		b := int((v - lo) / m.Width)
		if b >= bins { // v == hi belongs to the last, closed bin
			b = bins - 1
		}
		m.Counts[b]++
	}
	for i, c := range m.Counts {
		m.Heights[i] = float64(c) / (float64(len(x)) * m.Width)
	}
	return m, nil
}

// Density returns the histogram height at x (0 outside the binned range). Cost O(1).
func (m *HistogramModel) Density(x float64) float64 {
	if m == nil || len(m.Heights) == 0 || len(m.Edges) < 2 {
		return 0 // a zero model has no mass anywhere
	}
	lo, hi := m.Edges[0], m.Edges[len(m.Edges)-1]
	if !(x >= lo && x <= hi) {
		return 0
	}
	b := min(int((x-lo)/m.Width), len(m.Counts)-1)
	return m.Heights[b]
}
