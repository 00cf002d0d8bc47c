package synth

import (
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestTextureImage(t *testing.T) {
	a, b := TextureImage(1), TextureImage(1)
	if !mat.Equal(a, b) {
		t.Fatal("same seed, different images")
	}
	if lo, hi := mat.Min(a), mat.Max(a); lo < 0 || hi >= 256 {
		t.Fatalf("gray values in [%g, %g], want [0, 256)", lo, hi)
	}
	lab, err := TexturePatchLabels(8)
	if err != nil || len(lab) != 144 {
		t.Fatalf("TexturePatchLabels(8) = %d labels, %v", len(lab), err)
	}
	seen := map[int]int{}
	for _, l := range lab {
		seen[l]++
	}
	if len(seen) != len(TextureNames) {
		t.Fatalf("textures seen %v, want %d", seen, len(TextureNames))
	}
	for _, p := range []int{0, -1, 7, 200} {
		if _, err := TexturePatchLabels(p); !errors.Is(err, ErrParam) {
			t.Errorf("patch %d: err = %v, want ErrParam", p, err)
		}
	}
}
