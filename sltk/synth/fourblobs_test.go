package synth

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestFourBlobs(t *testing.T) {
	x, labels := FourBlobs(1)
	y, _ := FourBlobs(1)
	if !mat.Equal(x, y) {
		t.Fatal("the same seed gave different data")
	}
	centres := [][2]float64{{3, 3}, {-3, 3}, {3, -3}, {-3, -3}}
	sum := make([][2]float64, 4)
	for i, l := range labels {
		if l != i%4 {
			t.Fatalf("label %d of point %d, want %d", l, i, i%4)
		}
		sum[l][0] += x.At(i, 0) / 200
		sum[l][1] += x.At(i, 1) / 200
	}
	for k, c := range centres { // the mean of 200 points has standard error 0.7/√200 ≈ 0.05
		if math.Hypot(sum[k][0]-c[0], sum[k][1]-c[1]) > 0.25 {
			t.Errorf("blob %d: mean %v, centre %v", k, sum[k], c)
		}
	}
}

func ExampleFourBlobs() {
	x, labels := FourBlobs(1)
	n, d := x.Dims()
	fmt.Println(n, d, labels[:5])
	// Output: 800 2 [0 1 2 3 0]
}
