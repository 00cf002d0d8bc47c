package viz

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Option adjusts a figure while it is built. Title, XLabel, YLabel, Size, EqualAxes and the
// legend placement (LegendOutside, LegendLeft, LegendBottom) apply to every figure; the others
// name the builders they apply to, and passing one to a builder it does not apply to is an
// error (ErrArg) rather than silently ignored.
type Option func(*options)

type options struct {
	title, xlabel, ylabel *string
	width, height         float64
	logX, logY            bool
	legendOutside         bool
	legendInside          bool
	legendLeft            bool
	legendBottom          bool
	classes               []string
	centroidName          string
	pointsOnly            bool
	levels                []float64
	rowNames, colNames    []string
	hideValues            bool
	integerX              bool
	equalAxes             bool
	diverging             bool
	colorRange            *[2]float64
	colorLabel            string
	categories            []string
	picture               bool
	grey                  bool
	given                 []string // names of builder-specific options, for the applicability check
	builder               string   // the builder's name, for error messages
}

func (o *options) mark(name string) {
	if !slices.Contains(o.given, name) {
		o.given = append(o.given, name)
	}
}

// Title sets the figure title (default: a short description of the figure kind).
func Title(s string) Option { return func(o *options) { o.title = &s } }

// XLabel sets the horizontal axis label.
func XLabel(s string) Option { return func(o *options) { o.xlabel = &s } }

// YLabel sets the vertical axis label.
func YLabel(s string) Option { return func(o *options) { o.ylabel = &s } }

// Size sets the figure size in inches (default 8 × 4.8, the column width). Non-positive values
// keep the default.
func Size(widthInch, heightInch float64) Option {
	return func(o *options) { o.width, o.height = widthInch, heightInch }
}

// LegendInside keeps the legend inside the data area, at the place of the eight where it
// covers the fewest data, even where every place covers some (by default the legend then
// moves out, see Figure.LegendLeft); it undoes an earlier LegendOutside.
func LegendInside() Option {
	return func(o *options) { o.legendOutside, o.legendInside = false, true }
}

// LegendOutside puts the legend outside the data area whatever the data leave free: in a
// column right of it, sized to its entries, or in rows below the axes where the column would
// take more than 36 % of the data area's width (a narrow figure, a phone's rendering).
func LegendOutside() Option { return func(o *options) { o.legendOutside = true } }

// LegendLeft moves the legend to the left side of the data area.
func LegendLeft() Option { return func(o *options) { o.legendLeft = true } }

// LegendBottom moves the legend to the bottom of the data area.
func LegendBottom() Option { return func(o *options) { o.legendBottom = true } }

// EqualAxes gives both axes the same number of data units per point, for figures whose two
// coordinates share a unit (points in the plane, level lines of f(x, y)): circles stay round
// and right angles stay right. The data area shrinks along one side to the aspect of the data
// ranges and is centred in the space it had (Figure.EqualScale). It applies to every figure;
// a figure with a log axis ignores it.
func EqualAxes() Option { return func(o *options) { o.equalAxes = true } }

// Classes names the labels of ScatterLabels and Contour: label k is listed in the legend as
// names[k] instead of "label k". Colours stay indexed by the label, so class k has the same
// colour in every figure of a chapter whatever subset of classes a figure shows.
func Classes(names ...string) Option {
	return func(o *options) { o.classes = append([]string(nil), names...); o.mark("Classes") }
}

// CentroidName names the large diamonds that ScatterLabels draws for its centroids argument
// in the legend (default "centroids"), in the words the text uses for them: "prototypes" for
// k-means, "fitted means" for a mixture. The name must not be empty, and the figure must have
// centroids to name (ScatterLabels).
func CentroidName(s string) Option {
	return func(o *options) { o.centroidName = s; o.mark("CentroidName") }
}

// PointsOnly draws every series of Lines as markers without connecting lines, for discrete
// data (hypotheses, sample sizes); Series.Points does the same for one series.
func PointsOnly() Option { return func(o *options) { o.pointsOnly = true; o.mark("PointsOnly") } }

// LogX makes the horizontal axis logarithmic (Scatter, ScatterLabels, Lines). All x values
// must be positive.
func LogX() Option { return func(o *options) { o.logX = true; o.mark("LogX") } }

// LogY makes the vertical axis logarithmic (Scatter, ScatterLabels, Lines). All y values
// must be positive.
func LogY() Option { return func(o *options) { o.logY = true; o.mark("LogY") } }

// Levels sets the contour levels (Contour); the default is ten levels evenly spaced strictly
// inside the range of f. A few explicit levels, e.g. Levels(0) for a decision boundary, are
// drawn as heavier lines.
func Levels(v ...float64) Option {
	return func(o *options) { o.levels = append([]float64(nil), v...); o.mark("Levels") }
}

// RowNames labels the rows of a heat map, top to bottom (HeatMap).
func RowNames(names ...string) Option {
	return func(o *options) { o.rowNames = append([]string(nil), names...); o.mark("RowNames") }
}

// ColNames labels the columns of a heat map, left to right (HeatMap).
func ColNames(names ...string) Option {
	return func(o *options) { o.colNames = append([]string(nil), names...); o.mark("ColNames") }
}

// HideValues turns off the numbers a heat map writes into its cells when it has at most 400
// cells (HeatMap).
func HideValues() Option { return func(o *options) { o.hideValues = true; o.mark("HideValues") } }

// Diverging colours a heat map with a blue–white–red scale symmetric about 0 (blue
// negative, white 0, red positive), for signed values such as eigenvectors or weight
// changes, instead of viridis (HeatMap, HeatMaps).
func Diverging() Option { return func(o *options) { o.diverging = true; o.mark("Diverging") } }

// Grey colours a heat map with a grey scale, black for the smallest value and white for the
// largest, for images (pixel intensities, textures), where viridis's hues would read as
// features that are not there (HeatMap, HeatMaps).
func Grey() Option { return func(o *options) { o.grey = true; o.mark("Grey") } }

// ColorRange fixes the values at the two ends of a heat map's or a contour plot's colour
// scale, so that several maps share one scale; values outside are drawn in the end colours.
// lo < hi, both finite (HeatMap, Contour). HeatMaps sets it itself.
func ColorRange(lo, hi float64) Option {
	return func(o *options) { o.colorRange = &[2]float64{lo, hi}; o.mark("ColorRange") }
}

// ColorLabel says what the colour of a heat map or a contour plot's shading means, a
// quantity and its unit ("p(x), density", "weight"): the label is written upwards beside the
// colour bar, and below the shared bar that HeatMaps lays under its panels on a phone. It may
// use TeX-like math, as axis labels do (HeatMap, HeatMaps, Contour; not with Categories,
// which draws a legend instead of a bar).
func ColorLabel(s string) Option {
	return func(o *options) { o.colorLabel = s; o.mark("ColorLabel") }
}

// Categories draws a heat map of the integer codes 0, 1, …, len(names)−1 as categories: one
// palette colour per code and a legend of the names instead of a continuous colour bar, for
// binary or categorical tables (HeatMap). Every cell must hold one of the codes.
func Categories(names ...string) Option {
	return func(o *options) {
		o.categories = append(make([]string, 0, len(names)), names...) // non-nil: given
		o.mark("Categories")
	}
}

// collect applies opts and checks that every builder-specific option is one that builder
// accepts.
func collect(fn string, builder string, opts []Option, accepts ...string) (*options, error) {
	o := &options{builder: builder}
	for _, opt := range opts {
		if opt != nil {
			opt(o)
		}
	}
	for _, name := range o.given {
		if !slices.Contains(accepts, name) {
			return nil, fmt.Errorf("viz: %s: option %s does not apply to %s: %w", fn, name, builder, ErrArg)
		}
	}
	return o, nil
}

// finish sets title, labels, size, legend placement and log scales on f, using the
// defaults where no option was given. Log scales are checked against the data range that
// the plotters added so far report.
func (o *options) finish(f *Figure, title, xlabel, ylabel string) error {
	pick := func(p *string, def string) string {
		if p != nil {
			return *p
		}
		return def
	}
	f.Title.Text = pick(o.title, title)
	f.X.Label.Text = pick(o.xlabel, xlabel)
	f.Y.Label.Text = pick(o.ylabel, ylabel)
	if o.width > 0 {
		f.Width = vg.Length(o.width) * vg.Inch
	}
	if o.height > 0 {
		f.Height = vg.Length(o.height) * vg.Inch
	}
	f.LegendOutside, f.LegendLeft, f.LegendBottom = o.legendOutside, o.legendLeft, o.legendBottom
	f.LegendInside = o.legendInside
	f.EqualScale = o.equalAxes
	widenDegenerate(&f.X, o.logX)
	widenDegenerate(&f.Y, o.logY)
	if o.integerX {
		f.X.Tick.Marker = integerTicks{}
	}
	if o.logX {
		if err := setLog(&f.X, "x"); err != nil {
			return err
		}
	}
	if o.logY {
		if err := setLog(&f.Y, "y"); err != nil {
			return err
		}
	}
	return f.checkSpans(o.builder)
}

// MaxCoordinate is the largest magnitude of data that a linear axis (or a colour bar) draws:
// gonum/plot maps v to (v − min)/(max − min), pads ranges, centres heat-map cells on grid
// points and joins contour segments by squared distances, all of which overflow to ±Inf or
// NaN for data near ±MaxFloat64 (SVG paths with "NaN" coordinates). Like check.MaxAbs, the
// bound keeps squares finite. An axis whose range, with the builder's headroom, goes beyond
// ±2·MaxCoordinate is an error wrapping ErrNotFinite; log axes map log v and have no limit.
const MaxCoordinate = 1e150

// checkSpans returns an error wrapping ErrNotFinite, naming fn, when a linear axis of f (or
// of its colour bar) reaches beyond ±2·MaxCoordinate (see MaxCoordinate); an axis without
// data (min > max) passes. Cost O(1).
func (f *Figure) checkSpans(fn string) error {
	axes := []struct {
		name string
		ax   *plot.Axis
	}{{"x", &f.X}, {"y", &f.Y}}
	if f.colorBar != nil {
		axes = append(axes, struct {
			name string
			ax   *plot.Axis
		}{"colour", &f.colorBar.Y})
	}
	for _, a := range axes {
		if _, log := a.ax.Scale.(plot.LogScale); log {
			continue
		}
		lo, hi := a.ax.Min, a.ax.Max
		if lo > hi { // no data on this axis
			continue
		}
		if !(math.Abs(lo) <= 2*MaxCoordinate && math.Abs(hi) <= 2*MaxCoordinate) {
			return fmt.Errorf("viz: %s: the %s range [%g, %g] goes beyond ±%g, where drawing overflows float64; rescale the data: %w", fn, a.name, lo, hi, 2*MaxCoordinate, ErrNotFinite)
		}
	}
	return nil
}

// widenDegenerate gives an axis whose data range is one value v a range around it: [v/2, 2v]
// on a log axis, else ±5 % of |v| (at least ±1, gonum's own widening, which rounds
// away for |v| > 2^53 and leaves a range its tick marker cannot draw).
func widenDegenerate(ax *plot.Axis, log bool) {
	v := ax.Min
	switch {
	case ax.Max != v || math.IsInf(v, 0) || log && !(v > 0): // setLog reports v ≤ 0
	case log:
		ax.Min, ax.Max = v/2, math.Min(2*v, math.MaxFloat64)
	default:
		pad := math.Max(1, 0.05*math.Abs(v))
		ax.Min, ax.Max = math.Max(v-pad, -math.MaxFloat64), math.Min(v+pad, math.MaxFloat64)
	}
}

func setLog(ax *plot.Axis, name string) error {
	if !(ax.Min > 0) || math.IsInf(ax.Max, 0) {
		return fmt.Errorf("viz: log scale on %s needs positive data, smallest value is %g: %w", name, ax.Min, ErrArg)
	}
	ax.Scale = plot.LogScale{}
	ax.Tick.Marker = logTicks{}
	return nil
}
