package cluster

import (
	"fmt"
	"math/rand/v2"
)

// MaxEpochs caps MaxIter (epochs) of the online methods (OnlineKMeans, OnlineSoftKMeans, SOM),
// whose traces hold one entry per epoch, and MaxOnlineSteps their number of single-point
// updates, epochs·n (2⁴⁰ ≈ 1.1e12, hours of work at the least; the step counter and the
// schedules' step fractions stay exact far below it).
const (
	MaxEpochs      = 1 << 20
	MaxOnlineSteps = 1 << 40
)

// onlineSize checks the limits MaxEpochs and MaxOnlineSteps for epochs over n points; the
// error (wrapping ErrTooLarge) names the function fn.
func onlineSize(fn string, epochs, n int) error {
	if epochs > MaxEpochs {
		return fmt.Errorf("cluster: %s: MaxIter = %d epochs, limit MaxEpochs = %d: %w", fn, epochs, MaxEpochs, ErrTooLarge)
	}
	if n > 0 && epochs > MaxOnlineSteps/n {
		return fmt.Errorf("cluster: %s: %d epochs × %d points exceed MaxOnlineSteps = %d updates: %w", fn, epochs, n, MaxOnlineSteps, ErrTooLarge)
	}
	return nil
}

// kmOnline runs the sequential updates shared by OnlineKMeans, OnlineSoftKMeans and SOM, and so
// fixes their common order of random numbers (documented at OnlineKMeans), which is what lets a
// SOM with σ = 0 replay online k-means step for step. The prototypes start from
// kmInitCentroids with PCG(seed, kmInitStream); every epoch PCG(seed, kmOrderStream) shuffles
// the visiting order again, and visit(step, xi, w) updates the prototypes w (row-major) for the
// point xi at the step-th visit overall (from 0). After each epoch e assigns every point to its
// nearest prototype, then endEpoch(ep, w) (ep from 1) may stop the run by returning true. It
// returns w. Cost: the visits plus one O(n·k·d) assignment pass per epoch.
func kmOnline(fn string, e *kmEngine, init KMeansInit, given []float64, seed uint64, epochs int,
	visit func(step int, xi, w []float64), endEpoch func(ep int, w []float64) bool) ([]float64, error) {
	w, err := kmInitCentroids(fn, e, init, given, rand.New(rand.NewPCG(seed, kmInitStream)))
	if err != nil {
		return nil, err
	}
	n, d := e.data.n, e.data.d
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	orng := rand.New(rand.NewPCG(seed, kmOrderStream))
	step := 0
	for ep := 1; ep <= epochs; ep++ {
		orng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			visit(step, e.data.x[i*d:(i+1)*d], w)
			step++
		}
		e.assign(w)
		if endEpoch(ep, w) {
			break
		}
	}
	return w, nil
}

// kmMoveAll moves every prototype q towards xi by its gain: w_q ← w_q + g_q (xi − w_q). Zero
// gains are skipped. Cost O(k·d).
func kmMoveAll(w, gains, xi []float64) {
	d := len(xi)
	for q, g := range gains {
		if g == 0 {
			continue
		}
		wq := w[q*d : (q+1)*d]
		for t, v := range xi {
			wq[t] += g * (v - wq[t])
		}
	}
}
