// Package online implements the multiplicative-weight algorithms of AFDS (Algorithmic
// Foundations of Data Science) chapter 4 (Multiplicative weights): §4.1 Weighted Majority (Thm 4.2)
// and the randomised multiplicative weight update (MWU) with a loss matrix (Thm 4.3), for losses in
// [0, 1] and, as in Arora–Hazan–Kale, in [−1, 1]; §4.2 boosting a weak learner by MWU over the
// training examples (Thm 4.6), with decision stumps as the weak learner, and Freund–Schapire
// AdaBoost for comparison; §4.3 EXP3 for adversarial
// bandits (Thm 4.7, Cor. 4.8). MWU reports the exact expected loss; MWUSampled also draws the
// expert to follow each round from a seeded stream, so the realised loss can be compared with the
// expectation. EXP3 plays a fixed reward table (Run) or an adaptive Adversary whose rewards may
// depend on the player’s past actions (RunAdaptive).
// Every run returns traces (cumulative losses, regret, potential)
// for plotting the bounds, and functions that evaluate the theorems' bounds.
//
// Weights are kept as logarithms, so horizons of millions of rounds neither underflow nor
// overflow; the potential is reported as ln Φ.
//
// Seed errata handled here: the Weighted Majority decision rule is the corrected
// d = 1 iff Σ_{i: a_i = 1} w_i ≥ Σ_{i: a_i = 0} w_i (the seed's L2900 is garbled); the bound of
// Thm 4.3 needs α ≤ ½ (more precisely ln(1/(1−α)) ≤ α(1+α), α ≲ 0.6838), so MWUBoundExact gives
// the form valid for all α ∈ (0, 1); the boosting round count ⌈(2/α²) ln(1/ε)⌉ is rounded up,
// the potential after t rounds is Φ^(t+1), and the scheme is MWU boosting (Arora–Hazan–Kale,
// fixed α = ½ − γ and an unweighted vote), not Freund–Schapire AdaBoost, hence the name
// BoostMWU; EXP3's tuned γ* takes a known upper bound g ≥ q_max (Auer et al.), since q_max is
// unknown before play.
package online
