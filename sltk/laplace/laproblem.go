package laplace

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// LAProblem returns the free energy f_X of least-angle clustering (4.13 of the book) on the
// N×D vectors x with K clusters at temperature T as a Problem over the flattened K×D matrix
// y (row k is y_k, so y[k·D + j] is its j-th coordinate):
//
//	f_X(y) = ½ Σ_k ‖y_k‖² − (T/N) Σᵢ log Σ_k exp(xᵢᵀy_k/T),
//	∇f_X(y)_k = y_k − (1/N) Σᵢ P_ik xᵢ,   ∇²f_X as LAHessian.
//
// A zero gradient is the fixed-point equation (4.14) that LeastAngle iterates, so the Problem
// lets a caller check LeastAngle's result by its residual and against Newton's method
// (LogIntegral with M = N/T). F returns +Inf and Grad and Hess write NaN where the exponentials
// overflow, so that LogIntegral reports ErrNotFinite. It fails on the inputs LAFreeEnergy
// refuses. Cost per evaluation: O(N·K·D) for F and Grad, O(N·K²·D²) for Hess.
func LAProblem(x mat.Matrix, k int, t float64) (Problem, error) {
	n, d, err := laCheck("LAProblem", x, k, t)
	if err != nil {
		return Problem{}, err
	}
	xd := mat.DenseCopyOf(x)
	p := mat.NewDense(n, k, nil)
	f := func(y []float64) float64 {
		v, err := LAFreeEnergy(xd, mat.NewDense(k, d, y), t)
		if err != nil {
			return math.Inf(1)
		}
		return v
	}
	grad := func(g, y []float64) {
		yd := mat.NewDense(k, d, y)
		laPosterior(xd, yd, t, p)
		gm := mat.NewDense(k, d, g)
		gm.Mul(p.T(), xd)
		gm.Scale(-1/float64(n), gm)
		gm.Add(gm, yd)
	}
	hess := func(h *mat.SymDense, y []float64) {
		hy, err := LAHessian(xd, mat.NewDense(k, d, y), t)
		if err != nil {
			for i := range k * d {
				for j := i; j < k*d; j++ {
					h.SetSym(i, j, math.NaN())
				}
			}
			return
		}
		h.CopySym(hy)
	}
	return Problem{F: f, Grad: grad, Hess: hess}, nil
}
