// Package montecarlo estimates by sampling: means with a Hoeffding sample size, π by darts,
// rejection sampling with its acceptance statistics (volumes, the lake), and the Karp–Luby
// sampler and counter for the models of a DNF formula.
//
// It implements RWTH "Algorithmic Foundations of Data Science" chapter 6, §6.1 (Lemma 6.1 and
// 6.2 with the standard Hoeffding range factor (b−a)², Lemma 6.4, Theorem 6.6, Remark 6.7),
// with the Karp–Luby proposal corrected to choose term i with probability 2^{−k_i}/Σ_j 2^{−k_j}
// (the lecture's uniform choice is biased unless all terms have equal length). Markov chain
// Monte Carlo, §6.2–6.4, is in package mcmc.
//
// Errors wrap the sentinels of package errs, re-exported here.
package montecarlo

import "github.com/sltk-book/sltk/sltk/errs"

// Sentinel errors returned (wrapped) by this package.
var (
	ErrEmpty     = errs.ErrEmpty
	ErrParam     = errs.ErrParam
	ErrNotFinite = errs.ErrNotFinite
	ErrTooLarge  = errs.ErrTooLarge
)
