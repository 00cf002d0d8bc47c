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

// AddCircle's path lies on the circle, closes, and refuses a bad radius or centre.
func TestAddCircle(t *testing.T) {
	f := NewFigure("", "x", "y")
	if err := f.AddCircle(1, -2, 0.5, "c", 1); err != nil {
		t.Fatal(err)
	}
	pts := circle(1, -2, 0.5)
	for _, p := range pts {
		if d := math.Hypot(p[0]-1, p[1]+2); math.Abs(d-0.5) > 1e-12 {
			t.Fatalf("point %v at distance %g from the centre", p, d)
		}
	}
	if pts[0] != pts[len(pts)-1] {
		t.Error("the path does not close")
	}
	if err := f.AddCircle(0, 0, 0, "", 0); !errors.Is(err, ErrArg) {
		t.Errorf("r = 0: %v", err)
	}
	if err := f.AddCircle(math.NaN(), 0, 1, "", 0); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN centre: %v", err)
	}
}
