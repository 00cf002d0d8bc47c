package viz

import (
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The label of a colour bar (ColorLabel) is set in the axis labels' font, 12 pt, shrunk to
// no less than 9 pt where it is longer than the bar, and broken into lines at spaces
// beyond that; beside a vertical bar it reads upwards, colorLabelGap right of the tick-less
// side of the strip, and is fitted to the strip's own length, so that it never runs past
// the strip's ends.
const (
	colorLabelPt    = 12
	colorLabelMinPt = 9
	colorLabelGap   = 5
	// colorLabelSpare is the first guess of the height of a figure that its vertical bar
	// does not span (title, x axis); Figure.layout then fits the label to the bar it laid out.
	colorLabelSpare = 60
)

// fitColorLabel returns the style and the lines in which label fits length: one line at
// colorLabelPt, or at a smaller size down to colorLabelMinPt, or several lines at that
// size broken at spaces. An empty label gives no lines.
func fitColorLabel(label string, length vg.Length) (text.Style, []string) {
	sty := textStyle(sansFont, colorLabelPt, inkColor)
	if label == "" {
		return sty, nil
	}
	return shrinkOrWrap(sty, label, length, colorLabelMinPt)
}

// colorLabelRoom is the width that the label of a vertical colour bar takes beside it,
// fitted to the length of the bar's strip; 0 without a label.
func colorLabelRoom(label string, length vg.Length) vg.Length {
	sty, lines := fitColorLabel(label, length)
	if len(lines) == 0 {
		return 0
	}
	return colorLabelGap + vg.Length(len(lines))*sty.FontExtents().Height
}

// drawColorLabel writes label upwards beside a vertical colour strip whose right edge is at
// x and which spans y0..y1, fitted to that length as colorLabelRoom fits it.
func drawColorLabel(c draw.Canvas, label string, x, y0, y1 vg.Length) {
	sty, lines := fitColorLabel(label, y1-y0)
	if len(lines) == 0 {
		return
	}
	sty.Rotation = math.Pi / 2
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop // the top of the text faces the strip
	lh := sty.FontExtents().Height
	for i, l := range lines {
		c.FillText(sty, vg.Point{X: x + colorLabelGap + vg.Length(i)*lh, Y: (y0 + y1) / 2}, l)
	}
}

// labelBelowBar sets label as the axis label of a horizontal colour bar (belowColorBar)
// that is width points wide, shrunk as fitColorLabel shrinks it, and returns the height the
// label adds to the bar's rendering.
func labelBelowBar(p *plot.Plot, label string, width vg.Length) vg.Length {
	sty, lines := fitColorLabel(label, width)
	if len(lines) == 0 {
		return 0
	}
	p.X.Label.Text = strings.Join(lines, "\n")
	p.X.Label.TextStyle.Font.Size = sty.Font.Size
	p.X.Label.Padding = vg.Points(3)
	return vg.Length(len(lines))*sty.FontExtents().Height + p.X.Label.Padding
}
