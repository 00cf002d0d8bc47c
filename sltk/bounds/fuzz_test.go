package bounds

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzBounds: the tail bounds and sample sizes return a finite value or an error for any
// arguments; never a panic, NaN or ±Inf with a nil error.
func FuzzBounds(f *testing.F) {
	f.Add(1.0, 0.1, 0.05, 10)
	f.Fuzz(func(t *testing.T, a, b, c float64, n int) {
		n %= 1 << 12
		for name, call := range map[string]func() (float64, error){
			"Markov":             func() (float64, error) { return Markov(a, b) },
			"Chebyshev":          func() (float64, error) { return Chebyshev(a, b) },
			"PairwiseMean":       func() (float64, error) { return PairwiseMean(a, b, n) },
			"ChernoffUpper":      func() (float64, error) { return ChernoffUpper(a, b) },
			"Hoeffding":          func() (float64, error) { return Hoeffding(n, b, a, c) },
			"BinomialUpperTail":  func() (float64, error) { return BinomialUpperTail(n, b, n/2) },
			"Realizable":         func() (float64, error) { return Realizable(a, b, c) },
			"UniformConvergence": func() (float64, error) { return UniformConvergence(a, b, c) },
			"Agnostic":           func() (float64, error) { return Agnostic(a, b, c) },
			"VC":                 func() (float64, error) { return VC(n, a, b, c) },
			"AgnosticEpsilon":    func() (float64, error) { return AgnosticEpsilon(a, c, n) },
		} {
			v, err := call()
			if err == nil && fuzzdata.NonFinite(v) != "" {
				t.Fatalf("%s(%v, %v, %v, %d) = %v with a nil error", name, a, b, c, n, v)
			}
		}
	})
}
