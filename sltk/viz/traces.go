package viz

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"

	"github.com/sltk-book/sltk/sltk/internal/check"
)

// traceSpacing is the vertical distance between stacked traces, in units of the signals'
// standard deviation (unit-variance signals rarely leave ±3).
const traceSpacing = 6

// Traces draws the columns of m (n×k, one time step per row, e.g. unit-variance signals) as k
// lines stacked downwards, column j shifted by −6j, over the first show samples (all when show
// is 0 or larger than n); at most 1200 points per trace are drawn (every ⌈show/1200⌉-th
// sample). names label the traces on the vertical axis, each at its trace's zero line, so no
// legend takes width from the data (nil names them "1", "2", …). Options as for Lines; the
// horizontal axis is labelled "sample" unless XLabel says otherwise, the vertical one only
// when YLabel is given. Cost O(show·k).
func Traces(m mat.Matrix, names []string, show int, opts ...Option) (*Figure, error) {
	if check.IsNil(m) {
		return nil, fmt.Errorf("viz: Traces: nil matrix: %w", ErrEmpty)
	}
	n, k := m.Dims()
	if n == 0 || k == 0 {
		return nil, fmt.Errorf("viz: Traces: %d×%d matrix: %w", n, k, ErrEmpty)
	}
	if names != nil && len(names) != k {
		return nil, fmt.Errorf("viz: Traces: %d names for %d columns: %w", len(names), k, ErrShape)
	}
	if show <= 0 || show > n {
		show = n
	}
	step := (show + 1199) / 1200
	series := make([]Series, k)
	ticks := make(plot.ConstantTicks, k)
	for j := range k {
		name := fmt.Sprint(j + 1)
		if names != nil {
			name = names[j]
		}
		var xs, ys []float64
		for i := 0; i < show; i += step {
			xs, ys = append(xs, float64(i)), append(ys, m.At(i, j)-traceSpacing*float64(j))
		}
		series[j] = Series{Name: name, X: xs, Y: ys}
		ticks[j] = plot.Tick{Value: -traceSpacing * float64(j), Label: name}
	}
	labels := []Option{XLabel("sample"), YLabel("")}
	f, err := Lines(series, append(labels, opts...)...)
	if err != nil {
		return nil, err
	}
	f.Y.Tick.Marker = ticks
	return f.HideLegend(), nil
}
