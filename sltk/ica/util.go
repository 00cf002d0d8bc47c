package ica

import (
	"fmt"
	"math"
	"runtime"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// blockRows is the number of observations a goroutine processes at a time. A block of
// 2048 rows of up to 16 columns fits in the L2 cache together with its projection.
const blockRows = 2048

// forBlocks calls fn for every row block [lo, hi) of n rows, on up to GOMAXPROCS goroutines
// that take the blocks in turn (internal/par.WorkerBlocks: a core that other processes slow
// down runs fewer blocks). fn receives a worker index below workers(n) (for scratch buffers)
// and the block index (for per-block partial results). Callers add the per-block partials in
// block order, which makes every reduction independent of the number of goroutines and of the
// scheduling.
func forBlocks(n int, fn func(worker, block, lo, hi int)) {
	par.WorkerBlocks(numBlocks(n), workers(n), func(wk, b int) {
		fn(wk, b, b*blockRows, min(n, (b+1)*blockRows))
	})
}

func numBlocks(n int) int { return (n + blockRows - 1) / blockRows }

func workers(n int) int { return max(1, min(runtime.GOMAXPROCS(0), numBlocks(n))) }

// general wraps a row-major slice as a BLAS matrix without copying.
func general(data []float64, rows, cols int) blas64.General {
	return blas64.General{Rows: rows, Cols: cols, Stride: cols, Data: data}
}

// rawDense returns x as a *mat.Dense with contiguous rows, copying only when needed.
func rawDense(x mat.Matrix) *mat.Dense {
	if d, ok := x.(*mat.Dense); ok {
		r, c := d.Dims()
		if d.RawMatrix().Stride == c || r <= 1 {
			return d
		}
	}
	return mat.DenseCopyOf(x)
}

// checkMatrix validates a data matrix: not nil, not empty, every entry finite.
func checkMatrix(fn string, x mat.Matrix) (n, d int, err error) {
	n, d, e := check.Matrix("x", x)
	if e != nil {
		return n, d, fmt.Errorf("ica: %s: %w", fn, e)
	}
	return n, d, nil
}

// checkData validates an n×d data matrix: non-empty, more rows than columns (minRows at
// least), every entry finite. It returns the dimensions.
func checkData(fn string, x mat.Matrix, minRows int) (n, d int, err error) {
	n, d, err = checkMatrix(fn, x)
	switch {
	case err != nil:
		return n, d, err
	case n <= d || n < minRows:
		return n, d, fmt.Errorf("ica: %s: %d observations for %d dimensions (need more than %d and at least %d): %w", fn, n, d, d, minRows, ErrShape)
	}
	return n, d, nil
}

// checkNamed validates m like check.Matrix (nil or typed nil, empty, a NaN or ±Inf entry) and
// returns its dimensions, with the error wrapping ErrEmpty or ErrNotFinite.
func checkNamed(fn, name string, m mat.Matrix) (r, c int, err error) {
	r, c, e := check.Matrix(name, m)
	if e != nil {
		return r, c, fmt.Errorf("ica: %s: %w", fn, e)
	}
	return r, c, nil
}

// checkFinite reports the first non-finite entry of a matrix argument.
func checkFinite(name string, m mat.Matrix) error {
	if _, _, e := check.Matrix(name, m); e != nil && e.Fault == check.NotFinite {
		return fmt.Errorf("ica: Infomax.Fit: %w", e)
	}
	return nil
}

// SymmetricOrthogonalize returns the polar factor (BBᵀ)^{-1/2}B of a square non-singular B
// (ML chapter 2 §2.3.4, A12 step 5). For B = UΣVᵀ it equals B(BᵀB)^{-1/2} = UVᵀ, the orthogonal matrix
// nearest to B in the Frobenius norm, so rows and columns play symmetric roles. It is computed
// by an SVD in O(k³).
func SymmetricOrthogonalize(b mat.Matrix) (*mat.Dense, error) {
	r, c, err := checkNamed("SymmetricOrthogonalize", "B", b)
	if err != nil {
		return nil, err
	}
	if r != c {
		return nil, fmt.Errorf("ica: SymmetricOrthogonalize: polar factor needs a non-empty square matrix, got %d×%d: %w", r, c, ErrParam)
	}
	var svd mat.SVD
	if !svd.Factorize(b, mat.SVDFull) {
		return nil, fmt.Errorf("ica: SymmetricOrthogonalize: SVD of B did not converge: %w", ErrSingular)
	}
	s := svd.Values(nil)
	if s[len(s)-1] <= 1e-12*s[0] {
		return nil, fmt.Errorf("ica: SymmetricOrthogonalize: B has singular values %.3g … %.3g: %w", s[0], s[len(s)-1], ErrSingular)
	}
	var u, v, q mat.Dense
	svd.UTo(&u)
	svd.VTo(&v)
	q.Mul(&u, v.T())
	return &q, nil
}

// symOrthInPlace replaces the rows of b (k×k, row-major) by their polar factor.
func symOrthInPlace(b []float64, k int) error {
	q, err := SymmetricOrthogonalize(mat.NewDense(k, k, b))
	if err != nil {
		return err
	}
	copy(b, q.RawMatrix().Data)
	return nil
}

// gramSchmidt removes from v its components along the first m rows of the orthonormal
// matrix b (k columns) and normalises it; it returns the norm before normalisation.
func gramSchmidt(v, b []float64, m, k int) float64 {
	for j := range m {
		row := b[j*k : (j+1)*k]
		dot := blas64.Dot(blas64.Vector{N: k, Inc: 1, Data: v}, blas64.Vector{N: k, Inc: 1, Data: row})
		for t := range k {
			v[t] -= dot * row[t]
		}
	}
	return normalize(v)
}

// normalize scales v to unit length and returns its previous norm (zero vectors stay zero).
func normalize(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x * x
	}
	nrm := math.Sqrt(s)
	if nrm > 0 {
		for i := range v {
			v[i] /= nrm
		}
	}
	return nrm
}

// mulABt computes dst = a·bᵀ for row-major a (m×k) and b (r×k) with BLAS.
func mulABt(dst, a []float64, m int, b []float64, r, k int) {
	blas64.Gemm(blas.NoTrans, blas.Trans, 1, general(a, m, k), general(b, r, k), 0, general(dst, m, r))
}

// mulAtB computes dst = aᵀ·b for row-major a (m×r) and b (m×k) with BLAS.
func mulAtB(dst, a []float64, m, r int, b []float64, k int) {
	blas64.Gemm(blas.Trans, blas.NoTrans, 1, general(a, m, r), general(b, m, k), 0, general(dst, r, k))
}
