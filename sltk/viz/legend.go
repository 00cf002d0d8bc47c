package viz

import (
	"reflect"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Legend placement. A figure's legend goes where it hides no data: Draw tries eight places
// inside the data area (the four corners, top right first, then the middles of the four
// sides) and takes the one whose box covers the fewest of the figure's points and samples of
// its lines; when every one covers some, the legend moves out of the data area, in a column
// at the right or in rows below the axes, whichever takes the smaller share of the data
// area, as long as that share is at most maxLegendShare; past it (a narrow panel whose
// legend is wider than a third of it), the inside place that covers the fewest stays.

// maxLegendShare is the largest fraction of the data area's width (a column at the right) or
// height (rows below) that a legend moved out of the data area may take.
const maxLegendShare = 0.36

// legendSpot is where Draw puts a legend.
type legendSpot struct {
	beside, below bool // outside the data area: a column at the right, rows below the axes
	col, row      int  // inside: column 0 left, 1 centre, 2 right; row 0 bottom, 1 middle, 2 top
}

// insideSpots are the places inside the data area, in the order that wins a tie.
var insideSpots = []legendSpot{
	{col: 2, row: 2}, {col: 0, row: 2}, {col: 2, row: 0}, {col: 0, row: 0},
	{col: 1, row: 2}, {col: 1, row: 0}, {col: 2, row: 1}, {col: 0, row: 1},
}

// legendEntry is one entry of a figure's legend as this package added it: plot.Legend keeps
// its entries private, and Draw needs them one by one to lay them out in rows.
type legendEntry struct {
	name   string
	thumbs []plot.Thumbnailer
}

// addLegend adds an entry to f's legend, and records it for the rows below the axes.
func (f *Figure) addLegend(name string, thumbs ...plot.Thumbnailer) {
	f.Legend.Add(name, thumbs...)
	f.entries = append(f.entries, legendEntry{name, thumbs})
}

// legendEntries returns the recorded entries of f's legend, or nil when they are not all of
// them (a caller added to f.Legend directly, or replaced it): such a legend is not split.
func (f *Figure) legendEntries() []legendEntry {
	if reflect.ValueOf(f.Plot.Legend).FieldByName("entries").Len() != len(f.entries) {
		return nil
	}
	return f.entries
}

// entryLegend is a legend in the style of l holding only e.
func entryLegend(l *plot.Legend, e legendEntry) plot.Legend {
	one := plot.NewLegend()
	one.TextStyle, one.Padding = l.TextStyle, l.Padding
	one.ThumbnailWidth, one.YPosition = l.ThumbnailWidth, l.YPosition
	one.Top, one.Left = true, true
	one.Add(e.name, e.thumbs...)
	return one
}

// legendRowGap is the space between two entries in a row below the axes, in em of the
// legend's font.
const legendRowGap = 1.5

// legendGrid is the layout of a legend's entries in rows below the axes: a table of cols
// columns filled row by row, each column as wide as its widest entry, so that the entries of
// successive rows line up.
type legendGrid struct {
	cols   int         // entries per row (the last row may have fewer)
	colW   []vg.Length // width of each column
	rowH   vg.Length   // height of one row
	width  vg.Length   // width of the table: the columns and the gaps between them
	height vg.Length   // height of all rows and the padding between them
}

// columnWidths returns the widths of the columns of ws laid out in cols columns, row by
// row, and the width of the table with gap between columns.
func columnWidths(ws []vg.Length, cols int, gap vg.Length) ([]vg.Length, vg.Length) {
	colW := make([]vg.Length, cols)
	for i, w := range ws {
		colW[i%cols] = max(colW[i%cols], w)
	}
	total := vg.Length(cols-1) * gap
	for _, w := range colW {
		total += w
	}
	return colW, total
}

// legendRows lays the entries, in order, out as a table no wider than width (see
// legendGrid): the most columns that fit, then as few as keep the same number of rows, so
// that the rows are evenly filled (5 entries as 3 + 2, not 4 + 1). One column when even a
// single entry is wider than width. Cost O(entries²) on the entries' measured widths.
func legendRows(l *plot.Legend, es []legendEntry, width vg.Length) legendGrid {
	if len(es) == 0 {
		return legendGrid{}
	}
	gap := legendRowGap * l.TextStyle.Font.Size
	ws := make([]vg.Length, len(es))
	var g legendGrid
	for i, e := range es {
		one := entryLegend(l, e)
		w, h := legendSize(&one)
		ws[i], g.rowH = w, max(g.rowH, h)
	}
	g.cols = 1
	for c := len(es); c > 1; c-- {
		if _, total := columnWidths(ws, c, gap); total <= width {
			g.cols = c
			break
		}
	}
	rows := (len(es) + g.cols - 1) / g.cols
	if even := (len(es) + rows - 1) / rows; even < g.cols {
		if _, total := columnWidths(ws, even, gap); total <= width {
			g.cols = even
		}
	}
	g.colW, g.width = columnWidths(ws, g.cols, gap)
	rows = (len(es) + g.cols - 1) / g.cols
	g.height = vg.Length(rows)*g.rowH + vg.Length(rows-1)*l.Padding
	return g
}

// drawLegendRows draws the entries in the table of legendRows that fits width, centred on x
// but kept inside [left, left+width], the first row's top at top. Each entry starts at the
// left edge of its column.
func drawLegendRows(c draw.Canvas, l *plot.Legend, es []legendEntry,
	left, width, x, top vg.Length) {
	g := legendRows(l, es, width)
	gap := legendRowGap * l.TextStyle.Font.Size
	x0 := max(left, min(x-g.width/2, left+width-g.width))
	for i, e := range es {
		col, row := i%g.cols, i/g.cols
		cx := x0
		for _, w := range g.colW[:col] {
			cx += w + gap
		}
		cy := top - vg.Length(row)*(g.rowH+l.Padding)
		one := entryLegend(l, e)
		w, h := legendSize(&one)
		one.Draw(draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: cx, Y: cy - h}, Max: vg.Point{X: cx + w, Y: cy}}})
	}
}

// legendBox is the rectangle of a w×h legend at an inside spot of the data area.
func legendBox(data draw.Canvas, w, h vg.Length, s legendSpot) vg.Rectangle {
	x0, y0 := spotStart(s.col, data.Min.X, data.Max.X, w), spotStart(s.row, data.Min.Y, data.Max.Y, h)
	return vg.Rectangle{Min: vg.Point{X: x0, Y: y0}, Max: vg.Point{X: x0 + w, Y: y0 + h}}
}

// spotStart is where a legend of the given size starts along one axis of the data area
// [lo, hi]: at the low end (place 0), centred (1) or at the high end (2), padded from the frame.
func spotStart(place int, lo, hi, size vg.Length) vg.Length {
	switch place {
	case 0:
		return lo + legendPad
	case 1:
		return (lo+hi)/2 - size/2
	}
	return hi - legendPad - size
}

// covered counts the figure's points and line samples that a w×h legend at spot s of the
// data area hides, the frame and the gap to the border included. Cost O(points +
// 16·segments).
func (f *Figure) covered(p *plot.Plot, data draw.Canvas, w, h vg.Length, s legendSpot) int {
	trX, trY := p.Transforms(&data)
	return f.countIn(trX, trY, legendBox(data, w, h, s), legendPad+2, true)
}

// countIn counts the figure's points and line samples that lie in box grown by m on each
// side, with trX and trY mapping data to the canvas, and the samples of its reference lines
// when refs is set. Points count as drawn: line segments
// are sampled evenly on the canvas, so that a segment across a log axis is sampled where it
// is, not where its data midpoint is. Cost O(points + 16·segments).
func (f *Figure) countIn(trX, trY func(float64) vg.Length, box vg.Rectangle, m vg.Length, refs bool) int {
	in := func(x, y vg.Length) bool {
		return x >= box.Min.X-m && x <= box.Max.X+m && y >= box.Min.Y-m && y <= box.Max.Y+m
	}
	n := 0
	for _, d := range f.data {
		if in(trX(d.X), trY(d.Y)) {
			n++
		}
	}
	for _, d := range f.refData {
		if refs && in(trX(d.X), trY(d.Y)) {
			n++
		}
	}
	for _, sg := range f.segs {
		x0, y0, x1, y1 := trX(sg[0].X), trY(sg[0].Y), trX(sg[1].X), trY(sg[1].Y)
		for k := 1; k < 16; k++ {
			t := vg.Length(k) / 16
			if in(x0+t*(x1-x0), y0+t*(y1-y0)) {
				n++
			}
		}
	}
	return n
}

// emptiestSpot returns the inside spot where a w×h legend covers the fewest of the figure's
// points and line samples (the first of insideSpots on a tie) and how many it covers.
func (f *Figure) emptiestSpot(p *plot.Plot, data draw.Canvas, w, h vg.Length) (legendSpot, int) {
	best, fewest := insideSpots[0], -1
	for _, s := range insideSpots {
		if n := f.covered(p, data, w, h, s); fewest < 0 || n < fewest {
			best, fewest = s, n
		}
	}
	return best, fewest
}
