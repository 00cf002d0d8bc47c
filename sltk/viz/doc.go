// Package viz is the plotting layer of the sltk notebooks: one-call helpers on gonum/plot for
// the figures the three courses keep drawing, in one consistent style, plus the plumbing to
// show them in GoNB and save them to files.
//
// Figures: Scatter and ScatterLabels (points coloured by cluster or class, with centroids),
// Lines (traces and curves, optionally on log axes; a Steps series is a staircase over
// cells, such as a profile of depths), Histogram (a sample as a density with
// the model density on top), HeatMap (transition matrices, confusion tables), Contour (level
// lines of f(x, y), e.g. a cost surface or a decision function, with labelled points), Bars
// and Bar, Graph and UndirectedGraph (small graphs at given positions; GridNodes lays out a
// grid graph, UndirectedEdges highlights a matching or a tree in an edge list), and Grid to
// put several figures side by side (Reflow for panels that should stack one per row on a
// phone). Each builder checks its input and
// returns an error (wrapping ErrEmpty, ErrShape, ErrNotFinite or ErrArg) instead of
// panicking; each returns a *Figure, which embeds *plot.Plot, so a caller can change the
// title or axes or add gonum plotters before showing it.
//
// Style: Liberation Sans text, the colour-blind-safe Okabe–Ito palette and four more colours
// (Color, twelve in all, with marker shapes and line patterns where colours lie close) for
// series and labels (indexed by the label, so a class keeps its colour across figures;
// Classes names them; the ten digits take ten colours), viridis (Viridis) for heat
// maps and shading, a blue–white–red scale for signed values (Diverging; HeatMaps puts small
// multiples on one scale with one colour bar), two colours and a legend for binary tables
// (Categories), light grid lines, and a default size of 8 × 4.8 inches, the width of the
// book's column; in HTML the SVG scales with the column, to at most 1.25 times its natural
// size (a small figure stays small, centred, its text as large as in the others). EqualAxes
// keeps one data unit the same length on both axes, for geometry. Reference values (a critical temperature, a
// threshold) are thin dashed grey lines with a label (Figure.AddVLine, Figure.AddHLine), not
// data series, and so are guides of a known rate (Figure.AddLine, a segment straight on the
// figure's axes: a power law on log–log axes); a label goes beside its line where it crosses the fewest data, no other
// reference line, no other label and not the legend; points that are things with names
// (words, cities) get their names beside them where there is room (Figure.AddPointLabels).
// The legend sits on a light box where it covers no data (points, lines, contour lines): a
// corner or the middle of a side of the data area, or, where every such place covers some, a
// column at the right or rows below the axes, in columns that line up (LegendLeft,
// LegendBottom, LegendOutside and LegendInside place it; on a phone's narrow rendering
// LegendOutside's column becomes rows below). The legend lists only what the caller named:
// a figure of one unnamed series (Scatter, Histogram with or without its density curve, a
// Lines series without a Name) has none, and its title or caption says what it shows. On a
// phone, an EqualAxes figure grows taller so that its data area keeps the column's width,
// and point labels keep their desktop size. Contour takes ColorRange, as heat maps do, so
// that several contour plots share one scale, and ColorLabel says what a colour bar's
// colours mean (a quantity and its unit); bar charts set their category names at an
// angle only where they do not fit side by side. All text goes through Tex, so labels may be written with TeX-like math (x_1,
// \sigma^2, e^{-R(c)/T}) and show as Unicode (x₁, σ², …). Log axes carry three to six labels
// in one format (10⁻³, or plain decimals below 10⁴ on an axis of two decades or less: 1 2 5
// 10 20 50), and a y axis as many as stand their height apart.
//
// Output: Show renders SVG into the GoNB cell and is a no-op outside a notebook; HTML returns
// what it shows (with a second rendering for a phone's column where the figure's text would
// come out below MinTextPx there); Save writes .svg, .png or .pdf; Render returns the bytes. A GoNB cell is a fresh process, so the usual
// cell is one call:
//
//	viz.MustShow(viz.ScatterLabels(x, res.Labels, res.Centroids, viz.Title("k-means, k = 3")))
//
// Also for notebooks: Progress (an updating bar for long loops) and ShowTable / ShowFrame.
//
// The package implements no seed section itself; every chapter notebook uses it.
package viz
