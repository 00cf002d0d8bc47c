package preprocess

import (
	"errors"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestHoldOut(t *testing.T) {
	x := mat.NewDense(7, 2, []float64{0, 0, 1, 10, 2, 20, 3, 30, 4, 40, 5, 50, 6, 60})
	y := []int{0, 1, 2, 3, 4, 5, 6}
	s, err := HoldOut(x, y, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 4}; !slices.Equal(s.Held.Y, want) {
		t.Errorf("held labels %v, want %v", s.Held.Y, want)
	}
	if want := []int{0, 2, 3, 5, 6}; !slices.Equal(s.Kept.Y, want) {
		t.Errorf("kept labels %v, want %v", s.Kept.Y, want)
	}
	if s.Held.X.At(1, 1) != 40 || s.Kept.X.At(4, 0) != 6 {
		t.Errorf("rows do not follow their labels: held %v, kept %v", s.Held.X.RawMatrix().Data, s.Kept.X.RawMatrix().Data)
	}
}

func TestHoldOutBadInput(t *testing.T) {
	x := mat.NewDense(3, 1, []float64{1, 2, 3})
	for _, c := range []struct {
		name string
		x    mat.Matrix
		y    []int
		k, r int
		want error
	}{
		{"nil", nil, nil, 2, 0, ErrEmpty},
		{"labels", x, []int{0}, 2, 0, ErrShape},
		{"k", x, []int{0, 1, 2}, 1, 0, ErrShape},
		{"r", x, []int{0, 1, 2}, 2, 2, ErrShape},
		{"empty part", x, []int{0, 1, 2}, 5, 4, ErrEmpty},
	} {
		if _, err := HoldOut(c.x, c.y, c.k, c.r); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}
