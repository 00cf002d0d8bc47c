package info

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// RelevanceMatrix returns the |X|×|X| matrix M of the linearised bottleneck iteration,
//
//	M[x,x'] = Σ_y p(y|x)·p(x'|y),
//
// the chance of stepping from object x to a value y of the relevance variable and back to an
// object x'. Near the trivial encoder a perturbation v of the encoder becomes β·M·v after one
// round of the self-consistent equations, so the trivial solution loses stability at
// β = 1/λ₂(M), the second-largest eigenvalue (SLT chapter 6). BottleneckCritical reaches the
// same number through a singular value of p(x,y)/√(p(x)p(y)); this function builds M from its
// definition instead, so an eigendecomposition of it is an independent check. M is row
// stochastic on the rows with p(x) > 0; a row with p(x) = 0 is zero, and a column y with
// p(y) = 0 contributes nothing. Cost O(|X|²·|Y|) through one matrix product. Errors: those of
// Marginals; |X|² above MaxCorpusCells (ErrTooLarge).
func RelevanceMatrix(pxy mat.Matrix) (*mat.Dense, error) {
	px, py, err := jointSums(pxy)
	if err != nil {
		return nil, fmt.Errorf("info: RelevanceMatrix: %w", err)
	}
	n, m := len(px), len(py)
	if n > MaxCorpusCells/n {
		return nil, fmt.Errorf("info: RelevanceMatrix: %d objects, limit %d cells of M: %w",
			n, MaxCorpusCells, ErrTooLarge)
	}
	fwd := mat.NewDense(n, m, nil)  // p(y|x)
	back := mat.NewDense(m, n, nil) // p(x'|y)
	for x := range n {
		for y := range m {
			v := pxy.At(x, y)
			if px[x] > 0 {
				fwd.Set(x, y, v/px[x])
			}
			if py[y] > 0 {
				back.Set(y, x, v/py[y])
			}
		}
	}
	out := mat.NewDense(n, n, nil)
	out.Mul(fwd, back)
	return out, nil
}

// FirstWith returns the index in Levels of the first level with at least k distinct clusters,
// or −1 when no level has that many (also for a nil result). O(levels).
func (r *BottleneckPathResult) FirstWith(k int) int {
	if r == nil {
		return -1
	}
	for i, l := range r.Levels {
		if l.Clusters >= k {
			return i
		}
	}
	return -1
}

// ChordViolations checks that the path traces a concave information curve I(T;Y) against
// I(X;T) whose slope at the level of β is 1/β: then the chord between consecutive levels i−1
// and i (β rising) has a slope in [1/β_i, 1/β_{i−1}]. It returns the indices i whose chord
// leaves that interval by more than 1e-9, skipping chords with ΔI(X;T) < 1e-9 (the trivial
// levels). Annealing follows one branch of local minima, so a chord may fail where the number of
// clusters jumps (compare Levels[i].Beta with Splits); elsewhere the path lies on a piece of the
// curve. O(levels). A nil result has no violations.
func (r *BottleneckPathResult) ChordViolations() []int {
	if r == nil {
		return nil
	}
	const tol = 1e-9
	var bad []int
	for i := 1; i < len(r.Levels); i++ {
		a, b := r.Levels[i-1], r.Levels[i]
		dx := b.IXT - a.IXT
		if dx < tol {
			continue
		}
		s := (b.ITY - a.ITY) / dx
		if s > 1/a.Beta+tol || s < 1/b.Beta-tol {
			bad = append(bad, i)
		}
	}
	return bad
}
