package density

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// MaxQuadratureCells bounds the number of cells of QuadratureMoments (one model evaluation
// each).
const MaxQuadratureCells = 1 << 24

// Curve returns P̂(x) (not its logarithm) of a model fitted to one-dimensional data at each
// point of xs: the values a plot of the estimate needs. Any DensityModel of 1-D data works
// (KDEModel, GMMResult, Gaussian). xs is not modified. Cost: one LogDensity call on len(xs)
// rows.
func Curve(m sltk.DensityModel, xs []float64) ([]float64, error) {
	if m == nil {
		return nil, fmt.Errorf("density: Curve: nil model: %w", ErrParam)
	}
	if len(xs) == 0 {
		return nil, fmt.Errorf("density: Curve: no points: %w", ErrEmpty)
	}
	for i, v := range xs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("density: Curve: xs[%d] = %v: %w", i, v, ErrNotFinite)
		}
	}
	out, err := m.LogDensity(mat.NewDense(len(xs), 1, append([]float64(nil), xs...)))
	if err != nil {
		return nil, fmt.Errorf("density: Curve: %w", err)
	}
	if len(out) != len(xs) {
		return nil, fmt.Errorf("density: Curve: the model returned %d log-densities for %d points: %w", len(out), len(xs), ErrShape)
	}
	for i, v := range out {
		if math.IsNaN(v) || math.IsInf(v, 1) {
			return nil, fmt.Errorf("density: Curve: the model's log-density at xs[%d] = %g is %g: %w", i, xs[i], v, ErrNotFinite)
		}
		out[i] = math.Exp(v)
	}
	return out, nil
}

// Moments are the mass ∫P̂, the mean ∫xP̂ / ∫P̂ and the variance ∫(x − mean)²P̂ / ∫P̂ of a
// one-dimensional density over an interval.
type Moments struct{ Mass, Mean, Variance float64 }

// QuadratureMoments integrates a model of one-dimensional data numerically over [a, b] with
// the midpoint rule on n equal cells and returns its Moments. It computes the moments without using how the model was
// built, so it checks closed forms such as KDEModel.Moments1D independently. The error of the
// rule is O(((b−a)/n)²) for a smooth density, and O((b−a)/n) where P̂ jumps (box kernel);
// mass outside [a, b] is missed. Cost: n model evaluations (one Curve call).
func QuadratureMoments(m sltk.DensityModel, a, b float64, n int) (Moments, error) {
	if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) || !(a < b) {
		return Moments{}, fmt.Errorf("density: QuadratureMoments: interval [%v, %v], want finite a < b: %w", a, b, ErrParam)
	}
	if n < 1 {
		return Moments{}, fmt.Errorf("density: QuadratureMoments: n = %d cells, want 1..%d: %w", n, MaxQuadratureCells, ErrParam)
	}
	if err := check.Size("density: QuadratureMoments", "n", n, MaxQuadratureCells); err != nil {
		return Moments{}, err
	}
	dx := (b - a) / float64(n)
	if math.IsInf(dx, 0) {
		return Moments{}, fmt.Errorf("density: QuadratureMoments: the interval [%g, %g] is wider than the float64 range: %w", a, b, ErrNotFinite)
	}
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = a + (float64(i)+0.5)*dx
	}
	f, err := Curve(m, xs)
	if err != nil {
		return Moments{}, err
	}
	var mass, m1, variance float64
	for i, v := range f {
		mass += v * dx
		m1 += xs[i] * v * dx
	}
	if !(mass > 0) {
		return Moments{}, fmt.Errorf("density: QuadratureMoments: no mass on [%v, %v]: %w", a, b, ErrProb)
	}
	mean := m1 / mass
	for i, v := range f {
		d := xs[i] - mean
		variance += d * d * v * dx
	}
	mo := Moments{Mass: mass, Mean: mean, Variance: variance / mass}
	if math.IsInf(mo.Mass, 0) || math.IsNaN(mo.Mean) || math.IsInf(mo.Mean, 0) || math.IsNaN(mo.Variance) || math.IsInf(mo.Variance, 0) {
		return Moments{}, fmt.Errorf("density: QuadratureMoments: the moments on [%g, %g] overflow (%+v); rescale the data: %w", a, b, mo, ErrNotFinite)
	}
	return mo, nil
}
