package density

import (
	"cmp"
	"fmt"
	"math"
)

// DistanceMax is the vegan flea's algorithm, DISTANCEMAX of SLT appendix B (The EM algorithm)
// §B.2.4 (Algorithm 4), the one-dimensional picture of EM that appendix B uses before the general
// derivation. A flea on the skin wants the position x that maximises the gap d(x) = skin(x, t) −
// vessel(x, t), which does not depend on time t (Assumption 1) but cannot be measured directly.
// What it can do:
//
//   - E-step: find the time t̂ at which the vessel peaks under the current position x₀
//     (Assumption 2); then skin(·, t̂) = vessel(·, t̂) + d ≤ max vessel + d is a lower bound of
//     d(x) + const that touches it at x₀;
//   - M-step: move to x* = argmax_x skin(x, t̂) (Assumption 3).
//
// Each step cannot decrease d, d(x₀) ≤ d(x₁) ≤ …, for the same reason that EM cannot decrease
// the log-likelihood. The seed gives no stopping rule; Run stops when d gains at most Tol (or
// after MaxIter steps) and reports ErrDecrease if d ever falls by more than round-off, which
// means E or M does not solve its problem.
//
// Zero values: Tol = 1e-12, MaxIter = 100. Cost: MaxIter calls of E, M and Gap.
type DistanceMax struct {
	E       func(x float64) float64 // t̂ at which vessel(·, t̂) is maximal at x
	M       func(t float64) float64 // argmax_x skin(x, t)
	Gap     func(x float64) float64 // d(x), used only to monitor progress
	Tol     float64
	MaxIter int
}

// DistanceMaxResult is the path of the flea.
type DistanceMaxResult struct {
	X         []float64 // x₀, x₁, …: the start and the position after every M-step
	Gap       []float64 // d(x_i)
	T         []float64 // t̂ of every E-step
	Converged bool
}

// Run starts the flea at x0.
func (a DistanceMax) Run(x0 float64) (*DistanceMaxResult, error) {
	if a.E == nil || a.M == nil || a.Gap == nil {
		return nil, fmt.Errorf("density: DistanceMax.Run: DistanceMax needs E, M and Gap: %w", ErrParam)
	}
	tol, maxIter := a.Tol, a.MaxIter
	tol = cmp.Or(tol, 1e-12)
	maxIter = cmp.Or(maxIter, 100)
	if !(tol > 0) || math.IsInf(tol, 0) || maxIter < 0 {
		return nil, fmt.Errorf("density: DistanceMax.Run: Tol = %g, MaxIter = %d: %w", a.Tol, a.MaxIter, ErrParam)
	}
	if maxIter > MaxIterations {
		return nil, fmt.Errorf("density: DistanceMax.Run: MaxIter = %d, limit %d: %w", maxIter, MaxIterations, ErrTooLarge)
	}
	d := a.Gap(x0)
	if math.IsNaN(x0) || math.IsInf(x0, 0) || math.IsNaN(d) || math.IsInf(d, 0) {
		return nil, fmt.Errorf("density: DistanceMax.Run: start x₀ = %g with d(x₀) = %g: %w", x0, d, ErrParam)
	}
	res := &DistanceMaxResult{X: []float64{x0}, Gap: []float64{d}}
	x := x0
	for it := 0; it < maxIter; it++ {
		t := a.E(x)
		next := a.M(t)
		dn := a.Gap(next)
		if math.IsNaN(t) || math.IsNaN(next) || math.IsInf(next, 0) || math.IsNaN(dn) || math.IsInf(dn, 0) {
			return res, fmt.Errorf("density: DistanceMax.Run: step %d gave t̂ = %g, x = %g, d = %g: %w", it+1, t, next, dn, ErrNotFinite)
		}
		res.T = append(res.T, t)
		res.X = append(res.X, next)
		res.Gap = append(res.Gap, dn)
		if dn < d-decreaseSlack(d) {
			return res, fmt.Errorf("density: DistanceMax.Run: d fell from %.12g to %.12g at step %d: %w", d, dn, it+1, ErrDecrease)
		}
		gain := dn - d
		x, d = next, dn
		if gain <= tol*math.Max(1, math.Abs(d)) {
			res.Converged = true
			break
		}
	}
	return res, nil
}
