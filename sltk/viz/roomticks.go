package viz

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// roomTicks labels no more ticks of an axis than fit its length: the labels of Ticker, set in
// Style, with a gap of labelGap em between neighbours (yLabelGap on a y axis). A tick marker
// knows the range of its axis but not its length, so the same marker crowds a narrow panel
// (a tile of a grid, a figure's phone rendering) with the labels that suit the full column.
// Where they do not fit, niceTicks and logTicks choose a coarser step (so labels stay round
// numbers in their own format), and any other marker keeps every k-th label, the others
// staying as unlabelled ticks. Cost: one extra call of Ticker and one measurement per label.
type roomTicks struct {
	Ticker plot.Ticker
	Length vg.Length
	Style  text.Style
	// Vertical marks a y axis, whose labels stand one above the other: a label takes the
	// height of its text, and neighbours need a gap of only yLabelGap em.
	Vertical bool
	// Gap, when positive, is the least space between two labels in em of their font, instead
	// of labelGap (yLabelGap).
	Gap float64
}

// yLabelGap is the least space between two labels of a y axis, in em of their font.
const yLabelGap = 0.25

// extent is the room label l takes along the axis, and gap the least space between two.
// Labels of a horizontal axis set at an angle θ run parallel to each other: two of them
// stand (distance along the axis)·|sin θ| apart, so a label takes its height / |sin θ| of
// the axis.
func (r roomTicks) extent(l string) vg.Length {
	switch {
	case r.Vertical:
		return r.Style.Height(l)
	case r.Style.Rotation != 0 && math.Abs(math.Sin(r.Style.Rotation)) > 0.1:
		return r.Style.Height(l) / vg.Length(math.Abs(math.Sin(r.Style.Rotation)))
	}
	return r.Style.Width(l)
}

func (r roomTicks) gap() vg.Length {
	switch {
	case r.Gap > 0:
		return vg.Length(r.Gap) * r.Style.Font.Size
	case r.Vertical:
		return yLabelGap * r.Style.Font.Size
	}
	return labelGap * r.Style.Font.Size
}

// categoryGap is the least space between two category names of a bar chart, in em of their
// font: names are not numbers, which need labelGap to read apart.
const categoryGap = 0.4

// shown is how many of the labels of ts the marker keeps on an axis where they do not all
// fit: every k-th, with k the least step at which they do.
func (r roomTicks) shown(ts []plot.Tick) int {
	n, w := r.labels(ts)
	k := (n + r.fit(w) - 1) / r.fit(w)
	return (n + k - 1) / k
}

// fitCategories sets the category names of p's horizontal axis (Bars) at 45° when they do
// not fit side by side, categoryGap em apart, along an axis length long, and the angle lets
// more of them be labelled: a name at 45° takes its height·√2 of the axis whatever its
// length, so short names (letters, small numbers) stay level, every k-th labelled (see
// roomTicks).
// A rotation the caller set stays. Cost: two measurements per name.
func fitCategories(p *plot.Plot, length vg.Length) {
	if p.X.Tick.Marker == nil || length <= 0 {
		return
	}
	r := roomTicks{Ticker: p.X.Tick.Marker, Length: length, Style: p.X.Tick.Label, Gap: categoryGap}
	ts := r.Ticker.Ticks(p.X.Min, p.X.Max)
	if r.Style.Rotation == 0 && !r.fits(ts, p.X.Min, p.X.Max) {
		angled := r
		angled.Style.Rotation = math.Pi / 4
		angled.Style.XAlign = draw.XRight
		angled.Style.YAlign = draw.YCenter
		if angled.shown(ts) > r.shown(ts) {
			p.X.Tick.Label = angled.Style
			r = angled
		}
	}
	p.X.Tick.Marker = r
}

// labelGap is the least space between two tick labels, in em of their font: less, and
// neighbours such as "10.0" and "12.5" read as one number.
const labelGap = 1

// labelCounter is a tick marker that can place at most a given number of labels, in their
// own format: niceTicks and logTicks.
type labelCounter interface {
	at(lo, hi float64, labels int) []plot.Tick
}

// fit returns how many labels of width w fit the axis.
func (r roomTicks) fit(w vg.Length) int {
	gap := r.gap()
	return max(2, int(math.Floor(float64((r.Length+gap)/(w+gap)))))
}

// labels counts the labelled ticks of ts and measures the widest label.
func (r roomTicks) labels(ts []plot.Tick) (n int, w vg.Length) {
	for _, t := range ts {
		if t.Label != "" {
			n++
			w = max(w, r.extent(t.Label))
		}
	}
	return n, w
}

// fits reports whether the labels of ts fit the axis [lo, hi]: on a linear axis, as many
// labels as fit of the widest one's width; on a logarithmic one, where labels are not evenly
// spaced, each neighbouring pair at the positions the log scale gives them, at least labelGap
// em apart.
func (r roomTicks) fits(ts []plot.Tick, lo, hi float64) bool {
	n, w := r.labels(ts)
	if _, log := r.Ticker.(logTicks); !log || !(lo > 0) || !(hi > lo) {
		return n <= r.fit(w)
	}
	at := func(v float64) vg.Length {
		return r.Length * vg.Length((math.Log(v)-math.Log(lo))/(math.Log(hi)-math.Log(lo)))
	}
	gap := r.gap()
	prev := -1
	for i, t := range ts {
		if t.Label == "" {
			continue
		}
		if prev >= 0 {
			a, b := ts[prev], t
			if at(b.Value)-at(a.Value) < (r.extent(a.Label)+r.extent(b.Label))/2+gap {
				return false
			}
		}
		prev = i
	}
	return true
}

func (r roomTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := r.Ticker.Ticks(lo, hi)
	if r.fits(ts, lo, hi) {
		return ts
	}
	n, w := r.labels(ts)
	most := r.fit(w)
	if nt, ok := r.Ticker.(labelCounter); ok {
		// the most labels that fit in their own format: a coarser step has shorter labels
		// (10 where the step 2.5 wrote 10.0; 10⁰ 10² 10⁴ where every decade did not fit)
		for k := n - 1; k > 2; k-- {
			ts := nt.at(lo, hi, k)
			if n, _ := r.labels(ts); n >= 2 && r.fits(ts, lo, hi) {
				return ts
			}
		}
		if ts := nt.at(lo, hi, 2); len(labelledAt(ts)) >= 2 {
			return ts
		}
		// Every coarser step leaves a single label, 0 on a range symmetric about it (a signed
		// colour bar below a phone's stack read "0.0" and nothing else): the marker's own
		// ticks, labelled at their two ends only.
		at := labelledAt(ts)
		for _, i := range at[1 : len(at)-1] {
			ts[i].Label = ""
		}
		return ts
	}
	k := (n + most - 1) / most // keep labels k apart, starting at 0 where 0 is labelled
	first := 0
	i := 0
	for _, t := range ts {
		if t.Label != "" {
			if t.Value == 0 {
				first = i % k
			}
			i++
		}
	}
	out := make([]plot.Tick, len(ts))
	i = 0
	for j, t := range ts {
		out[j] = t
		if t.Label != "" {
			if i%k != first {
				out[j].Label = ""
			}
			i++
		}
	}
	return out
}

// labelledAt returns the indices of the labelled ticks of ts.
func labelledAt(ts []plot.Tick) []int {
	var at []int
	for i, t := range ts {
		if t.Label != "" {
			at = append(at, i)
		}
	}
	return at
}

// fitXTicks makes the x axis of p label only as many ticks as fit length (see roomTicks).
func fitXTicks(p *plot.Plot, length vg.Length) {
	if p.X.Tick.Marker == nil || length <= 0 {
		return
	}
	if _, done := p.X.Tick.Marker.(roomTicks); done {
		return
	}
	p.X.Tick.Marker = roomTicks{Ticker: p.X.Tick.Marker, Length: length, Style: p.X.Tick.Label}
}

// fitYTicks makes the y axis of p, when niceTicks or logTicks label it, label only as many
// ticks as fit its length (see roomTicks): a short panel's axis (a tile of a phone's stack)
// would otherwise stack its labels closer than their height. Named ticks (a heat map's rows)
// are left alone. Cost: as roomTicks.
func fitYTicks(p *plot.Plot, length vg.Length) {
	if _, ok := p.Y.Tick.Marker.(labelCounter); !ok || length <= 0 {
		return
	}
	p.Y.Tick.Marker = roomTicks{Ticker: p.Y.Tick.Marker, Length: length, Style: p.Y.Tick.Label,
		Vertical: true}
}
