package laplace

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// MaxSimpson caps Simpson's intervals and MaxSimpson2 Simpson2's per axis ((n+1)² evaluations),
// ErrTooLarge beyond.
const (
	MaxSimpson  = 1 << 26
	MaxSimpson2 = 1 << 13
)

// Simpson integrates g over [a, b] by the composite Simpson rule on n intervals (n even,
// n ≥ 2): the reference "exact" value against which a Laplace estimate is compared. Its
// error is O(h⁴) for smooth g, h = (b − a)/n. A non-finite g value is an error naming the
// point. Cost: n + 1 evaluations of g.
func Simpson(g func(float64) float64, a, b float64, n int) (float64, error) {
	if g == nil {
		return 0, fmt.Errorf("laplace: Simpson: nil integrand: %w", ErrParam)
	}
	if n < 2 || n%2 != 0 {
		return 0, fmt.Errorf("laplace: Simpson: n = %d intervals, want even ≥ 2: %w", n, ErrParam)
	}
	if n > MaxSimpson {
		return 0, fmt.Errorf("laplace: Simpson: n = %d intervals, limit %d: %w", n, MaxSimpson, ErrTooLarge)
	}
	if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) || !(a < b) {
		return 0, fmt.Errorf("laplace: Simpson: interval [%g, %g], want finite a < b: %w", a, b, ErrParam)
	}
	h := (b - a) / float64(n)
	s := 0.0
	for i := 0; i <= n; i++ {
		y := a + float64(i)*h
		v := g(y)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("laplace: Simpson: g(%g) = %v: %w", y, v, ErrNotFinite)
		}
		switch {
		case i == 0 || i == n:
			s += v
		case i%2 == 1:
			s += 4 * v
		default:
			s += 2 * v
		}
	}
	return s * h / 3, nil
}

// Simpson2 integrates g(u, v) over the rectangle [ua, ub] × [va, vb] by the product Simpson
// rule with n intervals per axis (n even). Cost: (n + 1)² evaluations of g.
func Simpson2(g func(u, v float64) float64, ua, ub, va, vb float64, n int) (float64, error) {
	if g == nil {
		return 0, fmt.Errorf("laplace: Simpson2: nil integrand: %w", ErrParam)
	}
	if n > MaxSimpson2 {
		return 0, fmt.Errorf("laplace: Simpson2: n = %d intervals per axis, limit %d: %w", n, MaxSimpson2, ErrTooLarge)
	}
	var inner error
	outer, err := Simpson(func(u float64) float64 {
		s, err := Simpson(func(v float64) float64 { return g(u, v) }, va, vb, n)
		if err != nil && inner == nil {
			inner = err
		}
		return s
	}, ua, ub, n)
	if inner != nil {
		return 0, inner
	}
	return outer, err
}

// Wiggle is the function f(y) = −1 + y² + sin 5y of SLT chapter 4 (Laplace's method) Fig. 4.1, with
// its gradient and Hessian: a parabola with four local minima, the global one at y₀ ≈ −0.2908. ∫
// e^{−M f} has no closed form, so it is the standard test of Laplace's method in one dimension.
func Wiggle() Problem {
	return Problem{
		F:    func(y []float64) float64 { return -1 + y[0]*y[0] + math.Sin(5*y[0]) },
		Grad: func(g, y []float64) { g[0] = 2*y[0] + 5*math.Cos(5*y[0]) },
		Hess: func(h *mat.SymDense, y []float64) { h.SetSym(0, 0, 2-25*math.Sin(5*y[0])) },
	}
}

// SpinToy is the exponent of the toy model of SLT chapter 4 (Laplace's method) §4.2 for one
// coordinate, f(y) = y² − T log(2 cosh(2y/T)), so that the model's partition function per
// coordinate is (πT)^{−1/2} ∫ e^{−f(y)/T} dy (Laplace with M = 1/T). Its second derivative is
// 2 − (4/T) sech²(2y/T), so f is strictly convex, with its minimum at 0, exactly when T > 2.
// T must be positive.
func SpinToy(T float64) (Problem, error) {
	if !(T > 0) || math.IsInf(T, 0) {
		return Problem{}, fmt.Errorf("laplace: SpinToy: T = %g, want finite > 0: %w", T, ErrParam)
	}
	logCosh := func(u float64) float64 { // log(2 cosh u) without overflow
		a := math.Abs(u)
		return a + math.Log1p(math.Exp(-2*a))
	}
	return Problem{
		F:    func(y []float64) float64 { return y[0]*y[0] - T*logCosh(2*y[0]/T) },
		Grad: func(g, y []float64) { g[0] = 2*y[0] - 2*math.Tanh(2*y[0]/T) },
		Hess: func(h *mat.SymDense, y []float64) {
			c := math.Cosh(2 * y[0] / T)
			h.SetSym(0, 0, 2-4/(T*c*c))
		},
	}, nil
}

// TwoDirections returns the 12 unit vectors in the plane used for least-angle clustering in
// SLT chapter 4 (Laplace's method; oracle O14): six at angles drawn from N(0.3, 0.25²) and six from
// N(2.0, 0.25²), rows 0–5 and 6–11. The same seed gives the same vectors. Cost O(1).
func TwoDirections(seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 3))
	x := mat.NewDense(12, 2, nil)
	for i := 0; i < 12; i++ {
		a := 0.3 + 0.25*rng.NormFloat64()
		if i >= 6 {
			a = 2.0 + 0.25*rng.NormFloat64()
		}
		x.Set(i, 0, math.Cos(a))
		x.Set(i, 1, math.Sin(a))
	}
	return x
}
