package viz

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// Switch points of package viz, each tested on both sides and at the boundary:
//
//   - HeatMap prints the value in each cell up to annotateLimit = 400 cells;
//   - HeatMap draws a raster image instead of vector cells above rasterLimit = 4096 cells;
//   - Lines marks every point of a series of at most markerLimit = 30 points;
//   - the legend's emptiest corner counts line segments as drawn for lines of fewer than
//     500 points, and only the points themselves for longer ones;
//   - niceTicks labels only the ends of a span narrower than max(|lo|, |hi|)·7/2⁵⁰.

func heat(r, c int) *mat.Dense {
	m := mat.NewDense(r, c, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			m.Set(i, j, float64(i*c+j))
		}
	}
	m.Set(0, 0, 0.123) // a value whose label appears only if cells are annotated
	return m
}

func TestHeatMapSwitches(t *testing.T) {
	for _, c := range []struct {
		r, c            int
		annotated, rast bool
	}{
		{1, 1, true, false}, {20, 20, true, false}, {20, 21, false, false}, {1, 401, false, false},
		{64, 64, false, false}, {64, 65, false, true}, {1, 4097, false, true},
	} {
		svg := string(Must(Render(Must(HeatMap(heat(c.r, c.c))), "svg")))
		if got := strings.Contains(svg, ">0.123<"); got != c.annotated {
			t.Errorf("%d×%d: value labels %v, want %v", c.r, c.c, got, c.annotated)
		}
		// The colour bar is always one image; a raster map adds a second.
		if got := strings.Count(svg, "<image") == 2; got != c.rast {
			t.Errorf("%d×%d: raster image %v, want %v", c.r, c.c, got, c.rast)
		}
	}
}

func TestLineMarkerSwitch(t *testing.T) {
	paths := func(n int) int {
		y := make([]float64, n)
		for i := range y {
			y[i] = float64(i % 3)
		}
		return strings.Count(string(Must(Render(Must(Lines([]Series{{Name: "s", Y: y}})), "svg"))), "<path")
	}
	// Markers add one path per point: 29 and 30 points have them, 31 and 32 do not.
	p29, p30, p31, p32 := paths(29), paths(30), paths(31), paths(32)
	if p30-p31 < 29 || p29-p31 < 28 || p31 != p32 {
		t.Errorf("paths: 29 pts %d, 30 pts %d, 31 pts %d, 32 pts %d; want markers up to 30 points", p29, p30, p31, p32)
	}
}

// TestLegendSegmentSwitch: a rising line puts its legend left of a falling line's, whether
// the corner count uses its segments (< 500 points) or its points only (≥ 500).
func TestLegendSegmentSwitch(t *testing.T) {
	for _, n := range []int{2, 499, 500, 501} {
		up, down := make([]float64, n), make([]float64, n)
		for i := range up {
			up[i], down[i] = float64(i), float64(n-1-i)
		}
		a := Must(Render(Must(Lines([]Series{{Name: "series", Y: up}}, Title("t"))), "svg"))
		b := Must(Render(Must(Lines([]Series{{Name: "series", Y: down}}, Title("t"))), "svg"))
		if textX(t, a, "series") >= textX(t, b, "series") {
			t.Errorf("%d points: the legend of a rising line is not left of a falling line's", n)
		}
	}
}

// TestNiceTicksNarrowSwitch: niceTicks places steps of 1, 2, 2.5 or 5·10^k while the span is
// at least max(|lo|, |hi|)·7/2⁵⁰, and labels only the two ends below that (a step count beyond
// float64's integers). Both sides and near the boundary: every tick lies in [lo, hi] and the
// labelled values increase.
func TestNiceTicksNarrowSwitch(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		ends   bool
	}{
		{1, 1 + 1e-13, false}, {1, 1 + 1e-14, false}, {1, 1 + 4e-15, true}, {1, 1 + 1e-15, true},
		{-1e-300, 1e-300, false}, {0, 1, false},
	} {
		ts := (niceTicks{}).Ticks(c.lo, c.hi)
		var labelled []float64
		for _, tk := range ts {
			if !(tk.Value >= c.lo && tk.Value <= c.hi) {
				t.Errorf("[%v, %v]: tick %v outside", c.lo, c.hi, tk.Value)
			}
			if tk.Label != "" {
				labelled = append(labelled, tk.Value)
			}
		}
		for i := 1; i < len(labelled); i++ {
			if !(labelled[i] > labelled[i-1]) {
				t.Errorf("[%v, %v]: labels not increasing: %v", c.lo, c.hi, labelled)
			}
		}
		if ends := len(ts) == 2 && ts[0].Value == c.lo && ts[1].Value == c.hi; ends != c.ends {
			t.Errorf("[%v, %v]: ends only %v, want %v (%d ticks)", c.lo, c.hi, ends, c.ends, len(ts))
		}
		if !c.ends && len(labelled) < 2 {
			t.Errorf("[%v, %v]: %d labelled ticks", c.lo, c.hi, len(labelled))
		}
	}
}

// TestMustNamesTheCallersLine: the deprecated viz.Must is claim.Must's implementation, so its
// panic names the calling line, not a line of package viz.
func TestMustNamesTheCallersLine(t *testing.T) {
	defer func() {
		msg, _ := recover().(string)
		if !strings.HasPrefix(msg, "✘ switch_test.go:") {
			t.Errorf("viz.Must panicked with %q, want the calling line", msg)
		}
	}()
	Must(Lines(nil))
}

// TestSaveIOError: a file that cannot be written is an errs.ErrIO that keeps the OS error.
func TestSaveIOError(t *testing.T) {
	fig := Must(Lines([]Series{{Y: []float64{1, 2}}}))
	err := Save(fig, filepath.Join(t.TempDir(), "missing", "f.svg"))
	if !errors.Is(err, errs.ErrIO) || !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "viz: Save: ") {
		t.Errorf("Save into a missing directory: %v", err)
	}
}

// TestLinearLabelFormatSwitch: the label format of a linear axis switches from plain decimals
// to a thousands suffix at a largest magnitude of 10⁵, to m×10ᵉ below 10⁻⁴, and to offsets
// from the first label when the step is below 10⁻⁵ of the largest magnitude; both sides of
// each boundary.
func TestLinearLabelFormatSwitch(t *testing.T) {
	labels := func(lo, hi float64) string {
		var out []string
		for _, tk := range (niceTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{0, 99999, "0 20000 40000 60000 80000"},
		{0, 1e5, "0 20k 40k 60k 80k 100k"},
		{0, 1e-4, "0 0.00002 0.00004 0.00006 0.00008 0.00010"},
		{0, 0.99e-4, "0 2×10⁻⁵ 4×10⁻⁵ 6×10⁻⁵ 8×10⁻⁵"},
		{19, 19 + 1.2e-3, "19.0000 19.0002 19.0004 19.0006 19.0008 19.0010 19.0012"},
		{20, 20 + 1.2e-3, "20.0000 +0.0002 +0.0004 +0.0006 +0.0008 +0.0010 +0.0012"},
	} {
		if got := labels(c.lo, c.hi); got != c.want {
			t.Errorf("[%g, %g]: %s, want %s", c.lo, c.hi, got, c.want)
		}
	}
}
