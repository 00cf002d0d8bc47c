package preprocess

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

func TestStandardize(t *testing.T) {
	x := mat.NewDense(4, 3, []float64{1, 10, 5, 2, 20, 5, 3, 30, 5, 4, 40, 5})
	st, err := Standardizer{}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	// Population standard deviation of 1, 2, 3, 4 is √1.25 (scikit-learn's scale_).
	if st.Mean[0] != 2.5 || math.Abs(st.Scale[0]-math.Sqrt(1.25)) > 1e-15 || st.Scale[2] != 1 {
		t.Errorf("mean %v scale %v", st.Mean, st.Scale)
	}
	z, err := st.Transform(x)
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j < 2; j++ {
		col := mat.Col(nil, j, z)
		mean, sd := stat.PopMeanStdDev(col, nil)
		if math.Abs(mean) > 1e-15 || math.Abs(sd-1) > 1e-15 {
			t.Errorf("column %d: mean %v, sd %v", j, mean, sd)
		}
	}
	if v := z.At(0, 2); v != 0 {
		t.Errorf("constant column: %v, want 0", v)
	}
	back, _ := st.InverseTransform(z)
	if !mat.EqualApprox(back, x, 1e-13) {
		t.Errorf("inverse:\n%v", mat.Formatted(back))
	}
	// Huge but finite values do not overflow the variance.
	h, err := Standardizer{}.Fit(mat.NewDense(2, 1, []float64{-1e308, 1e308}))
	if err != nil || h.Scale[0] != 1e308 {
		t.Errorf("huge column: %v, %v", h, err)
	}
	// Options keep the mean or the spread.
	k, _ := Standardizer{NoCenter: true, NoScale: true}.Fit(x)
	if k.Mean[0] != 0 || k.Scale[1] != 1 {
		t.Errorf("no-op options: %v", k)
	}
}

func TestStandardizeBadInput(t *testing.T) {
	if _, err := (Standardizer{}).Fit((*mat.Dense)(nil)); !errors.Is(err, ErrEmpty) {
		t.Errorf("typed nil: %v", err)
	}
	if _, err := (Standardizer{}).Fit(mat.NewDense(1, 1, []float64{math.NaN()})); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	st, _ := Standardizer{}.Fit(mat.NewDense(2, 2, []float64{1, 2, 3, 4}))
	if _, err := st.Transform(mat.NewDense(1, 3, nil)); !errors.Is(err, ErrShape) {
		t.Errorf("columns: %v", err)
	}
	if _, err := (&Standardization{}).Transform(mat.NewDense(1, 1, nil)); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero value: %v", err)
	}
}

func ExampleStandardizer() {
	train := mat.NewDense(3, 2, []float64{1, 100, 2, 200, 3, 300})
	st, _ := Standardizer{}.Fit(train)
	z, _ := st.Transform(mat.NewDense(1, 2, []float64{2, 400}))
	fmt.Printf("%.4f %.4f\n", z.At(0, 0), z.At(0, 1))
	// Output: 0.0000 2.4495
}
