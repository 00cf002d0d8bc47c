package viz

import (
	"bytes"
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Picture draws the cells without axes: the 3×3 heat map's tick label 0 (no colour-bar value) and the
// default axis labels are gone, and the option is refused by builders without axes to hide.
func TestPicture(t *testing.T) {
	m := mat.NewDense(3, 3, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9})
	svgOf := func(opts ...Option) []byte {
		f, err := HeatMap(m, append(opts, HideValues())...)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Render(f, "svg")
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	plain, pic := svgOf(), svgOf(Picture())
	for _, s := range []string{">column<", ">row<", ">0<"} {
		if !bytes.Contains(plain, []byte(s)) {
			t.Errorf("the plain heat map has no %q", s)
		}
		if bytes.Contains(pic, []byte(s)) {
			t.Errorf("Picture still draws %q", s)
		}
	}
	if _, err := HeatMaps([]mat.Matrix{m, m}, nil, 2, Picture()); err != nil {
		t.Errorf("HeatMaps with Picture: %v", err)
	}
	if _, err := Lines([]Series{{Y: []float64{1, 2}}}, Picture()); !errors.Is(err, ErrArg) {
		t.Errorf("Lines with Picture: err = %v, want ErrArg", err)
	}
}
