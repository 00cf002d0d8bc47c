package cluster

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// growStream is the PCG stream word of Grow ("grow").
const growStream = 0x67726f77

// Grow is iterative refinement of the number of prototypes, ML chapter 4 (Clustering and embedding)
// §4.1.2 (Algorithm 4): start with one prototype at the sample mean; while the k-means cost per
// point E^T = (1/p) Σ_α ‖x^(α) − w_{q(α)}‖² exceeds Target, split the cluster with the largest mean
// within-cluster squared distance, Σ_α m_γ^(α)‖x^(α) − w_γ‖² / Σ_α m_γ^(α) (erratum E20: w_γ,
// not w_q, inside the argmax), by adding a copy w_q + η with a small random η, and re-run
// Lloyd's k-means from the enlarged set. E^T is non-increasing in M (the old solution plus a
// copy is a valid start) and reaches 0 at M = p; its decay is ∝ M^{−2/d} asymptotically, not
// the notes' 1/M (erratum E19).
//
// Zero values: Target 0 (grow until MaxK), MaxK 10, Noise 1e-2 (η has standard deviation
// Noise·s with s the root mean per-coordinate variance), MaxIter 300 Lloyd steps per size.
// Cost: MaxK Lloyd runs, O(n·M·d) per step.
type Grow struct {
	Target  float64
	MaxK    int
	Noise   float64
	MaxIter int
	Seed    uint64
}

// GrowStep records the state after the k-means run with K prototypes.
type GrowStep struct {
	K     int
	Cost  float64 // E^T per point
	Split int     // index of the cluster split to make the next step (−1 at the end)
}

// GrowResult is the outcome of Grow.Fit.
type GrowResult struct {
	Centroids *mat.Dense
	Labels    []int
	Cost      float64 // E^T per point of the final prototypes
	Trace     []GrowStep
}

// Fit grows prototypes on the rows of x.
func (g Grow) Fit(x mat.Matrix) (*GrowResult, error) {
	data, err := kmPrepare("Grow.Fit", x)
	if err != nil {
		return nil, err
	}
	n, d := data.n, data.d
	maxK, noise, maxIter := g.MaxK, g.Noise, g.MaxIter
	maxK = cmp.Or(maxK, 10)
	noise = cmp.Or(noise, 1e-2)
	maxIter = cmp.Or(maxIter, 300)
	switch {
	case maxK < 1 || maxK > n:
		return nil, fmt.Errorf("cluster: Grow.Fit: MaxK = %d, want 1 ≤ MaxK ≤ n = %d: %w", maxK, n, ErrParam)
	case g.Target < 0 || math.IsNaN(g.Target) || !(noise > 0) || math.IsInf(noise, 0) || maxIter < 0:
		return nil, fmt.Errorf("cluster: Grow.Fit: Target = %g, Noise = %g, MaxIter = %d: %w", g.Target, g.Noise, g.MaxIter, ErrParam)
	}
	mean := make([]float64, d)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			mean[j] += data.x[i*d+j] / float64(n)
		}
	}
	s := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			u := data.x[i*d+j] - mean[j]
			s += u * u
		}
	}
	s = math.Sqrt(s / float64(n*d))
	rng := rand.New(rand.NewPCG(g.Seed, growStream))
	cent := mat.NewDense(1, d, mean)
	res := &GrowResult{}
	for {
		k, _ := cent.Dims()
		km, err := KMeans{K: k, Init: KMeansGiven, Centroids: cent, MaxIter: maxIter}.Fit(x)
		if err != nil {
			return nil, err
		}
		cost := km.Cost / float64(n)
		res.Centroids, res.Labels, res.Cost = km.Centroids, km.Labels, cost
		step := GrowStep{K: k, Cost: cost, Split: -1}
		if cost <= g.Target || k == maxK {
			res.Trace = append(res.Trace, step)
			return res, nil
		}
		// The cluster with the largest mean squared distance to its own prototype.
		within := make([]float64, k)
		for i, l := range km.Labels {
			w, _ := kmNearest(data.x[i*d:(i+1)*d], km.Centroids.RawRowView(l), 1)
			within[l] += w
		}
		best, bestV := 0, -1.0
		for q := 0; q < k; q++ {
			if km.Sizes[q] == 0 {
				continue
			}
			if v := within[q] / float64(km.Sizes[q]); v > bestV {
				best, bestV = q, v
			}
		}
		step.Split = best
		res.Trace = append(res.Trace, step)
		next := mat.NewDense(k+1, d, nil)
		next.Slice(0, k, 0, d).(*mat.Dense).Copy(km.Centroids)
		for j := 0; j < d; j++ {
			next.Set(k, j, km.Centroids.At(best, j)+noise*s*rng.NormFloat64())
		}
		cent = next
	}
}
