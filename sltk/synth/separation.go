package synth

import (
	"cmp"
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// Separation is a seeded blind-source-separation problem: N samples of independent sources of
// the given Kinds (see Sources), a random mixing matrix with 2-norm condition number Cond
// (default 3, see MixingMatrix) and the recordings X = S·Aᵀ. The same fields give the same
// problem, so notebook cells that need the same data rebuild it instead of passing it along.
// Cost O(N·m²) for m sources.
type Separation struct {
	N      int
	Kinds  []Source // default Sine, Square, Sawtooth, Laplace
	Period float64  // of the periodic kinds, default 50 samples
	Cond   float64
	Seed   uint64 // seeds the sources; the mixing matrix uses Seed+1
}

// Problem is a generated separation problem: sources S (N×m), mixing matrix A (m×m) and
// recordings X = S·Aᵀ (N×m), one sample per row.
type Problem struct {
	S, A, X *mat.Dense
}

// Generate builds the sources, the mixing matrix and the recordings.
func (sp Separation) Generate() (*Problem, error) {
	s, err := Sources{N: sp.N, Kinds: sp.Kinds, Period: sp.Period, Seed: sp.Seed}.Generate()
	if err != nil {
		return nil, fmt.Errorf("synth: Separation: %w", err)
	}
	_, m := s.Dims()
	a, err := MixingMatrix(m, cmp.Or(sp.Cond, 3), sp.Seed+1)
	if err != nil {
		return nil, fmt.Errorf("synth: Separation: %w", err)
	}
	x, err := Mix(s, a)
	if err != nil {
		return nil, fmt.Errorf("synth: Separation: %w", err)
	}
	return &Problem{S: s, A: a, X: x}, nil
}
