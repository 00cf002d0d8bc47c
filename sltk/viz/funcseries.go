package viz

import "fmt"

// FuncSeries returns the series of f sampled at the points xs, named name: the curve of a
// known function (a true density, a bound, a closed form) to draw next to estimates with
// Lines. xs is shared, not copied. A nil f, a non-finite x or a non-finite f(x) is an error
// naming the point. Cost: len(xs) calls of f.
func FuncSeries(name string, f func(float64) float64, xs []float64) (Series, error) {
	if f == nil {
		return Series{}, fmt.Errorf("viz: FuncSeries: FuncSeries %q: nil function: %w", name, ErrArg)
	}
	ys := make([]float64, len(xs))
	for i, x := range xs {
		if err := finite("FuncSeries", x, "FuncSeries %q: x[%d]", name, i); err != nil {
			return Series{}, err
		}
		ys[i] = f(x)
		if err := finite("FuncSeries", ys[i], "FuncSeries %q: f(x[%d] = %g)", name, i, x); err != nil {
			return Series{}, err
		}
	}
	return Series{Name: name, X: xs, Y: ys}, nil
}
