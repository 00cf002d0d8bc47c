package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// pwHideStream is the PCG stream word of HidePairs ("pw_hide").
const pwHideStream = 0x70775f68696465

// HidePairs returns a copy of the dissimilarities d in which every off-diagonal pair {i, j} is
// independently hidden with probability frac: both d_ij and d_ji become NaN, the missing-entry
// marker of Pairwise with Missing set (ML chapter 4 §4.2.3). This is the "missing at random"
// model of SLT chapter 9, under which every observed average d̄_qα is an unbiased estimate of
// the complete one. d is validated as in PairwiseCost; frac must lie in [0, 1) (ErrParam).
// The diagonal is never hidden. Cost O(n²).
func HidePairs(d mat.Matrix, frac float64, seed uint64) (*mat.Dense, error) {
	p, err := pwPrepare("HidePairs", d, false)
	if err != nil {
		return nil, err
	}
	if !(frac >= 0 && frac < 1) {
		return nil, fmt.Errorf("cluster: HidePairs: frac = %g, want 0 ≤ frac < 1: %w", frac, ErrParam)
	}
	rng := rand.New(rand.NewPCG(seed, pwHideStream))
	out := mat.DenseCopyOf(p.d)
	for i := 0; i < p.n; i++ {
		for j := i + 1; j < p.n; j++ {
			if rng.Float64() < frac {
				out.Set(i, j, math.NaN())
				out.Set(j, i, math.NaN())
			}
		}
	}
	return out, nil
}
