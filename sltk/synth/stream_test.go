package synth

import (
	"errors"
	"math"
	"testing"
)

func TestZipfStreamFrequencies(t *testing.T) {
	z := ZipfStream{N: 50, S: 1.2, Len: 200_000, Seed: 3}
	a, err := z.Generate()
	if err != nil {
		t.Fatal(err)
	}
	p, _ := z.Probs()
	count := make([]float64, z.N)
	for _, x := range a {
		count[x]++
	}
	for u, c := range count {
		want := p[u] * float64(z.Len)
		if sd := math.Sqrt(want); math.Abs(c-want) > 5*sd+1 {
			t.Errorf("element %d: %v draws, want %.1f ± %.1f", u, c, want, 5*sd)
		}
	}
	b, _ := z.Generate()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("same seed, different stream at %d", i)
		}
	}
}

func TestZipfStreamBadInput(t *testing.T) {
	for _, z := range []ZipfStream{{N: -1}, {Len: -3}, {S: -1}, {S: math.NaN()}, {S: math.Inf(1)}} {
		if _, err := z.Generate(); !errors.Is(err, ErrParam) {
			t.Errorf("%+v: err = %v, want ErrParam", z, err)
		}
	}
	for _, z := range []ZipfStream{{N: maxStream + 1}, {Len: maxStream + 1}, {N: math.MaxInt}} {
		if _, err := z.Generate(); !errors.Is(err, ErrTooLarge) {
			t.Errorf("%+v: err = %v, want ErrTooLarge", z, err)
		}
	}
}
