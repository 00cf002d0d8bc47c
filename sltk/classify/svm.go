package classify

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// SVMResult is a fitted support vector machine. The decision rule is sgn(⟨W, x⟩ − B).
type SVMResult struct {
	W         []float64 // weights w = Σ α_i y_i x_i
	B         float64   // threshold (0 for the homogeneous hard-margin machine)
	Alpha     []float64 // dual variables, one per example
	Support   int       // number of support vectors (α_i > 0)
	Margin    float64   // geometric margin 1/‖w‖ of the canonical hyperplane
	Objective float64   // primal objective: ½‖w‖² (+ C·Σ hinge losses for the soft margin)
	Epochs    int       // sweeps of coordinate ascent
}

// Predict returns sgn(⟨W, x_i⟩ − B) for every row of x. Cost O(n·d).
func (r *SVMResult) Predict(x mat.Matrix) ([]float64, error) {
	if r == nil || r.W == nil {
		return nil, ErrNotFitted
	}
	n, d, err := checkX(x)
	if err != nil {
		return nil, err
	}
	if d != len(r.W) {
		return nil, fmt.Errorf("%w: model has %d weights, x has %d columns", ErrShape, len(r.W), d)
	}
	xd := dense(x)
	out := make([]float64, n)
	for i := range out {
		out[i] = Sgn(floats.Dot(r.W, xd.RawRowView(i)) - r.B)
	}
	return out, nil
}

// dualCD maximises the SVM dual Σα_i − ½‖Σ α_i y_i x_i‖² over 0 ≤ α_i ≤ c by exact coordinate
// ascent (Hildreth's method; for finite c the dual coordinate descent of Hsieh et al. 2008):
// α_i ← clip(α_i + (1 − y_i⟨w,x_i⟩)/‖x_i‖², 0, c) with w kept equal to Σ α_i y_i x_i. It stops
// when the projected gradients of a sweep satisfy the KKT conditions to within tol: for the hard
// margin (c = +Inf) every |PG_i| ≤ tol; for a finite box the spread max PG − min PG ≤ tol, the
// stopping rule of LIBLINEAR. Like LIBLINEAR it shrinks: a variable at a bound whose gradient
// points outward by more than last sweep's extreme projected gradient is left out of the sweeps,
// and once the active set has converged every variable is checked again before stopping.
// Each sweep costs O(|active|·d); the order is cyclic, or shuffled when rng is not nil.
func dualCD(x *mat.Dense, y []float64, c, tol float64, maxEpochs int, rng *rand.Rand) (w, alpha []float64, epochs int, converged bool) {
	n, d := x.Dims()
	w, alpha = make([]float64, d), make([]float64, n)
	q := make([]float64, n)
	for i := range q {
		q[i] = floats.Dot(x.RawRowView(i), x.RawRowView(i))
	}
	index := make([]int, n)
	for i := range index {
		index[i] = i
	}
	hard := math.IsInf(c, 1)
	active := n
	pgMaxOld, pgMinOld := math.Inf(1), math.Inf(-1)
	for epochs < maxEpochs {
		epochs++
		if rng != nil {
			rng.Shuffle(active, func(a, b int) { index[a], index[b] = index[b], index[a] })
		}
		pgMax, pgMin := math.Inf(-1), math.Inf(1)
		for s := 0; s < active; s++ {
			i := index[s]
			xi := x.RawRowView(i)
			g := y[i]*floats.Dot(w, xi) - 1 // gradient of the negated dual
			pg := g
			switch {
			case alpha[i] == 0:
				if g > pgMaxOld {
					active--
					index[s], index[active] = index[active], index[s]
					s--
					continue
				}
				pg = math.Min(g, 0)
			case alpha[i] >= c:
				if g < pgMinOld {
					active--
					index[s], index[active] = index[active], index[s]
					s--
					continue
				}
				pg = math.Max(g, 0)
			}
			pgMax, pgMin = math.Max(pgMax, pg), math.Min(pgMin, pg)
			if pg == 0 {
				continue
			}
			var next float64
			if q[i] == 0 {
				next = c // g = −1: the objective grows with α_i until the box ends
			} else {
				next = math.Min(math.Max(alpha[i]-g/q[i], 0), c)
			}
			if math.IsInf(next, 1) {
				return w, alpha, epochs, false
			}
			floats.AddScaled(w, (next-alpha[i])*y[i], xi)
			alpha[i] = next
		}
		if pgMax < pgMin { // every variable was shrunk: recheck all
			pgMax, pgMin = 0, 0
		}
		if hard && math.Max(pgMax, -pgMin) <= tol || !hard && pgMax-pgMin <= tol {
			if active == n {
				return w, alpha, epochs, true
			}
			active, pgMaxOld, pgMinOld = n, math.Inf(1), math.Inf(-1)
			continue
		}
		pgMaxOld, pgMinOld = pgMax, pgMin
		if pgMaxOld <= 0 {
			pgMaxOld = math.Inf(1)
		}
		if pgMinOld >= 0 {
			pgMinOld = math.Inf(-1)
		}
	}
	return w, alpha, epochs, false
}

// HardMarginSVM solves the homogeneous hard-margin SVM of §1.4,
// min ‖w‖² subject to y_i⟨w, x_i⟩ ≥ 1, whose solution is the consistent separator of maximum
// margin γ* = 1/‖w*‖ (Thm 1.15). It works on the dual by exact coordinate ascent (Hildreth);
// the problem is a convex QP and so solvable in polynomial time (the seed's Remark 1.16 says
// otherwise; that is wrong for convex QPs). Lift with AppendOne for a bias (which is then
// regularised too, as in the seed's homogeneous formulation).
type HardMarginSVM struct {
	Tol       float64 // KKT tolerance; 0 means 1e-9
	MaxEpochs int     // cap on sweeps; 0 means 100000
}

// Fit solves the problem for x (n×d) and y ∈ {−1, +1}. Data that no homogeneous separator
// classifies correctly makes the dual unbounded; when the sweeps do not converge, Fit decides
// separability by linear programming (ERMLP) and returns ErrNotSeparable or ErrNoConvergence.
// Cost O(n·d) per sweep; the number of sweeps grows as the margin shrinks.
func (s HardMarginSVM) Fit(x mat.Matrix, y []float64) (*SVMResult, error) {
	n, _, err := checkX(x)
	if err != nil {
		return nil, err
	}
	if err := checkSigns(y, n); err != nil {
		return nil, err
	}
	tol, maxE := s.Tol, s.MaxEpochs
	if tol == 0 {
		tol = 1e-9
	}
	if maxE == 0 {
		maxE = 100000
	}
	if tol < 0 || maxE < 0 || math.IsNaN(tol) {
		return nil, fmt.Errorf("%w: Tol = %v, MaxEpochs = %d", ErrParam, s.Tol, s.MaxEpochs)
	}
	xd := dense(x)
	for i := 0; i < n; i++ {
		if floats.Norm(xd.RawRowView(i), 2) == 0 {
			return nil, fmt.Errorf("%w: example %d is the zero vector, which no homogeneous separator classifies", ErrNotSeparable, i)
		}
	}
	w, alpha, epochs, ok := dualCD(xd, y, math.Inf(1), tol, maxE, nil)
	if !ok {
		if _, lpErr := ERMLP(x, y); errors.Is(lpErr, ErrNotSeparable) {
			return nil, fmt.Errorf("hard-margin SVM: %w", lpErr)
		}
		return nil, fmt.Errorf("%w: hard-margin SVM after %d sweeps (Tol %g)", ErrNoConvergence, epochs, tol)
	}
	return svmResult(w, alpha, 0, epochs, 0, xd, y), nil
}

func svmResult(w, alpha []float64, b float64, epochs int, c float64, x *mat.Dense, y []float64) *SVMResult {
	r := &SVMResult{W: w, B: b, Alpha: alpha, Epochs: epochs}
	for _, a := range alpha {
		if a > 0 {
			r.Support++
		}
	}
	nw := floats.Norm(w, 2)
	r.Margin = 1 / nw
	r.Objective = 0.5 * nw * nw
	if c > 0 {
		for i := range y {
			r.Objective += c * math.Max(0, 1-y[i]*floats.Dot(w, x.RawRowView(i)))
		}
	}
	return r
}

// SVM is the soft-margin linear SVM min ½‖w‖² + C Σ max(0, 1 − y_i⟨w, x_i⟩), which tolerates
// non-separable data (mentioned in words in §1.4). It is solved by dual coordinate descent with
// a shuffled order per sweep (Hsieh et al. 2008, the algorithm of LIBLINEAR). With Intercept a
// constant feature is appended, so the threshold B is regularised like the weights (as in
// LIBLINEAR and the seed's homogeneous lifting).
type SVM struct {
	C         float64 // penalty; 0 means 1
	Intercept bool    // fit a threshold B
	Tol       float64 // tolerance on max PG − min PG per sweep; 0 means 0.1 (LIBLINEAR's default)
	MaxEpochs int     // cap on sweeps; 0 means 1000
	Seed      uint64  // seed of the sweep order
}

// Fit trains the machine. On hitting MaxEpochs it returns the current model with an error
// wrapping ErrNoConvergence. Cost O(n·d) per sweep.
func (s SVM) Fit(x mat.Matrix, y []float64) (*SVMResult, error) {
	n, _, err := checkX(x)
	if err != nil {
		return nil, err
	}
	if err := checkSigns(y, n); err != nil {
		return nil, err
	}
	c, tol, maxE := s.C, s.Tol, s.MaxEpochs
	if c == 0 {
		c = 1
	}
	if tol == 0 {
		tol = 0.1
	}
	if maxE == 0 {
		maxE = 1000
	}
	if !(c > 0) || math.IsInf(c, 0) || !(tol > 0) || maxE < 0 {
		return nil, fmt.Errorf("%w: C = %v, Tol = %v, MaxEpochs = %d", ErrParam, s.C, s.Tol, s.MaxEpochs)
	}
	xd := dense(x)
	if s.Intercept {
		xd = AppendOne(x)
	}
	rng := rand.New(rand.NewPCG(s.Seed, 0x5117))
	w, alpha, epochs, ok := dualCD(xd, y, c, tol, maxE, rng)
	r := svmResult(w, alpha, 0, epochs, c, xd, y)
	if s.Intercept {
		r.W, r.B = SplitBias(w)
		r.Margin = 1 / floats.Norm(r.W, 2)
	}
	if !ok {
		return r, fmt.Errorf("%w: soft-margin SVM after %d sweeps (Tol %g)", ErrNoConvergence, epochs, tol)
	}
	return r, nil
}
