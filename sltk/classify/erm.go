package classify

import (
	"errors"
	"fmt"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// MaxLPCells caps n·(2d + n), the dense constraint matrix ERMLP hands to the simplex method
// (2²⁴ float64, 128 MiB).
const MaxLPCells = 1 << 24

// ERMLP finds a homogeneous linear separator consistent with the data by linear programming
// (Cor. 1.11) for labels y in {0, 1} (read as −1, +1): by Lemma 1.10, w is consistent iff A_S w ≥ 1 with (A_S)_ij = y_i x_ij, so
// consistency is an LP feasibility problem. It solves min Σ|w_j| subject to A_S w ≥ 1 with
// gonum's simplex method (the L1 objective picks a bounded, sparse vertex). Non-separable data
// makes the LP infeasible and is reported as ErrNotSeparable. Columns that are zero in every
// example get weight 0. Cost: simplex on an n × (2d + n) standard-form problem; polynomial
// algorithms exist (Khachiyan, Thm 1.8), the simplex method is fast in practice. The dense
// tableau is limited to MaxLPCells entries (ErrTooLarge beyond, about n ≤ 4000 examples).
func ERMLP(x mat.Matrix, y []int) ([]float64, error) {
	n, d, err := checkX("ERMLP", x)
	if err != nil {
		return nil, err
	}
	ys, err := signs("ERMLP", y, n)
	if err != nil {
		return nil, err
	}
	var cols []int // non-zero columns
	for j := 0; j < d; j++ {
		for i := 0; i < n; i++ {
			if x.At(i, j) != 0 {
				cols = append(cols, j)
				break
			}
		}
	}
	w := make([]float64, d)
	if len(cols) == 0 {
		return nil, fmt.Errorf("classify: ERMLP: every feature is zero: %w", ErrNotSeparable)
	}
	k := len(cols)
	if n > MaxLPCells/(2*k+n) {
		return nil, fmt.Errorf("classify: ERMLP: the LP has n·(2d + n) = %d·%d cells, limit %d: %w", n, 2*k+n, MaxLPCells, ErrTooLarge)
	}
	// Standard form: variables (u, v, s) ≥ 0 with w = u − v and slack s:
	//   A_S u − A_S v − s = 1,  minimise Σu + Σv.
	// The −I block gives full row rank, as lp.Simplex requires.
	a := mat.NewDense(n, 2*k+n, nil)
	b := make([]float64, n)
	for i := 0; i < n; i++ {
		for c, j := range cols {
			v := ys[i] * x.At(i, j)
			a.Set(i, c, v)
			a.Set(i, k+c, -v)
		}
		a.Set(i, 2*k+i, -1)
		b[i] = 1
	}
	c := make([]float64, 2*k+n)
	for i := 0; i < 2*k; i++ {
		c[i] = 1
	}
	_, sol, err := lp.Simplex(c, a, b, 1e-10, nil)
	if err != nil {
		if errors.Is(err, lp.ErrInfeasible) {
			return nil, fmt.Errorf("classify: ERMLP: no w satisfies y_i⟨w, x_i⟩ ≥ 1 for all %d examples: %w", n, ErrNotSeparable)
		}
		return nil, fmt.Errorf("classify: ERMLP: the simplex method failed: %w: %w", err, errs.ErrBreakdown)
	}
	for c, j := range cols {
		w[j] = sol[c] - sol[k+c]
	}
	return w, nil
}
