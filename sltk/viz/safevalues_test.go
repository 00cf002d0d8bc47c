package viz

import (
	"math"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Methods without an error result return documented safe values on bad input, never a panic
// or a non-finite size.
func TestMethodsSafeOnBadInput(t *testing.T) {
	f := NewFigure("t", "x", "y")
	for _, v := range []float64{math.NaN(), math.Inf(1), -1, 1e308} {
		w, h := f.Resize(v, v).Size()
		if want := map[bool]vg.Length{true: MaxSize, false: DefaultWidth}[v > 1]; w != want {
			t.Errorf("Resize(%v): width %v, want %v", v, w, want)
		}
		if math.IsNaN(float64(h)) || math.IsInf(float64(h), 0) {
			t.Errorf("Resize(%v): height %v", v, h)
		}
	}
	var nilFig *Figure
	if w, h := nilFig.Size(); w != DefaultWidth || h != DefaultHeight {
		t.Errorf("nil Figure Size = %v, %v", w, h)
	}
	nilFig.Draw(draw.Canvas{})
	f.Draw(draw.Canvas{}) // no backend: draws nothing
	var g *Grid
	g.Draw(draw.Canvas{})
	if w, h := (&Grid{Rows: 1 << 40, Cols: 1 << 40, PanelWidth: vg.Length(math.NaN())}).Size(); w != MaxSize || h != MaxSize {
		t.Errorf("huge Grid Size = %v, %v, want MaxSize", w, h)
	}
	var p *Progress
	p.Add(1)
	p.Done()
	(&Progress{}).Done()
}
