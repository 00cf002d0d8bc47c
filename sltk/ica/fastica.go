package ica

import (
	"cmp"
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// Mode selects how several components are estimated.
type Mode int

const (
	// Symmetric updates all components at once and restores orthogonality by the polar
	// factor B ← (BBᵀ)^{-1/2}B (ML chapter 2 §2.3.4, A12). No component is privileged, so errors do
	// not accumulate.
	Symmetric Mode = iota
	// Deflation estimates one component after another, removing the directions found so far
	// by Gram–Schmidt after each step (A11). Later components inherit earlier errors.
	Deflation
)

// String returns the mode's name.
func (m Mode) String() string {
	switch m {
	case Symmetric:
		return "symmetric"
	case Deflation:
		return "deflation"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// FastICA is the fixed-point algorithm for maximising negentropy (ML chapter 2 §2.3.4, A11/A12) and,
// with the Kurtosis contrast, the kurtosis fixed point of 2.3.3 (A8). On whitened data u each
// unit b is updated as
//
//	b ← ⟨u G'(bᵀu)⟩ − ⟨G″(bᵀu)⟩ b,  then normalised (deflation) or orthogonalised (symmetric),
//
// which is the corrected form of the notes' loop (erratum E15: the second term is a scalar
// average times b). Convergence is quadratic (cubic for kurtosis) near a solution. It stops
// when max_i (1 − |b_iᵀb_i^old|) < Tol; otherwise after MaxIter with Converged = false. With the units b_i in the rows of B (Result.Rotation) the unmixing
// matrix is W = B Λ^{-1/2}Eᵀ; the notes' EΛ^{-1/2}B (units in columns) unmixes only when
// transposed (erratum E16).
//
// The fixed point is a batch method by nature; the batch and online negentropy and kurtosis
// gradient rules of the notes are [Gradient].
//
// Cost per iteration: O(n·k²) flops (two BLAS products per row block, all cores) plus n·k
// evaluations of G', G″; deflation costs O(n·k) per iteration and component. Memory: the
// whitened data in both layouts (n×k and k×n) and the sources (n×k); nothing of size n is
// allocated inside the loop.
type FastICA struct {
	// Contrast is the function G; the zero value is LogCosh.
	Contrast Contrast
	// Alpha is the parameter a of LogCosh; zero means 1.
	Alpha float64
	// Mode is Symmetric (zero value) or Deflation.
	Mode Mode
	// MaxIter caps the iterations (per component in deflation mode); zero means 200.
	MaxIter int
	// Tol is the convergence threshold on 1 − |b_newᵀb_old|; zero means 1e-8.
	Tol float64
	// Seed fixes the random initial units.
	Seed uint64
	// Init, if not nil, holds k×k starting units in its rows, k being the whitened dimension
	// (d unless Whiten reduces it): symmetric mode starts from its polar factor, deflation
	// starts unit p from row p; Seed is then unused. Two fits from the same Init on the same
	// data take the same iterates (scikit-learn's w_init plays this role).
	Init mat.Matrix
	// Whiten configures the centring and whitening step (and its dimension reduction).
	Whiten Whitener
}

func (f FastICA) params() (alpha, tol float64, maxIter int, err error) {
	alpha, tol, maxIter = cmp.Or(f.Alpha, 1), cmp.Or(f.Tol, 1e-8), cmp.Or(f.MaxIter, 200)
	if err := f.Contrast.check("FastICA.Fit", alpha); err != nil {
		return 0, 0, 0, err
	}
	switch {
	case !(tol > 0):
		return 0, 0, 0, fmt.Errorf("ica: FastICA.Fit: Tol = %v, want > 0: %w", f.Tol, ErrParam)
	case maxIter < 0:
		return 0, 0, 0, fmt.Errorf("ica: FastICA.Fit: MaxIter = %d, want ≥ 0: %w", f.MaxIter, ErrParam)
	case maxIter > MaxIterations:
		return 0, 0, 0, fmt.Errorf("ica: FastICA.Fit: MaxIter = %d, limit %d: %w", f.MaxIter, MaxIterations, ErrTooLarge)
	case f.Mode != Symmetric && f.Mode != Deflation:
		return 0, 0, 0, fmt.Errorf("ica: FastICA.Fit: Mode = %d, want Symmetric or Deflation: %w", int(f.Mode), ErrParam)
	}
	return alpha, tol, maxIter, nil
}

// Fit separates x (n×d, one observation per row). Reaching MaxIter returns the result with
// Converged = false.
func (f FastICA) Fit(x mat.Matrix) (*Result, error) {
	alpha, tol, maxIter, err := f.params()
	if err != nil {
		return nil, err
	}
	wt, err := f.Whiten.Fit(x)
	if err != nil {
		return nil, err
	}
	n, _ := wt.U.Dims()
	k := wt.Components
	kr := newContrastKernel(wt.ut, n, k, f.Contrast, alpha)
	start, err := startUnits("FastICA.Fit", f.Init, k)
	if err != nil {
		return nil, err
	}
	fn := float64(n)
	run, err := runUnits("FastICA.Fit", newRand(f.Seed), start, k, f.Mode, maxIter, tol, "FastICA", "iteration", func(b, old []float64, m int) {
		// b_i ← ⟨u g(b_iᵀu)⟩ − ⟨g'(b_iᵀu)⟩ b_i for each of the m units
		kr.run(b, m, false)
		for i := range m {
			for j := range k {
				b[i*k+j] = kr.P[i*k+j]/fn - kr.S2[i]/fn*old[i*k+j]
			}
		}
	})
	if err != nil {
		return nil, err
	}
	res, err := newResult("FastICA.Fit", wt, mat.NewDense(k, k, run.b))
	if err != nil {
		return nil, err
	}
	res.Iter, res.Converged, res.Trace = run.iter, run.converged, run.trace
	return res, nil
}

func dot(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		s += v * b[i]
	}
	return s
}
