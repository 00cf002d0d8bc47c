package mapreduce

import "github.com/sltk-book/sltk/sltk/errs"

// The sentinel errors of the library, re-exported; every error of this package wraps one.
var (
	ErrEmpty     = errs.ErrEmpty
	ErrNotFinite = errs.ErrNotFinite
	ErrShape     = errs.ErrShape
	ErrParam     = errs.ErrParam
	ErrTooLarge  = errs.ErrTooLarge
	// ErrEngine: the Beam runner could not run the pipeline (job server unreachable, a bundle
	// failed for good). It is an errs.ErrIO.
	ErrEngine = errs.New("the Beam engine failed", errs.ErrIO)
	// ErrAborted: in the failure simulation, the master failed and the job was aborted. It is
	// an errs.ErrBreakdown.
	ErrAborted = errs.New("the master failed: job aborted", errs.ErrBreakdown)
)
