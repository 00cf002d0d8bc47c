package ica

import (
	"cmp"
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/embed"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
)

// Whitener centres and whitens (spheres) data: u = Λ^{-1/2}Eᵀ(x − x̄), where C = EΛEᵀ is the
// 1/n covariance (ML chapter 2 §2.3.2 step 1 and §2.3.4; the notes' Λ^{-1/2}E₀x is erratum E4). After
// whitening, (1/n)Σuuᵀ = I and the remaining unmixing is a rotation.
//
// Directions whose eigenvalue is below Tol·λ_max make the covariance (numerically) singular.
// By default that is an error wrapping [ErrSingular]; with Reduce they are dropped, which
// reduces the dimension to the number of kept components. Components, if positive, keeps at
// most that many leading directions (PCA reduction).
//
// The eigenpairs come from the library's one PCA (embed.PCA, full SVD of the centred data).
// Cost: O(n·d²) for the PCA and for the projection (BLAS on row blocks, all cores).
type Whitener struct {
	// Tol is the relative eigenvalue floor; zero means 1e-10.
	Tol float64
	// Reduce drops directions below the floor instead of failing.
	Reduce bool
	// Components caps the number of kept directions; zero keeps all that pass the floor.
	Components int
}

// Whitening is a fitted whitening transform.
type Whitening struct {
	// Mean is the sample mean x̄ (length d).
	Mean []float64
	// Values are the min(n, d) leading eigenvalues of the 1/n covariance, in decreasing order.
	Values []float64
	// Vectors holds the matching unit eigenvectors in its columns (d×min(n, d)): the
	// principal directions of embed.PCA.
	Vectors *mat.Dense
	// Components is the number of kept directions k.
	Components int
	// Matrix is the k×d whitening matrix V: u = V(x − x̄).
	Matrix *mat.Dense
	// Dewhiten is the d×k matrix E_k Λ_k^{1/2}, so x − x̄ = Dewhiten·u on the kept subspace.
	Dewhiten *mat.Dense
	// U holds the whitened training data, n×k.
	U *mat.Dense
	// ut is U transposed (k×n), the layout the iterative methods run their BLAS calls on.
	ut []float64
}

// Fit centres and whitens x (n×d, one observation per row).
func (w Whitener) Fit(x mat.Matrix) (*Whitening, error) {
	tol := cmp.Or(w.Tol, 1e-10)
	if tol < 0 || tol >= 1 || math.IsNaN(tol) {
		return nil, fmt.Errorf("ica: Whitener.Fit: whitening Tol = %v, need 0 ≤ Tol < 1: %w", w.Tol, ErrParam)
	}
	if w.Components < 0 {
		return nil, fmt.Errorf("ica: Whitener.Fit: Components = %d is negative: %w", w.Components, ErrParam)
	}
	n, d, err := checkData("Whitener.Fit", x, 2)
	if err != nil {
		return nil, err
	}
	raw := rawDense(x).RawMatrix().Data
	// The covariance's eigenpairs are the library's PCA: C = AᵀA/n for the centred data A, so
	// its eigenvalues are PCA's Values (the squared singular values of A) divided by n.
	pca, err := embed.PCA{}.Fit(x)
	if err != nil {
		if errors.Is(err, ErrSingular) {
			return nil, fmt.Errorf("ica: Whitener.Fit: every column is constant: %w", ErrSingular)
		}
		return nil, fmt.Errorf("ica: Whitener.Fit: %w", err)
	}
	vals := make([]float64, len(pca.Values))
	for j, v := range pca.Values {
		vals[j] = v / float64(n)
	}
	vecs, mean := pca.Components, pca.Mean
	r := len(vals) // min(n, d)
	k := 0
	for k < r && vals[k] > tol*vals[0] {
		k++
	}
	if k < d && !w.Reduce {
		return nil, fmt.Errorf("ica: Whitener.Fit: %d of %d covariance directions are degenerate (eigenvalue below %.3g·λ_max = %.3g, or n = %d < d); set Whitener.Reduce to drop them: %w", d-k, d, tol, tol*vals[0], n, ErrSingular)
	}
	if w.Components > 0 && w.Components < k {
		k = w.Components
	}

	wm := mat.NewDense(k, d, nil)
	dw := mat.NewDense(d, k, nil)
	for i := range k {
		s := math.Sqrt(vals[i])
		for r := range d {
			e := vecs.At(r, i)
			wm.Set(i, r, e/s)
			dw.Set(r, i, e*s)
		}
	}
	wt := &Whitening{Mean: mean, Values: vals, Vectors: vecs, Components: k, Matrix: wm, Dewhiten: dw}
	scratch := make([][]float64, workers(n))
	for i := range scratch {
		scratch[i] = make([]float64, blockRows*d)
	}
	wt.U, wt.ut = wt.project(raw, n, d, scratch)
	return wt, nil
}

// Transform whitens new observations with the fitted mean and matrix K. A result that
// overflows float64 is an error wrapping ErrNotFinite. Cost O(n·d·k).
func (wt *Whitening) Transform(x mat.Matrix) (*mat.Dense, error) {
	if wt == nil || wt.Matrix == nil || wt.Matrix.IsEmpty() {
		return nil, fmt.Errorf("ica: Whitening.Transform on a zero value: %w", ErrNotFitted)
	}
	if r, c := wt.Matrix.Dims(); r != wt.Components || c != len(wt.Mean) || wt.Matrix.RawMatrix().Stride != c {
		return nil, fmt.Errorf("ica: Whitening.Transform: Matrix is %d×%d, want Components×len(Mean) = %d×%d, contiguous: %w", r, c, wt.Components, len(wt.Mean), ErrNotFitted)
	}
	n, d, err := checkMatrix("Whitening.Transform", x)
	if err != nil {
		return nil, err
	}
	if d != len(wt.Mean) {
		return nil, fmt.Errorf("ica: Whitening.Transform: data have %d columns, the whitening was fitted on %d: %w", d, len(wt.Mean), ErrShape)
	}
	scratch := make([][]float64, workers(n))
	for i := range scratch {
		scratch[i] = make([]float64, blockRows*d)
	}
	u, _ := wt.project(rawDense(x).RawMatrix().Data, n, d, scratch)
	if err := finiteResult("Whitening.Transform", u); err != nil {
		return nil, err
	}
	return u, nil
}

// project computes U = (X − 1x̄ᵀ)Kᵀ (n×k) and its transpose (k×n) block by block: the
// product K·Xc_bᵀ runs along long rows on kernel.Gemm (gonum's Gemm started goroutines for
// every 8×2048 block, a tenth of a FastICA fit at n = 10⁶; the two differ by rounding only,
// checked by TestBlockBoundary to 1e-12), then each block is transposed into U.
func (wt *Whitening) project(raw []float64, n, d int, scratch [][]float64) (*mat.Dense, []float64) {
	k := wt.Components
	u := make([]float64, n*k)
	ut := make([]float64, k*n)
	km := general(wt.Matrix.RawMatrix().Data, k, d)
	forBlocks(n, func(wk, _, lo, hi int) {
		xt := centredT(scratch[wk], raw, lo, hi, d, wt.Mean)
		kernel.Gemm(blas.NoTrans, blas.NoTrans, 1, km, xt, 0, blas64.General{Rows: k, Cols: hi - lo, Stride: n, Data: ut[lo:]})
		for j := range k {
			for t := lo; t < hi; t++ {
				u[t*k+j] = ut[j*n+t]
			}
		}
	})
	return mat.NewDense(n, k, u), ut
}

// centredT writes rows [lo, hi) of the row-major n×d data, centred, as a d×(hi−lo) matrix
// into buf and returns it.
func centredT(buf, raw []float64, lo, hi, d int, mean []float64) blas64.General {
	m := hi - lo
	for i := range m {
		row := raw[(lo+i)*d : (lo+i+1)*d]
		for j, v := range row {
			buf[j*m+i] = v - mean[j]
		}
	}
	return general(buf[:d*m], d, m)
}
