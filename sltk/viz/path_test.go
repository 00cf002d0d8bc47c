package viz

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestAddPathBadInput(t *testing.T) {
	f := NewFigure("", "x", "y")
	if err := f.AddPath([][2]float64{{0, 0}}, "", 0); !errors.Is(err, ErrEmpty) {
		t.Errorf("one point: err = %v", err)
	}
	if err := f.AddPath([][2]float64{{0, 0}, {1, math.NaN()}}, "", 0); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: err = %v", err)
	}
	var nilFig *Figure
	if err := nilFig.AddPath([][2]float64{{0, 0}, {1, 1}}, "", 0); !errors.Is(err, ErrArg) {
		t.Errorf("nil figure: err = %v", err)
	}
}

func ExampleFigure_AddPath() {
	f := NewFigure("A closed triangle", "x", "y")
	err := f.AddPath([][2]float64{{0, 0}, {1, 0}, {0, 1}, {0, 0}}, "triangle", 1)
	_, err2 := Render(f, "svg")
	fmt.Println(err, err2)
	// Output: <nil> <nil>
}
