package gibbs

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// The protocol example of SLT chapter 10 (Posterior agreement from information theory) §10.3: two
// algorithms estimate the mean of a unit-variance Gaussian from n points and report a Gaussian
// belief about it on a finite grid of candidate means, so that Protocol can compare them.

// MeanGrid is the finite hypothesis class of the protocol example: the candidate means
// −8, −7.95, …, 8 (321 values, spacing 0.05).
func MeanGrid() []float64 {
	g := make([]float64, 321)
	for i := range g {
		g[i] = -8 + 0.05*float64(i)
	}
	return g
}

// SpreadMeans returns the means of the m phenomena of the protocol example, spread evenly over
// [−4, 4] (a single phenomenon sits at 0). m must be at least 1.
func SpreadMeans(m int) ([]float64, error) {
	if m < 1 {
		return nil, fmt.Errorf("gibbs: SpreadMeans: m = %d phenomena, want ≥ 1: %w", m, ErrParam)
	}
	if m > MaxPairs {
		return nil, fmt.Errorf("gibbs: SpreadMeans: m = %d phenomena, limit MaxPairs = %d: %w", m, MaxPairs, ErrTooLarge)
	}
	if m == 1 {
		return []float64{0}, nil
	}
	mu := make([]float64, m)
	for j := range mu {
		mu[j] = -4 + 8*float64(j)/float64(m-1)
	}
	return mu, nil
}

// GaussianPhenomena returns m phenomena for Protocol: phenomenon j draws n points of
// N(SpreadMeans(m)[j], 1). Cost O(n) per draw.
func GaussianPhenomena(m, n int) ([]func(*rand.Rand) []float64, error) {
	if n < 2 {
		return nil, fmt.Errorf("gibbs: GaussianPhenomena: n = %d points, want ≥ 2: %w", n, ErrParam)
	}
	if n > MaxPairs {
		return nil, fmt.Errorf("gibbs: GaussianPhenomena: n = %d points, limit MaxPairs = %d: %w", n, MaxPairs, ErrTooLarge)
	}
	mu, err := SpreadMeans(m)
	if err != nil {
		return nil, err
	}
	out := make([]func(*rand.Rand) []float64, m)
	for j := range out {
		out[j] = func(rng *rand.Rand) []float64 {
			x := make([]float64, n)
			for i := range x {
				x[i] = mu[j] + rng.NormFloat64()
			}
			return x
		}
	}
	return out, nil
}

// MeanShift returns the transformations of the empirical variant for m messages: message j
// shifts the data by SpreadMeans(m)[j], which moves the posterior without changing the
// randomness of the data.
func MeanShift(m int) (func(x []float64, j int) []float64, error) {
	mu, err := SpreadMeans(m)
	if err != nil {
		return nil, err
	}
	return func(x []float64, j int) []float64 {
		y := make([]float64, len(x))
		for i, v := range x {
			y[i] = v + mu[j]
		}
		return y
	}, nil
}

// MeanEstimator is an algorithm of the protocol example: an estimate of the mean of
// unit-variance Gaussian data together with its sampling variance.
type MeanEstimator int

const (
	// SampleMean is the maximum-likelihood estimate x̄, with sampling variance 1/n.
	SampleMean MeanEstimator = iota
	// Midrange is (min + max)/2, which uses only the two extreme points; for Gaussian data
	// its sampling variance is asymptotically π²/(24 ln n).
	Midrange
)

// String returns the estimator's name.
func (e MeanEstimator) String() string {
	switch e {
	case SampleMean:
		return "sample mean"
	case Midrange:
		return "midrange"
	}
	return fmt.Sprintf("MeanEstimator(%d)", int(e))
}

// Estimate returns the estimate of the mean and its sampling variance. x needs at least two
// finite values.
func (e MeanEstimator) Estimate(x []float64) (mean, variance float64, err error) {
	if len(x) < 2 {
		return 0, 0, fmt.Errorf("gibbs: MeanEstimator.Estimate: %v: %d points, want ≥ 2: %w", e, len(x), ErrParam)
	}
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, 0, fmt.Errorf("gibbs: MeanEstimator.Estimate: %v: x[%d] = %v: %w", e, i, v, ErrNotFinite)
		}
	}
	n := float64(len(x))
	switch e {
	case SampleMean:
		s := 0.0
		for _, v := range x {
			s += v
		}
		return s / n, 1 / n, nil
	case Midrange:
		return (slices.Min(x) + slices.Max(x)) / 2, math.Pi * math.Pi / (24 * math.Log(n)), nil
	}
	return 0, 0, fmt.Errorf("gibbs: MeanEstimator.Estimate: unknown MeanEstimator %d: %w", int(e), ErrParam)
}

// Posterior is the algorithm's output for Protocol: log p(c | x) on MeanGrid, the Gaussian
// N(estimate, sampling variance) restricted to the grid and normalised. Cost O(|grid| + n).
func (e MeanEstimator) Posterior(x []float64) ([]float64, error) {
	m, v, err := e.Estimate(x)
	if err != nil {
		return nil, err
	}
	grid := MeanGrid()
	cost := make([]float64, len(grid))
	for i, c := range grid {
		cost[i] = (c - m) * (c - m) / (2 * v)
	}
	d, err := New(cost, 1)
	if err != nil {
		return nil, err
	}
	return d.LogP, nil
}
