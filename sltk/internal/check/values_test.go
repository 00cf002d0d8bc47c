package check

import (
	"errors"
	"math"
	"runtime"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

func stoch(m mat.Matrix) error {
	_, _, err := Stochastic("Q", m)
	return err
}

func TestValues(t *testing.T) {
	for _, c := range []struct {
		err  error
		want error
		msg  string
	}{
		{Finite("eps", math.NaN()), errs.ErrNotFinite, "eps = NaN: value is not finite"},
		{Finite("eps", 0.5), nil, ""},
		{Slice("w", []float64{1, math.Inf(1)}), errs.ErrNotFinite, "w[1] = +Inf: value is not finite"},
		{Slice("w", nil), errs.ErrEmpty, "w is empty: empty input"},
		{Prob("p", []float64{0.5, -0.5, 1}), errs.ErrProb, "p[1] = -0.5 is negative: not a probability distribution"},
		{Prob("p", []float64{0.5, 0.5, math.NaN()}), errs.ErrNotFinite, "p[2] = NaN: value is not finite"},
		{Prob("p", nil), errs.ErrEmpty, "p is empty: empty input"},
		{Prob("p", []float64{0.5, 0.5 + 1.5e-9}), nil, ""}, // within ProbTol·len(p)
		{Prob("p", []float64{0.5, 0.5 + 3e-9}), errs.ErrProb, "p sums to 1.000000003, want 1: not a probability distribution"},
		{Weights("counts", []float64{3, -2}), errs.ErrProb, "counts[1] = -2 is negative: not a probability distribution"},
		{Weights("counts", []float64{3, math.Inf(-1)}), errs.ErrNotFinite, "counts[1] = -Inf: value is not finite"},
		{Weights("counts", []float64{0, 2}), nil, ""},
		{stoch(mat.NewDense(2, 2, []float64{0.5, 0.5, 1.1, -0.1})), errs.ErrProb, "Q[1,1] = -0.1 is negative: not a probability distribution"},
		{stoch(mat.NewDense(2, 2, []float64{0.5, 0.5, 0.7, 0.4})), errs.ErrProb, "row 1 of Q sums to 1.1, want 1: not a probability distribution"},
		{stoch(mat.NewDense(1, 2, []float64{0.5, math.NaN()})), errs.ErrNotFinite, "Q[0,1] = NaN: value is not finite"},
		{stoch(nil), errs.ErrEmpty, "Q is nil: empty input"},
		{stoch(mat.NewDense(1, 2, []float64{0.5, 0.5 + 1.5e-9})), nil, ""},
		{Prob("p", []float64{0.5, 1}), errs.ErrProb, "p sums to 1.5, want 1: not a probability distribution"},
		{Prob("p", []float64{0.25, 0.75}), nil, ""},
	} {
		if !errors.Is(c.err, c.want) || (c.err == nil) != (c.want == nil) {
			t.Errorf("%v: want %v", c.err, c.want)
		}
		if c.err != nil && c.err.Error() != c.msg {
			t.Errorf("message %q, want %q", c.err.Error(), c.msg)
		}
	}
}

// TestStochasticOnePass: Stochastic's one-pass test of a contiguous *mat.Dense must accept and
// reject exactly what the checks in their order do, with the same error. The reference is the
// same matrix behind a double transpose (not a *mat.Dense, so it takes the ordered checks), on
// random matrices with one or two faults each: NaN, ±Inf, a negative entry, −0 (allowed), the
// largest finite value, and row sums just inside and just outside ProbTol·d.
func TestStochasticOnePass(t *testing.T) {
	faults := []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1e-300, math.Copysign(0, -1), math.MaxFloat64}
	seed := uint64(7)
	next := func(k int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int((seed >> 33) % uint64(k))
	}
	var passed int
	for trial := range 2000 {
		n, d := 1+next(6), 1+next(6)
		data := make([]float64, n*d)
		for i := range n {
			for j := range d {
				data[i*d+j] = 1 / float64(d)
			}
		}
		for range 1 + next(2) {
			switch i, j := next(n), next(d); next(3) {
			case 0:
				data[i*d+j] = faults[next(len(faults))]
			case 1: // drift the row sum to about ±0.9 or ±1.1 of the tolerance
				data[i*d+j] += float64(1-2*next(2)) * (0.9 + 0.2*float64(next(2))) * ProbTol * float64(d)
			}
		}
		m := mat.NewDense(n, d, data)
		got, want := stoch(m), stoch(mat.Transpose{Matrix: mat.Transpose{Matrix: m}})
		if (got == nil) != (want == nil) || (got != nil && got.Error() != want.Error()) {
			t.Fatalf("trial %d, %v: one pass %v, ordered checks %v", trial, data, got, want)
		}
		if got == nil {
			passed++
		}
	}
	if passed < 300 || passed > 1700 {
		t.Errorf("%d of 2000 trials passed: the faults do not cover both outcomes", passed)
	}
}

// TestStochasticOnePassSplit: a matrix large enough for Stochastic's pass to split its rows
// over two goroutines must pass or fail as the ordered checks decide, with the fault in the
// first rows, in the last row (the second goroutine's) or absent.
func TestStochasticOnePassSplit(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	const n = 600 // 360000 entries: at least two chunks of 2¹⁶
	for _, at := range []int{-1, 0, n*n - 1, n * (n - 1)} {
		data := make([]float64, n*n)
		for i := range data {
			data[i] = 1.0 / n
		}
		if at >= 0 {
			data[at] = -1e-3
		}
		m := mat.NewDense(n, n, data)
		got, want := stoch(m), stoch(mat.Transpose{Matrix: mat.Transpose{Matrix: m}})
		if (got == nil) != (want == nil) || (got != nil && got.Error() != want.Error()) || (at >= 0) != (got != nil) {
			t.Errorf("fault at %d: one pass %v, ordered checks %v", at, got, want)
		}
	}
}
