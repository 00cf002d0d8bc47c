package viz

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg/draw"
)

func TestAddMarks(t *testing.T) {
	x := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 5, 5, 6, 6})
	f, err := ScatterLabels(x, []int{0, 0, 1, 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.AddMarks(mat.NewDense(2, 2, []float64{0.5, 0.5, 5.5, 5.5}), "true means"); err != nil {
		t.Fatal(err)
	}
	svg, err := Render(f, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, []byte("true means")) {
		t.Fatal("legend entry of the marks missing")
	}
	for _, bad := range []mat.Matrix{nil, mat.NewDense(1, 3, nil),
		mat.NewDense(1, 2, []float64{math.NaN(), 0})} {
		err := f.AddMarks(bad, "")
		if !errors.Is(err, ErrEmpty) && !errors.Is(err, ErrShape) && !errors.Is(err, ErrNotFinite) {
			t.Fatalf("AddMarks(%v): %v", bad, err)
		}
	}
}

// ExampleFigure_AddMarks marks the true means of two clusters with crosses.
func ExampleFigure_AddMarks() {
	x := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 5, 5, 6, 6})
	f, _ := ScatterLabels(x, []int{0, 0, 1, 1}, nil, Classes("left", "right"))
	err := f.AddMarks(mat.NewDense(2, 2, []float64{0.5, 0.5, 5.5, 5.5}), "true means")
	fmt.Println(err)
	// Output: <nil>
}

func TestHideLegend(t *testing.T) {
	x := mat.NewDense(2, 2, []float64{0, 0, 1, 1})
	f, err := ScatterLabels(x, []int{0, 1}, nil, Classes("zero-class", "one-class"))
	if err != nil {
		t.Fatal(err)
	}
	f.HideLegend()
	if err := f.AddMarks(x, "marked"); err != nil {
		t.Fatal(err)
	}
	svg, err := Render(f, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(svg, []byte("zero-class")) || !bytes.Contains(svg, []byte("marked")) {
		t.Fatal("HideLegend kept an old entry or dropped a later one")
	}
}

// A nil or zero figure: AddMarks reports it, HideLegend leaves it alone.
func TestMarksOnZeroFigure(t *testing.T) {
	pts := mat.NewDense(1, 2, []float64{0, 0})
	for _, f := range []*Figure{nil, {}} {
		if got := f.HideLegend(); got != f {
			t.Errorf("HideLegend(%v) = %v, want its receiver", f, got)
		}
		if err := f.AddMarks(pts, "m"); !errors.Is(err, ErrArg) {
			t.Errorf("AddMarks on %v: err = %v, want ErrArg", f, err)
		}
	}
}

// The palette's sky blue (5) and yellow (7) are lighter twins of blue (0) and orange (1):
// their markers take other shapes and their lines a dash-dot pattern, so that six or more
// series stay apart where colour alone would not.
func TestTwinColoursDiffer(t *testing.T) {
	for _, c := range [][2]int{{0, 5}, {1, 7}, {12, 17}} {
		a, b := glyphFor(c[0], 1), glyphFor(c[1], 1)
		if a.Shape == b.Shape {
			t.Errorf("labels %d and %d: both %T", c[0], c[1], a.Shape)
		}
	}
	for i := range 5 {
		if _, ok := glyphFor(i, 1).Shape.(draw.CircleGlyph); !ok {
			t.Errorf("label %d: %T, want a circle", i, glyphFor(i, 1).Shape)
		}
	}
	var series []Series
	for i := range 6 {
		series = append(series, Series{Name: fmt.Sprint(i), Y: make([]float64, 50)})
	}
	svg := string(Must(Render(Must(Lines(series)), "svg")))
	dashed := regexp.MustCompile(`<path[^>]*stroke-dasharray[^>]*>`).FindAllString(svg, -1)
	if len(dashed) == 0 {
		t.Fatal("no dashed line among six series, want the sky-blue one")
	}
	for _, d := range dashed {
		if !strings.Contains(strings.ToLower(d), "stroke:#56b4e9") {
			t.Errorf("a dashed path not in sky blue: %.200s", d)
		}
	}
}
