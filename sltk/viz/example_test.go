package viz_test

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/claim"
	"github.com/sltk-book/sltk/sltk/viz"
)

// saveTo saves d into a fresh temporary directory and reports the file's name and whether it
// is non-empty.
func saveTo(d viz.Drawer, name string) {
	dir, err := os.MkdirTemp("", "viz-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, name)
	if err := viz.Save(d, path); err != nil {
		fmt.Println(err)
		return
	}
	st, err := os.Stat(path)
	fmt.Println(name, err == nil && st.Size() > 0)
}

func ExampleScatterLabels() {
	// Six points in two clusters and their centroids (row k is the centroid of label k),
	// which the legend calls by the name the text uses for them.
	x := mat.NewDense(6, 2, []float64{0, 0, 0.5, 0.2, 0.1, 0.6, 3, 3, 3.4, 2.8, 2.9, 3.5})
	labels := []int{0, 0, 0, 1, 1, 1}
	centroids := mat.NewDense(2, 2, []float64{0.2, 0.27, 3.1, 3.1})
	fig, err := viz.ScatterLabels(x, labels, centroids, viz.Title("Two clusters"),
		viz.CentroidName("cluster means"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fig.X.Label.Text = "petal length" // the figure is a *plot.Plot underneath
	saveTo(fig, "clusters.svg")
	// Output: clusters.svg true
}

func ExampleLines() {
	iters := 20
	cost := make([]float64, iters)
	bound := make([]float64, iters)
	for t := range iters {
		cost[t] = 10 * math.Pow(0.7, float64(t))
		bound[t] = 10 / float64(t+1)
	}
	fig, err := viz.Lines([]viz.Series{
		{Name: "cost", Y: cost}, // X nil: plotted against 0, 1, 2, …
		{Name: "10/(t+1)", Y: bound},
	}, viz.LogY(), viz.Title("Convergence"), viz.XLabel("iteration t"), viz.YLabel("cost"))
	if err != nil {
		fmt.Println(err)
		return
	}
	saveTo(fig, "convergence.png")
	// Output: convergence.png true
}

// ExampleLines_steps draws the depths of five cells side by side as a staircase: X nil gives
// the unit cells [0, 1], …, [4, 5]; the marked cells are points at their centres.
func ExampleLines_steps() {
	depth := []float64{-1, -3, -40, -2, -1}
	fig, err := viz.Lines([]viz.Series{
		{Name: "bottom", Y: depth, Steps: true},
		{Name: "probed", X: []float64{1.5, 3.5}, Y: []float64{0, 0}, Points: true},
	}, viz.XLabel("cell x"), viz.YLabel("depth"))
	if err != nil {
		fmt.Println(err)
		return
	}
	saveTo(fig, "profile.svg")
	// Output: profile.svg true
}

func ExampleHistogram() {
	// A deterministic, roughly uniform sample on [0, 1) and the uniform density.
	sample := make([]float64, 1000)
	for i := range sample {
		sample[i] = math.Mod(float64(i)*0.618034, 1)
	}
	uniform := func(float64) float64 { return 1 }
	fig, err := viz.Histogram(sample, 20, uniform, viz.Title("Golden-ratio sequence"))
	if err != nil {
		fmt.Println(err)
		return
	}
	saveTo(fig, "hist.pdf")
	// Output: hist.pdf true
}

func ExampleHeatMap() {
	p := mat.NewDense(3, 3, []float64{
		0.5, 0.5, 0,
		0.25, 0.5, 0.25,
		0, 0.5, 0.5,
	})
	fig, err := viz.HeatMap(p, viz.Title("Transition matrix P"), viz.XLabel("to"), viz.YLabel("from"),
		viz.RowNames("a", "b", "c"), viz.ColNames("a", "b", "c"))
	if err != nil {
		fmt.Println(err)
		return
	}
	saveTo(fig, "transitions.svg")
	// Output: transitions.svg true
}

func ExampleContour() {
	// Decision function of a linear classifier, its boundary f = 0, and labelled points.
	f := func(x, y float64) float64 { return x + 2*y - 1 }
	pts := mat.NewDense(4, 2, []float64{0, 0, -1, 0.5, 1, 1, 2, 0})
	labels := []int{0, 0, 1, 1}
	fig, err := viz.Contour(f, viz.Rect{XMin: -2, XMax: 3, YMin: -1, YMax: 2}, pts, labels,
		viz.Levels(0), viz.Title("Decision boundary"))
	if err != nil {
		fmt.Println(err)
		return
	}
	saveTo(fig, "boundary.png")
	// Output: boundary.png true
}

// ExampleColorLabel says what the colours of a heat map mean: the label stands upwards beside
// the colour bar (and, for HeatMaps on a phone, under the bar below the panels).
func ExampleColorLabel() {
	counts := mat.NewDense(2, 2, []float64{12, 3, 5, 20})
	fig, err := viz.HeatMap(counts, viz.ColorLabel("visits per day"),
		viz.RowNames("home", "shop"), viz.ColNames("home", "shop"))
	if err != nil {
		fmt.Println(err)
		return
	}
	saveTo(fig, "visits.svg")
	// Output: visits.svg true
}

func ExampleFigure_AddPointLabels() {
	// Four words placed by some embedding, coloured by cluster and named beside their points.
	pts := mat.NewDense(4, 2, []float64{0, 0, 0.4, 0.3, 2, 1.5, 2.3, 1.2})
	fig, err := viz.ScatterLabels(pts, []int{0, 0, 1, 1}, nil, viz.Title("Words"))
	if err == nil {
		err = fig.AddPointLabels(pts, []string{"licence", "license", "program", "programs"})
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	saveTo(fig, "words.svg")
	// Output: words.svg true
}

func ExampleBars() {
	fig, err := viz.Bars([]string{"k-means", "EM", "annealing"}, []viz.BarSeries{
		{Name: "train", Values: []float64{0.91, 0.93, 0.95}},
		{Name: "test", Values: []float64{0.88, 0.90, 0.94}},
	}, viz.Title("Accuracy"), viz.YLabel("fraction correct"))
	if err != nil {
		fmt.Println(err)
		return
	}
	saveTo(fig, "accuracy.svg")
	// Output: accuracy.svg true
}

func ExampleNewGrid() {
	a := claim.Must(viz.Bar([]string{"x", "y"}, []float64{1, 2}, viz.Title("left")))
	b := claim.Must(viz.Lines([]viz.Series{{Y: []float64{1, 4, 9}}}, viz.Title("right")))
	g, err := viz.NewGrid(1, 2, a, b)
	if err != nil {
		fmt.Println(err)
		return
	}
	g.Title = "Two panels"
	saveTo(g, "panels.png")
	// Output: panels.png true
}

func ExampleShow() {
	fig := claim.Must(viz.Bar([]string{"a", "b"}, []float64{3, 1}))
	// In a GoNB cell this displays the SVG; in a plain program or test it does nothing.
	fmt.Println(viz.Show(fig))
	// Output: <nil>
}

func ExampleSave_unknownExtension() {
	fig := claim.Must(viz.Bar([]string{"a"}, []float64{1}))
	err := viz.Save(fig, "figure.gif")
	fmt.Println(errors.Is(err, viz.ErrFormat))
	// Output: true
}

func ExampleScatter_errors() {
	_, err := viz.Scatter(mat.NewDense(3, 3, nil))
	fmt.Println(errors.Is(err, viz.ErrShape), err)
	// Output: true viz: Scatter: x is 3×3, want n×2 (one point per row): viz: mismatched shapes
}

func ExampleShowTable() {
	// Outside a notebook the table is printed as text.
	err := viz.ShowTable([]string{"method", "k", "cost"}, [][]string{
		{"Lloyd", "3", "41.7"},
		{"annealing", "3", "39.2"},
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// method     k  cost
	// ---------  -  ----
	// Lloyd      3  41.7
	// annealing  3  39.2
}

func ExampleNewProgress() {
	const steps = 1_000_000
	pr := viz.NewProgress("annealing", steps)
	sum := 0.0
	for i := range steps {
		sum += math.Sqrt(float64(i))
		pr.Add(1) // cheap: the display is refreshed a few times per second at most
	}
	pr.Done()
	_ = sum
}

// Outside a notebook, Markdown prints its text.
func ExampleMarkdown() {
	_ = viz.Markdown("The cost fell from **246** to **4**.")
	// Output: The cost fell from **246** to **4**.
}

// ShowFrame prints floats in their shortest exact form and leaves missing cells empty.
func ExampleShowFrame() {
	df := dataframe.LoadRecords([][]string{
		{"name", "weight"},
		{"a", "5.1"},
		{"b", "NaN"},
	}, dataframe.DetectTypes(false), dataframe.WithTypes(map[string]series.Type{"weight": series.Float}))
	_ = viz.ShowFrame(df)
	// Output:
	// name  weight
	// ----  ------
	// a        5.1
	// b
}

// HTML gives a full-width figure a second rendering for a phone's column, shown by a
// container query below the width at which the first one's 11-pt labels would fall under
// 9 CSS px; a 4-inch figure needs none.
func ExampleHTML() {
	fig, err := viz.Lines([]viz.Series{{Name: "cost", Y: []float64{4, 2, 1.5, 1.2}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, w := range []float64{8, 4} {
		s, err := viz.HTML(fig.Resize(w, 3))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%g in: %d SVG, phone rendering %v\n", w, strings.Count(s, "<svg "),
			strings.Contains(s, "@container (max-width:472px)"))
	}
	// Output:
	// 8 in: 2 SVG, phone rendering true
	// 4 in: 1 SVG, phone rendering false
}

// ExampleColor: the qualitative palette has PaletteSize colours, so up to twelve classes or
// series of one figure never share one; index PaletteSize starts over.
func ExampleColor() {
	seen := map[color.Color]bool{}
	for i := range viz.PaletteSize {
		seen[viz.Color(i)] = true
	}
	fmt.Println(len(seen), viz.Color(viz.PaletteSize) == viz.Color(0))
	// Output: 12 true
}

// ExampleLegendInside: by default a legend that would cover data everywhere inside the data
// area moves out of it; LegendInside keeps it in, where it covers the fewest.
func ExampleLegendInside() {
	fig, err := viz.Lines([]viz.Series{{Name: "trace", Y: []float64{3, 1, 2}}}, viz.LegendInside())
	fmt.Println(err, fig.LegendInside)
	// Output: <nil> true
}
