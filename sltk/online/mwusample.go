package online

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// MWUSampled is the randomised form of MWU as the seed describes it in §4.1: in every round it
// draws one expert j ~ p = w / Σw from its own random stream and suffers that expert's loss
// L_j, then updates all weights by (1 − α)^{L_i} exactly as MWU does. The weights, and hence the
// distributions, do not depend on the draws (the adversary's loss table is fixed in advance), so
// the expected total loss equals MWU's Σ_t Σ_i p_i L_i and Thm 4.3 bounds it in expectation.
// The realised total is a sum of T independent terms in [0, 1] (or [−1, 1] when Signed), so by
// Hoeffding it deviates from the expected total by more than √(T ln(2/δ)/2) (twice that when
// Signed) with probability at most δ.
type MWUSampled struct {
	MWU         // learning rate and loss range, as for MWU
	Seed uint64 // seed of the expert draws; the same seed gives the same run
}

// MWUSampledTrace records a sampled run: the MWU trace of the expectations plus the realised
// draws.
type MWUSampledTrace struct {
	MWUTrace
	Chosen   []int     // expert followed in each round
	Realised []float64 // cumulative realised loss Σ_s L_{j_s} after each round
}

// Run plays on a loss table (T×n, row t holding the experts' losses in round t). Bad input is
// reported as for MWU.Run. Cost O(T·n).
func (m MWUSampled) Run(losses mat.Matrix) (*MWUSampledTrace, error) {
	t, n, err := table("MWUSampled.Run", "losses", losses)
	if err != nil {
		return nil, err
	}
	s, err := m.MWU.New(n)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(m.Seed, 0x3a7))
	tr := &MWUSampledTrace{MWUTrace: MWUTrace{Final: s}}
	row := make([]float64, n)
	got := 0.0
	for r := 0; r < t; r++ {
		mat.Row(row, r, losses)
		p := s.Distribution()
		if _, err := s.Update(row); err != nil {
			return nil, fmt.Errorf("online: MWUSampled.Run: round %d: %w", r+1, err)
		}
		j := draw(rng, p)
		got += row[j]
		_, best := s.BestExpert()
		tr.Chosen = append(tr.Chosen, j)
		tr.Realised = append(tr.Realised, got)
		tr.Expected = append(tr.Expected, s.Expected)
		tr.BestExpert = append(tr.BestExpert, best)
		tr.Regret = append(tr.Regret, s.Expected-best)
	}
	return tr, nil
}

// draw returns an index distributed as p (which sums to 1 up to rounding; the last index takes
// the rounding remainder). Cost O(len p).
func draw(rng *rand.Rand, p []float64) int {
	u, acc := rng.Float64(), 0.0
	for i, v := range p {
		acc += v
		if u < acc {
			return i
		}
	}
	return len(p) - 1
}
