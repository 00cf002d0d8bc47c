package mcmc

import (
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// gthRows is the least number of rows a worker takes in one elimination step of gth: below it
// the rank-one update runs on one goroutine.
const gthRows = 32

// gthRescale bounds the unnormalised weights of gth's back substitution (π_0 = 1), which can
// grow as large as 1/π_0.
const gthRescale = 0x1p500

// gth returns the stationary distribution of the row-stochastic n×n matrix q by the
// Grassmann–Taksar–Heyman state reduction (Grassmann, Taksar & Heyman 1985): it censors the
// chain to states 0..k−1 for k = n−1, …, 1, the censored transition q_ij + q_ik·q_kj/s_k with
// s_k = Σ_{j<k} q_kj, and recovers π by back substitution π_k = Σ_{i<k} π_i·q_ik/s_k. Every
// operation adds or multiplies nonnegative numbers; the one subtraction of Gaussian elimination,
// 1 − q_kk, is replaced by the sum s_k of the row's other entries. The result is therefore
// accurate to a few ulps per component, relative, however slowly the chain mixes (nearly
// decomposable chains, spectral gap down to underflow), and does not depend on periodicity.
// The diagonal of q is never read.
//
// ok is false when some s_k is 0: state k cannot reach 0..k−1 in the censored chain, so the
// chain is reducible (π is not unique); callers test connectivity first, so this only guards
// against underflow. The rank-one update of each step runs on all cores, one row per output, so
// the result does not depend on the number of cores. Cost n³/3 multiply-adds (about 0.1 s at
// n = 1000, 1 s at 2048 and about 10 s at MaxStates on two cores), 8·n² bytes for the working copy.
func gth(q mat.Matrix) (pi []float64, ok bool) {
	n, _ := q.Dims()
	a := make([]float64, n*n)
	for i := range n {
		row := a[i*n : (i+1)*n]
		if d, isDense := q.(*mat.Dense); isDense {
			copy(row, d.RawRowView(i))
			continue
		}
		for j := range row {
			row[j] = q.At(i, j)
		}
	}
	for k := n - 1; k >= 1; k-- {
		rowK := a[k*n : k*n+k]
		s := floats.Sum(rowK)
		if !(s > 0) {
			return nil, false
		}
		for i := range k {
			a[i*n+k] /= s
		}
		par.Chunks(k, max(gthRows, (1<<14)/k), func(lo, hi int) {
			for i := lo; i < hi; i++ {
				if f := a[i*n+k]; f != 0 {
					floats.AddScaled(a[i*n:i*n+k], f, rowK)
				}
			}
		})
	}
	pi = make([]float64, n)
	pi[0] = 1
	total := 1.0
	for k := 1; k < n; k++ {
		var v float64
		for i := range k {
			v += pi[i] * a[i*n+k]
		}
		pi[k] = v
		total += v
		if total > gthRescale { // π_0 ≪ π_k: keep the unnormalised weights finite
			floats.Scale(1/gthRescale, pi[:k+1])
			total /= gthRescale
		}
	}
	floats.Scale(1/total, pi)
	return pi, true
}
