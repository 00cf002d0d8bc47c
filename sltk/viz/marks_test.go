package viz

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
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
