// Package laplace approximates integrals of the form ∫ exp(−M f(y)) dy by Laplace's method and
// applies it to the partition function of least-angle clustering.
//
// It implements SLT chapter 4 (Laplace's method): Theorem 13 (Laplace's method; the seed calls the
// example integral "analytically tractable" where it means intractable, erratum E20), the
// four-step recipe of §4.3 with the full form Z ≈ e^{−Mf(y₀)}·det(MH/2π)^{−1/2} (the seed keeps
// only the exponential), and least-angle clustering (§4.4–4.8) with the cost sign (E22), the
// completed square (E23, E25: prefactor (2πT/N)^{−D/2}), the K^N assignments (E24) and the
// missing determinant of eq. 4.65 corrected.
//
// Log-determinants come from a Cholesky factorisation, which doubles as the test that the
// Hessian is positive definite: when it is not, the functions return an error wrapping
// ErrSingular (errs.ErrSingular; formerly laplace.ErrNotPD) rather than a meaningless number.
package laplace

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// Sentinel errors, defined once in package errs and re-exported here; returned errors wrap one
// of them with the function, the argument and the place.
var (
	ErrEmpty     = errs.ErrEmpty     // nil or empty data
	ErrNotFinite = errs.ErrNotFinite // NaN or ±Inf in data or in a function value
	ErrShape     = errs.ErrShape     // mismatched dimensions or lengths
	ErrParam     = errs.ErrParam     // K, T or another option out of range
	ErrLabel     = errs.ErrLabel     // a label outside [0, K)
	ErrTooLarge  = errs.ErrTooLarge  // too many assignments to enumerate
	// ErrSingular reports a Hessian that is not positive definite at the point where Laplace's
	// method is applied (the minimum is degenerate or the point is not a minimum).
	ErrSingular = errs.ErrSingular
)

// LogDet returns log det H of a symmetric positive-definite matrix via its Cholesky factor.
// It returns an error wrapping ErrSingular when the factorisation fails. Cost O(D³/3).
func LogDet(h mat.Symmetric) (float64, error) {
	if sd, ok := h.(*mat.SymDense); h == nil || ok && sd == nil {
		return 0, fmt.Errorf("laplace: LogDet: nil matrix: %w", ErrEmpty)
	}
	n := h.SymmetricDim()
	if n == 0 {
		return 0, fmt.Errorf("laplace: LogDet: empty matrix: %w", ErrEmpty)
	}
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			if v := h.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return 0, fmt.Errorf("laplace: LogDet: H[%d,%d] = %g: %w", i, j, v, ErrNotFinite)
			}
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(h) {
		var eig mat.EigenSym
		detail := ""
		if eig.Factorize(h, false) {
			detail = fmt.Sprintf(" (smallest eigenvalue %.3g)", eig.Values(nil)[0])
		}
		return 0, fmt.Errorf("laplace: LogDet: H is not positive definite%s: %w", detail, ErrSingular)
	}
	return ch.LogDet(), nil
}

// Problem is a twice-differentiable function f: R^D → R given with its gradient and Hessian.
type Problem struct {
	F    func(y []float64) float64
	Grad func(grad, y []float64)            // writes ∇f(y) into grad
	Hess func(h *mat.SymDense, y []float64) // writes ∇²f(y) into h
}

// Result is a Laplace approximation of log ∫ exp(−M f(y)) dy.
type Result struct {
	Y      []float64 // the minimiser y₀
	F      float64   // f(y₀)
	LogDet float64   // log det ∇²f(y₀)
	LogInt float64   // −M f(y₀) + (D/2) log(2π/M) − ½ log det ∇²f(y₀)
}

// LogIntegral returns Laplace's approximation (Theorem 13)
//
//	log ∫ e^{−M f(y)} dy ≈ −M f(y₀) + (D/2)·log(2π/M) − ½·log det ∇²f(y₀),
//
// after refining the start y0 to a local minimiser by Newton's method with line search (gonum
// optimize). The approximation is exact for quadratic f and its relative error is O(1/M); it
// assumes y₀ is the unique global minimiser, which the caller must know (Theorem 13). It fails
// with ErrSingular when the Hessian at y₀ is not positive definite and with ErrNotFinite when F,
// Grad or Hess return NaN or ±Inf at y₀ or the result overflows. Cost: the Newton iterations,
// each O(D³), plus one Cholesky factorisation.
func LogIntegral(p Problem, y0 []float64, M float64) (*Result, error) {
	if p.F == nil || p.Grad == nil || p.Hess == nil {
		return nil, fmt.Errorf("laplace: LogIntegral: Problem needs F, Grad and Hess: %w", ErrParam)
	}
	if len(y0) == 0 {
		return nil, fmt.Errorf("laplace: LogIntegral: empty starting point: %w", ErrEmpty)
	}
	if !(M > 0) || math.IsInf(M, 0) {
		return nil, fmt.Errorf("laplace: LogIntegral: M = %g must be finite and > 0: %w", M, ErrParam)
	}
	for i, v := range y0 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("laplace: LogIntegral: y0[%d] = %g: %w", i, v, ErrNotFinite)
		}
	}
	d := len(y0)
	res, err := optimize.Minimize(optimize.Problem{Func: p.F, Grad: p.Grad, Hess: p.Hess},
		append([]float64(nil), y0...), &optimize.Settings{GradientThreshold: 1e-12}, &optimize.Newton{})
	y := y0
	if res != nil && res.X != nil {
		y = res.X
	}
	if err != nil && res == nil {
		return nil, fmt.Errorf("laplace: LogIntegral: minimisation failed: %v: %w", err, ErrParam)
	}
	f := p.F(y)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, fmt.Errorf("laplace: LogIntegral: F(y) = %g at the minimiser y = %v: %w", f, y, ErrNotFinite)
	}
	for i, v := range y {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("laplace: LogIntegral: Newton's method reached y[%d] = %g: %w", i, v, ErrNotFinite)
		}
	}
	g := make([]float64, d)
	p.Grad(g, y)
	gn := 0.0
	for i, v := range g {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("laplace: LogIntegral: Grad(y)[%d] = %g: %w", i, v, ErrNotFinite)
		}
		gn = math.Max(gn, math.Abs(v))
	}
	if gn > 1e-6*math.Max(1, math.Abs(f)) {
		return nil, fmt.Errorf("laplace: LogIntegral: Newton's method stopped at a point with |∇f| = %.3g, not a minimum: %w", gn, ErrParam)
	}
	h := mat.NewSymDense(d, nil)
	p.Hess(h, y)
	ld, err := LogDet(h)
	if err != nil {
		return nil, fmt.Errorf("laplace: LogIntegral: Hess(y): %w", err)
	}
	logInt := -M*f + 0.5*float64(d)*math.Log(2*math.Pi/M) - 0.5*ld
	if math.IsNaN(logInt) || math.IsInf(logInt, 0) {
		return nil, fmt.Errorf("laplace: LogIntegral: −M·F(y) = %g·%g overflows float64: %w", -M, f, ErrNotFinite)
	}
	return &Result{Y: y, F: f, LogDet: ld, LogInt: logInt}, nil
}
