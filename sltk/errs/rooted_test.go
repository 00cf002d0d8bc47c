package errs_test

import (
	"errors"
	"testing"

	"github.com/sltk-book/sltk/sltk/classify"
	"github.com/sltk-book/sltk/sltk/density"
	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/info"
)

// The failure sentinels of single packages are rooted in errs: a caller that knows only errs
// can still tell what went wrong, and each keeps its own text.
func TestPackageSentinelsRooted(t *testing.T) {
	for _, c := range []struct {
		own, base error
		text      string
	}{
		{classify.ErrNotSeparable, errs.ErrNoSolution, "classify: data not linearly separable"},
		{info.ErrSupport, errs.ErrNoSolution, "info: q is zero where p is positive"},
		{density.ErrDecrease, errs.ErrBreakdown, "density: EM log-likelihood decreased"},
	} {
		if !errors.Is(c.own, c.base) || c.own.Error() != c.text {
			t.Errorf("%v: want an %v with text %q", c.own, c.base, c.text)
		}
	}
}
