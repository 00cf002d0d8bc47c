package cluster

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// OnlineRate is the learning-rate schedule ε of online k-means.
type OnlineRate int

const (
	// RateMacQueen uses ε = 1/n_q, where n_q counts the rows won so far by the winning centroid
	// q (over all epochs). In the first epoch each centroid is then the exact running mean of the
	// rows it has won (MacQueen 1967).
	RateMacQueen OnlineRate = iota
	// RateConstant uses ε = LearningRate for every step: the centroids keep tracking the latest rows,
	// as for a drifting stream, and never settle exactly.
	RateConstant
	// RateDecay uses ε_t = LearningRate/(1 + t/Tau) at global step t = 0, 1, …, the annealing schedule
	// proposed for ML chapter 4 (Clustering and embedding) Fig. 4.1; Σε_t diverges (like
	// Tau·LearningRate·ln t) while Σε_t² stays below LearningRate²·(1 + Tau).
	RateDecay
)

// OnlineKMeans is online (sequential) k-means, ML chapter 4 (Clustering and embedding) Algorithm 3:
// visit the rows in a random order and, for each row x, move only the nearest centroid q (ties to
// the smallest index) a step towards it, w_q ← w_q + ε (x − w_q). Each epoch is one pass in a fresh
// random order.
//
// Zero values mean: Init KMeansPlusPlus, RateRule RateMacQueen, LearningRate 0.5, Tau n (one
// epoch), MaxIter 10 epochs, Tol 0 (run all epochs), Workers GOMAXPROCS.
//
// Order of the random numbers (so that a variant such as an online SOM with σ = 0 can replay the
// same run): the initialisation draws from PCG(Seed, kmInitStream); the visiting order is an
// index slice 0…n−1 that PCG(Seed, kmOrderStream).Shuffle permutes again at the start of every
// epoch.
//
// Cost: O(n·k·d) per epoch for the updates (sequential by nature) plus a parallel O(n·k·d)
// assignment pass per epoch for Trace.
type OnlineKMeans struct {
	K         int
	Init      KMeansInit
	Centroids mat.Matrix // k×d initial centroids for Init == KMeansGiven
	// RateRule is the schedule of ε (named RateRule, not Rate, so that it does not read as the
	// step size, which is LearningRate).
	RateRule     OnlineRate
	LearningRate float64 // ε for RateConstant and ε₀ for RateDecay; in (0, 1]
	Tau          float64 // decay time of RateDecay, in steps; > 0
	MaxIter      int
	// Tol > 0 stops after an epoch in which no centroid moved farther than Tol (Euclidean).
	Tol     float64
	Seed    uint64
	Workers int
	// TraceCentroids keeps the centroids after every epoch in the result's CentroidTrace,
	// for drawing the prototypes' paths; it costs O(k·d) memory per epoch.
	TraceCentroids bool
}

// Fit runs online k-means on the rows of x. The result's Labels and Cost are those of the final
// centroids (one assignment pass), Trace holds the cost after every epoch, and Iter the
// number of epochs run. Errors are as for KMeans.Fit.
func (ok OnlineKMeans) Fit(x mat.Matrix) (*KMeansResult, error) {
	data, err := kmPrepare("OnlineKMeans.Fit", x)
	if err != nil {
		return nil, err
	}
	k, n, d := ok.K, data.n, data.d
	if k <= 0 || k > n {
		return nil, fmt.Errorf("cluster: OnlineKMeans.Fit: K = %d, want 1 ≤ K ≤ n = %d: %w", k, n, ErrParam)
	}
	given, err := kmCheckInit("OnlineKMeans.Fit", ok.Init, ok.Centroids, k, d)
	if err != nil {
		return nil, err
	}
	eta0, tau, epochs := ok.LearningRate, ok.Tau, ok.MaxIter
	eta0 = cmp.Or(eta0, 0.5)
	tau = cmp.Or(tau, float64(n))
	epochs = cmp.Or(epochs, 10)
	switch {
	case ok.RateRule < RateMacQueen || ok.RateRule > RateDecay:
		return nil, fmt.Errorf("cluster: OnlineKMeans.Fit: RateRule = %d is not a known schedule: %w", int(ok.RateRule), ErrParam)
	case !(eta0 > 0 && eta0 <= 1):
		return nil, fmt.Errorf("cluster: OnlineKMeans.Fit: Eta0 = %v, want 0 < Eta0 ≤ 1: %w", ok.LearningRate, ErrParam)
	case !(tau > 0) || math.IsInf(tau, 0):
		return nil, fmt.Errorf("cluster: OnlineKMeans.Fit: Tau = %v, want a finite value > 0: %w", ok.Tau, ErrParam)
	case epochs < 0:
		return nil, fmt.Errorf("cluster: OnlineKMeans: MaxIter = %d, want ≥ 0: %w", epochs, ErrParam)
	case ok.Tol < 0 || math.IsNaN(ok.Tol):
		return nil, fmt.Errorf("cluster: OnlineKMeans.Fit: Tol = %v, want ≥ 0: %w", ok.Tol, ErrParam)
	}
	if err := onlineSize("OnlineKMeans", epochs, n); err != nil {
		return nil, err
	}
	workers, err := kmWorkers("OnlineKMeans.Fit", ok.Workers)
	if err != nil {
		return nil, err
	}
	e := kmNewEngine(data, k, workers)
	wins := make([]int, k)
	start := make([]float64, k*d)
	res := &KMeansResult{Trace: make([]float64, 0, min(epochs, 64))}
	cent, err := kmOnline("OnlineKMeans.Fit", e, ok.Init, given, ok.Seed, epochs, func(step int, xi, cent []float64) {
		if step%n == 0 { // the first visit of an epoch: remember where the centroids started
			copy(start, cent)
		}
		_, q := kmNearest(xi, cent, k)
		wins[q]++
		var eps float64
		switch ok.RateRule {
		case RateMacQueen:
			eps = 1 / float64(wins[q])
		case RateConstant:
			eps = eta0
		case RateDecay:
			eps = eta0 / (1 + float64(step)/tau)
		}
		w := cent[q*d : (q+1)*d]
		w = w[:len(xi)]
		for t, v := range xi {
			w[t] += eps * (v - w[t])
		}
	}, func(ep int, cent []float64) bool {
		res.Trace = append(res.Trace, e.cost)
		res.Iter = ep
		if ok.TraceCentroids {
			res.CentroidTrace = append(res.CentroidTrace, mat.NewDense(k, d, slices.Clone(cent)))
		}
		shift := 0.0
		for j := 0; j < k; j++ {
			s, _ := kmNearest(cent[j*d:(j+1)*d], start[j*d:(j+1)*d], 1)
			shift = max(shift, s)
		}
		res.Converged = ok.Tol > 0 && math.Sqrt(shift) <= ok.Tol
		return res.Converged
	})
	if err != nil {
		return nil, err
	}
	res.Cost = e.cost
	res.Labels = append([]int(nil), e.labels...)
	res.Sizes = append([]int(nil), e.counts...)
	res.Centroids = mat.NewDense(k, d, cent)
	res.RestartCosts = []float64{e.cost}
	return res, nil
}
