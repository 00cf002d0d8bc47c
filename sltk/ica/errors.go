package ica

import "github.com/sltk-book/sltk/sltk/errs"

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
)
