package viz

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// matrixGrid shows a matrix as a plotter.GridXYZ with row 0 at the top, as matrices are
// printed: grid row j (counted from the bottom) is matrix row r−1−j.
type matrixGrid struct {
	m    mat.Matrix
	r, c int
}

func (g matrixGrid) Dims() (int, int)   { return g.c, g.r }
func (g matrixGrid) Z(c, r int) float64 { return g.m.At(g.r-1-r, c) }
func (g matrixGrid) X(c int) float64    { return float64(c) }
func (g matrixGrid) Y(r int) float64    { return float64(r) }
func (g matrixGrid) Min() (v float64)   { return g.extreme(math.Min, math.Inf(1)) }
func (g matrixGrid) Max() (v float64)   { return g.extreme(math.Max, math.Inf(-1)) }
func (g matrixGrid) extreme(f func(a, b float64) float64, v float64) float64 {
	for i := range g.r {
		for j := range g.c {
			v = f(v, g.m.At(i, j))
		}
	}
	return v
}

// Limits for heat maps: cell values are printed in cells up to annotateLimit cells, every
// index is a tick up to tickEvery rows/columns, and above rasterLimit cells the map is drawn
// as an image (one SVG element instead of one rectangle per cell).
const (
	annotateLimit = 400
	tickEvery     = 25
	rasterLimit   = 4096
)

// HeatMap draws the matrix m as coloured cells (viridis: dark = low, yellow = high) with a
// colour bar on the right; row 0 is at the top, as in a printed matrix, so a transition
// matrix reads "from" down the side and "to" along the bottom. Matrices with at most 400
// cells also get their values written in the cells (HideValues turns that off).
// Options: Title, XLabel, YLabel, Size, RowNames, ColNames, HideValues.
func HeatMap(m mat.Matrix, opts ...Option) (*Figure, error) {
	o, err := collect("HeatMap", "HeatMap", opts, "RowNames", "ColNames", "HideValues")
	if err != nil {
		return nil, err
	}
	if check.IsNil(m) {
		return nil, fmt.Errorf("viz: HeatMap: HeatMap of a nil matrix: %w", ErrEmpty)
	}
	r, c := m.Dims()
	if r == 0 || c == 0 {
		return nil, fmt.Errorf("viz: HeatMap: HeatMap of a %d×%d matrix: %w", r, c, ErrEmpty)
	}
	for i := range r {
		for j := range c {
			if err := finite("HeatMap", m.At(i, j), "m[%d,%d]", i, j); err != nil {
				return nil, err
			}
		}
	}
	if o.rowNames != nil && len(o.rowNames) != r {
		return nil, fmt.Errorf("viz: HeatMap: %d row names for %d rows: %w", len(o.rowNames), r, ErrShape)
	}
	if o.colNames != nil && len(o.colNames) != c {
		return nil, fmt.Errorf("viz: HeatMap: %d column names for %d columns: %w", len(o.colNames), c, ErrShape)
	}
	g := matrixGrid{m: m, r: r, c: c}
	lo, hi := g.Min(), g.Max()
	if lo == hi {
		lo, hi = lo-0.5, hi+0.5
	}
	f := NewFigure("", "", "")
	f.grid.Vertical.Color, f.grid.Horizontal.Color = nil, nil
	hm := plotter.NewHeatMap(g, Viridis(256))
	hm.Min, hm.Max = lo, hi
	hm.Rasterized = r*c > rasterLimit
	f.Add(hm)
	if r*c <= annotateLimit && !o.hideValues {
		lab, err := cellLabels(g, lo, hi)
		if err != nil {
			return nil, err
		}
		f.Add(lab)
	}
	f.X.Padding, f.Y.Padding = 0, 0
	f.X.Tick.Marker = indexTicks(c, o.colNames, func(v int) int { return v })
	f.Y.Tick.Marker = indexTicks(r, o.rowNames, func(v int) int { return r - 1 - v })
	f.colorBar = newColorBar(lo, hi, 1)
	if err := o.finish(f, fmt.Sprintf("%d×%d matrix", r, c), "column", "row"); err != nil {
		return nil, err
	}
	return f, nil
}

// cellLabels writes each value in its cell, white on dark cells and black on light ones.
func cellLabels(g matrixGrid, lo, hi float64) (*plotter.Labels, error) {
	var xyl plotter.XYLabels
	var light []bool
	for j := range g.r {
		for i := range g.c {
			z := g.Z(i, j)
			xyl.XYs = append(xyl.XYs, plotter.XY{X: g.X(i), Y: g.Y(j)})
			xyl.Labels = append(xyl.Labels, strconv.FormatFloat(z, 'g', 3, 64))
			light = append(light, (z-lo)/(hi-lo) > 0.55) // viridis turns light above ~0.55
		}
	}
	lab, err := plotter.NewLabels(xyl)
	if err != nil {
		return nil, fmt.Errorf("viz: HeatMap: cell labels: %v: %w", err, ErrArg)
	}
	size := vg.Length(10)
	if n := max(g.r, g.c); n > 8 {
		size = vg.Length(math.Max(6, 10-0.35*float64(n-8)))
	}
	for k := range lab.TextStyle {
		ink := color.Color(color.White)
		if light[k] {
			ink = color.Black
		}
		sty := textStyle(sansFont, size, ink)
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YCenter
		lab.TextStyle[k] = sty
	}
	return lab, nil
}

// indexTicks labels grid positions 0..n−1 with names, or with the matrix index toIndex(v)
// when names is nil; beyond tickEvery positions only gonum's default tick positions that
// fall on integers are kept.
func indexTicks(n int, names []string, toIndex func(int) int) plot.Ticker {
	return plot.TickerFunc(func(min, max float64) []plot.Tick {
		var ts []plot.Tick
		label := func(v int) string {
			if names != nil {
				return names[toIndex(v)]
			}
			return strconv.Itoa(toIndex(v))
		}
		if n <= tickEvery || names != nil {
			for v := range n {
				ts = append(ts, plot.Tick{Value: float64(v), Label: label(v)})
			}
			return ts
		}
		for _, t := range (plot.DefaultTicks{}).Ticks(0, float64(n-1)) {
			v := int(t.Value)
			if t.Label == "" || float64(v) != t.Value || v < 0 || v >= n {
				continue
			}
			ts = append(ts, plot.Tick{Value: t.Value, Label: label(v)})
		}
		return ts
	})
}

// newColorBar returns the vertical viridis colour bar for values in [lo, hi] (lo < hi) at
// the given opacity, which must match that of the map it explains.
func newColorBar(lo, hi, alpha float64) *plot.Plot {
	p := plot.New()
	stylePlot(p)
	p.HideX()
	p.X.Label.Text = ""
	p.Y.Padding = 0
	p.Add(&plotter.ColorBar{ColorMap: &viridisMap{min: lo, max: hi, alpha: alpha}, Vertical: true})
	return p
}

// Rect is the rectangle [XMin, XMax] × [YMin, YMax] over which Contour evaluates f.
type Rect struct {
	XMin, XMax, YMin, YMax float64
}

// contourResolution is the number of grid nodes per side at which Contour evaluates f:
// 121² ≈ 15 000 calls, smooth enough for level lines at notebook size and fast for any f
// that costs microseconds.
const contourResolution = 121

// shadeAlpha is the opacity of a contour plot's shading: light enough for lines and points
// on top to stand out.
const shadeAlpha = 0.55

// fieldGrid holds f sampled on a regular grid; z is row-major with y varying slowest.
type fieldGrid struct {
	xs, ys []float64
	z      []float64
	lo, hi float64
}

func (g *fieldGrid) Dims() (int, int)   { return len(g.xs), len(g.ys) }
func (g *fieldGrid) Z(c, r int) float64 { return g.z[r*len(g.xs)+c] }
func (g *fieldGrid) X(c int) float64    { return g.xs[c] }
func (g *fieldGrid) Y(r int) float64    { return g.ys[r] }
func (g *fieldGrid) Min() float64       { return g.lo }
func (g *fieldGrid) Max() float64       { return g.hi }

// Contour draws level lines of f over the rectangle r on top of a light viridis shading of
// f, with a colour bar. If points (n×2) is not nil they are drawn on top, coloured by labels
// when labels is not nil (one label per point, colours as in ScatterLabels). f is evaluated
// on a 121×121 grid and must be finite there. Options: Title, XLabel, YLabel, Size,
// legend placement, Levels, Classes.
func Contour(fn func(x, y float64) float64, r Rect, points mat.Matrix, labels []int, opts ...Option) (*Figure, error) {
	o, err := collect("Contour", "Contour", opts, "Levels", "Classes")
	if err != nil {
		return nil, err
	}
	if fn == nil {
		return nil, fmt.Errorf("viz: Contour: Contour of a nil function: %w", ErrArg)
	}
	for _, v := range []float64{r.XMin, r.XMax, r.YMin, r.YMax} {
		if err := finite("Contour", v, "rectangle bound"); err != nil {
			return nil, err
		}
	}
	if !(r.XMin < r.XMax) || !(r.YMin < r.YMax) {
		return nil, fmt.Errorf("viz: Contour: empty rectangle [%g, %g]×[%g, %g]: %w", r.XMin, r.XMax, r.YMin, r.YMax, ErrArg)
	}
	// The grid's 121 nodes per side must be distinct floats: on a rectangle narrower than
	// 1e-9 of its magnitude they coincide, and gonum's contour tracer then grew its paths
	// until memory ran out.
	if narrow := func(lo, hi float64) bool { return hi-lo < 1e-9*math.Max(math.Abs(lo), math.Abs(hi)) }; narrow(r.XMin, r.XMax) || narrow(r.YMin, r.YMax) {
		return nil, fmt.Errorf("viz: Contour: rectangle [%g, %g]×[%g, %g] is narrower than 1e-9 of its magnitude; shift or rescale it: %w", r.XMin, r.XMax, r.YMin, r.YMax, ErrArg)
	}
	if !(math.Max(math.Abs(r.XMin), math.Abs(r.XMax)) <= MaxCoordinate && math.Max(math.Abs(r.YMin), math.Abs(r.YMax)) <= MaxCoordinate) {
		return nil, fmt.Errorf("viz: Contour: rectangle [%g, %g]×[%g, %g] goes beyond ±%g (MaxCoordinate); rescale it: %w", r.XMin, r.XMax, r.YMin, r.YMax, MaxCoordinate, ErrNotFinite)
	}
	for i, l := range o.levels {
		if err := finite("Contour", l, "level %d", i); err != nil {
			return nil, err
		}
	}
	pts, err := contourPoints("Contour", points, labels, o)
	if err != nil {
		return nil, err
	}

	const n = contourResolution
	g := &fieldGrid{xs: make([]float64, n), ys: make([]float64, n), z: make([]float64, n*n),
		lo: math.Inf(1), hi: math.Inf(-1)}
	for i := range n {
		t := float64(i) / (n - 1)
		g.xs[i] = r.XMin + t*(r.XMax-r.XMin)
		g.ys[i] = r.YMin + t*(r.YMax-r.YMin)
	}
	for j, y := range g.ys {
		for i, x := range g.xs {
			z := fn(x, y)
			if err := finite("Contour", z, "f(%g, %g)", x, y); err != nil {
				return nil, err
			}
			g.z[j*n+i] = z
			g.lo, g.hi = math.Min(g.lo, z), math.Max(g.hi, z)
		}
	}
	lo, hi := g.lo, g.hi
	if lo == hi {
		lo, hi = lo-0.5, hi+0.5
	}

	f := NewFigure("", "", "")
	shade := make(viridisPalette, 256)
	for i := range shade {
		shade[i] = translucent(viridisAt(float64(i)/255), shadeAlpha)
	}
	hm := plotter.NewHeatMap(g, shade)
	hm.Min, hm.Max = lo, hi
	hm.Rasterized = true
	f.Add(hm)

	levels := o.levels
	lineStyle := draw.LineStyle{Color: color.NRGBA{0x20, 0x20, 0x20, 0xcc}, Width: vg.Points(0.8)}
	if len(levels) == 0 {
		levels = make([]float64, 10)
		for i := range levels {
			levels[i] = lo + (hi-lo)*float64(i+1)/11
		}
	} else if len(levels) <= 3 {
		lineStyle = draw.LineStyle{Color: color.Black, Width: vg.Points(1.8)}
	}
	ct := plotter.NewContour(g, levels, nil)
	ct.LineStyles = []draw.LineStyle{lineStyle}
	f.Add(ct)
	for _, s := range pts {
		f.Add(s.sc)
		if s.name != "" {
			f.Legend.Add(s.name, s.sc)
		}
	}
	f.X.Padding, f.Y.Padding = 0, 0
	f.X.Min, f.X.Max, f.Y.Min, f.Y.Max = r.XMin, r.XMax, r.YMin, r.YMax
	f.colorBar = newColorBar(lo, hi, shadeAlpha)
	if err := o.finish(f, "Contour", "x", "y"); err != nil {
		return nil, err
	}
	return f, nil
}

type namedScatter struct {
	name string
	sc   *plotter.Scatter
}

// contourPoints builds the point layers of a contour plot, one per label.
func contourPoints(fn string, x mat.Matrix, labels []int, o *options) ([]namedScatter, error) {
	if check.IsNil(x) {
		if labels != nil {
			return nil, fmt.Errorf("viz: Contour: %d labels but no points: %w", len(labels), ErrShape)
		}
		return nil, nil
	}
	xy, err := points(fn, x, "points")
	if err != nil {
		return nil, err
	}
	if labels == nil {
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return nil, fmt.Errorf("viz: Contour: points: %v: %w", err, ErrArg)
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: color.White, Radius: pointRadius(len(xy)), Shape: outlinedCircle{}}
		return []namedScatter{{sc: sc}}, nil
	}
	if len(labels) != len(xy) {
		return nil, fmt.Errorf("viz: Contour: %d labels for %d points: %w", len(labels), len(xy), ErrShape)
	}
	byLabel := map[int]plotter.XYs{}
	var order []int
	for i, l := range labels {
		if _, ok := byLabel[l]; !ok {
			order = append(order, l)
		}
		byLabel[l] = append(byLabel[l], xy[i])
	}
	slices.Sort(order)
	out := make([]namedScatter, 0, len(order))
	for _, l := range order {
		sc, err := plotter.NewScatter(byLabel[l])
		if err != nil {
			return nil, fmt.Errorf("viz: Contour: points with label %d: %v: %w", l, err, ErrArg)
		}
		sc.GlyphStyle = glyphFor(l, pointRadius(len(xy)))
		if sc.GlyphStyle.Shape == (draw.CircleGlyph{}) {
			sc.GlyphStyle.Shape = outlinedCircle{}
		}
		name := ""
		if len(order) <= maxLegendLabels {
			name = o.className(l)
		}
		out = append(out, namedScatter{name: name, sc: sc})
	}
	return out, nil
}
