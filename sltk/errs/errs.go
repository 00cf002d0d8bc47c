// Package errs defines sltk's sentinel errors once. Every package re-exports the ones its
// callers meet (cluster.ErrShape is errs.ErrShape, the way os.ErrNotExist is fs.ErrNotExist),
// so errors.Is works with whichever name a caller has at hand. A returned error wraps exactly
// one sentinel and says what was wrong and where, e.g.
//
//	cluster: KMeans.Fit: x[3,1] = NaN: value is not finite
//
// Reaching an iteration cap is not an error: results report it in their Converged field.
package errs

import "errors"

var (
	// ErrEmpty: a nil, typed-nil or empty input (0 rows, 0 columns, empty slice).
	ErrEmpty = errors.New("empty input")
	// ErrNotFinite: an input value is NaN or ±Inf, or a computation would overflow.
	ErrNotFinite = errors.New("value is not finite")
	// ErrShape: mismatched dimensions or lengths (columns of train and test, labels and rows).
	ErrShape = errors.New("mismatched shapes")
	// ErrParam: a hyperparameter or argument outside its range (K ≤ 0 or K > n, T ≤ 0, ε ∉ (0,1)).
	ErrParam = errors.New("invalid parameter")
	// ErrLabel: a class or cluster label outside [0, K).
	ErrLabel = errors.New("label out of range")
	// ErrProb: not a probability vector or stochastic matrix (negative entry, sum not 1).
	ErrProb = errors.New("not a probability distribution")
	// ErrTooLarge: a size beyond a documented limit (memory or run time would explode).
	ErrTooLarge = errors.New("size beyond the documented limit")
	// ErrNotFitted: a model method called on a zero value or an unfitted model.
	ErrNotFitted = errors.New("model not fitted")
	// ErrSingular: a matrix that must be invertible or positive definite is not.
	ErrSingular = errors.New("matrix is singular or not positive definite")
	// ErrDisconnected: a graph that must be connected (or a chain that must be irreducible) is not.
	ErrDisconnected = errors.New("graph is not connected")
	// ErrNoSolution: the problem posed has no (finite) solution: data that no linear separator
	// classifies (classify.ErrNotSeparable), a divergence that is infinite (info.ErrSupport).
	ErrNoSolution = errors.New("no solution exists")
	// ErrBreakdown: an iteration broke a guarantee it must keep, e.g. an EM step that lowered
	// the log-likelihood (density.ErrDecrease): a bug in a user-supplied step or round-off
	// beyond what the data allow; also a simulated job that aborted (mapreduce.ErrAborted).
	// Not reaching a tolerance is not a breakdown (Converged).
	ErrBreakdown = errors.New("algorithm broke down")
	// ErrIO: a file that cannot be opened, read or written (frame.LoadCSV), or an external
	// engine that cannot be reached or fails (mapreduce.ErrEngine); where there is an
	// operating-system error it is wrapped too, so errors.Is(err, fs.ErrNotExist) works.
	ErrIO = errors.New("input/output failed")
)
