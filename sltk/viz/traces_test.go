package viz

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestTraces(t *testing.T) {
	m := mat.NewDense(3000, 2, nil)
	for i := range 3000 {
		m.Set(i, 0, float64(i%7))
		m.Set(i, 1, -1)
	}
	f, err := Traces(m, []string{"a", "b"}, 0, Title("t"))
	if err != nil || f == nil {
		t.Fatalf("Traces: %v", err)
	}
	if _, err := Render(f, "svg"); err != nil {
		t.Fatal(err)
	}
	if _, err := Traces(m, []string{"a"}, 0); !errors.Is(err, ErrShape) {
		t.Errorf("one name for two columns: %v, want ErrShape", err)
	}
	if _, err := Traces(nil, nil, 0); !errors.Is(err, ErrEmpty) {
		t.Errorf("nil: %v, want ErrEmpty", err)
	}
}

func TestScatterLabelsClasses(t *testing.T) {
	x := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 2, 2, 3, 3})
	f, err := ScatterLabels(x, []int{0, 1, 2, 2}, nil, Classes("setosa", "versicolor"))
	if err != nil {
		t.Fatal(err)
	}
	svg, err := Render(f, "svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"setosa", "versicolor", "label 2"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("legend lacks %q", want)
		}
	}
	if _, err := Lines([]Series{{Y: []float64{1}}}, Classes("a")); !errors.Is(err, ErrArg) {
		t.Errorf("ClassNames on Lines: %v, want ErrArg", err)
	}
}
