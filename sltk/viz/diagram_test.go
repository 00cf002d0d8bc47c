package viz_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/viz"
)

func ExampleDiagram() {
	// A map task, the shuffle and a reducer as three boxes joined by arrows.
	boxes := []viz.Box{
		{X: 0, Y: 0, W: 2, H: 1, Label: "map", Fill: 0},
		{X: 3, Y: 0, W: 2, H: 1, Label: "shuffle", Fill: -1},
		{X: 6, Y: 0, W: 2, H: 1, Label: "reduce", Fill: 2},
	}
	arrows := []viz.Arrow{{X0: 2, Y0: 0.5, X1: 3, Y1: 0.5}, {X0: 5, Y0: 0.5, X1: 6, Y1: 0.5}}
	notes := []viz.Note{{X: 4, Y: 1.5, Text: "one round"}}
	fig, err := viz.Diagram(boxes, arrows, notes, viz.Size(6, 0))
	if err != nil {
		fmt.Println(err)
		return
	}
	w, h := fig.Size()
	fmt.Printf("%.0f × %.0f pt\n", w.Points(), h.Points())
	saveTo(fig, "flow.svg")
	// Output:
	// 432 × 107 pt
	// flow.svg true
}

func ExampleGridBoxes() {
	// The 2×3 cells of a matrix, coloured by column stripe, each labelled with its index.
	fill := [][]int{{0, 0, 1}, {0, 0, 1}}
	labels := [][]string{{"a_{11}", "a_{12}", "a_{13}"}, {"a_{21}", "a_{22}", "a_{23}"}}
	cells, err := viz.GridBoxes(0, 0, 3, 2, 2, 3, fill, labels)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(cells), cells[0].Label, cells[0].Y, cells[5].Label, cells[5].Fill)
	// Output: 6 a_{11} 1 a_{23} 1
}

// TestDiagramGeometry checks the equal scale (height from the extent and the width) and that
// every label reaches the SVG, converted from TeX.
func TestDiagramGeometry(t *testing.T) {
	cells, err := viz.GridBoxes(0, 0, 4, 2, 2, 4, nil, [][]string{
		{"s_1", "b", "c", "d"}, {"e", "f", "g", "h"}})
	if err != nil {
		t.Fatal(err)
	}
	// Extent 4×2 plus a margin of max(0.2, 0.04·4) = 0.2 on each side: 4.4 × 2.4.
	fig, err := viz.Diagram(cells, []viz.Arrow{{X0: 0, Y0: 0, X1: 4, Y1: 2, Label: "arrow"}},
		[]viz.Note{{X: 2, Y: 1, Text: "note"}}, viz.Size(4.4, 99))
	if err != nil {
		t.Fatal(err)
	}
	w, h := fig.Size()
	if math.Abs(float64(h/w)-2.4/4.4) > 1e-9 {
		t.Errorf("aspect %v, want %v", h/w, 2.4/4.4)
	}
	svg, err := viz.Render(fig, "svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"s₁", "arrow", "note", ">h<"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	if c, _ := viz.GridBoxes(0, 0, 4, 2, 2, 4, nil, nil); c[4].Y != 0 || c[3].X != 3 || c[0].Y != 1 {
		t.Errorf("grid layout: cell 0 at y=%v, cell 3 at x=%v, cell 4 at y=%v", c[0].Y, c[3].X, c[4].Y)
	}
}

func TestDiagramBadInput(t *testing.T) {
	nan := math.NaN()
	for name, c := range map[string]struct {
		boxes  []viz.Box
		arrows []viz.Arrow
		notes  []viz.Note
		want   error
	}{
		"nothing":     {want: viz.ErrEmpty},
		"NaN box":     {boxes: []viz.Box{{X: nan, W: 1, H: 1}}, want: viz.ErrNotFinite},
		"flat box":    {boxes: []viz.Box{{W: 1, H: 0}}, want: viz.ErrArg},
		"Inf arrow":   {arrows: []viz.Arrow{{X1: math.Inf(1)}}, want: viz.ErrNotFinite},
		"NaN note":    {notes: []viz.Note{{Y: nan}}, want: viz.ErrNotFinite},
		"one point":   {notes: []viz.Note{{X: 1, Y: 1}}, want: nil},
		"huge extent": {boxes: []viz.Box{{X: -1e308, W: 1e308, H: 1}, {X: 1e308, W: 1, H: 1}}, want: viz.ErrArg},
	} {
		_, err := viz.Diagram(c.boxes, c.arrows, c.notes)
		if c.want == nil && err != nil || c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", name, err, c.want)
		}
	}
	if _, err := viz.Diagram([]viz.Box{{W: 1, H: 1}}, nil, nil, viz.LogX()); !errors.Is(err, viz.ErrArg) {
		t.Errorf("LogX on a diagram: err = %v, want ErrArg", err)
	}
	for name, f := range map[string]func() ([]viz.Box, error){
		"no rows":    func() ([]viz.Box, error) { return viz.GridBoxes(0, 0, 1, 1, 0, 2, nil, nil) },
		"fill rows":  func() ([]viz.Box, error) { return viz.GridBoxes(0, 0, 1, 1, 2, 2, [][]int{{0, 0}}, nil) },
		"label cols": func() ([]viz.Box, error) { return viz.GridBoxes(0, 0, 1, 1, 1, 2, nil, [][]string{{"a"}}) },
		"NaN width":  func() ([]viz.Box, error) { return viz.GridBoxes(0, 0, nan, 1, 1, 2, nil, nil) },
		"too many":   func() ([]viz.Box, error) { return viz.GridBoxes(0, 0, 1, 1, 1000, 1000, nil, nil) },
	} {
		if _, err := f(); err == nil {
			t.Errorf("GridBoxes %s: no error", name)
		}
	}
}

func ExampleFlow() {
	// One round of word count on two documents: MAP, the shuffle by word, REDUCE.
	fig, err := viz.Flow([]viz.FlowStage{
		{Heading: "input", Boxes: []string{"a b", "b"}, Fill: -1},
		{Heading: "MAP", Boxes: []string{"(a,1) (b,1)", "(b,1)"}, Fill: 0},
		{Heading: "shuffle", Boxes: []string{"a: [1]", "b: [1, 1]"}, Fill: 2,
			Links: [][2]int{{0, 0}, {0, 1}, {1, 1}}},
		{Heading: "REDUCE", Boxes: []string{"(a, 1)", "(b, 2)"}, Fill: -1},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	saveTo(fig, "wordcount.svg")
	// Output: wordcount.svg true
}

func TestFlowBadInput(t *testing.T) {
	for name, c := range map[string]struct {
		stages []viz.FlowStage
		want   error
	}{
		"none":      {nil, viz.ErrEmpty},
		"empty":     {[]viz.FlowStage{{Boxes: []string{"a"}}, {}}, viz.ErrArg},
		"bad link":  {[]viz.FlowStage{{Boxes: []string{"a"}}, {Boxes: []string{"b"}, Links: [][2]int{{0, 1}}}}, viz.ErrShape},
		"neg link":  {[]viz.FlowStage{{Boxes: []string{"a"}}, {Boxes: []string{"b"}, Links: [][2]int{{-1, 0}}}}, viz.ErrShape},
		"one stage": {[]viz.FlowStage{{Boxes: []string{"a", "b"}}}, nil},
	} {
		_, err := viz.Flow(c.stages)
		if c.want == nil && err != nil || c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", name, err, c.want)
		}
	}
}
