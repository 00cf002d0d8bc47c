package synth

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// TextureSide is the side in pixels of the image of TextureImage.
const TextureSide = 96

// TextureNames names the five textures of TextureImage, indexed by texture number.
var TextureNames = []string{"dark", "bright", "two modes", "mid-gray", "full range"}

// TextureImage returns a TextureSide×TextureSide image of gray values in [0, 256) made of five
// textures (the picture that histogram clustering segments): four quadrants and a centre
// square. The textures differ in their gray-value distribution, not in their mean alone:
// dark U(0,100), bright U(150,255), two narrow modes U(20,40) or U(200,220), mid-gray
// N(128, 15²) clipped to [0, 255], and the full range U(0,255). Pixel (r, c) has texture
// TextureAt(r, c). Same seed, same image. Cost O(TextureSide²).
func TextureImage(seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 5))
	img := mat.NewDense(TextureSide, TextureSide, nil)
	for r := 0; r < TextureSide; r++ {
		for c := 0; c < TextureSide; c++ {
			img.Set(r, c, textureValue(rng, TextureAt(r, c)))
		}
	}
	return img
}

// TextureAt returns the texture (0..4, see TextureNames) of pixel (r, c) of TextureImage:
// quadrants 0..3 in row-major order and texture 4 in the centre square [32, 64)².
func TextureAt(r, c int) int {
	if r >= 32 && r < 64 && c >= 32 && c < 64 {
		return 4
	}
	return 2*(r/48) + c/48
}

// TexturePatchLabels returns the texture of the centre pixel of every patch×patch block of
// TextureImage, blocks in row-major order (the order of cluster.PatchCounts). patch must
// divide TextureSide.
func TexturePatchLabels(patch int) ([]int, error) {
	if patch < 1 || TextureSide%patch != 0 {
		return nil, fmt.Errorf("synth: TexturePatchLabels: patch = %d, want a divisor of %d: %w", patch, TextureSide, ErrParam)
	}
	np := TextureSide / patch
	out := make([]int, np*np)
	for i := range out {
		out[i] = TextureAt((i/np)*patch+patch/2, (i%np)*patch+patch/2)
	}
	return out, nil
}

func textureValue(rng *rand.Rand, t int) float64 {
	switch t {
	case 0:
		return 100 * rng.Float64()
	case 1:
		return 150 + 105*rng.Float64()
	case 2:
		if rng.IntN(2) == 0 {
			return 20 + 20*rng.Float64()
		}
		return 200 + 20*rng.Float64()
	case 3:
		return math.Max(0, math.Min(255, 128+15*rng.NormFloat64()))
	}
	return 255 * rng.Float64()
}
