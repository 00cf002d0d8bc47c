package mapreduce

import (
	"errors"

	"github.com/sltk-book/sltk/sltk/errs"
)

// The sentinel errors of the library, re-exported; every error of this package wraps one.
var (
	ErrEmpty     = errs.ErrEmpty
	ErrNotFinite = errs.ErrNotFinite
	ErrShape     = errs.ErrShape
	ErrParam     = errs.ErrParam
	ErrTooLarge  = errs.ErrTooLarge
	// ErrEngine: the Beam runner could not run the pipeline (job server unreachable, a bundle
	// failed for good).
	ErrEngine = errors.New("the Beam engine failed")
	// ErrAborted: in the failure simulation, the master failed and the job was aborted.
	ErrAborted = errors.New("the master failed: job aborted")
)
