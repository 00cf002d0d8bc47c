package ica

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// Gradient returns the batch gradient of the Infomax objective E(W) (2.24 of the book) at the
// k×k matrix w over the whitened training data of wt: the plain gradient (W⁻¹)ᵀ + ⟨ψ(y)uᵀ⟩
// when im.Plain is set, else the natural gradient (I + ⟨ψ(y)yᵀ⟩)W, with y = Wu. It is the
// step direction Fit takes at w, exposed so that the identity natural = plain·WᵀW can be
// checked. The Extended score uses the super-Gaussian model (sign +1) for every output.
// Errors: a nil wt, a w that is not k×k, non-finite or singular (ErrSingular), or an invalid
// Score. Cost O(n·k² + k³).
func (im Infomax) Gradient(wt *Whitening, w mat.Matrix) (*mat.Dense, error) {
	im, err := im.withDefaults()
	if err != nil {
		return nil, err
	}
	if wt == nil || wt.U == nil {
		return nil, fmt.Errorf("ica: Infomax.Gradient: wt is nil or not from Whitener.Fit: %w",
			ErrEmpty)
	}
	n, k := wt.U.Dims()
	if check.IsNil(w) {
		return nil, fmt.Errorf("ica: Infomax.Gradient: w is nil: %w", ErrEmpty)
	}
	if r, c := w.Dims(); r != k || c != k {
		return nil, fmt.Errorf("ica: Infomax.Gradient: w is %d×%d, want %d×%d: %w", r, c, k, k,
			ErrShape)
	}
	wd := mat.DenseCopyOf(w)
	if _, _, e := check.Matrix("w", wd); e != nil {
		return nil, fmt.Errorf("ica: Infomax.Gradient: %w", e)
	}
	if _, sign := mat.LogDet(wd); sign == 0 {
		return nil, fmt.Errorf("ica: Infomax.Gradient: w is singular: %w", ErrSingular)
	}
	signs := make([]float64, k)
	for i := range signs {
		signs[i] = 1
	}
	grad := mat.NewDense(k, k, nil)
	if _, err := im.batchGradient(newInfomaxKernel(wt.ut, n, k, im.Score), wd, signs,
		grad); err != nil {
		return nil, fmt.Errorf("ica: Infomax.Gradient: %w", err)
	}
	return grad, nil
}
