package errs

// New returns a package's own sentinel error, with text msg, that is also the sentinel base of
// this package: errors.Is(err, base) holds for every error that wraps it, next to
// errors.Is(err, itself). frame.ErrRagged, for instance, is an ErrShape, so a caller that
// only knows the sentinels of errs can still tell what went wrong.
func New(msg string, base error) error { return &refined{msg, base} }

type refined struct {
	msg  string
	base error
}

func (e *refined) Error() string { return e.msg }
func (e *refined) Unwrap() error { return e.base }
