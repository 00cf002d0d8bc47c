package synth

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// maxStream caps the length and universe of the generated streams (2²⁸ elements).
const maxStream = 1 << 28

// ZipfStream is a stream of Len elements drawn independently from the Zipf law on the
// universe {0, …, N−1}: element u has probability (u+1)^{−S} / H_{N,S}, so 0 is the most
// frequent. Any exponent S > 0 works (math/rand/v2's Zipf needs S > 1; this one inverts the
// cumulative distribution: O(log N) per draw, O(N) memory). Zero fields mean the defaults
// N = 1000, S = 1.1, Len = 10000; N and Len are at most 2²⁸ (ErrTooLarge beyond).
type ZipfStream struct {
	N    int
	S    float64
	Len  int
	Seed uint64
}

func (z ZipfStream) resolve() (ZipfStream, error) {
	z.N, z.Len, z.S = cmp.Or(z.N, 1000), cmp.Or(z.Len, 10_000), cmp.Or(z.S, 1.1)
	switch {
	case z.N < 1 || z.Len < 1:
		return z, fmt.Errorf("synth: ZipfStream: N = %d, Len = %d, want ≥ 1: %w", z.N, z.Len, ErrParam)
	case z.N > maxStream || z.Len > maxStream:
		return z, fmt.Errorf("synth: ZipfStream: N = %d, Len = %d, limit %d: %w", z.N, z.Len, maxStream, ErrTooLarge)
	case !(z.S > 0) || math.IsInf(z.S, 0):
		return z, fmt.Errorf("synth: ZipfStream: S = %v, want finite and > 0: %w", z.S, ErrParam)
	}
	return z, nil
}

// Probs returns the probability of each element 0, …, N−1 (after defaults).
func (z ZipfStream) Probs() ([]float64, error) {
	z, err := z.resolve()
	if err != nil {
		return nil, err
	}
	p := make([]float64, z.N)
	var sum float64
	for u := range p {
		p[u] = math.Pow(float64(u+1), -z.S)
		sum += p[u]
	}
	for u := range p {
		p[u] /= sum
	}
	return p, nil
}

// Generate draws the stream.
func (z ZipfStream) Generate() ([]uint64, error) {
	p, err := z.Probs()
	if err != nil {
		return nil, err
	}
	z, _ = z.resolve()
	cdf := make([]float64, len(p))
	var c float64
	for u, v := range p {
		c += v
		cdf[u] = c
	}
	cdf[len(cdf)-1] = 1
	r := newRand(z.Seed)
	out := make([]uint64, z.Len)
	for i := range out {
		u, _ := slices.BinarySearch(cdf, r.Float64())
		out[i] = uint64(min(u, len(cdf)-1))
	}
	return out, nil
}
