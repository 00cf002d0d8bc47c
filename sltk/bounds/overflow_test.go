package bounds

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

// A bound computed from finite arguments that overflows is an error naming the function, never
// +Inf with a nil error.
func TestOverflowIsAnError(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func() (float64, error)
	}{
		{"Markov", func() (float64, error) { return Markov(1e308, 1e-300) }},
		{"Chebyshev", func() (float64, error) { return Chebyshev(1, 5e-324) }},
		{"PairwiseMean", func() (float64, error) { return PairwiseMean(1e308, 1e-300, 1) }},
		{"Realizable", func() (float64, error) { return Realizable(1e308, 1e-300, 0.5) }},
		{"UniformConvergence", func() (float64, error) { return UniformConvergence(1, 5e-324, 0.5) }},
		{"Agnostic", func() (float64, error) { return Agnostic(1, 5e-324, 0.5) }},
		{"VC", func() (float64, error) { return VC(1, 1e308, 1e-300, 0.5) }},
		{"AgnosticEpsilon", func() (float64, error) { return AgnosticEpsilon(1.7e308, 0.5, 1) }},
	} {
		v, err := c.f()
		if !errors.Is(err, errs.ErrNotFinite) || !strings.Contains(err.Error(), "bounds: "+c.name+": the bound overflows") {
			t.Errorf("%s: %v, %v; want ErrNotFinite naming %s", c.name, v, err, c.name)
		}
	}
}
