package info

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzEntropy: any vector gets a finite entropy ≥ 0 or an error, never a panic.
func FuzzEntropy(f *testing.F) {
	f.Add([]byte("aaaaaaaabbbbbbbb"))
	f.Fuzz(func(t *testing.T, b []byte) {
		p := fuzzdata.Floats(b, 64)
		h, err := EntropyBits(p)
		if err == nil && !(h >= 0 && h <= 64) {
			t.Fatalf("EntropyBits(%v) = %v", p, h)
		}
		q := make([]float64, len(p))
		for i := range q {
			q[i] = 1 / float64(len(q))
		}
		if d, err := KLBits(p, q); err == nil && !(d >= 0 && d < 1e300) {
			t.Fatalf("KLBits(%v, uniform) = %v", p, d)
		}
	})
}
