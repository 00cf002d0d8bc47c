package viz

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// labelledTicks returns the labelled ticks of ts.
func labelledTicks(ts []plot.Tick) []plot.Tick {
	var out []plot.Tick
	for _, t := range ts {
		if t.Label != "" {
			out = append(out, t)
		}
	}
	return out
}

// isPower reports whether a tick label is written as a power of ten (10⁻³, 2×10⁻³).
func isPower(l string) bool {
	return strings.Contains(l, "10") && strings.ContainsAny(l, "⁰¹²³⁴⁵⁶⁷⁸⁹")
}

// TestLogTicksShortSpans: a log axis over ratios 1.2 … 10¹² from several starts gets between
// three and six labels, increasing, inside the range, in one format (all powers of ten or
// none), plain decimals up to two decades; 1 … 60 (afds/07 Fig 7.5) reads 1 2 5 10 20 50
// and the padded axis of that figure (0.85 … 71) too, though its ends touch three decades.
func TestLogTicksShortSpans(t *testing.T) {
	for _, ratio := range []float64{1.2, 2, 6, 10, 60, 100, 150, 1e4, 1e12} {
		for _, start := range []float64{1, 3, 0.02, 7e5, 4e-7} {
			lo, hi := start, start*ratio
			ls := labelledTicks(logTicks{}.Ticks(lo, hi))
			if len(ls) < 3 || len(ls) > maxLogLabels {
				t.Errorf("[%g, %g]: %d labels %v", lo, hi, len(ls), ls)
			}
			powers := 0
			for i, l := range ls {
				if l.Value < lo*(1-1e-9) || l.Value > hi*(1+1e-9) || i > 0 && !(l.Value > ls[i-1].Value) {
					t.Errorf("[%g, %g]: labels out of range or order: %v", lo, hi, ls)
				}
				if isPower(l.Label) {
					powers++
				}
			}
			if powers != 0 && powers != len(ls) {
				t.Errorf("[%g, %g]: mixed formats %v", lo, hi, ls)
			}
			if ratio >= 1e3 && powers != len(ls) {
				t.Errorf("[%g, %g]: over three decades or more not all powers: %v", lo, hi, ls)
			}
			if ratio <= 100 && start >= 1e-3 && hi < 1e4 && powers != 0 {
				t.Errorf("[%g, %g]: a short axis in [0.001, 10⁴) written in powers: %v", lo, hi, ls)
			}
		}
	}
	r := math.Exp(AxisPad * math.Log(60)) // Figure.pad's factor
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{1, 60, "1 2 5 10 20 50"}, {1 / r, 60 * r, "1 2 5 10 20 50"},
		{1, 100, "1 3 10 30 100"}, {1, 1e4, "10⁰ 10¹ 10² 10³ 10⁴"},
		{1, 1e12, "10⁰ 10³ 10⁶ 10⁹ 10¹²"}, {3, 18, "5 10 15"}, {1, 1.2, "1.00 1.05 1.10 1.15 1.20"},
	} {
		var got []string
		for _, l := range labelledTicks(logTicks{}.Ticks(c.lo, c.hi)) {
			got = append(got, l.Label)
		}
		if s := strings.Join(got, " "); s != c.want {
			t.Errorf("[%g, %g]: %s, want %s", c.lo, c.hi, s, c.want)
		}
	}
}

// TestLogTicksRoom: on the x axis of a phone's rendering (about 340 pt of data area at a
// 400-px screen) and of a tile half that wide, a log axis's labels do not overlap and keep
// a gap of half an em, placed where the log scale puts them; with room, they are logTicks'
// own.
func TestLogTicksRoom(t *testing.T) {
	sty := NewFigure("", "", "").X.Tick.Label
	for _, ratio := range []float64{1.2, 6, 60, 100, 1e4, 1e12} {
		for _, start := range []float64{1, 0.02, 7e5} {
			lo, hi := start, start*ratio
			wide := roomTicks{Ticker: logTicks{}, Length: 2000, Style: sty}
			if got, want := wide.Ticks(lo, hi), (logTicks{}).Ticks(lo, hi); !slices.Equal(got, want) {
				t.Errorf("[%g, %g] with room: %v, want %v", lo, hi, got, want)
			}
			for _, length := range []vg.Length{340, 170, 100} {
				ls := labelledTicks(roomTicks{Ticker: logTicks{}, Length: length, Style: sty}.Ticks(lo, hi))
				if len(ls) < 2 {
					t.Errorf("[%g, %g] in %v pt: %d labels", lo, hi, length, len(ls))
				}
				at := func(v float64) vg.Length {
					return length * vg.Length((math.Log(v)-math.Log(lo))/(math.Log(hi)-math.Log(lo)))
				}
				for i := 1; i < len(ls); i++ {
					room := at(ls[i].Value) - at(ls[i-1].Value)
					need := (sty.Width(ls[i].Label)+sty.Width(ls[i-1].Label))/2 + sty.Font.Size/2
					if room < need {
						t.Errorf("[%g, %g] in %v pt: %q and %q %.1f pt apart, need %.1f",
							lo, hi, length, ls[i-1].Label, ls[i].Label, room, need)
					}
				}
			}
		}
	}
}
