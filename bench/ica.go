package main

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/ica"
	"github.com/sltk-book/sltk/sltk/synth"
)

// fasticaWorkload is symmetric FastICA with the log cosh contrast (a = 1) on n observations of
// d = 8 mixed non-Gaussian sources, against scikit-learn's FastICA(algorithm="parallel",
// fun="logcosh", whiten="unit-variance", whiten_solver="eigh") with the same tolerance 1e-4 on
// the same data (the stopping rules agree: max_i (1 − |b_iᵀb_i^old|) < tol). Both sides
// compute the sources. Quality: the Amari index of W·A against the true mixing matrix
// (lower is better).
func fasticaWorkload(n int) Workload {
	kinds := []synth.Source{synth.Laplace, synth.Uniform, synth.Sine, synth.Square,
		synth.Sawtooth, synth.Laplace, synth.Uniform, synth.Sine}
	return Workload{
		Name:    fmt.Sprintf("FastICA symmetric logcosh n=%d d=8, tol 1e-4", n),
		Quality: "Amari index (lower is better)",
		Data: func() (Inputs, error) {
			s, err := synth.Sources{N: n, Kinds: kinds, Period: 40, Seed: 1}.Generate()
			if err != nil {
				return nil, err
			}
			a, err := synth.MixingMatrix(len(kinds), 5, 2)
			if err != nil {
				return nil, err
			}
			x, err := synth.Mix(s, a)
			if err != nil {
				return nil, err
			}
			return Inputs{"x": x, "a": a}, nil
		},
		Run: func(in Inputs) (Result, error) {
			res, err := ica.FastICA{Contrast: ica.LogCosh, Mode: ica.Symmetric, Tol: 1e-4, Seed: 1}.Fit(in["x"])
			if err != nil {
				return Result{}, err
			}
			am, err := res.Amari(in["a"])
			if err != nil {
				return Result{}, err
			}
			return Result{Quality: am, Note: fmt.Sprintf("%d iter", res.Iter)}, nil
		},
		Peer:   "fastica_logcosh",
		Params: map[string]any{"tol": 1e-4, "max_iter": 200},
	}
}

func init() {
	register(fasticaWorkload(1_000_000))
}
