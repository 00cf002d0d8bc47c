package classify

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/internal/check"
)

// Hypothesis is a classifier h: R^d → labels, as used by the finite-class learners of §3.2.
type Hypothesis func(x []float64) int

// EmpiricalError returns err_T(h) = |{i : h(x_i) ≠ y_i}| / m, the training error of Chapter 3
// (a rate, where Chapter 1 counts). Cost O(m) evaluations of h.
func EmpiricalError(h Hypothesis, x mat.Matrix, y []int) (float64, error) {
	if h == nil {
		return 0, fmt.Errorf("classify: EmpiricalError: nil hypothesis: %w", ErrParam)
	}
	n, _, err := checkX("EmpiricalError", x)
	if err != nil {
		return 0, err
	}
	if len(y) != n {
		return 0, fmt.Errorf("classify: EmpiricalError: %d labels for %d rows: %w", len(y), n, ErrShape)
	}
	xd := dense(x)
	wrong := 0
	for i := 0; i < n; i++ {
		if h(xd.RawRowView(i)) != y[i] {
			wrong++
		}
	}
	return float64(wrong) / float64(n), nil
}

// ERM is empirical risk minimisation over a finite class (§3.2): it returns the index of a
// hypothesis of least training error (the first on ties) and the training error of every
// hypothesis, which the uniform-convergence experiments of §3.3 compare with the true errors.
// Cost O(|H|·m) evaluations.
func ERM(hs []Hypothesis, x mat.Matrix, y []int) (best int, errs []float64, err error) {
	return RegularizedERM(hs, nil, x, y)
}

// RegularizedERM returns argmin_h err_T(h) + penalty[h] (§3.2, regularisation: the penalty is
// ρ(cost(h)) for a monotone ρ, e.g. proportional to a tree's size), first on ties, and the
// training errors. A nil penalty means plain ERM. Cost O(|H|·m) evaluations.
func RegularizedERM(hs []Hypothesis, penalty []float64, x mat.Matrix, y []int) (best int, errs []float64, err error) {
	if len(hs) == 0 {
		return 0, nil, fmt.Errorf("classify: RegularizedERM: empty hypothesis class: %w", ErrEmpty)
	}
	if penalty != nil && len(penalty) != len(hs) {
		return 0, nil, fmt.Errorf("classify: RegularizedERM: %d penalties for %d hypotheses: %w", len(penalty), len(hs), ErrShape)
	}
	errs = make([]float64, len(hs))
	bestVal := math.Inf(1)
	for k, h := range hs {
		if errs[k], err = EmpiricalError(h, x, y); err != nil {
			return 0, nil, fmt.Errorf("classify: RegularizedERM: hypothesis %d: %w", k, err)
		}
		v := errs[k]
		if penalty != nil {
			if math.IsNaN(penalty[k]) {
				return 0, nil, fmt.Errorf("classify: RegularizedERM: penalty[%d] is NaN: %w", k, ErrNotFinite)
			}
			v += penalty[k]
		}
		if v < bestVal {
			best, bestVal = k, v
		}
	}
	return best, errs, nil
}

// Thresholds returns the n+1 threshold hypotheses h_t(x) = 1 iff x[0] ≥ t for t = 0, 1/n, …, 1,
// the finite class of the agnostic examples (index k is the threshold k/n). n must lie in
// [1, MaxThresholds].
func Thresholds(n int) ([]Hypothesis, error) {
	if n < 1 {
		return nil, fmt.Errorf("classify: Thresholds: n = %d, want ≥ 1: %w", n, ErrParam)
	}
	if err := check.Size("classify: Thresholds", "n", n, MaxThresholds); err != nil {
		return nil, err
	}
	hs := make([]Hypothesis, n+1)
	for k := range hs {
		t := float64(k) / float64(n)
		hs[k] = func(x []float64) int {
			if len(x) > 0 && x[0] >= t {
				return 1
			}
			return 0
		}
	}
	return hs, nil
}

// MaxThresholds bounds the number of threshold hypotheses Thresholds builds.
const MaxThresholds = 1 << 20
