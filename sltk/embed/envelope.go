package embed

import (
	"math"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// envelope is a symmetric positive definite matrix stored by the rows of its lower triangle,
// each from its first nonzero column to the diagonal (profile or skyline storage): row i holds
// columns first[i], …, i in val[start[i]:start[i+1]], the diagonal last. Cholesky's factor L
// (A = LLᵀ) has no entry outside the envelope of A (fill stays between a row's first nonzero
// and the diagonal; George & Liu, Computer Solution of Large Sparse Positive Definite Systems,
// §4.2), so the factor overwrites A in place.
//
// Reverse Cuthill–McKee is an envelope-reducing order: its rows are short on average and only a
// few reach the half-bandwidth b. On LLE's swiss roll (p = 3000, K = 12) the mean row is 96
// entries against b = 171, so factoring costs Σ_i w_i²/2 ≈ 1.5·10⁷ multiply-adds instead of the
// band factor's p·b²/2 ≈ 4.4·10⁷, and a solve 2·Σ_i w_i per right-hand side instead of 2·p·b.
type envelope struct {
	first, start []int
	val          []float64
}

// row returns the stored part of row i: columns first[i]..i.
func (e *envelope) row(i int) []float64 { return e.val[e.start[i]:e.start[i+1]] }

// assembleShiftedEnvelope forms G + σI = (I−W)ᵀ(I−W) + σI in envelope storage from the
// neighbour lists and weights in the RCM order, with σ = 10⁻⁹·max G_aa, and returns it with
// that max and the half-bandwidth max_i (i − first[i]). Every entry is the sum of the same
// products in the same order as a dense or band assembly, so G has their bits. Cost O(p·K²).
func assembleShiftedEnvelope(nbP [][]int, wP [][]float64) (*envelope, float64, int) {
	p := len(nbP)
	first := make([]int, p)
	for i := range first {
		first[i] = i
	}
	for a := range nbP {
		lo := a
		for _, b := range nbP[a] {
			lo = min(lo, b)
		}
		first[a] = min(first[a], lo)
		for _, b := range nbP[a] {
			first[b] = min(first[b], lo)
		}
	}
	start := make([]int, p+1)
	band := 0
	for i, f := range first {
		start[i+1] = start[i] + i - f + 1
		band = max(band, i-f)
	}
	e := &envelope{first: first, start: start, val: make([]float64, start[p])}
	idx := make([]int, 0, len(nbP[0])+1)
	val := make([]float64, 0, len(nbP[0])+1)
	for a := range nbP {
		idx, val = append(idx[:0], a), append(val[:0], 1)
		for i, b := range nbP[a] {
			idx, val = append(idx, b), append(val, -wP[a][i])
		}
		for i := range idx {
			for j := i; j < len(idx); j++ {
				r, c := idx[i], idx[j]
				if r < c {
					r, c = c, r
				}
				e.val[start[r]+c-first[r]] += val[i] * val[j]
			}
		}
	}
	gnorm := 0.0
	for i := range p {
		gnorm = math.Max(gnorm, e.val[start[i+1]-1])
	}
	sigma := 1e-9 * gnorm
	for i := range p {
		e.val[start[i+1]-1] += sigma
	}
	return e, gnorm, band
}

// cholesky overwrites e with its Cholesky factor L, row by row (row i needs rows first[i]..i−1
// of L: L_ij = (A_ij − Σ_k L_ik·L_jk)/L_jj over the columns k both rows store, then
// L_ii = √(A_ii − Σ_k L_ik²)), each sum a dot product of contiguous stored rows on
// kernel.Dots. It reports false when a pivot is not positive (A not positive definite).
// Cost Σ_i w_i²/2 multiply-adds for rows of w_i entries below the diagonal.
func (e *envelope) cholesky() bool {
	one := []float64{0}
	dot := func(a, b []float64) float64 {
		if len(a) == 0 {
			return 0
		}
		kernel.Dots(one, a, b)
		return one[0]
	}
	for i := range e.first {
		fi := e.first[i]
		ri := e.row(i)
		for j := fi; j < i; j++ {
			fj := e.first[j]
			rj := e.row(j)
			m := max(fi, fj)
			ri[j-fi] = (ri[j-fi] - dot(ri[m-fi:j-fi], rj[m-fj:j-fj])) / rj[j-fj]
		}
		d := ri[i-fi] - dot(ri[:i-fi], ri[:i-fi])
		if !(d > 0) {
			return false
		}
		ri[i-fi] = math.Sqrt(d)
	}
	return true
}

// solve overwrites y (p×s, row-major) with (LLᵀ)⁻¹y for the factor L in e, one column of y
// at a time, copied out contiguous: the forward sweep Lz = y is a dot product of each stored
// row of L with the part of z it covers (kernel.Dots), the backward sweep Lᵀx = z an update of
// that part by a multiple of the row (gonum's floats.AddScaled), both on vector kernels.
// Cost 2·s·Σ_i w_i.
func (e *envelope) solve(y *mat.Dense) {
	p, s := y.Dims()
	col := make([]float64, p)
	one := []float64{0}
	for c := range s {
		mat.Col(col, c, y)
		for i := range p { // Lz = y
			fi, li := e.first[i], e.row(i)
			v := col[i]
			if i > fi {
				kernel.Dots(one, li[:i-fi], col[fi:i])
				v -= one[0]
			}
			col[i] = v / li[i-fi]
		}
		for i := p - 1; i >= 0; i-- { // Lᵀx = z
			fi, li := e.first[i], e.row(i)
			col[i] /= li[i-fi]
			if i > fi {
				floats.AddScaled(col[fi:i], -col[i], li[:i-fi])
			}
		}
		y.SetCol(c, col)
	}
}
