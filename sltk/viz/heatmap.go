package viz

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
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
// index is a tick up to tickEvery rows/columns, and above rasterLimit cells, or with Picture,
// the map is drawn as an image (one SVG element instead of one rectangle per cell) of at
// least pictureSide pixels along its longer side.
const (
	annotateLimit = 400
	tickEvery     = 25
	rasterLimit   = 4096
	pictureSide   = 256
)

// pixelGrid is the matrix grid g with every cell split into s×s pixels of its value, over
// the same data range [−0.5, c−0.5]×[−0.5, r−0.5]. A heat map drawn as an image of g itself
// has one pixel per cell, which a browser, or an image renderer, stretches with bilinear
// smoothing: a 28×28 picture turns into a blur. Drawn as rectangles instead, one per cell,
// the edges of neighbouring cells are anti-aliased separately and leave a faint grid of
// seams. With s pixels per cell the image is crisp and has no seams: smoothing only softens
// the outer 1/s of each cell's edge.
type pixelGrid struct {
	g matrixGrid
	s int
}

func (p pixelGrid) Dims() (int, int)   { return p.g.c * p.s, p.g.r * p.s }
func (p pixelGrid) Z(c, r int) float64 { return p.g.Z(c/p.s, r/p.s) }
func (p pixelGrid) X(c int) float64    { return (float64(c)+0.5)/float64(p.s) - 0.5 }
func (p pixelGrid) Y(r int) float64    { return (float64(r)+0.5)/float64(p.s) - 0.5 }
func (p pixelGrid) Min() float64       { return p.g.Min() }
func (p pixelGrid) Max() float64       { return p.g.Max() }

// pixelsPerCell is the s of pixelGrid for an r×c matrix: enough pixels per cell that the
// longer side has at least pictureSide pixels, 1 for large matrices.
func pixelsPerCell(r, c int) int {
	return max(1, (pictureSide+max(r, c)-1)/max(r, c))
}

// pixelMap is a heat map drawn as an image of a pixelGrid; it reserves the room of the
// matrix's cells (GlyphBoxes), not of its many pixels, so that the layout is that of the
// same map drawn as rectangles.
type pixelMap struct {
	*plotter.HeatMap
	cells matrixGrid
}

// GlyphBoxes implements plot.GlyphBoxer with the boxes of the matrix's cells.
func (p pixelMap) GlyphBoxes(plt *plot.Plot) []plot.GlyphBox {
	return (&plotter.HeatMap{GridXYZ: p.cells}).GlyphBoxes(plt)
}

// HeatMap draws the matrix m as coloured cells (viridis: dark = low, yellow = high) with a
// colour bar on the right; row 0 is at the top, as in a printed matrix, so a transition
// matrix reads "from" down the side and "to" along the bottom. Matrices with at most 400
// cells also get their values written in the cells (HideValues turns that off). Diverging
// colours signed values blue–white–red about 0, ColorRange fixes the ends of the scale, and
// Categories draws integer codes as named categories with a legend instead of a colour bar
// (two categories as light grey and blue, absent and present).
// ColorLabel says what the colours mean.
// Options: Title, XLabel, YLabel, Size, RowNames, ColNames, HideValues, Diverging,
// ColorRange, ColorLabel, Categories, Picture, Grey.
func HeatMap(m mat.Matrix, opts ...Option) (*Figure, error) {
	o, err := collect("HeatMap", "HeatMap", opts, "RowNames", "ColNames", "HideValues",
		"Diverging", "ColorRange", "ColorLabel", "Categories", "Picture", "Grey")
	if err != nil {
		return nil, err
	}
	if o.categories != nil && o.colorLabel != "" {
		return nil, fmt.Errorf("viz: HeatMap: ColorLabel(%q) with Categories, which draws a legend, not a colour bar: %w", o.colorLabel, ErrArg)
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
	sc, err := o.heatScale(g)
	if err != nil {
		return nil, err
	}
	f := NewFigure("", "", "")
	f.grid.Vertical.Color, f.grid.Horizontal.Color = nil, nil
	var hm *plotter.HeatMap
	if r*c > rasterLimit || o.picture {
		// One image: no seams between cells (see pixelGrid).
		hm = plotter.NewHeatMap(pixelGrid{g: g, s: pixelsPerCell(r, c)}, sc.palette())
		hm.Rasterized = true
	} else {
		hm = plotter.NewHeatMap(g, sc.palette())
	}
	hm.Min, hm.Max = sc.lo, sc.hi
	hm.Underflow, hm.Overflow = sc.at(0), sc.at(1) // values beyond a ColorRange
	if hm.Rasterized {
		f.Add(pixelMap{HeatMap: hm, cells: g})
	} else {
		f.Add(hm)
	}
	if r*c <= annotateLimit && !o.hideValues && o.categories == nil {
		lab, err := cellLabels(g, sc)
		if err != nil {
			return nil, err
		}
		f.Add(lab)
	}
	f.X.Padding, f.Y.Padding = 0, 0
	f.Tight = true // cells fill the axes to their edges
	f.X.Tick.Marker = indexTicks(c, o.colNames, func(v int) int { return v })
	f.Y.Tick.Marker = indexTicks(r, o.rowNames, func(v int) int { return r - 1 - v })
	if o.categories != nil {
		for k, name := range o.categories {
			f.addLegend(name, barThumb{sc.palette().Colors()[k]})
		}
		o.legendOutside = true // a heat map has no empty corner
	} else {
		f.colorBar = newColorBar(sc.lo, sc.hi, 1, sc.at)
		f.colorLabel = o.colorLabel
	}
	if err := o.finish(f, fmt.Sprintf("%d×%d matrix", r, c), "column", "row"); err != nil {
		return nil, err
	}
	if o.picture {
		f.hideAxes()
	}
	return f, nil
}

// absentColor is the light grey of code 0 in a two-category heat map.
var absentColor = color.NRGBA{0xE4, 0xE4, 0xE4, 0xff}

// heatScale is the colour scale of a heat map: values lo..hi map to at(0)..at(1), or for
// categories code k to Color(k).
type heatScale struct {
	lo, hi    float64
	at        func(t float64) color.NRGBA
	cats      int
	diverging bool
}

// palette is the scale as the palette of a plotter.HeatMap.
func (s heatScale) palette() palette.Palette {
	if s.cats > 0 {
		p := make(viridisPalette, s.cats)
		for k := range p {
			p[k] = Color(k)
		}
		if s.cats == 2 { // absent / present: the absent cells recede
			p[0], p[1] = absentColor, Color(0)
		}
		return p
	}
	p := make(viridisPalette, 256)
	for i := range p {
		p[i] = s.at(float64(i) / 255)
	}
	return p
}

// light reports whether a cell of value z is light, so that its label is written in black:
// viridis turns light above ~0.55 of its range (the grey scale too), the diverging scale near
// its white middle.
func (s heatScale) light(z float64) bool {
	t := (z - s.lo) / (s.hi - s.lo)
	if s.diverging {
		return math.Abs(t-0.5) < 0.3
	}
	return t > 0.55
}

// colorAt is the colour scale of a heat map: Grey's, Diverging's, or viridis.
func (o *options) colorAt() func(float64) color.NRGBA {
	switch {
	case o.grey:
		return greyAt
	case o.diverging:
		return divergingAt
	}
	return viridisAt
}

// heatScale picks the scale the options ask for: categories 0..k−1, a fixed ColorRange, a
// range symmetric about 0 (Diverging), or the data range; a constant map gets a unit range.
func (o *options) heatScale(g matrixGrid) (heatScale, error) {
	s := heatScale{lo: g.Min(), hi: g.Max(), at: o.colorAt()}
	if o.grey && o.diverging {
		return s, fmt.Errorf("viz: HeatMap: Grey and Diverging are two colour scales, choose one: %w", ErrArg)
	}
	if o.diverging {
		s.diverging = true
		a := math.Max(math.Abs(s.lo), math.Abs(s.hi))
		s.lo, s.hi = -a, a
	}
	switch {
	case o.categories != nil:
		k := len(o.categories)
		if k == 0 {
			return s, fmt.Errorf("viz: HeatMap: Categories without names: %w", ErrArg)
		}
		for i := range g.r {
			for j := range g.c {
				if v := g.m.At(i, j); v != math.Trunc(v) || v < 0 || v >= float64(k) {
					return s, fmt.Errorf("viz: HeatMap: m[%d,%d] = %g is not a code 0…%d of Categories: %w", i, j, v, k-1, ErrArg)
				}
			}
		}
		s.lo, s.hi, s.cats = -0.5, float64(k)-0.5, k
	case o.colorRange != nil:
		var err error
		if s.lo, s.hi, err = o.colorEnds("HeatMap", s.lo, s.hi); err != nil {
			return s, err
		}
	}
	if s.lo == s.hi {
		s.lo, s.hi = s.lo-0.5, s.hi+0.5
	}
	return s, nil
}

// colorEnds returns the ends of the ColorRange option, checked (finite, lo < hi), or lo and
// hi when it was not given; fn names the builder in the error.
func (o *options) colorEnds(fn string, lo, hi float64) (float64, float64, error) {
	if o.colorRange == nil {
		return lo, hi, nil
	}
	a, b := o.colorRange[0], o.colorRange[1]
	if !(a < b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return lo, hi, fmt.Errorf("viz: %s: ColorRange(%g, %g), want finite lo < hi: %w", fn, a, b, ErrArg)
	}
	return a, b, nil
}

// HeatMaps draws several matrices as small multiples on one colour scale, with one colour
// bar for all of them: cols panels per row, panel i titled titles[i] (titles may be nil). The
// scale spans the values of all matrices, or with Diverging ±(largest |value|), so equal
// colours mean equal values across the panels. The Title option titles the whole grid.
// ColorLabel labels the shared colour bar. Options: Title, XLabel, YLabel, RowNames, ColNames,
// HideValues, Diverging, ColorLabel, Picture, Grey. Cost O(total cells).
func HeatMaps(ms []mat.Matrix, titles []string, cols int, opts ...Option) (*Grid, error) {
	o, err := collect("HeatMaps", "HeatMaps", opts, "RowNames", "ColNames", "HideValues", "Diverging",
		"ColorLabel", "Picture", "Grey")
	if err != nil {
		return nil, err
	}
	if len(ms) == 0 {
		return nil, fmt.Errorf("viz: HeatMaps: no matrices: %w", ErrEmpty)
	}
	if titles != nil && len(titles) != len(ms) {
		return nil, fmt.Errorf("viz: HeatMaps: %d titles for %d matrices: %w", len(titles), len(ms), ErrShape)
	}
	if cols < 1 {
		return nil, fmt.Errorf("viz: HeatMaps: cols = %d, want ≥ 1: %w", cols, ErrArg)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, m := range ms {
		if check.IsNil(m) {
			return nil, fmt.Errorf("viz: HeatMaps: matrix %d is nil: %w", i, ErrEmpty)
		}
		r, c := m.Dims()
		g := matrixGrid{m: m, r: r, c: c}
		lo, hi = math.Min(lo, g.Min()), math.Max(hi, g.Max())
	}
	if o.diverging {
		a := math.Max(math.Abs(lo), math.Abs(hi))
		lo, hi = -a, a
	}
	if lo == hi || math.IsInf(lo, 0) || math.IsInf(hi, 0) { // constant, or a matrix without cells
		lo, hi = lo-0.5, hi+0.5
	}
	panels := make([]Drawer, len(ms))
	for i, m := range ms {
		po := append(append([]Option(nil), opts...), ColorRange(lo, hi), Title(""))
		if titles != nil {
			po = append(po, Title(titles[i]))
		}
		f, err := HeatMap(m, po...)
		if err != nil {
			return nil, fmt.Errorf("viz: HeatMaps: matrix %d: %w", i, err)
		}
		f.colorBar, f.colorLabel = nil, ""
		panels[i] = f
	}
	g, err := NewGrid((len(ms)+cols-1)/cols, cols, panels...)
	if err != nil {
		return nil, err
	}
	if o.title != nil {
		g.Title = *o.title
	}
	at := o.colorAt()
	g.colorBar = newColorBar(lo, hi, 1, at)
	g.colorBarBelow = belowColorBar(lo, hi, at)
	g.colorLabel = o.colorLabel
	return g, nil
}

// cellLabels writes each value in its cell, white on dark cells and black on light ones.
func cellLabels(g matrixGrid, sc heatScale) (*plotter.Labels, error) {
	var xyl plotter.XYLabels
	var light []bool
	for j := range g.r {
		for i := range g.c {
			z := g.Z(i, j)
			xyl.XYs = append(xyl.XYs, plotter.XY{X: g.X(i), Y: g.Y(j)})
			xyl.Labels = append(xyl.Labels, strconv.FormatFloat(z, 'g', 3, 64))
			light = append(light, sc.light(z))
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
// when names is nil; beyond tickEvery positions only the indices that gonum's default ticks
// put on round numbers are labelled (0, 40, 80 of 96 rows, at whatever positions they are
// drawn), so rows and columns count alike. toIndex must be its own inverse (identity, or
// the flip v ↦ n−1−v of the rows).
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
			i := int(t.Value)
			if t.Label == "" || float64(i) != t.Value || i < 0 || i >= n {
				continue
			}
			v := toIndex(i) // the position of matrix index i
			ts = append(ts, plot.Tick{Value: float64(v), Label: label(v)})
		}
		slices.SortFunc(ts, func(a, b plot.Tick) int { return cmp.Compare(a.Value, b.Value) })
		return ts
	})
}

// newColorBar returns the vertical colour bar of the scale at (viridisAt, divergingAt) for
// values in [lo, hi] (lo < hi) at the given opacity, which must match that of the map it
// explains.
func newColorBar(lo, hi, alpha float64, at func(float64) color.NRGBA) *plot.Plot {
	p := plot.New()
	stylePlot(p)
	p.HideX()
	p.X.Label.Text = ""
	p.Y.Padding = 0
	p.Add(&plotter.ColorBar{ColorMap: &viridisMap{min: lo, max: hi, alpha: alpha, at: at}, Vertical: true})
	return p
}

// belowColorBar is newColorBar lying horizontally, opaque, with its values on a bottom
// axis: the shared colour bar of HeatMaps below its panels in the phone layout (see stackHTML).
func belowColorBar(lo, hi float64, at func(float64) color.NRGBA) *plot.Plot {
	p := plot.New()
	stylePlot(p)
	p.HideY()
	p.Y.Label.Text = ""
	p.X.Padding = 0
	p.Add(&plotter.ColorBar{ColorMap: &viridisMap{min: lo, max: hi, alpha: 1, at: at}})
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
// f, with a colour bar; with points, the axes stand off the shading by a marker's radius, so
// that points on the border of r are drawn whole. If points (n×2) is not nil they are drawn on top, coloured by labels
// when labels is not nil (one label per point, colours as in ScatterLabels). f is evaluated
// on a 121×121 grid and must be finite there. The shading and its colour bar span the range
// of f, or the ColorRange option's (values outside take the end colours), so that several
// contour plots share one scale; ColorLabel says what the shading means. Options: Title,
// XLabel, YLabel, Size, legend placement, Levels, Classes, ColorRange, ColorLabel.
func Contour(fn func(x, y float64) float64, r Rect, points mat.Matrix, labels []int, opts ...Option) (*Figure, error) {
	o, err := collect("Contour", "Contour", opts, "Levels", "Classes", "ColorRange", "ColorLabel")
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
	clo, chi, err := o.colorEnds("Contour", lo, hi)
	if err != nil {
		return nil, err
	}

	f := NewFigure("", "", "")
	shade := make(viridisPalette, 256)
	for i := range shade {
		shade[i] = translucent(viridisAt(float64(i)/255), shadeAlpha)
	}
	hm := plotter.NewHeatMap(g, shade)
	hm.Min, hm.Max = clo, chi
	hm.Underflow, hm.Overflow = shade[0], shade[len(shade)-1] // values beyond a ColorRange
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
			f.addLegend(s.name, s.sc)
		}
	}
	f.X.Padding, f.Y.Padding = 0, 0
	if len(pts) > 0 { // room for the markers of points on the border, which would be cut in half
		n, _ := points.Dims()
		f.X.Padding, f.Y.Padding = pointRadius(n)+1, pointRadius(n)+1
	}
	f.X.Min, f.X.Max, f.Y.Min, f.Y.Max = r.XMin, r.XMax, r.YMin, r.YMax
	f.Tight = true // the field fills the rectangle; Padding above keeps its markers whole
	f.colorBar = newColorBar(clo, chi, shadeAlpha, viridisAt)
	f.colorLabel = o.colorLabel
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
		} else { // the squares and triangles of the light colours need a rim most
			sc.GlyphStyle.Shape = outlinedGlyph{sc.GlyphStyle.Shape}
		}
		name := ""
		if len(order) <= maxLegendLabels {
			name = o.className(l)
		}
		out = append(out, namedScatter{name: name, sc: sc})
	}
	return out, nil
}
