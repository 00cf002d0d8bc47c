package kernel

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// Gemm sets c = alpha·op(a)·op(b) + beta·c, with op(x) = x or xᵀ as tA and tB say: the same
// contract and argument order as gonum's blas64.Gemm, so that callers can switch between the
// two. It is the matrix product under the library's training loops (the neural networks of
// package nn, FastICA). Cost O(m·n·k) for an m×k times k×n product.
func Gemm(tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General) {
	blas64.Gemm(tA, tB, alpha, a, b, beta, c)
}
