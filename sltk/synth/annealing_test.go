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
	x, labels, means = SixGaussians(0, 3)
	if r, _ := x.Dims(); r != 600 || len(labels) != 600 {
		t.Fatalf("SixGaussians default n: %d rows", r)
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
