package check

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
)

// Finite returns an error wrapping errs.ErrNotFinite that names the argument when v is NaN or
// ±Inf ("eps = NaN"), nil otherwise.
func Finite(name string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%s = %v: %w", name, v, errs.ErrNotFinite)
	}
	return nil
}

// Slice returns an error naming the first entry of v that is NaN or ±Inf ("w[2] = +Inf",
// wrapping errs.ErrNotFinite), or ErrEmpty for an empty v. Cost O(len(v)).
func Slice(name string, v []float64) error {
	if len(v) == 0 {
		return fmt.Errorf("%s is empty: %w", name, errs.ErrEmpty)
	}
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("%s[%d] = %v: %w", name, i, x, errs.ErrNotFinite)
		}
	}
	return nil
}

// ProbTol is the tolerance Prob allows on the sum of a probability vector, per entry.
const ProbTol = 1e-9

// Prob returns an error wrapping errs.ErrProb that names the first negative or non-finite entry
// of p ("p[1] = -0.5"), or its sum when it differs from 1 by more than ProbTol·len(p); ErrEmpty
// for an empty p. Cost O(len(p)).
func Prob(name string, p []float64) error {
	if len(p) == 0 {
		return fmt.Errorf("%s is empty: %w", name, errs.ErrEmpty)
	}
	var s float64
	for i, v := range p {
		if !(v >= 0) || math.IsInf(v, 0) {
			return fmt.Errorf("%s[%d] = %v is not a probability: %w", name, i, v, errs.ErrProb)
		}
		s += v
	}
	if math.Abs(s-1) > ProbTol*float64(len(p)) {
		return fmt.Errorf("%s sums to %.12g, want 1: %w", name, s, errs.ErrProb)
	}
	return nil
}
