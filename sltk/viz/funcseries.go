package viz

// FuncSeries returns the series of f sampled at the points xs, named name: the curve of a
// known function (a true density, a bound, a closed form) to draw next to estimates with
// Lines. xs is shared, not copied. A non-finite f(x) is reported by Lines, which checks every
// series. Cost: len(xs) calls of f.
func FuncSeries(name string, f func(float64) float64, xs []float64) Series {
	ys := make([]float64, len(xs))
	for i, x := range xs {
		ys[i] = f(x)
	}
	return Series{Name: name, X: xs, Y: ys}
}
