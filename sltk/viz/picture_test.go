package viz

import (
	"bytes"
	"encoding/base64"
	"errors"
	"image"
	"image/png"
	"regexp"
	"strings"
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

// TestPictureIsOneImage: a Picture heat map is one image with at least pictureSide pixels
// along its longer side, each cell a block of equal pixels, not a rectangle per cell (whose
// separately anti-aliased edges leave a faint grid of seams, as on a 28×28 weight image) and
// not one pixel per cell (which browsers smooth into a blur). The same map without Picture
// keeps its vector cells.
func TestPictureIsOneImage(t *testing.T) {
	const r, c = 28, 20
	m := heat(r, c)
	for _, tc := range []struct {
		name string
		d    Drawer
	}{
		{"HeatMap", Must(HeatMap(m, Picture(), Grey()))},
		{"HeatMaps", Must(HeatMaps([]mat.Matrix{m, m}, []string{"a", "b"}, 2, Picture(), Diverging()))},
	} {
		svg := string(Must(Render(tc.d, "svg")))
		if n := strings.Count(svg, "<path"); n > 100 {
			t.Errorf("%s with Picture: %d paths; the cells are drawn one by one", tc.name, n)
		}
		imgs := svgImages(t, svg)
		found := 0
		for _, img := range imgs {
			b := img.Bounds()
			if b.Dy() != r*pixelsPerCell(r, c) || b.Dx() != c*pixelsPerCell(r, c) {
				continue // the colour bar
			}
			found++
			if b.Dy() < pictureSide {
				t.Errorf("%s: picture %d pixels high, want at least %d", tc.name, b.Dy(), pictureSide)
			}
			s := pixelsPerCell(r, c)
			for y := 0; y < b.Dy(); y++ {
				for x := 0; x < b.Dx(); x++ {
					if img.At(x, y) != img.At(x-x%s, y-y%s) {
						t.Fatalf("%s: pixel (%d, %d) differs from its cell's first pixel", tc.name, x, y)
					}
				}
			}
		}
		if want := map[string]int{"HeatMap": 1, "HeatMaps": 2}[tc.name]; found != want {
			t.Errorf("%s with Picture: %d images of the matrix's shape among %d, want %d", tc.name, found, len(imgs), want)
		}
	}
	vector := string(Must(Render(Must(HeatMap(m, Grey(), HideValues())), "svg")))
	if n := strings.Count(vector, "<path"); n < r*c {
		t.Errorf("without Picture: %d paths, want one per cell (%d)", n, r*c)
	}
}

// svgImages decodes the PNG images embedded in svg.
func svgImages(t *testing.T, svg string) []image.Image {
	t.Helper()
	var out []image.Image
	for _, m := range regexp.MustCompile(`xlink:href="data:image/[a-z]+;base64,([^"]+)"`).FindAllStringSubmatch(svg, -1) {
		raw, err := base64.StdEncoding.DecodeString(m[1])
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, img)
	}
	return out
}
