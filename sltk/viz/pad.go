package viz

import (
	"math"

	"gonum.org/v1/plot"
)

// AxisPad is the fraction of an axis span (of its decades on a log axis) by which Figure.Draw
// moves an axis end out beyond a point or line that lies on it, so that the markers at the
// extremes of the data are drawn inside the frame, not on it.
const AxisPad = 0.04

// extent is the bounding box of the points of the markers, lines and reference lines added to
// a figure, on axis 0 (x) and 1 (y); set[a] is false while axis a has none.
type extent struct {
	lo, hi [2]float64
	set    [2]bool
}

// note widens e to the value v on axis a; NaN and ±Inf are skipped.
func (e *extent) note(a int, v float64) {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
	case !e.set[a]:
		e.lo[a], e.hi[a], e.set[a] = v, v, true
	default:
		e.lo[a], e.hi[a] = math.Min(e.lo[a], v), math.Max(e.hi[a], v)
	}
}

// width is the span of e on axis a, 0 while it has none.
func (e *extent) width(a int) float64 { return e.hi[a] - e.lo[a] }

// pad moves out the ends of the axes of p (Figure.Draw's copy of f's plot) that coincide with
// an extreme of f's points by AxisPad of the span. Ends the caller or a builder set to another
// value, Tight figures, empty or infinite spans stay as they are; a log axis is padded by a
// factor, so it stays positive. Cost O(1).
func (f *Figure) pad(p *plot.Plot) {
	if f.Tight {
		return
	}
	for a, ax := range []*plot.Axis{&p.X, &p.Y} {
		lo, hi := ax.Min, ax.Max
		atLo, atHi := lo == f.ext.lo[a], hi == f.ext.hi[a]
		if !f.ext.set[a] || !(atLo || atHi) || !(lo < hi) {
			continue
		}
		if _, log := ax.Scale.(plot.LogScale); log {
			if !(lo > 0) || math.IsInf(hi, 0) {
				continue
			}
			r := math.Exp(AxisPad * (math.Log(hi) - math.Log(lo)))
			if atLo {
				ax.Min = lo / r
			}
			if atHi {
				ax.Max = math.Min(hi*r, math.MaxFloat64)
			}
			continue
		}
		d := AxisPad * (hi - lo)
		if math.IsInf(d, 0) {
			continue
		}
		if atLo {
			ax.Min = math.Max(lo-d, -math.MaxFloat64)
		}
		if atHi {
			ax.Max = math.Min(hi+d, math.MaxFloat64)
		}
	}
}
