// Package live is the registry of live figures: figures of the book whose story is one
// parameter (a temperature, a bandwidth, a sample size, a learning rate), drawn again as the
// reader moves a control.
//
// One registry serves three places. In the lab, Show draws the figure with a GoNB slider
// below it and redraws in place when the slider moves; headless (make test, the book's run)
// it draws the still figure at the default value and returns the numbers it shows, so a cell
// can check them with the claim package. In the exported book, the same registry compiled to
// WebAssembly (cmd/livefig, GOOS=js GOARCH=wasm) redraws the SVG in the page with no kernel;
// tools/livefig.py embeds that module and tools/browsertest.py checks that the page's numbers
// equal those of a native run of the registry (livefig -expect).
//
// A figure only calls library functions and viz: the algorithms stay in their packages.
// Figures that need an expensive fit compute it once per process (sync.Once) and redraw from
// it, so a redraw costs one rendering.
package live

import (
	"fmt"
	"html"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/viz"
)

// Sentinel errors, wrapped by every error of this package.
var (
	// ErrParam: an unknown figure name, or a value that is not one of the figure's values.
	ErrParam = errs.ErrParam
)

// Param is the knob of a live figure: its name as the reader sees it (math in Unicode, e.g.
// "temperature T") and the values the control steps through, in increasing order. A log
// scale is a list of values spaced logarithmically; a control steps through indices, so
// every value a reader can choose is one the registry lists.
type Param struct {
	Name    string
	Values  []float64
	Default float64 // register moves it to the nearest of Values
}

// index returns the position of v in Values, or -1.
func (p Param) index(v float64) int {
	for i, x := range p.Values {
		if x == v {
			return i
		}
	}
	return -1
}

// Number is a value the figure shows beside it for the current parameter, e.g. the number
// of distinct centroids at a temperature; the browser test compares it with a native run.
type Number struct {
	Name  string
	Value float64
}

// Figure is one registered live figure: Draw builds the figure and its numbers for a value
// of the parameter.
type Figure struct {
	Name    string // registry key, e.g. "da-temperature"
	Chapter string // the chapter that shows it, e.g. "slt/03"
	Param   Param
	Draw    func(v float64) (viz.Drawer, []Number, error)
}

var (
	mu       sync.Mutex
	registry = map[string]Figure{}
)

// register adds a figure; its default moves to the nearest of its values. It panics on a
// duplicate name or unsorted values (a programming error of the registry, found by its tests).
func register(f Figure) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[f.Name]; dup {
		panic("live: register: duplicate figure " + f.Name)
	}
	if len(f.Param.Values) < 2 || !slices.IsSorted(f.Param.Values) {
		panic("live: register: " + f.Name + ": fewer than two values, or not sorted")
	}
	best := 0 // the default snaps to the nearest value
	for i, v := range f.Param.Values {
		if math.Abs(v-f.Param.Default) < math.Abs(f.Param.Values[best]-f.Param.Default) {
			best = i
		}
	}
	f.Param.Default = f.Param.Values[best]
	registry[f.Name] = f
}

// Lookup returns the figure registered under name.
func Lookup(name string) (Figure, error) {
	mu.Lock()
	defer mu.Unlock()
	f, ok := registry[name]
	if !ok {
		return Figure{}, fmt.Errorf("live: Lookup: no live figure %q: %w", name, ErrParam)
	}
	return f, nil
}

// All returns every registered figure, sorted by chapter and name.
func All() []Figure {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Figure, 0, len(registry))
	for _, f := range registry {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Chapter != out[j].Chapter {
			return out[i].Chapter < out[j].Chapter
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// At returns the numbers the figure name shows at value v (v must be one of its values),
// without rendering the figure.
func At(name string, v float64) ([]Number, error) {
	_, nums, err := draw("At", name, v)
	return nums, err
}

// Render draws figure name at value v and returns its HTML (viz.HTML: the SVG, and a phone's
// rendering where the figure needs one) and the numbers it shows.
func Render(name string, v float64) ([]byte, []Number, error) {
	d, nums, err := draw("Render", name, v)
	if err != nil {
		return nil, nil, err
	}
	svg, err := viz.HTML(d)
	if err != nil {
		return nil, nil, fmt.Errorf("live: Render: %s at %g: %w", name, v, err)
	}
	return []byte(svg), nums, nil
}

// draw checks that v is one of figure name's values, draws it and checks that every number it
// shows is finite; fn names the caller in errors.
func draw(fn, name string, v float64) (viz.Drawer, []Number, error) {
	f, err := Lookup(name)
	if err != nil {
		return nil, nil, err
	}
	if f.Param.index(v) < 0 {
		return nil, nil, fmt.Errorf("live: %s: %s: %g is not one of the values of %s: %w",
			fn, name, v, f.Param.Name, ErrParam)
	}
	d, nums, err := f.Draw(v)
	if err != nil {
		return nil, nil, fmt.Errorf("live: %s: %s at %g: %w", fn, name, v, err)
	}
	for _, n := range nums {
		if math.IsNaN(n.Value) || math.IsInf(n.Value, 0) {
			return nil, nil, fmt.Errorf("live: %s: %s at %g: %s = %g: %w", fn, name, v, n.Name,
				n.Value, errs.ErrNotFinite)
		}
	}
	return d, nums, nil
}

// formatValue writes a parameter value or a number as the page shows it (4 significant
// digits); the lab, the book and the browser test all use it.
func formatValue(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }

// NumbersHTML is the line of numbers under a live figure. Each number carries its exact value
// in data-value, which the browser test compares with a native run.
func NumbersHTML(p Param, v float64, nums []Number) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<span class="sltk-live-param">%s = <b>%s</b></span>`,
		html.EscapeString(p.Name), formatValue(v))
	for _, n := range nums {
		fmt.Fprintf(&b, ` · <span class="sltk-live-num" data-name="%s" data-value="%s">%s = <b>%s</b></span>`,
			html.EscapeString(n.Name), strconv.FormatFloat(n.Value, 'g', -1, 64),
			html.EscapeString(n.Name), formatValue(n.Value))
	}
	return b.String()
}

// stillHTML is the cell output of a live figure at value v: a block marked class sltk-live
// with the figure's name, values and current value as data attributes (the book's script
// builds its control from them), the SVG, and the numbers.
func stillHTML(f Figure, v float64, svg []byte, nums []Number) string {
	vals := make([]string, len(f.Param.Values))
	for i, x := range f.Param.Values {
		vals[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return fmt.Sprintf(`<div class="sltk-live" data-live="%s" data-param="%s" data-values="%s" `+
		`data-value="%s"><div class="sltk-live-svg">%s</div><p class="sltk-live-numbers">%s</p></div>`,
		html.EscapeString(f.Name), html.EscapeString(f.Param.Name), strings.Join(vals, " "),
		strconv.FormatFloat(v, 'g', -1, 64), svg, NumbersHTML(f.Param, v, nums))
}

// grid returns n values from lo to hi, spaced evenly, or logarithmically when log is set,
// each rounded to 3 significant digits so that the page and the registry print the same
// value.
func grid(lo, hi float64, n int, log bool) []float64 {
	out := make([]float64, n)
	for i := range out {
		t := float64(i) / float64(n-1)
		x := lo + t*(hi-lo)
		if log {
			x = math.Exp(math.Log(lo) + t*(math.Log(hi)-math.Log(lo)))
		}
		out[i], _ = strconv.ParseFloat(strconv.FormatFloat(x, 'g', 3, 64), 64)
	}
	return out
}
