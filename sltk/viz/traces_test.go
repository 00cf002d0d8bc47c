package viz

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
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
	svg, err := Render(f, "svg")
	if err != nil {
		t.Fatal(err)
	}
	// the names label the traces on the vertical axis, at their zero lines 0 and −6
	ticks := f.Y.Tick.Marker.Ticks(f.Y.Min, f.Y.Max)
	if len(ticks) != 2 || ticks[0] != (plot.Tick{Value: 0, Label: "a"}) ||
		ticks[1] != (plot.Tick{Value: -6, Label: "b"}) {
		t.Errorf("vertical ticks %v, want a at 0 and b at −6", ticks)
	}
	if n := strings.Count(string(svg), ">a<") + strings.Count(string(svg), ">b<"); n != 2 {
		t.Errorf("each name drawn %d times in all, want once each (no legend)", n)
	}
	if _, err := Traces(m, []string{"a"}, 0); !errors.Is(err, ErrShape) {
		t.Errorf("one name for two columns: %v, want ErrShape", err)
	}
	if _, err := Traces(nil, nil, 0); !errors.Is(err, ErrEmpty) {
		t.Errorf("nil: %v, want ErrEmpty", err)
	}
}

// TestCentroidName: the legend names the centroid diamonds as CentroidName says, "centroids"
// without it; an empty name, a name without centroids and the option on another builder are
// errors.
func TestCentroidName(t *testing.T) {
	x := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 2, 2, 3, 3})
	c := mat.NewDense(2, 2, []float64{0.5, 0.5, 2.5, 2.5})
	labels := []int{0, 0, 1, 1}
	svg := string(Must(Render(Must(ScatterLabels(x, labels, c, CentroidName("prototypes"))), "svg")))
	if !strings.Contains(svg, "prototypes") || strings.Contains(svg, "centroids") {
		t.Error(`CentroidName("prototypes"): the legend does not say "prototypes" instead of "centroids"`)
	}
	if svg := string(Must(Render(Must(ScatterLabels(x, labels, c)), "svg"))); !strings.Contains(svg, "centroids") {
		t.Error(`without CentroidName the legend does not say "centroids"`)
	}
	for name, err := range map[string]error{
		"empty":        second(ScatterLabels(x, labels, c, CentroidName(" "))),
		"no centroids": second(ScatterLabels(x, labels, nil, CentroidName("means"))),
		"on Lines":     second(Lines([]Series{{Y: []float64{1, 2}}}, CentroidName("means"))),
	} {
		if !errors.Is(err, ErrArg) {
			t.Errorf("%s: %v, want ErrArg", name, err)
		}
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
