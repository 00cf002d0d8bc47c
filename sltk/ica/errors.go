package ica

import "errors"

// Sentinel errors; the errors returned by this package wrap them with detail, so callers can
// test with errors.Is.
var (
	// ErrEmpty reports data without rows or columns.
	ErrEmpty = errors.New("ica: empty data")
	// ErrTooFewSamples reports fewer observations than dimensions (or than a method needs).
	ErrTooFewSamples = errors.New("ica: too few samples")
	// ErrNotFinite reports a NaN or an infinity in the input.
	ErrNotFinite = errors.New("ica: value is NaN or infinite")
	// ErrSingular reports a covariance (or mixing) matrix without any usable direction, or a
	// matrix that cannot be inverted.
	ErrSingular = errors.New("ica: singular matrix")
	// ErrLag reports a time lag that is not positive or not shorter than the series.
	ErrLag = errors.New("ica: invalid lag")
	// ErrParam reports an invalid hyperparameter or a shape mismatch.
	ErrParam = errors.New("ica: invalid parameter")
	// ErrNotConverged reports that an iteration hit its cap before meeting its tolerance.
	// The result is returned together with this error, with Converged false.
	ErrNotConverged = errors.New("ica: not converged")
)
