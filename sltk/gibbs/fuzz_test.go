package gibbs

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzNew: any costs and temperature give a normalised distribution with finite fields, or an
// error; never a panic.
func FuzzNew(f *testing.F) {
	f.Add([]byte("aaaaaaaabbbbbbbbcccccccc"), 1.0)
	f.Fuzz(func(t *testing.T, b []byte, T float64) {
		d, err := New(fuzzdata.Floats(b, 64), T)
		if err != nil {
			return
		}
		if p := fuzzdata.NonFinite(d); p != "" {
			t.Fatalf("nil error with %s", p)
		}
		s := 0.0
		for _, p := range d.P() {
			s += p
		}
		if math.Abs(s-1) > 1e-9 {
			t.Fatalf("probabilities sum to %v", s)
		}
	})
}
