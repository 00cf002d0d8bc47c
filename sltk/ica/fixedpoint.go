package ica

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// FixedPointStep returns one un-normalised FastICA step for a single unit b on whitened data u
// (n×d, one sample per row):
//
//	b⁺ = ⟨u G'(bᵀu)⟩ − ⟨G″(bᵀu)⟩ b,
//
// the approximate Newton step on the Lagrangian of ⟨G(bᵀu)⟩ under ‖b‖ = 1; FastICA normalises
// b⁺ and repeats. With the Kurtosis contrast it is ⟨u(bᵀu)³⟩ − 3b when ‖b‖ = 1. It exists for
// the textbook, which compares one step with its closed form; FastICA.Fit runs the same step
// blocked over samples. Cost O(n·d).
func FixedPointStep(u mat.Matrix, b []float64, c Contrast, alpha float64) ([]float64, error) {
	n, d, err := checkData("FixedPointStep", u, 1)
	if err != nil {
		return nil, err
	}
	if len(b) != d {
		return nil, fmt.Errorf("ica: FixedPointStep: b has %d entries, u has %d columns: %w", len(b), d, ErrShape)
	}
	for i, v := range b {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("ica: FixedPointStep: b[%d] = %v: %w", i, v, ErrNotFinite)
		}
	}
	if err := c.check("FixedPointStep", alpha); err != nil {
		return nil, err
	}
	next := make([]float64, d)
	mean2 := 0.0
	row := make([]float64, d)
	for i := range n {
		mat.Row(row, i, u)
		_, g1, g2 := c.Eval(alpha, dot(b, row))
		for j, v := range row {
			next[j] += v * g1
		}
		mean2 += g2
	}
	for j := range next {
		next[j] = (next[j] - mean2*b[j]) / float64(n)
	}
	return next, nil
}
