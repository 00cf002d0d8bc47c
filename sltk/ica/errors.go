package ica

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/errs"
)

// Sentinel errors, those of package errs under the same names (errors.Is works with either):
// ErrEmpty for data without rows or columns, ErrShape for fewer observations than dimensions
// (or than a method needs) and mismatched matrices, ErrNotFinite for a NaN or an infinity,
// ErrSingular for a covariance or mixing matrix without a usable direction, ErrParam for a
// hyperparameter or lag out of range. Reaching MaxIter is not an error: results report it in
// Converged.
var (
	ErrEmpty     = errs.ErrEmpty
	ErrShape     = errs.ErrShape
	ErrNotFinite = errs.ErrNotFinite
	ErrSingular  = errs.ErrSingular
	ErrParam     = errs.ErrParam
	ErrNotFitted = errs.ErrNotFitted
	ErrTooLarge  = errs.ErrTooLarge
)

// MaxIterations caps every MaxIter of the package (FastICA, Gradient, Infomax, SOBI through
// JacobiJointDiag, FFDiag): each iteration appends to a trace, so an unbounded cap with an
// unreachable Tol would run and allocate without end (ErrTooLarge beyond).
const MaxIterations = 1 << 24

// MaxLagWork caps the work of the lagged covariances that Autocorrelations and SOBI compute:
// (number of lags)·n·d² multiply-adds, 2³² ≈ 4·10⁹ (seconds). Beyond it they return an
// error wrapping ErrTooLarge instead of running for hours.
const MaxLagWork = 1 << 32

// checkLagWork returns an error wrapping ErrTooLarge when lags·n·d² exceeds MaxLagWork,
// computed without overflow.
func checkLagWork(fn string, lags, n, d int) error {
	if lags > MaxLagWork/n/(d*d) {
		return fmt.Errorf("ica: %s: %d lags × %d time steps × %d² channels exceeds MaxLagWork = %d: %w",
			fn, lags, n, d, MaxLagWork, ErrTooLarge)
	}
	return nil
}
