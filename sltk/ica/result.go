package ica

import (
	"fmt"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Result is a fitted separation. With k recovered components and d observed channels:
type Result struct {
	// Unmixing is W (k×d): ŝ = W(x − Mean). It equals Rotation·Whitening.Matrix.
	Unmixing *mat.Dense
	// Mixing is A (d×k): x ≈ Mean + A ŝ; on the whitened subspace A is W's inverse.
	Mixing *mat.Dense
	// Mean is the sample mean that was removed.
	Mean []float64
	// Sources holds the recovered signals ŝ, n×k (one per column, same row order as x).
	Sources *mat.Dense
	// Rotation is the k×k matrix found on the whitened data u: ŝ = Rotation·u. It is
	// orthogonal for FastICA, the gradient rules, AMUSE and SOBI.
	Rotation *mat.Dense
	// Whitening is the centring and whitening step that preceded the search.
	Whitening *Whitening
	// Iter counts fixed-point iterations, gradient steps, epochs or sweeps (summed over
	// components in deflation mode).
	Iter int
	// Converged reports whether the tolerance was met before MaxIter (reaching MaxIter is a
	// state of the result, not an error).
	Converged bool
	// Trace is the per-iteration convergence measure or objective (see each method).
	Trace []float64
	// Values holds method-specific numbers per component: the lag-τ autocorrelations for
	// AMUSE, the kurtosis signs chosen by extended Infomax; nil otherwise.
	Values []float64
}

// newResult assembles a Result from the whitening and the rotation found on whitened data.
func newResult(fn string, wt *Whitening, rot *mat.Dense) (*Result, error) {
	k := wt.Components
	var w mat.Dense
	w.Mul(rot, wt.Matrix)
	var inv mat.Dense
	if err := inv.Inverse(rot); err != nil {
		return nil, fmt.Errorf("ica: %s: the unmixing matrix on whitened data cannot be inverted: %v: %w", fn, err, ErrSingular)
	}
	var a mat.Dense
	a.Mul(wt.Dewhiten, &inv)
	n, _ := wt.U.Dims()
	rm := general(rot.RawMatrix().Data, k, k)
	s := make([]float64, n*k)
	scratch := make([][]float64, workers(n))
	for i := range scratch {
		scratch[i] = make([]float64, k*blockRows)
	}
	// Sᵀ_b = R·Uᵀ_b along long rows (kernel.Gemm; within k·2⁻⁵² of gonum's product,
	// TestSourcesAgainstGonumProduct), then transposed into the n×k sources.
	forBlocks(n, func(wk, _, lo, hi int) {
		m := hi - lo
		st := general(scratch[wk][:k*m], k, m)
		kernel.Gemm(blas.NoTrans, blas.NoTrans, 1, rm, blas64.General{Rows: k, Cols: m, Stride: n, Data: wt.ut[lo:]}, 0, st)
		for j := range k {
			for t := range m {
				s[(lo+t)*k+j] = st.Data[j*m+t]
			}
		}
	})
	return &Result{
		Unmixing:  &w,
		Mixing:    &a,
		Mean:      wt.Mean,
		Sources:   mat.NewDense(n, k, s),
		Rotation:  mat.DenseCopyOf(rot),
		Whitening: wt,
	}, nil
}

var (
	_ sltk.Transformer = (*Result)(nil)
	_ sltk.Transformer = (*Whitening)(nil)
)

// Transform applies the fitted unmixing to new observations: ŝ = W(x − Mean), n×k. A result
// that overflows float64 is an error wrapping ErrNotFinite.
func (r *Result) Transform(x mat.Matrix) (*mat.Dense, error) {
	if r == nil || r.Rotation == nil {
		return nil, fmt.Errorf("ica: Result.Transform on a zero value: %w", ErrNotFitted)
	}
	u, err := r.Whitening.Transform(x)
	if err != nil {
		return nil, err
	}
	var s mat.Dense
	s.Mul(u, r.Rotation.T())
	if err := finiteResult("Result.Transform", &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// randomOrthogonal returns a k×k orthogonal matrix, the Q factor of a seeded Gaussian matrix
// (A12 step 2).
func randomOrthogonal(rng *rand.Rand, k int) *mat.Dense {
	g := mat.NewDense(k, k, nil)
	for i := range k {
		for j := range k {
			g.Set(i, j, rng.NormFloat64())
		}
	}
	var qr mat.QR
	qr.Factorize(g)
	var q mat.Dense
	qr.QTo(&q)
	return &q
}

// newRand returns the package's seeded generator.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x1ca5eed))
}
