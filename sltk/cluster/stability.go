package cluster

import (
	"cmp"
	"fmt"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/metrics"
	"gonum.org/v1/gonum/mat"
)

// stabStream is the PCG stream word of Stability ("stab").
const stabStream = 0x73746162

// MaxMatchK is the largest k Relabel matches labels for: its table is k×k and the Hungarian
// algorithm costs O(k³) (ErrTooLarge beyond).
const MaxMatchK = 1 << 10

// Disagreement returns metrics.Disagreement(a, b, k), the fraction of objects on which two
// labelings disagree after the best relabelling.
//
// Deprecated: use metrics.Disagreement, beside the other agreement measures.
func Disagreement(a, b []int, k int) (float64, error) { return metrics.Disagreement(a, b, k) }

// Stability is stability-based validation of the number of clusters, ML chapter 4 (Clustering and
// embedding) §4.1.3 (the second "Algorithm 4"; Lange, Roth, Braun & Buhmann 2004). For each M in
// [KMin, KMax], and r times: split the data at random into halves X₁, X₂, cluster both, transfer
// the solution of X₁ to X₂ by the nearest-prototype rule, and measure the disagreement with X₂'s
// own clustering. The mean Ŝ_clust is divided by the same disagreement between pairs of uniformly
// random labelings with M labels (the baseline the notes leave undefined, erratum E21), which
// removes the trivial growth of disagreement with M; the chosen number is argmin_M S̄_M.
//
// The base clusterer is k-means with k-means++ seeding and Restarts restarts: the spec's
// re-check found that a single random start moves the minimum of Fig. 4.2 from 4 to 5.
//
// Zero values: KMin 2, KMax 8, Splits 20, RandomPairs 20, Restarts 10.
// Cost: (KMax−KMin+1)·Splits·2 k-means runs on n/2 points.
type Stability struct {
	KMin, KMax  int
	Splits      int
	RandomPairs int
	Restarts    int
	Seed        uint64
}

// StabilityResult holds, for each K, the clustering instability, the random baseline and
// their ratio.
type StabilityResult struct {
	K          []int
	Clustering []float64 // Ŝ_clust: mean disagreement over the splits
	Random     []float64 // Ŝ_rand: mean disagreement of random labelings
	Index      []float64 // S̄_K = Ŝ_clust / Ŝ_rand
	Best       int       // K with the smallest index (the smallest such K on ties)
}

// Fit runs the validation on the rows of x.
func (s Stability) Fit(x mat.Matrix) (*StabilityResult, error) {
	data, err := kmPrepare("Stability.Fit", x)
	if err != nil {
		return nil, err
	}
	s.KMin = cmp.Or(s.KMin, 2)
	s.KMax = cmp.Or(s.KMax, 8)
	s.Splits = cmp.Or(s.Splits, 20)
	s.RandomPairs = cmp.Or(s.RandomPairs, 20)
	s.Restarts = cmp.Or(s.Restarts, 10)
	n, d := data.n, data.d
	switch {
	case s.KMin < 2 || s.KMax < s.KMin || 2*s.KMax > n:
		return nil, fmt.Errorf("cluster: Stability.Fit: K range [%d, %d] for %d points (need 2 ≤ KMin ≤ KMax ≤ n/2): %w", s.KMin, s.KMax, n, ErrParam)
	}
	for _, c := range []struct {
		name string
		v    int
	}{{"Splits", s.Splits}, {"RandomPairs", s.RandomPairs}, {"Restarts", s.Restarts}} {
		if c.v < 1 {
			return nil, fmt.Errorf("cluster: Stability.Fit: %s = %d, want ≥ 1: %w", c.name, c.v, ErrParam)
		}
		if err := check.Size("cluster: Stability.Fit", c.name, c.v, MaxRestarts); err != nil {
			return nil, err
		}
	}
	rng := rand.New(rand.NewPCG(s.Seed, stabStream))
	half := n / 2
	res := &StabilityResult{}
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	x1, x2 := mat.NewDense(half, d, nil), mat.NewDense(n-half, d, nil)
	for k := s.KMin; k <= s.KMax; k++ {
		sc := 0.0
		for r := 0; r < s.Splits; r++ {
			rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
			for i, src := range perm {
				row := data.x[src*d : (src+1)*d]
				if i < half {
					x1.SetRow(i, row)
				} else {
					x2.SetRow(i-half, row)
				}
			}
			c1, err := KMeans{K: k, Restarts: s.Restarts, Seed: rng.Uint64()}.Fit(x1)
			if err != nil {
				return nil, err
			}
			c2, err := KMeans{K: k, Restarts: s.Restarts, Seed: rng.Uint64()}.Fit(x2)
			if err != nil {
				return nil, err
			}
			transfer, _, err := Assign(x2, c1.Centroids)
			if err != nil {
				return nil, err
			}
			dis, err := metrics.Disagreement(c2.Labels, transfer, k)
			if err != nil {
				return nil, err
			}
			sc += dis
		}
		sc /= float64(s.Splits)
		sr := 0.0
		a, b := make([]int, n-half), make([]int, n-half)
		for r := 0; r < s.RandomPairs; r++ {
			for i := range a {
				a[i], b[i] = rng.IntN(k), rng.IntN(k)
			}
			dis, _ := metrics.Disagreement(a, b, k)
			sr += dis
		}
		sr /= float64(s.RandomPairs)
		if sr == 0 {
			return nil, fmt.Errorf("cluster: Stability.Fit: K = %d: the %d random labellings of %d points never disagreed "+
				"(Ŝ_rand = 0), so the index is 0/0; use more points or RandomPairs: %w", k, s.RandomPairs, n-half, ErrParam)
		}
		res.K = append(res.K, k)
		res.Clustering = append(res.Clustering, sc)
		res.Random = append(res.Random, sr)
		res.Index = append(res.Index, sc/sr)
	}
	best := 0
	for i, v := range res.Index {
		if v < res.Index[best] {
			best = i
		}
	}
	res.Best = res.K[best]
	return res, nil
}
