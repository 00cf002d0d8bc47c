package main

import (
	"fmt"
	"time"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/synth"
)

// daWorkload is deterministic annealing with K = 16 through the whole schedule
// (T0 = 1.5·T_c, T ← 0.8·T, down to 1e-3·T_c; inner loop until no centroid coordinate moves more
// than 1e-5 of the data scale, at most 200 iterations). DA has no scikit-learn peer, so the peer
// is the vectorised NumPy loop a Python user would write (da_numpy in peers.py) with the same
// schedule, tolerances and noise scale. The symmetry-breaking noise comes from each side's own
// generator, so the two runs split in different directions; the quality figure is the final
// k-means cost Σ min_k ‖x − θ_k‖². The two sides therefore run different numbers of inner
// iterations (3633 and 3560 in one run); the notes give sltk's time per inner iteration and the
// ratio of the peer's to sltk's, and both sides' CPU seconds (all threads: sltk's goroutines,
// NumPy's BLAS threads) with their ratio, steadier than wall time on a shared machine.
func daWorkload(n, d int) Workload {
	const k, alpha, tol, maxInner, noise = 16, 0.8, 1e-5, 200, 1e-3
	return Workload{
		Name:    fmt.Sprintf("deterministic annealing n=%d d=%d K=%d, full schedule", n, d, k),
		Quality: "final cost Σ min‖x−θ‖²",
		Data: func() (Inputs, error) {
			x, _, _, err := synth.Blobs{N: n, K: k, Dim: d, Std: 1, Seed: 1}.Generate()
			return Inputs{"x": x}, err
		},
		Run: func(in Inputs) (Result, error) {
			start := time.Now()
			res, err := cluster.DA{K: k, Schedule: gibbs.Schedule{Cooling: alpha}, Tol: tol, MaxIter: maxInner, Noise: noise, Seed: 1}.Fit(in["x"])
			if err != nil {
				return Result{}, err
			}
			perIter := time.Since(start).Seconds() / float64(res.Iter)
			return Result{Quality: res.Cost, Note: fmt.Sprintf("%d levels, %d inner iter, %.2f ms per inner iter",
				len(res.Levels), res.Iter, 1e3*perIter)}, nil
		},
		// Both sides' notes say "<levels> levels, <count> inner iter, …".
		Iter: func(note string) int {
			var levels, iter int
			if _, err := fmt.Sscanf(note, "%d levels, %d inner iter", &levels, &iter); err != nil {
				return 0
			}
			return iter
		},
		Peer: "da_numpy",
		Params: map[string]any{"k": k, "alpha": alpha, "tol": tol, "max_inner": maxInner, "noise": noise,
			"t0_factor": 1.5, "tmin_factor": 1e-3},
	}
}

func init() {
	register(daWorkload(100_000, 2), daWorkload(100_000, 10))
}
