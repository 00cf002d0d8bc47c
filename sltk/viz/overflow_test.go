package viz

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/plotter"
)

// builders draws the same data through every builder that takes numbers: lo and hi are the
// extremes of the data.
func builders(lo, hi float64) map[string]func() (*Figure, error) {
	x := mat.NewDense(4, 2, []float64{lo, lo, hi, hi, 0, 1, 1, 0})
	return map[string]func() (*Figure, error){
		"Lines": func() (*Figure, error) {
			return Lines([]Series{{Name: "a", X: []float64{lo, hi}, Y: []float64{hi, lo}}})
		},
		"Scatter":       func() (*Figure, error) { return Scatter(x) },
		"ScatterLabels": func() (*Figure, error) { return ScatterLabels(x, []int{0, 1, 0, 1}, nil) },
		"Bars":          func() (*Figure, error) { return Bar([]string{"a", "b"}, []float64{lo, hi}) },
		"HeatMap":       func() (*Figure, error) { return HeatMap(x) },
		"Histogram":     func() (*Figure, error) { return Histogram([]float64{lo, 0, hi}, 4, nil) },
		"Contour": func() (*Figure, error) {
			return Contour(func(a, b float64) float64 { return a }, Rect{lo, hi, lo, hi}, nil, nil)
		},
		"Lattice": func() (*Figure, error) { return Lattice(x, x, 2, 2) },
		"Traces":  func() (*Figure, error) { return Traces(x, nil, 0) },
		"Graph": func() (*Figure, error) {
			return Graph([]GraphNode{{"a", lo, 0}, {"b", hi, 1}, {"c", 0, hi}}, []GraphEdge{{From: 0, To: 1}})
		},
		"UndirectedGraph": func() (*Figure, error) {
			return UndirectedGraph([]GraphNode{{"a", lo, 0}, {"b", hi, 1}, {"c", 0, hi}}, nil)
		},
	}
}

// TestNearMaxFloatRefused: data near ±MaxFloat64 made SVG paths with NaN coordinates (the range
// max − min overflowed), and data in [0, MaxFloat64] made the tick loop run until memory ran
// out. Now every builder refuses it with ErrNotFinite; data at ±MaxCoordinate still draws, and
// its SVG has no NaN or Inf.
func TestNearMaxFloatRefused(t *testing.T) {
	for _, r := range [][2]float64{{-1e308, 1e308}, {0, math.MaxFloat64}, {-math.MaxFloat64, 0}} {
		for name, build := range builders(r[0], r[1]) {
			fig, err := build()
			if err == nil {
				out, rerr := Render(fig, "svg")
				t.Errorf("%s on [%g, %g]: no error (render %v, NaN in SVG: %v)", name, r[0], r[1], rerr,
					strings.Contains(string(out), "NaN"))
				continue
			}
			if !errors.Is(err, ErrNotFinite) {
				t.Errorf("%s on [%g, %g]: %v; want ErrNotFinite", name, r[0], r[1], err)
			}
		}
	}
	for _, r := range [][2]float64{{-MaxCoordinate, MaxCoordinate}, {0, MaxCoordinate}, {-MaxCoordinate, 0}} {
		for name, build := range builders(r[0], r[1]) {
			fig, err := build()
			if err != nil {
				t.Errorf("%s on [%g, %g]: %v", name, r[0], r[1], err)
				continue
			}
			out, err := Render(fig, "svg")
			if err != nil {
				t.Errorf("%s on [%g, %g]: render: %v", name, r[0], r[1], err)
				continue
			}
			if s := string(out); strings.Contains(s, "NaN") || strings.Contains(s, "Inf") {
				t.Errorf("%s on [%g, %g]: SVG contains NaN or Inf", name, r[0], r[1])
			}
		}
	}
}

// TestRenderRefusesOverflowingFigure: a figure built by hand (NewFigure + Add), alone or in a
// Grid, with points near ±MaxFloat64 is an error of Render, not an SVG with NaN paths.
func TestRenderRefusesOverflowingFigure(t *testing.T) {
	f := NewFigure("hand-made", "x", "y")
	l, err := plotter.NewLine(plotter.XYs{{X: -1e308, Y: 0}, {X: 1e308, Y: 1}})
	if err != nil {
		t.Fatal(err)
	}
	f.Add(l)
	if out, err := Render(f, "svg"); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "Render") {
		t.Errorf("Render of a ±1e308 figure: %v (NaN in output: %v)", err, strings.Contains(string(out), "NaN"))
	}
	g, err := NewGrid(1, 2, NewFigure("ok", "", ""), f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Render(g, "svg"); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "panel 1") {
		t.Errorf("Render of a grid with a ±1e308 panel: %v", err)
	}
}

// TestNiceTicksAtFloatLimit: the tick loop ends on ranges reaching ±MaxFloat64 (hi + eps
// rounded to +Inf and k·step ≤ +Inf never failed), with ticks inside the range at steps of
// 1, 2, 2.5 or 5 times a power of ten.
func TestNiceTicksAtFloatLimit(t *testing.T) {
	ranges := [][2]float64{{0, math.MaxFloat64}, {-math.MaxFloat64, 0}, {-math.MaxFloat64, math.MaxFloat64 / 2}}
	for _, r := range ranges {
		ts := (niceTicks{}).Ticks(r[0], r[1])
		if len(ts) < 2 || len(ts) > 40 {
			t.Errorf("[%g, %g]: %d ticks", r[0], r[1], len(ts))
		}
		for _, tk := range ts {
			if !(tk.Value >= r[0] && tk.Value <= r[1]) {
				t.Errorf("[%g, %g]: tick %g outside", r[0], r[1], tk.Value)
			}
		}
	}
}

// TestTinyAndNarrowRanges: data at 1e150 gave a histogram whose density axis spans 1e-150;
// its "0" label was printed with 150 decimals, which pushed the data area off the canvas
// (NaN coordinates). A contour rectangle narrower than its grid's float resolution made
// gonum's contour tracer run until memory ran out; it is now refused.
func TestTinyAndNarrowRanges(t *testing.T) {
	if got := (niceTicks{}).Ticks(0, 1.3e-150)[0].Label; got != "0" {
		t.Errorf("label of 0 on a 1e-150 axis: %q", got)
	}
	fig, err := Histogram([]float64{0, 1, 1e150}, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Render(fig, "svg")
	if err != nil || strings.Contains(string(out), "NaN") || strings.Contains(string(out), "Inf") {
		t.Errorf("histogram of data up to 1e150: %v, NaN/Inf in SVG", err)
	}
	_, err = Contour(func(x, y float64) float64 { return x }, Rect{1, 1 + 1e-15, 0, 1}, nil, nil)
	if !errors.Is(err, ErrArg) || !strings.Contains(err.Error(), "narrower") {
		t.Errorf("Contour on a 1e-15-wide rectangle: %v", err)
	}
	// Just wide enough: 1e-8 of the magnitude draws.
	fig, err = Contour(func(x, y float64) float64 { return x + y }, Rect{1, 1 + 1e-8, 0, 1}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := Render(fig, "svg"); err != nil || strings.Contains(string(out), "NaN") {
		t.Errorf("Contour on a 1e-8-wide rectangle: %v", err)
	}
}

// TestGridLatticeProducts: rows·cols wrapped around for huge sides ((2⁶²+1)·4 = 4 mod 2⁶⁴),
// so a 4-panel grid or lattice passed the count check; now NewGrid caps each side at
// MaxGridSide and Lattice compares without overflow.
func TestGridLatticeProducts(t *testing.T) {
	p := NewFigure("p", "", "")
	huge := 1<<62 + 1
	if _, err := NewGrid(huge, 4, p, p, p, p); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("NewGrid(2^62+1, 4): %v", err)
	}
	if _, err := NewGrid(MaxGridSide, 1, p); err != nil {
		t.Errorf("NewGrid(MaxGridSide, 1): %v", err)
	}
	protos := mat.NewDense(4, 2, []float64{0, 0, 1, 0, 0, 1, 1, 1})
	if _, err := Lattice(nil, protos, huge, 4); !errors.Is(err, ErrShape) {
		t.Errorf("Lattice(2^62+1 × 4) with 4 prototypes: %v", err)
	}
	if _, err := Lattice(nil, protos, 2, 2); err != nil {
		t.Errorf("Lattice 2×2: %v", err)
	}
}
