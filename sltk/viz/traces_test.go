package viz

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
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

// TestGridAlignsDataAreas: stacked Traces panels whose names differ in width (short ones in
// the middle) start their data areas at one x, that of the panel with the widest names, as
// Grid draws them and as a phone's stack (one column of equal tiles) does; panels in another
// column keep their own, and the titles stay centred on one line. Without alignment the
// middle panel's data area starts further left.
func TestGridAlignsDataAreas(t *testing.T) {
	m := mat.NewDense(200, 2, nil)
	for i := range 200 {
		m.Set(i, 0, float64(i%7)/3)
		m.Set(i, 1, float64(i%5)/2)
	}
	wide := []string{"sawtooth", "Laplace noise"}
	top := Must(Traces(m, wide, 0, Title("sources")))
	mid := Must(Traces(m, []string{"m1", "m2"}, 0, Title("mixtures")))
	bot := Must(Traces(m, wide, 0, Title("recovered")))
	side := Must(Traces(m, []string{"a", "b"}, 0))
	lefts := func(g *Grid) []vg.Length {
		w, h := g.Size()
		cs := g.tiles(draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}})
		defer shareTitles(g.Panels, cs)()
		var out []vg.Length
		for i, p := range g.Panels {
			f := p.(*Figure)
			_, lay := f.placeLegend(cs[i], 0, 0)
			out = append(out, lay.data.Min.X-cs[i].Min.X)
		}
		return out
	}
	natural := func(f *Figure) vg.Length {
		c := draw.Canvas{Canvas: &recorder.Canvas{}, Rectangle: vg.Rectangle{Max: vg.Point{X: 340, Y: 200}}}
		_, lay := f.placeLegend(c, 0, 0)
		return lay.data.Min.X
	}
	if natural(mid) >= natural(top)-5 {
		t.Fatalf("the test needs names of different widths: insets %v and %v", natural(mid), natural(top))
	}
	col := Must(NewGrid(3, 1, top, mid, bot))
	col.PanelWidth, col.PanelHeight = 340, 200
	got := lefts(col)
	for i, x := range got {
		if math.Abs(float64(x-got[0])) > 0.01 {
			t.Errorf("one column: panel %d's data area starts at %.2f, panel 0's at %.2f", i, x, got[0])
		}
	}
	two := Must(NewGrid(2, 2, top, side, mid, side))
	got = lefts(two)
	if math.Abs(float64(got[0]-got[2])) > 0.01 || got[1] >= got[0]-5 {
		t.Errorf("two columns: data areas start at %.2f (first column, want equal) and %.2f (second, want its own, smaller)", got, got[1])
	}
	if top.leftInset != 0 || mid.leftInset != 0 {
		t.Error("the alignment outlives the grid's drawing")
	}
	// The shifted panel's title stays centred where its neighbours' are.
	svg := Must(Render(col, "svg"))
	centre := func(f *Figure) float64 {
		return textX(t, svg, f.Title.Text) + float64(f.Title.TextStyle.Width(f.Title.Text))/2
	}
	if a, b := centre(top), centre(mid); math.Abs(a-b) > 0.5 {
		t.Errorf("titles centred at %.1f (top) and %.1f (middle)", a, b)
	}
}
