package synth

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/integrate/quad"
	"gonum.org/v1/gonum/stat"
)

func TestBimodalMomentsAndDensity(t *testing.T) {
	x, err := Bimodal(100000, 3)
	if err != nil {
		t.Fatal(err)
	}
	data := x.RawMatrix().Data
	// Mean 0; variance ½(0.25 + 4) + ½(1 + 4) = 4.625 (the mixture's second moment).
	if m := stat.Mean(data, nil); math.Abs(m) > 0.03 {
		t.Errorf("mean %g, want 0", m)
	}
	if v := stat.PopVariance(data, nil); math.Abs(v-4.625) > 0.05 {
		t.Errorf("variance %g, want 4.625", v)
	}
	mass := quad.Fixed(BimodalPDF, -20, 20, 2000, nil, 0)
	if math.Abs(mass-1) > 1e-9 {
		t.Errorf("∫ BimodalPDF = %g, want 1", mass)
	}
	if got, want := BimodalPDF(-2), 0.5/(0.5*math.Sqrt(2*math.Pi))+0.5*math.Exp(-8)/math.Sqrt(2*math.Pi); math.Abs(got-want) > 1e-15 {
		t.Errorf("BimodalPDF(−2) = %g, want %g", got, want)
	}
	y, _ := Bimodal(100000, 3)
	if !floats.Equal(y.RawMatrix().Data, data) {
		t.Error("same seed, different sample")
	}
}

func TestBimodalBadSize(t *testing.T) {
	for _, p := range []int{0, -3} {
		if _, err := Bimodal(p, 1); !errors.Is(err, ErrParam) {
			t.Errorf("Bimodal(%d): err = %v, want ErrParam", p, err)
		}
	}
}

func ExampleBimodal() {
	x, err := Bimodal(200, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	n, d := x.Dims()
	fmt.Println(n, d)
	fmt.Printf("density at the narrow mode %.3f, at the wide mode %.3f\n", BimodalPDF(-2), BimodalPDF(2))
	// Output:
	// 200 1
	// density at the narrow mode 0.399, at the wide mode 0.199
}
