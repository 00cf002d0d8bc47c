package viz

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestLatticeRendersChainAndGrid(t *testing.T) {
	x, _ := blobs(50)
	grid := mat.NewDense(6, 2, []float64{0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1})
	for _, c := range []struct {
		rows, cols int
		data       mat.Matrix
	}{{2, 3, x}, {1, 6, nil}, {6, 1, x}} {
		f, err := Lattice(c.data, grid, c.rows, c.cols, Title("Title lattice"))
		if err != nil {
			t.Fatal(err)
		}
		out, err := Render(f, "svg")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), "Title lattice") {
			t.Errorf("%d×%d: title missing from the SVG", c.rows, c.cols)
		}
	}
	one, err := Lattice(nil, mat.NewDense(1, 2, []float64{1, 1}), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Render(one, "svg"); err != nil {
		t.Fatal(err)
	}
}

func TestLatticeErrors(t *testing.T) {
	w := mat.NewDense(4, 2, nil)
	bad := mat.NewDense(4, 2, nil)
	bad.Set(1, 1, math.NaN())
	for _, c := range []struct {
		name       string
		data, w    mat.Matrix
		rows, cols int
		want       error
	}{
		{"zero rows", nil, w, 0, 4, ErrArg},
		{"size mismatch", nil, w, 2, 3, ErrShape},
		{"nil prototypes", nil, nil, 2, 2, ErrEmpty},
		{"three columns", nil, mat.NewDense(4, 3, nil), 2, 2, ErrShape},
		{"NaN prototype", nil, bad, 2, 2, ErrNotFinite},
		{"NaN data", bad, w, 2, 2, ErrNotFinite},
	} {
		if _, err := Lattice(c.data, c.w, c.rows, c.cols); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := Lattice(nil, w, 2, 2, LogX()); !errors.Is(err, ErrArg) {
		t.Errorf("LogX accepted: %v", err)
	}
}
