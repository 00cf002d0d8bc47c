package viz

import (
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// refClash is the cost (refCost) from which a place of a reference line's label counts as
// taken: a data point or line sample under the label or within refClear of it, another
// reference line or label, or the edge of the data area.
const refClash = 16

// refBandGap is the gap, in points, between the data area and the first row of labels above
// it (see refBandPlan), and between their rows.
const refBandGap = 3

// refBandShift is how far right of its line, in points, a label above the data area may
// start before it goes to a row of its own: its leader then slants a little.
const refBandShift = 24

// bandLabel is the label of a vertical reference line drawn above the data area: the line's
// position on the canvas, its text, style and the box it fills.
type bandLabel struct {
	x     vg.Length
	label string
	sty   refPlace
}

// refBandPlan decides, for Draw, which labels of vertical reference lines go above the data
// area instead of inside it, and lays the figure out again with room for them: a label goes
// there when its best place inside (refLine.place) is taken (refClash) — on a narrow
// rendering the room between curves shrinks, and a label that fits beside its line on a
// desktop crosses the data on a phone. The labels above keep the lines' order, level,
// centred over their lines where they can be and in as many rows as keep them apart
// (refBandLabels); a dashed leader joins each to the top of its line. A label that moves
// out leaves room inside for the others, and the band takes height from the data area, so
// the decision is taken again on the new layout until it stands (at most four layouts).
// It sets f.refAbove and f.refBand, which Draw clears. Cost per round: one placement of
// every label (refLine.place).
func (f *Figure) refBandPlan(c draw.Canvas, spot legendSpot, legendW, legendH vg.Length, lay figureLayout) figureLayout {
	for range 4 {
		changed := false
		for _, n := range f.refsWithoutRoom(lay, spot, legendW, legendH) {
			if f.refAbove == nil {
				f.refAbove = make([]bool, len(f.refs))
			}
			f.refAbove[n], changed = true, true
		}
		if f.refAbove != nil {
			if _, h := f.refBandLabels(&lay.q, lay.data); h > f.refBand {
				f.refBand, changed = h, true
			}
		}
		if !changed {
			return lay
		}
		lay = f.layout(c, spot, legendW, legendH)
	}
	return lay
}

// above reports whether the label of reference line n (in f.refs) goes above the data area
// in the current Draw (false on a nil f).
func (f *Figure) above(n int) bool {
	return f != nil && n < len(f.refAbove) && f.refAbove[n]
}

// refsWithoutRoom returns the indices (in f.refs) of the labelled vertical reference lines of
// lay, not yet sent above the data area, whose label has no place inside that is not taken,
// placing the labels in the order Draw does (after an inside legend).
func (f *Figure) refsWithoutRoom(lay figureLayout, spot legendSpot, legendW, legendH vg.Length) []int {
	saved := f.refBoxes
	defer func() { f.refBoxes = saved }()
	f.refBoxes = f.legendKeepOut(nil, lay.data, spot, legendW, legendH)
	var out []int
	for _, r := range f.refs {
		if r.label == "" || r.vertical && f.above(r.n) {
			continue
		}
		best, cost := r.place(lay.data, &lay.q)
		if r.vertical && cost >= refClash {
			out = append(out, r.n)
			continue
		}
		f.refBoxes = append(f.refBoxes, best.box)
	}
	return out
}

// legendKeepOut appends to boxes the box that reference lines' labels keep off, of a legend
// inside the data area: its frame, and the room a wider fallback font may take (legendSlack)
// on either side. A legend outside adds none.
func (f *Figure) legendKeepOut(boxes []vg.Rectangle, data draw.Canvas, spot legendSpot, legendW, legendH vg.Length) []vg.Rectangle {
	if legendW > 0 && !spot.beside && !spot.below {
		b, grow := legendBox(data, legendW, legendH, spot), vg.Point{X: 4 + legendSlack*legendW, Y: 3}
		boxes = append(boxes, vg.Rectangle{Min: b.Min.Sub(grow), Max: b.Max.Add(grow)})
	}
	return boxes
}

// refBandLabels places the labels of the vertical reference lines that go above the data area
// (f.refAbove) of q on the data canvas data: in rows above it, each centred over its line
// where the rows left of it leave room, else pushed right until it starts up to
// refBandShift right of its line, else in the next row; all within the data area's width. It returns the labels and the height of
// their rows with the gaps (0 for none).
func (f *Figure) refBandLabels(q *plot.Plot, data draw.Canvas) ([]bandLabel, vg.Length) {
	trX, _ := q.Transforms(&data)
	var ls []bandLabel
	for _, r := range f.refs {
		if r.vertical && r.label != "" && f.above(r.n) {
			ls = append(ls, bandLabel{x: trX(r.at), label: r.label, sty: refPlace{sty: r.labelStyle()}})
		}
	}
	if len(ls) == 0 {
		return nil, 0
	}
	slices.SortStableFunc(ls, func(a, b bandLabel) int {
		switch {
		case a.x < b.x:
			return -1
		case a.x > b.x:
			return 1
		}
		return 0
	})
	var rights []vg.Length // the right end of the last label of each row
	lo, hi := data.Min.X, data.Max.X
	var lh vg.Length
	for i := range ls {
		r := ls[i].sty.sty.Rectangle(ls[i].label)
		w, h := r.Max.X-r.Min.X, r.Max.Y-r.Min.Y
		lh = max(lh, h)
		want := min(max(ls[i].x-w/2, lo), hi-w)
		row, x0 := -1, want
		for k, right := range rights {
			if x := max(want, right+2*refBandGap); x+w <= hi && x <= max(want, ls[i].x+refBandShift) {
				row, x0 = k, x
				break
			}
		}
		if row < 0 {
			rights = append(rights, 0)
			row = len(rights) - 1
		}
		rights[row] = x0 + w
		ls[i].sty.box = rect(x0, vg.Length(row), x0+w, vg.Length(row)+h) // row for now
	}
	for i := range ls { // rows, from the data area up
		row := ls[i].sty.box.Min.Y
		y0 := data.Max.Y + refBandGap + row*(lh+refBandGap)
		ls[i].sty.box.Min.Y, ls[i].sty.box.Max.Y = y0, y0+(ls[i].sty.box.Max.Y-row)
	}
	return ls, vg.Length(len(rights))*(lh+refBandGap) + refBandGap
}

// drawRefBand draws the labels that refBandLabels places above the data area, each with a
// dashed leader from the top of its line to the nearest point of its label's lower edge.
func (f *Figure) drawRefBand(c draw.Canvas, q *plot.Plot, data draw.Canvas) {
	ls, _ := f.refBandLabels(q, data)
	for _, l := range ls {
		b := l.sty.box
		c.StrokeLine2(refStyle, l.x, data.Max.Y, min(max(l.x, b.Min.X+1), b.Max.X-1), b.Min.Y-1)
	}
	for _, l := range ls {
		haloText(c, l.sty.sty, l.sty.box, l.label)
	}
}
