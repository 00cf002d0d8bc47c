package cluster

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// On ½‖·‖² the field at any point is ½‖x − w_q‖² with w_q the weighted mean (closed form),
// and at the data points it agrees with PairwiseMeanFields on the full matrix.
func TestFieldMapEuclideanAndAtData(t *testing.T) {
	x := pwBlobs(60, 4)
	m := fuzzdata.Simplex(rand.New(rand.NewPCG(9, 3)), 60, 3)
	fm, err := NewFieldMap(x, m, HalfSquared)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := 0; trial < 20; trial++ {
		pt := []float64{6 * rng.Float64(), 6*rng.Float64() - 3}
		e, err := fm.Fields(pt)
		if err != nil {
			t.Fatal(err)
		}
		for q := 0; q < 3; q++ {
			w, n := []float64{0, 0}, 0.0
			for i := 0; i < 60; i++ {
				w[0] += m.At(i, q) * x.At(i, 0)
				w[1] += m.At(i, q) * x.At(i, 1)
				n += m.At(i, q)
			}
			want := HalfSquared(pt, []float64{w[0] / n, w[1] / n})
			if math.Abs(e[q]-want) > 1e-10 {
				t.Fatalf("point %v, q = %d: field %g, ½‖x − w_q‖² = %g", pt, q, e[q], want)
			}
		}
	}
	d, err := Dissimilarities(x, Manhattan)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := PairwiseMeanFields(d, m, false)
	if err != nil {
		t.Fatal(err)
	}
	l1, err := NewFieldMap(x, m, Manhattan)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 60; i++ {
		e, err := l1.Fields(x.RawRowView(i))
		if err != nil {
			t.Fatal(err)
		}
		for q := range e {
			if math.Abs(e[q]-ref.At(i, q)) > 1e-10 {
				t.Fatalf("row %d, q = %d: FieldMap %g, PairwiseMeanFields %g", i, q, e[q], ref.At(i, q))
			}
		}
	}
}

func TestFieldMapBadInput(t *testing.T) {
	x := pwBlobs(6, 1)
	m := fuzzdata.Simplex(rand.New(rand.NewPCG(1, 3)), 6, 2)
	if _, err := Dissimilarities(x, nil); !errors.Is(err, ErrParam) {
		t.Errorf("nil dist: %v", err)
	}
	neg := func(a, b []float64) float64 { return -1 }
	if _, err := Dissimilarities(x, neg); !errors.Is(err, ErrNotFinite) {
		t.Errorf("negative dist: %v", err)
	}
	if _, err := NewFieldMap(x, mat.NewDense(5, 2, nil), Manhattan); !errors.Is(err, ErrShape) {
		t.Errorf("wrong assignment shape: %v", err)
	}
	bad := mat.DenseCopyOf(x)
	bad.Set(2, 1, math.NaN())
	if _, err := NewFieldMap(bad, m, Manhattan); err == nil {
		t.Error("NaN data accepted")
	}
	dead := mat.NewDense(6, 2, []float64{1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0})
	if _, err := NewFieldMap(x, dead, Manhattan); !errors.Is(err, ErrParam) {
		t.Errorf("empty cluster: %v", err)
	}
	fm, err := NewFieldMap(x, m, Manhattan)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fm.Fields([]float64{1}); !errors.Is(err, ErrShape) {
		t.Errorf("short point: %v", err)
	}
	if _, err := fm.Fields([]float64{1, math.Inf(1)}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("infinite point: %v", err)
	}
	far := func(a, b []float64) float64 { // finite on the data, infinite for a distant point
		if math.Abs(b[0]) > 100 {
			return math.Inf(1)
		}
		return Manhattan(a, b)
	}
	fmf, err := NewFieldMap(x, m, far)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fmf.Fields([]float64{1e3, 0}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("infinite dissimilarity: %v", err)
	}
}

// The mean field of a two-point cluster under ½‖·‖² is half the squared distance to the
// cluster's midpoint.
func ExampleFieldMap() {
	x := mat.NewDense(2, 2, []float64{0, 0, 2, 0})
	m := mat.NewDense(2, 1, []float64{1, 1})
	fm, err := NewFieldMap(x, m, HalfSquared)
	if err != nil {
		fmt.Println(err)
		return
	}
	e, _ := fm.Fields([]float64{1, 3}) // midpoint (1, 0): ½·3² = 4.5
	fmt.Printf("%.2f\n", e[0])
	// Output: 4.50
}
