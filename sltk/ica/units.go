package ica

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/internal/check"
)

// unitRun is the outcome of runUnits: the k×k row-major matrix of unit vectors, the number of
// steps, whether every unit met the tolerance, and the trace of changes.
type unitRun struct {
	b         []float64
	iter      int
	converged bool
	trace     []float64
}

// runUnits is the iteration over units on the whitened sphere that FastICA and the batch
// Gradient rules share; only the update differs. step(b, old, m) overwrites the m rows of b
// (k entries each) with their updated values, given their values old before the step (b and old
// hold the same numbers on entry).
//
//   - Symmetric: all k units start as the polar factor of start (k×k, row-major) or, if start
//     is nil, as a seeded random orthogonal matrix, take a step together (m = k) and are
//     re-orthogonalised by the polar factor (BBᵀ)^{-1/2}B; the change is the largest
//     1 − |b_newᵀb_old| over the units.
//   - Deflation: unit p starts as row p of start or, if start is nil, as a seeded Gaussian
//     vector, takes steps alone (m = 1), and after each is made orthogonal to units 0, …, p−1
//     by Gram–Schmidt and normalised.
//
// A run stops when the change is below tol or after maxIter steps (per unit in deflation);
// fn (the caller), name and stepWord ("FastICA", "iteration") go into the error messages. Cost: maxIter calls
// of step plus O(k³) (symmetric) or O(k²) (deflation) per step.
func runUnits(fn string, rng *rand.Rand, start []float64, k int, mode Mode, maxIter int, tol float64, name, stepWord string,
	step func(b, old []float64, m int)) (*unitRun, error) {
	r := &unitRun{}
	if mode == Symmetric {
		if start == nil {
			r.b = randomOrthogonal(rng, k).RawMatrix().Data
		} else {
			r.b = slices.Clone(start)
			if err := symOrthInPlace(r.b, k); err != nil {
				return nil, fmt.Errorf("ica: %s: the starting units (Init): %w", fn, err)
			}
		}
		old := make([]float64, k*k)
		for r.iter < maxIter {
			copy(old, r.b)
			step(r.b, old, k)
			if err := symOrthInPlace(r.b, k); err != nil {
				return nil, fmt.Errorf("ica: %s: %s %d: %w", fn, stepWord, r.iter+1, err)
			}
			r.iter++
			change := 0.0
			for i := range k {
				change = math.Max(change, 1-math.Abs(dot(r.b[i*k:(i+1)*k], old[i*k:(i+1)*k])))
			}
			r.trace = append(r.trace, change)
			if change < tol {
				r.converged = true
				break
			}
		}
		return r, nil
	}
	r.b = make([]float64, k*k)
	old := make([]float64, k)
	r.converged = true
	for p := range k {
		v := r.b[p*k : (p+1)*k]
		if start == nil {
			for j := range v {
				v[j] = rng.NormFloat64()
			}
		} else {
			copy(v, start[p*k:(p+1)*k])
		}
		if gramSchmidt(v, r.b, p, k) <= 1e-12 {
			return nil, fmt.Errorf("ica: %s: starting unit %d (row %d of Init) is zero or lies in the span of the %d units found before it: %w", fn, p, p, p, ErrSingular)
		}
		done := false
		for it := 0; it < maxIter; it++ {
			copy(old, v)
			step(v, old, 1)
			if gramSchmidt(v, r.b, p, k) == 0 {
				return nil, fmt.Errorf("ica: %s: %s unit %d vanished at %s %d: %w", fn, name, p, stepWord, it+1, ErrSingular)
			}
			r.iter++
			change := 1 - math.Abs(dot(v, old))
			r.trace = append(r.trace, change)
			if change < tol {
				done = true
				break
			}
		}
		if !done {
			r.converged = false
		}
	}
	return r, nil
}

// startUnits validates starting units given by the caller of fn (k×k, finite) and returns them
// row-major; a nil init returns nil, which runUnits reads as a seeded random start.
func startUnits(fn string, init mat.Matrix, k int) ([]float64, error) {
	if init == nil || check.IsNil(init) {
		return nil, nil
	}
	r, c, err := checkNamed(fn, "Init", init)
	if err != nil {
		return nil, err
	}
	if r != k || c != k {
		return nil, fmt.Errorf("ica: %s: Init is %d×%d, want %d×%d (the whitened dimension): %w", fn, r, c, k, k, ErrShape)
	}
	return mat.DenseCopyOf(init).RawMatrix().Data, nil
}
