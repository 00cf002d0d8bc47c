package viz

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

func TestGraph(t *testing.T) {
	nodes := []GraphNode{{"1", 0, 0}, {"2", 1, 0}, {"3", 0.5, 0.8}}
	edges := []GraphEdge{{0, 0, "1/2"}, {0, 1, "1/2"}, {1, 2, "1/2"}, {2, 0, "1/2"}, {1, 0, "x"}}
	f, err := Graph(nodes, edges, Title("cycle"))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := Render(f, "svg"); err != nil || len(out) == 0 {
		t.Fatalf("render: %v", err)
	}
	m, err := GraphMatrix(nodes[:2], [][]string{{"", "1"}, {"1", ""}})
	if err != nil || m == nil {
		t.Fatalf("GraphMatrix: %v", err)
	}
	if _, err := GraphMatrix(nodes, [][]string{{"1"}}); !errors.Is(err, ErrShape) {
		t.Errorf("ragged labels: %v", err)
	}
	if _, err := Graph(nil, nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("no nodes: %v", err)
	}
	if _, err := Graph(nodes, []GraphEdge{{0, 3, ""}}); !errors.Is(err, ErrShape) {
		t.Errorf("edge to a missing node: %v", err)
	}
	if _, err := Graph([]GraphNode{{"a", math.NaN(), 0}}, nil); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN position: %v", err)
	}
	if _, err := Graph(nodes, edges, LogX()); !errors.Is(err, ErrArg) {
		t.Errorf("LogX on a graph: %v", err)
	}
}

// textBox is the box of a string drawn on a recorder: from its baseline start, as wide as the
// font measures it, from the descent below the baseline to the ascent above.
type textBox struct {
	s   string
	box vg.Rectangle
}

// drawnTexts draws d on a w × h recorder and returns the boxes of its texts.
func drawnTexts(d Drawer, w, h vg.Length) []textBox {
	rec := &recorder.Canvas{}
	sized{d, w, h}.Draw(draw.Canvas{Canvas: rec, Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}})
	var out []textBox
	for _, a := range rec.Actions {
		s, ok := a.(*recorder.FillString)
		if !ok {
			continue
		}
		face := font.DefaultCache.Lookup(s.Font, s.Size)
		ext := face.Extents()
		out = append(out, textBox{s.String, vg.Rectangle{
			Min: vg.Point{X: s.Point.X, Y: s.Point.Y - ext.Descent},
			Max: vg.Point{X: s.Point.X + face.Width(s.String), Y: s.Point.Y + ext.Ascent}}})
	}
	return out
}

// TestGraphLoopLabelsBelowTitle: the label of a self-loop on the top node ran into the title
// (afds/06, Example 6.12 at 6 × 2.6 in). At every size, from a phone's to a wide flat one, the
// box of every edge label lies inside the figure and below the title's box.
func TestGraphLoopLabelsBelowTitle(t *testing.T) {
	nodes := []GraphNode{{"r", 0, 0}, {"b", 2, 0}, {"g", 1, 1.5}}
	labels := [][]string{{"1/3", "1/3", "1/3"}, {"2/3", "", "1/3"}, {"2/3", "1/3", "1/2"}}
	f, err := GraphMatrix(nodes, labels, Title("Example 6.12"), Size(6, 2.6))
	if err != nil {
		t.Fatal(err)
	}
	pw, ph, ok := phoneSize(6*vg.Inch, 2.6*vg.Inch, 10.5) // the size of its phone rendering
	if !ok {
		t.Fatal("no phone rendering of a 6 × 2.6 in graph")
	}
	for _, sz := range [][2]vg.Length{{6 * vg.Inch, 2.6 * vg.Inch}, {pw, ph}, {pw, 0.75 * 2.6 * vg.Inch},
		{DefaultWidth, 2 * vg.Inch}, {3 * vg.Inch, 3 * vg.Inch}} {
		texts := drawnTexts(f, sz[0], sz[1])
		var title vg.Rectangle
		found := false
		for _, tb := range texts {
			if tb.s == "Example 6.12" {
				title, found = tb.box, true
			}
		}
		if !found {
			t.Fatalf("%v: no title drawn", sz)
		}
		n := 0
		for _, tb := range texts {
			if !strings.Contains(tb.s, "/") {
				continue
			}
			n++
			b := tb.box
			if b.Max.Y > title.Min.Y || b.Min.Y < 0 || b.Min.X < 0 || b.Max.X > sz[0] {
				t.Errorf("%v: label %q at %v, title bottom at %.1f", sz, tb.s, b, title.Min.Y)
			}
		}
		if n != 8 {
			t.Errorf("%v: %d edge labels drawn, want 8", sz, n)
		}
	}
}
