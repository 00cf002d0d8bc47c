package synth

import (
	"fmt"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestAnnealingData(t *testing.T) {
	x, labels, means := NineGaussians(1)
	y, _, _ := NineGaussians(1)
	if r, c := x.Dims(); r != 900 || c != 2 || len(labels) != 900 || !mat.Equal(x, y) {
		t.Fatalf("NineGaussians: %d×%d, %d labels, reproducible %v", r, c, len(labels), mat.Equal(x, y))
	}
	if r, _ := means.Dims(); r != 9 || means.At(4, 0) != 11.5 {
		t.Fatalf("means %v", mat.Formatted(means))
	}
	x, labels, means = SixGaussians(3)
	if r, _ := x.Dims(); r != 600 || len(labels) != 600 {
		t.Fatalf("SixGaussians: %d rows", r)
	}
	if r, _ := means.Dims(); r != 6 {
		t.Fatalf("SixGaussians: %d means", r)
	}
}

// ExampleNineGaussians prints the shape of the phase-transition data and its first mean.
func ExampleNineGaussians() {
	x, _, means := NineGaussians(1)
	r, c := x.Dims()
	fmt.Println(r, c, means.At(0, 0), means.At(0, 1))
	// Output: 900 2 -1.5 0
}

// TestAnnealingDataMatchGenerators checks that the two data sets are the documented draws of
// Blobs and GaussianMixture.
func TestAnnealingDataMatchGenerators(t *testing.T) {
	x, labels, means := NineGaussians(1)
	bx, bl, _, err := Blobs{N: 900, Centers: means, Std: 0.35, Seed: 1}.Generate()
	if err != nil || !mat.Equal(x, bx) || fmt.Sprint(labels) != fmt.Sprint(bl) {
		t.Fatalf("NineGaussians differs from Blobs (err %v)", err)
	}
	covs := make([]mat.Symmetric, 6)
	for q, c := range sixCovs {
		covs[q] = mat.NewSymDense(2, []float64{c[0], c[1], c[1], c[2]})
	}
	x, labels, means = SixGaussians(3)
	gx, gl, err := GaussianMixture{N: 600, Weights: []float64{0.25, 0.1, 0.2, 0.1, 0.2, 0.15},
		Means: means, Covs: covs, Seed: 3}.Generate()
	if err != nil || !mat.EqualApprox(x, gx, 1e-12) || fmt.Sprint(labels) != fmt.Sprint(gl) {
		t.Fatalf("SixGaussians differs from GaussianMixture (err %v)", err)
	}
}
