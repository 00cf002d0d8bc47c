package viz

import (
	"fmt"
	"html"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// Reflow returns a grid of panels, cols to a row, that reflows on a narrow screen: Show
// displays each panel as its own image, cols side by side where the page is wide enough and
// one per row on a phone, where a side-by-side grid would shrink every panel's text to a
// fraction of its size. Each panel keeps the size of its tile in the grid NewGrid(rows, cols,
// ...) with rows = ⌈len(panels)/cols⌉, so on a wide page the panels look as in that grid, and
// Render and Save draw that grid as one image.
func Reflow(cols int, panels ...Drawer) (*Grid, error) {
	rows := 1
	if cols > 0 {
		rows = max((len(panels)+cols-1)/cols, 1)
	}
	g, err := NewGrid(rows, cols, panels...)
	if err != nil {
		return nil, fmt.Errorf("viz: Reflow: %w", err)
	}
	g.reflow = true
	return g, nil
}

// sized draws a panel at a given size (a Sizer for Render).
type sized struct {
	Drawer
	w, h vg.Length
}

func (s sized) Size() (vg.Length, vg.Length) { return s.w, s.h }

// reflowHTML renders the panels of a Reflow grid as SVG images in a wrapping flex box, below
// the grid's title if it has one: a panel takes 1/Cols of the width but at least 18rem (about
// half of a desktop column), so on a phone each panel takes the full width.
func reflowHTML(g *Grid) (string, error) {
	if err := drawable(g); err != nil {
		return "", err
	}
	pw, ph := g.tileSize()
	var b strings.Builder
	b.WriteString(`<div class="viz-reflow" style="display:flex;flex-wrap:wrap;align-items:flex-start">`)
	writeGridTitle(&b, g)
	defer shareTitles(g.Panels, tileCanvases(len(g.Panels), pw, ph))()
	for _, p := range g.Panels {
		fig, err := figureHTML(sized{tile{p}, pw, ph})
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, `<div style="flex:1 1 %.4g%%;min-width:min(18rem,100%%)">`, 100/float64(max(g.Cols, 1)))
		b.WriteString(fig)
		b.WriteString(`</div>`)
	}
	b.WriteString(`</div>`)
	return b.String(), nil
}

// tileSize is the size of one tile of g (see Grid.Size), without the title and colour bar.
func (g *Grid) tileSize() (vg.Length, vg.Length) {
	w, h := g.Size()
	if g.Title != "" {
		h -= gridTitleHeight
	}
	if g.colorBar != nil {
		w -= colorBarWidth + g.colorLabelRoom(h)
	}
	return w / vg.Length(max(g.Cols, 1)), h / vg.Length(max(g.Rows, 1))
}

// writeGridTitle writes g's title, if it has one, as a line of a flex box that wraps.
func writeGridTitle(b *strings.Builder, g *Grid) {
	if g.Title != "" {
		fmt.Fprintf(b, `<div style="flex:1 0 100%%;text-align:center;font:bold 14px sans-serif">%s</div>`,
			html.EscapeString(g.Title))
	}
}

// tile draws a panel the way a Grid draws it into its tile: on white, inside the grid's padding.
type tile struct{ Drawer }

func (t tile) Draw(c draw.Canvas) {
	(&Grid{Rows: 1, Cols: 1, Panels: []Drawer{t.Drawer}}).Draw(c)
}

// tileCanvases returns n canvases as tile draws its panel on at w × h points, for
// shareTitles (nothing is drawn on them).
func tileCanvases(n int, w, h vg.Length) []draw.Canvas {
	c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}}
	one := (&Grid{Rows: 1, Cols: 1, Panels: []Drawer{nil}}).tiles(c)[0]
	cs := make([]draw.Canvas, n)
	for i := range cs {
		cs[i] = one
	}
	return cs
}
