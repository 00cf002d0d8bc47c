package classify

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// SVMResult is a fitted support vector machine. The decision value is ⟨W, x⟩ + B (B is
// scikit-learn's intercept_); a positive value is class 1, anything else class 0.
type SVMResult struct {
	W         []float64 // weights w = Σ α_i y_i x_i
	B         float64   // intercept (0 for the homogeneous hard-margin machine)
	Alpha     []float64 // dual variables α_i, one per example (the dual's standard name)
	Support   int       // number of support vectors (α_i > 0)
	Margin    float64   // geometric margin 1/‖w‖ of the canonical hyperplane (0 if w = 0)
	Cost      float64   // primal objective: ½‖w‖² (+ C·Σ hinge losses for the soft margin)
	Iter      int       // sweeps of coordinate ascent
	Converged bool      // the KKT conditions held to within Tol before MaxIter
}

var _ sltk.Classifier = (*SVMResult)(nil)

// Predict returns 1 where ⟨W, x_i⟩ + B > 0 and 0 elsewhere. Like the fits it refuses entries
// beyond 1e150 ("rescale the data", ErrNotFinite), and an overflowing score. Cost O(n·d).
func (r *SVMResult) Predict(x mat.Matrix) ([]int, error) {
	if r == nil || r.W == nil {
		return nil, fmt.Errorf("classify: SVMResult.Predict: %w", ErrNotFitted)
	}
	if _, _, err := checkScaled("SVMResult.Predict", x); err != nil {
		return nil, err
	}
	return predictLinear("SVMResult.Predict", r.W, r.B, x)
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
func dualCD(x *mat.Dense, y []float64, c, tol float64, maxIter int, rng *rand.Rand) (w, alpha []float64, iter int, converged bool) {
	n, d := x.Dims()
	// Each example as one record [x_i, q_i = ‖x_i‖², y_i, α_i]: a sweep visits the examples
	// at random, and what it reads of example i then sits in the cache lines of its row,
	// which one prefetch brings, instead of in three more arrays with a miss each.
	p := d + 3
	rec := make([]float64, n*p)
	par.Chunks(n, 1<<14, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			r := rec[i*p : (i+1)*p]
			copy(r, x.RawRowView(i))
			r[d], r[d+1] = floats.Dot(r[:d], r[:d]), y[i]
		}
	})
	w = make([]float64, d)
	iter, converged = dualCDRecords(rec, d, w, c, tol, maxIter, rng)
	alpha = make([]float64, n)
	for i := range alpha {
		alpha[i] = rec[i*p+d+2]
	}
	return w, alpha, iter, converged
}

// dualCDRecords is the loop of dualCD over the records rec (n of d+3 values: x_i, q_i, y_i,
// α_i); it updates w and the α_i in place.
func dualCDRecords(rec []float64, d int, w []float64, c, tol float64, maxIter int, rng *rand.Rand) (iter int, converged bool) {
	p := d + 3
	n := len(rec) / p
	index := make([]int, n)
	for i := range index {
		index[i] = i
	}
	hard := math.IsInf(c, 1)
	active := n
	pgMaxOld, pgMinOld := math.Inf(1), math.Inf(-1)
	for iter < maxIter {
		iter++
		if rng != nil {
			rng.Shuffle(active, func(a, b int) { index[a], index[b] = index[b], index[a] })
		}
		pgMax, pgMin := math.Inf(-1), math.Inf(1)
		for s := 0; s < active; s++ {
			i := index[s]
			r := rec[i*p : (i+1)*p]
			xi, qi, yi, ai := r[:d], r[d], r[d+1], r[d+2]
			// The row svmAhead places on is fetched now: the order is shuffled, so rows come from memory,
			// and fetching one ahead overlaps that wait with this row's work. Same bits as
			// floats.Dot.
			var ahead []float64
			if s+svmAhead < active {
				j := index[s+svmAhead]
				ahead = rec[j*p : (j+1)*p]
			}
			g := yi*kernel.DotNext(w, xi, ahead) - 1 // gradient of the negated dual
			pg := g
			switch {
			case ai == 0:
				if g > pgMaxOld {
					active--
					index[s], index[active] = index[active], index[s]
					s--
					continue
				}
				if g > 0 { // pg = min(g, 0), written out: math.Min is a call here
					pg = 0
				}
			case ai >= c:
				if g < pgMinOld {
					active--
					index[s], index[active] = index[active], index[s]
					s--
					continue
				}
				if g < 0 { // pg = max(g, 0)
					pg = 0
				}
			}
			if pg > pgMax {
				pgMax = pg
			}
			if pg < pgMin {
				pgMin = pg
			}
			if pg == 0 {
				continue
			}
			var next float64
			if qi == 0 {
				next = c // g = −1: the objective grows with α_i until the box ends
			} else {
				// clip(α_i − g/q_i, 0, c); v <= 0 also turns −0 into +0, as math.Max did.
				next = ai - g/qi
				if next <= 0 {
					next = 0
				}
				if next > c {
					next = c
				}
			}
			if math.IsInf(next, 1) {
				return iter, false
			}
			floats.AddScaled(w, (next-ai)*yi, xi)
			r[d+2] = next
		}
		if pgMax < pgMin { // every variable was shrunk: recheck all
			pgMax, pgMin = 0, 0
		}
		if hard && math.Max(pgMax, -pgMin) <= tol || !hard && pgMax-pgMin <= tol {
			if active == n {
				return iter, true
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
	return iter, false
}

// svmAhead is how many rows ahead dualCD asks for a row to be fetched.
const svmAhead = 4

// HardMarginSVM solves the homogeneous hard-margin SVM of §1.4,
// min ‖w‖² subject to y_i⟨w, x_i⟩ ≥ 1, whose solution is the consistent separator of maximum
// margin γ* = 1/‖w*‖ (Thm 1.15). It works on the dual by exact coordinate ascent (Hildreth);
// the problem is a convex QP and so solvable in polynomial time (the seed's Remark 1.16 says
// otherwise; that is wrong for convex QPs). Lift with AppendOne for a bias (which is then
// regularised too, as in the seed's homogeneous formulation).
type HardMarginSVM struct {
	Tol     float64 // KKT tolerance; 0 means 1e-9
	MaxIter int     // cap on sweeps; 0 means 100000
}

// Fit solves the problem for x (n×d) and labels y in {0, 1} (read as −1, +1). Data that no
// homogeneous separator classifies correctly makes the dual unbounded; when the sweeps do not
// converge, Fit decides separability by linear programming (ERMLP, within its MaxLPCells limit)
// and returns ErrNotSeparable, or else the current machine with Converged = false. Entries beyond 1e150, whose squared norms
// overflow, are ErrNotFinite ("rescale the data"). Cost O(n·d) per sweep; the number of sweeps
// grows as the margin shrinks.
func (s HardMarginSVM) Fit(x mat.Matrix, y []int) (*SVMResult, error) {
	n, _, err := checkX("HardMarginSVM.Fit", x)
	if err != nil {
		return nil, err
	}
	ys, err := signs("HardMarginSVM.Fit", y, n)
	if err != nil {
		return nil, err
	}
	tol, maxIter := cmp.Or(s.Tol, 1e-9), cmp.Or(s.MaxIter, 100000)
	switch {
	case !(tol > 0):
		return nil, fmt.Errorf("classify: HardMarginSVM.Fit: Tol = %v, want > 0: %w", s.Tol, ErrParam)
	case maxIter < 0:
		return nil, fmt.Errorf("classify: HardMarginSVM.Fit: MaxIter = %d, want ≥ 0: %w", s.MaxIter, ErrParam)
	}
	if err := check.Size("classify: HardMarginSVM.Fit", "MaxIter", maxIter, MaxSweeps); err != nil {
		return nil, err
	}
	if err := checkScale("HardMarginSVM.Fit", x); err != nil {
		return nil, err
	}
	xd := dense(x)
	for i := 0; i < n; i++ {
		if floats.Norm(xd.RawRowView(i), 2) == 0 {
			return nil, fmt.Errorf("classify: HardMarginSVM.Fit: example %d is the zero vector, which no homogeneous separator classifies: %w", i, ErrNotSeparable)
		}
	}
	w, alpha, iter, ok := dualCD(xd, ys, math.Inf(1), tol, maxIter, nil)
	if !ok {
		if _, lpErr := ERMLP(x, y); errors.Is(lpErr, ErrNotSeparable) {
			return nil, fmt.Errorf("classify: HardMarginSVM.Fit: %w", lpErr)
		}
	}
	r, err := svmResult("HardMarginSVM.Fit", w, alpha, iter, 0, xd, ys)
	if err != nil {
		return nil, err
	}
	r.Converged = ok
	return r, nil
}

// svmResult assembles the result and returns an error wrapping ErrNotFinite when its margin or
// cost overflows (tiny data makes 1/‖w‖ overflow, a huge C the cost), naming the cause.
func svmResult(fn string, w, alpha []float64, iter int, c float64, x *mat.Dense, y []float64) (*SVMResult, error) {
	r := &SVMResult{W: w, Alpha: alpha, Iter: iter}
	for _, a := range alpha {
		if a > 0 {
			r.Support++
		}
	}
	nw := floats.Norm(w, 2)
	r.Margin = margin(w)
	r.Cost = 0.5 * nw * nw
	if c > 0 {
		for i := range y {
			r.Cost += c * math.Max(0, 1-y[i]*floats.Dot(w, x.RawRowView(i)))
		}
	}
	switch {
	case math.IsInf(r.Margin, 0) || math.IsNaN(r.Margin):
		return nil, fmt.Errorf("classify: %s: margin 1/‖w‖ overflows (‖w‖ = %g); rescale the data: %w", fn, nw, ErrNotFinite)
	case math.IsInf(r.Cost, 0) || math.IsNaN(r.Cost):
		return nil, fmt.Errorf("classify: %s: primal cost overflows (C = %g, ‖w‖ = %g); use a smaller C or rescale the data: %w",
			fn, c, nw, ErrNotFinite)
	}
	return r, nil
}

// SVM is the soft-margin linear SVM min ½‖w‖² + C Σ max(0, 1 − y_i⟨w, x_i⟩), which tolerates
// non-separable data (mentioned in words in §1.4). It is solved by dual coordinate descent with
// a shuffled order per sweep (Hsieh et al. 2008, the algorithm of LIBLINEAR). With Intercept a
// constant feature is appended, so the threshold B is regularised like the weights (as in
// LIBLINEAR and the seed's homogeneous lifting).
type SVM struct {
	C         float64 // penalty; 0 means 1
	Intercept bool    // fit an intercept B (regularised like the weights, so it is opt-in)
	Tol       float64 // tolerance on max PG − min PG per sweep; 0 means 0.1 (LIBLINEAR's default)
	MaxIter   int     // cap on sweeps; 0 means 1000
	Seed      uint64  // seed of the sweep order
}

// Fit trains the machine on x (n×d) and labels y in {0, 1} (read as −1, +1). On reaching
// MaxIter it returns the current machine with Converged = false. Entries beyond 1e150 are
// ErrNotFinite ("rescale the data"). Cost O(n·d) per sweep.
func (s SVM) Fit(x mat.Matrix, y []int) (*SVMResult, error) {
	n, _, err := checkScaled("SVM.Fit", x)
	if err != nil {
		return nil, err
	}
	ys, err := signs("SVM.Fit", y, n)
	if err != nil {
		return nil, err
	}
	c, tol, maxIter := cmp.Or(s.C, 1), cmp.Or(s.Tol, 0.1), cmp.Or(s.MaxIter, 1000)
	switch {
	case !(c > 0) || math.IsInf(c, 0):
		return nil, fmt.Errorf("classify: SVM.Fit: C = %v, want finite and > 0: %w", s.C, ErrParam)
	case !(tol > 0):
		return nil, fmt.Errorf("classify: SVM.Fit: Tol = %v, want > 0: %w", s.Tol, ErrParam)
	case maxIter < 0:
		return nil, fmt.Errorf("classify: SVM.Fit: MaxIter = %d, want ≥ 0: %w", s.MaxIter, ErrParam)
	}
	if err := check.Size("classify: SVM.Fit", "MaxIter", maxIter, MaxSweeps); err != nil {
		return nil, err
	}
	xd := dense(x)
	if s.Intercept {
		if xd, err = AppendOne(x); err != nil {
			return nil, err
		}
	}
	rng := rand.New(rand.NewPCG(s.Seed, 0x5117))
	w, alpha, iter, ok := dualCD(xd, ys, c, tol, maxIter, rng)
	r, err := svmResult("SVM.Fit", w, alpha, iter, c, xd, ys)
	if err != nil {
		return nil, err
	}
	r.Converged = ok
	if s.Intercept {
		d := len(w) - 1
		r.W, r.B = w[:d:d], w[d]
		if r.Margin = margin(r.W); math.IsInf(r.Margin, 0) {
			return nil, fmt.Errorf("classify: SVM.Fit: margin 1/‖w‖ overflows (‖w‖ = %g); rescale the data: %w",
				floats.Norm(r.W, 2), ErrNotFinite)
		}
	}
	return r, nil
}

// margin returns 1/‖w‖, the geometric margin of the canonical hyperplane, and 0 for w = 0
// (all-zero data): no hyperplane, no margin.
func margin(w []float64) float64 {
	if nw := floats.Norm(w, 2); nw > 0 {
		return 1 / nw
	}
	return 0
}
