package synth

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// Series is a seeded generator of one signal: AR, MA, Speech and Wave are Series. The same
// fields give the same values, so a Stack of them rebuilds the same source matrix in every
// notebook cell.
type Series interface {
	Generate() ([]float64, error)
}

// Wave is a single source signal of one Kind: column 0 of Sources{N, []Source{Kind}, Period,
// Seed}, centred and scaled to unit variance like every source there. For the periodic kinds
// it is a wave of period Period (default 50) samples with a random phase; for the noise kinds
// N i.i.d. draws. It lets a Stack put a sinusoid beside AR or MA processes. Cost O(N).
type Wave struct {
	N      int
	Kind   Source
	Period float64
	Seed   uint64
}

// Generate returns the N values.
func (w Wave) Generate() ([]float64, error) {
	s, err := Sources{N: w.N, Kinds: []Source{w.Kind}, Period: w.Period, Seed: w.Seed}.Generate()
	if err != nil {
		return nil, fmt.Errorf("synth: Wave.Generate: %w", err)
	}
	return s.RawMatrix().Data, nil // N×1 and contiguous
}

// Stack generates each of its series and places them side by side: series j becomes column j
// of the N×k source matrix S, one sample per row, the layout of Mix and of every ICA fit.
// It is how sources with time structure (AR, MA, a Wave), which Sources cannot describe,
// become a separation problem; a prefix st[:j] gives the first j of them. Every series must
// have the same length N and finite values; the N·k entries are capped at MaxEntries. Cost
// O(N·k) beyond the generators'.
type Stack []Series

// Generate returns the N×k matrix S.
func (st Stack) Generate() (*mat.Dense, error) {
	if len(st) == 0 {
		return nil, fmt.Errorf("synth: Stack.Generate: no series: %w", ErrEmpty)
	}
	var out *mat.Dense
	for j, g := range st {
		if g == nil {
			return nil, fmt.Errorf("synth: Stack.Generate: series %d is nil: %w", j, ErrParam)
		}
		v, err := g.Generate()
		if err != nil {
			return nil, fmt.Errorf("synth: Stack.Generate: series %d: %w", j, err)
		}
		if err := check.Slice(fmt.Sprintf("series %d", j), v); err != nil {
			return nil, fmt.Errorf("synth: Stack.Generate: %w", err)
		}
		if out == nil {
			if err := checkProduct("Stack.Generate", "N·len(Stack)", len(v), len(st)); err != nil {
				return nil, err
			}
			out = mat.NewDense(len(v), len(st), nil)
		}
		if n, _ := out.Dims(); len(v) != n {
			return nil, fmt.Errorf("synth: Stack.Generate: series %d has %d values, series 0 has %d: %w", j, len(v), n, ErrShape)
		}
		out.SetCol(j, v)
	}
	return out, nil
}
