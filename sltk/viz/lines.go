package viz

import (
	"fmt"
	"image/color"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Series is one named curve for Lines. X may be nil, in which case the points are plotted
// at x = 0, 1, …, len(Y)−1 (the usual case for a trace per iteration). Points draws markers
// without a connecting line, for discrete data. Dashed draws a dashed line without markers,
// for a limit or a theoretical curve that other series approach and would hide. The name may
// contain TeX-like math (see Tex). Color, when positive, draws the series in palette entry
// Color−1 (marker shape too) instead of its position's, so that measured points share the
// colour of the curve they belong to: {Name: "model", …}, {Name: "measured", Points: true,
// Color: 1}. The sixth and eighth colours (sky blue and yellow) are lighter twins of the first
// two, and the ninth to twelfth lie near earlier ones for colour-blind readers, so their lines
// are dash-dotted or dotted and their markers have shapes of their own (see Color).
// Steps draws Y as a staircase without markers, level Y[i] from X[i] to X[i+1] (gonum's
// PostStep): a profile or a piecewise constant function over cells, such as the depths of
// cells side by side. X then holds the len(Y)+1 cell edges, or is nil for the unit cells
// [i, i+1]; a Steps series cannot also be Points.
type Series struct {
	Name   string
	X, Y   []float64
	Points bool
	Dashed bool
	Steps  bool
	Color  int
}

// markerLimit: series with at most this many points also get a marker at each point, so a
// short trace shows where its samples are.
const markerLimit = 30

// Lines plots one or more series as lines in palette order, with a legend of the series
// names (unnamed series get no entry). Series of at most 30 points get a marker at each
// point; Points series (or all, with PointsOnly) get markers only. Options: Title, XLabel,
// YLabel, Size, legend placement, LogX, LogY, PointsOnly, IntegerX.
func Lines(series []Series, opts ...Option) (*Figure, error) {
	o, err := collect("Lines", "Lines", opts, "LogX", "LogY", "PointsOnly", "IntegerX")
	if err != nil {
		return nil, err
	}
	if len(series) == 0 {
		return nil, fmt.Errorf("viz: Lines: Lines without series: %w", ErrEmpty)
	}
	f := NewFigure("", "", "")
	for si, s := range series {
		name := s.Name
		if name == "" {
			name = fmt.Sprintf("#%d", si)
		}
		if len(s.Y) == 0 {
			return nil, fmt.Errorf("viz: Lines: series %s has no points: %w", name, ErrEmpty)
		}
		nx := len(s.Y) // x values wanted: one per y, or the edges of Steps' cells
		if s.Steps {
			nx++
		}
		if s.X != nil && len(s.X) != nx {
			return nil, fmt.Errorf("viz: Lines: series %s has %d x and %d y values, want %d x: %w", name, len(s.X), len(s.Y), nx, ErrShape)
		}
		if s.Steps && (s.Points || o.pointsOnly) {
			return nil, fmt.Errorf("viz: Lines: series %s is Steps and drawn as points: %w", name, ErrArg)
		}
		xy := make(plotter.XYs, nx)
		for i := range xy {
			x, y := float64(i), s.Y[min(i, len(s.Y)-1)] // a staircase repeats its last level
			if s.X != nil {
				x = s.X[i]
			}
			if err := finite("Lines", x, "series %s x[%d]", name, i); err != nil {
				return nil, err
			}
			if err := finite("Lines", y, "series %s y[%d]", name, i); err != nil {
				return nil, err
			}
			xy[i] = plotter.XY{X: x, Y: y}
		}
		points := s.Points || o.pointsOnly
		ci := si
		if s.Color > 0 {
			ci = s.Color - 1
		}
		var thumbs []plot.Thumbnailer
		if !points {
			l, err := plotter.NewLine(xy)
			if err != nil {
				return nil, fmt.Errorf("viz: Lines: series %s: %v: %w", name, err, ErrArg)
			}
			l.LineStyle = draw.LineStyle{Color: Color(ci), Width: vg.Points(1.8)}
			if s.Steps {
				l.StepStyle = plotter.PostStep
			}
			switch {
			case s.Dashed:
				l.LineStyle.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
			case paletteDashes(ci) != nil:
				l.LineStyle.Dashes = paletteDashes(ci)
			}
			thumbs = append(thumbs, l)
			f.Add(l)
		}
		if len(xy) <= markerLimit && !s.Dashed && !s.Steps || points {
			sc, err := plotter.NewScatter(xy)
			if err != nil {
				return nil, fmt.Errorf("viz: Lines: series %s: %v: %w", name, err, ErrArg)
			}
			sc.GlyphStyle = draw.GlyphStyle{Color: Color(ci), Radius: vg.Points(2.5), Shape: glyphFor(ci, 0).Shape}
			if points {
				sc.GlyphStyle = glyphFor(ci, pointRadius(len(xy)))
			}
			f.Add(sc)
			thumbs = append(thumbs, sc)
		}
		if s.Name != "" {
			f.addLegend(s.Name, thumbs...)
		}
	}
	title := "Lines"
	if len(series) == 1 && series[0].Name != "" {
		title = series[0].Name
	}
	if err := o.finish(f, title, "x", "y"); err != nil {
		return nil, err
	}
	return f, nil
}

// Histogram draws the sample as a histogram normalised to a density (bar areas sum to 1),
// so that it can be compared with density, a probability density drawn on top as a line;
// density may be nil. bins is the number of equal-width bins over [min, max] of the sample;
// 0 chooses √n bins, clamped to [5, 80]; more than 2¹⁶ bins is an error wrapping
// errs.ErrTooLarge. A constant sample gets one unit-wide range around
// its value. The figure has no legend, as Scatter and an unnamed Lines series have none:
// bars and a curve are told apart by their form, and the title or the caption says what
// the sample is (its size, its source) and which density the curve is. Options: Title,
// XLabel, YLabel, Size.
func Histogram(sample []float64, bins int, density func(float64) float64, opts ...Option) (*Figure, error) {
	o, err := collect("Histogram", "Histogram", opts)
	if err != nil {
		return nil, err
	}
	h, err := densityHistogram("Histogram", sample, bins)
	if err != nil {
		return nil, err
	}
	lo, hi := h.Bins[0].Min, h.Bins[len(h.Bins)-1].Max
	h.FillColor = translucent(Color(0), 0.55)
	h.LineStyle = draw.LineStyle{Color: color.White, Width: vg.Points(0.6)}

	f := NewFigure("", "", "")
	f.Add(h)
	top := 0.0
	for _, bin := range h.Bins {
		top = math.Max(top, bin.Weight)
	}
	if density != nil {
		const samples = 256
		xy := make(plotter.XYs, samples)
		for i := range xy {
			x := lo + (hi-lo)*float64(i)/float64(samples-1)
			y := density(x)
			if err := finite("Histogram", y, "density(%g)", x); err != nil {
				return nil, err
			}
			xy[i] = plotter.XY{X: x, Y: y}
			top = math.Max(top, y)
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return nil, fmt.Errorf("viz: Histogram: density curve: %v: %w", err, ErrArg)
		}
		l.LineStyle = draw.LineStyle{Color: Color(3), Width: vg.Points(2)}
		f.Add(l)
	}
	// 6 % headroom, as in Bars: the tallest bar or the curve's peak does not touch the frame.
	f.Y.Min = 0
	if t := top * 1.06; t > f.Y.Max && !math.IsInf(t, 0) {
		f.Y.Max = t
	}
	if err := o.finish(f, "Histogram", "x", "density"); err != nil {
		return nil, err
	}
	return f, nil
}

// BarSeries is one group member in Bars: a name for the legend and one value per category.
type BarSeries struct {
	Name   string
	Values []float64
}

// Bars draws a bar chart with one group of bars per category and one bar per series within
// each group, coloured in palette order; values may be negative (bars then hang below zero).
// Category names that do not fit side by side at the width the figure is drawn (long names,
// many categories, a phone's rendering) are set at an angle. Options: Title, XLabel, YLabel, Size,
// legend placement.
func Bars(categories []string, series []BarSeries, opts ...Option) (*Figure, error) {
	o, err := collect("Bars", "Bars", opts)
	if err != nil {
		return nil, err
	}
	if len(categories) == 0 {
		return nil, fmt.Errorf("viz: Bars: Bars without categories: %w", ErrEmpty)
	}
	if len(series) == 0 {
		return nil, fmt.Errorf("viz: Bars: Bars without series: %w", ErrEmpty)
	}
	for si, s := range series {
		if len(s.Values) != len(categories) {
			return nil, fmt.Errorf("viz: Bars: series %d (%q) has %d values for %d categories: %w", si, s.Name, len(s.Values), len(categories), ErrShape)
		}
		for i, v := range s.Values {
			if err := finite("Bars", v, "series %d (%q) value %d", si, s.Name, i); err != nil {
				return nil, err
			}
		}
	}
	f := NewFigure("", "", "")
	f.Add(&bars{series: series}) // Add notes the bars' areas: the legend avoids them
	for si, s := range series {
		if s.Name != "" {
			f.addLegend(s.Name, barThumb{Color(si)})
		}
	}
	f.NominalX(categories...)
	f.grid.Vertical.Color = nil // lines at category centres would cut through the bars
	f.X.Tick.Label.Font = f.Y.Tick.Label.Font
	f.categoryX = true // Draw sets the names at an angle where they do not fit side by side
	if err := o.finish(f, "Bars", "", "value"); err != nil {
		return nil, err
	}
	return f, nil
}

// Bar is Bars with a single unnamed series.
func Bar(categories []string, values []float64, opts ...Option) (*Figure, error) {
	return Bars(categories, []BarSeries{{Values: values}}, opts...)
}

// bars is a plot.Plotter that draws grouped bars in data coordinates: category i spans
// [i−0.4, i+0.4] on the x axis, split evenly among the series. gonum's BarChart sizes bars
// in absolute lengths, which cannot adapt to the number of series and categories.
type bars struct {
	series []BarSeries
}

const groupWidth = 0.8

func (b *bars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	w := groupWidth / float64(len(b.series))
	for si, s := range b.series {
		for i, v := range s.Values {
			x0 := float64(i) - groupWidth/2 + float64(si)*w
			lo, hi := math.Min(0, v), math.Max(0, v)
			rect := vg.Rectangle{
				Min: vg.Point{X: trX(x0), Y: trY(lo)},
				Max: vg.Point{X: trX(x0 + w), Y: trY(hi)},
			}
			pts := c.ClipPolygonXY([]vg.Point{rect.Min, {X: rect.Max.X, Y: rect.Min.Y}, rect.Max, {X: rect.Min.X, Y: rect.Max.Y}})
			if len(pts) == 0 {
				continue
			}
			c.FillPolygon(Color(si), pts)
			c.StrokeLines(draw.LineStyle{Color: color.White, Width: vg.Points(0.6)}, append(pts, pts[0]))
		}
	}
	zero := trY(0)
	if zero >= c.Min.Y && zero <= c.Max.Y {
		c.StrokeLine2(draw.LineStyle{Color: inkColor, Width: vg.Points(0.8)}, c.Min.X, zero, c.Max.X, zero)
	}
}

func (b *bars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = -0.5, float64(len(b.series[0].Values))-0.5
	for _, s := range b.series {
		for _, v := range s.Values {
			ymin, ymax = math.Min(ymin, v), math.Max(ymax, v)
		}
	}
	// 6 % headroom, so that the tallest bar does not touch the frame and a tick sits above it.
	pad := func(v float64) float64 {
		if w := v * 1.06; !math.IsInf(w, 0) {
			return w
		}
		return v
	}
	return xmin, xmax, pad(ymin), pad(ymax)
}

// barThumb is the legend swatch of one bar series.
type barThumb struct{ c color.Color }

func (t barThumb) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(t.c, []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}})
}

// densityHistogram bins the sample into equal-width bins whose weights are densities
// (count / (n · width)), checking the input as Histogram documents.
// maxBins is the most bins Histogram draws.
const maxBins = 1 << 16

func densityHistogram(fn string, sample []float64, bins int) (*plotter.Histogram, error) {
	n := len(sample)
	if n == 0 {
		return nil, fmt.Errorf("viz: Histogram: Histogram of an empty sample: %w", ErrEmpty)
	}
	if bins < 0 {
		return nil, fmt.Errorf("viz: Histogram: Histogram: bins = %d, want in [0, %d]: %w", bins, maxBins, ErrArg)
	}
	if bins > maxBins {
		return nil, fmt.Errorf("viz: Histogram: bins = %d, limit %d: %w", bins, maxBins, errs.ErrTooLarge)
	}
	if bins == 0 {
		bins = min(max(int(math.Ceil(math.Sqrt(float64(n)))), 5), 80)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, v := range sample {
		if err := finite(fn, v, "sample[%d]", i); err != nil {
			return nil, err
		}
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if lo == hi {
		lo, hi = lo-0.5, hi+0.5
	}
	width := (hi - lo) / float64(bins)
	if math.IsInf(hi-lo, 0) || width == 0 {
		return nil, fmt.Errorf("viz: Histogram: Histogram: sample range [%g, %g] in %d bins cannot be drawn: %w", lo, hi, bins, ErrNotFinite)
	}
	h := &plotter.Histogram{Bins: make([]plotter.HistogramBin, bins), Width: width}
	for i := range h.Bins {
		h.Bins[i].Min = lo + float64(i)*width
		h.Bins[i].Max = lo + float64(i+1)*width
	}
	for _, v := range sample {
		i := min(int((v-lo)/width), bins-1)
		h.Bins[i].Weight++
	}
	for i := range h.Bins {
		h.Bins[i].Weight /= float64(n) * width
	}
	return h, nil
}
