package cluster

import (
	"errors"
	"fmt"
	"testing"

	"github.com/sltk-book/sltk/sltk/metrics"
	"gonum.org/v1/gonum/mat"
)

func TestRelabel(t *testing.T) {
	ref := []int{0, 0, 0, 1, 1, 2, 2, 2}
	pred := []int{2, 2, 1, 0, 0, 1, 1, 1} // cluster 2 ↔ 0, 0 ↔ 1, 1 ↔ 2 (one point off)
	w := mat.NewDense(3, 1, []float64{10, 20, 30})
	got, wr, err := Relabel(ref, pred, w, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := []int{0, 0, 2, 1, 1, 2, 2, 2}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("relabelled %v, want %v", got, want)
		}
	}
	if wr.At(0, 0) != 30 || wr.At(1, 0) != 10 || wr.At(2, 0) != 20 {
		t.Errorf("centroids %v, want [30 10 20]", mat.Col(nil, 0, wr))
	}
	d0, _ := metrics.Disagreement(ref, pred, 3)
	d1, _ := metrics.Disagreement(ref, got, 3)
	if d0 != d1 {
		t.Errorf("disagreement changed: %g → %g", d0, d1)
	}
	if _, nilW, err := Relabel(ref, pred, nil, 3); err != nil || nilW != nil {
		t.Errorf("nil centroids: %v, %v", nilW, err)
	}
	for _, c := range []struct {
		name string
		pred []int
		w    mat.Matrix
		k    int
		want error
	}{
		{"length", pred[:3], nil, 3, ErrShape},
		{"k = 0", pred, nil, 0, ErrParam},
		{"label out of range", []int{0, 0, 0, 1, 1, 2, 2, 3}, nil, 3, ErrLabel},
		{"centroid rows", pred, mat.NewDense(2, 1, nil), 3, ErrShape},
	} {
		if _, _, err := Relabel(ref, c.pred, c.w, c.k); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// A clustering that found the right groups under other names gets the reference names back.
func ExampleRelabel() {
	truth := []int{0, 0, 1, 1, 2, 2}
	fitted := []int{1, 1, 2, 2, 0, 0}
	renamed, _, err := Relabel(truth, fitted, nil, 3)
	fmt.Println(renamed, err)
	// Output: [0 0 1 1 2 2] <nil>
}
