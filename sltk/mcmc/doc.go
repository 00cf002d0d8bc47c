// Package mcmc samples Gibbs distributions by Markov chain Monte Carlo and minimises costs by
// simulated annealing.
//
// It implements SLT chapter 2 (MCMC and simulated annealing): Markov chains on finite state spaces
// (Theorem 6: a connected chain with self-loops in detailed balance with p converges to p), the
// Metropolis–Hastings acceptance rule (Definitions 7–8, eqs. 2.5–2.7, Exercises 4–5), sample
// averages (eq. 2.2, summed over t ≤ m: the seed's t ≤ ℓ is erratum E9), the treasure-hunter
// proposal (eq. 2.8 with its second case corrected to c−1, erratum E8; TreasureHunter as a
// matrix, HunterStep as a sampler) and simulated annealing (Algorithm 1, with the N steps per
// temperature as an explicit field: erratum E10).
//
// Three layers:
//   - Finite chains as dense matrices: MetropolisMatrix builds the kernel (2.6) from a target and a
//     proposal matrix; Stationary, DetailedBalanceError and HittingTimes check Theorem 6 exactly.
//   - MH[S], a Metropolis–Hastings sampler on any state type with symmetric or asymmetric
//     proposals, recording the trace and the acceptance rate; Visits and
//     TotalVariation measure how close its visit frequencies are to the target.
//   - SimulatedAnnealing on a System (a state that proposes moves and reports their cost
//     change, so large systems such as Ising lattices update in place) with the library's one
//     schedule (gibbs.Schedule, geometric in temperatures) and driver (gibbs.Anneal), and
//     Acceptance rules (Metropolis, HeatBath).
//
// Exact enumerates the Gibbs distribution of a small system (Z, probabilities, ⟨E⟩, Var E) as a
// reference for the samplers.
//
// The Ising model and mean-field annealing of ML chapter 3 (Stochastic optimisation) use the same
// machinery:
//   - Ising (§3.3) is a spin system with couplings W that implements System, so
//     SimulatedAnnealing runs on it (§3.1, Algorithm 1; GlauberProb and HeatBath give the notes'
//     heat-bath rule). GlauberFrequencies runs the fixed-β chain of §3.2, whose visit
//     frequencies converge to the Gibbs distribution by detailed balance; IsingExact and
//     GroundState enumerate small systems exactly as the reference.
//   - MeanField (§3.3, Algorithm 6) replaces sampling by the factorising distribution closest in
//     KL divergence and anneals its magnetisations m = tanh(βWm) over β, with the sign the notes
//     lose restored (ML chapter 3 (Stochastic optimisation) erratum E18). MeanFieldFreeEnergy and
//     MeanFieldKL measure how far the approximation is from the exact free energy; CriticalBeta is
//     where m = 0 becomes unstable.
//   - MeanFieldAnneal is the generic engine underneath (SLT chapter 8, Mean-field
//     approximation): any MeanFieldModel (N sites of K states, the mean fields ∂⟨E⟩_Q/∂q_i and
//     ⟨E⟩_Q) is annealed by sequential sweeps, which never raise F_Q = ⟨E⟩_Q − T·H(Q), or
//     synchronous ones. PairwiseEnergy is the model for unary plus pairwise energies
//     (NewIsingEnergy, NewPottsEnergy), with Exact and KL by enumeration; MeanField and
//     cluster.Pairwise run on the engine. CurieWeissExact, IsingMetropolis and
//     OnsagerMagnetisation are the references where mean field is exact, sampled, or wrong.
//   - Units: these Ising functions take the inverse temperature β = 1/T as in the chapter, in a
//     parameter named beta (the root package's vocabulary lists them); everything else in the
//     package, the annealing schedules included, speaks temperatures T.
//
// AFDS chapter 6 (Monte Carlo methods and Markov chains, §6.2–6.4) adds chains as values:
// FiniteChain (float64) and RatChain (exact math/big.Rat, for the worked tables) with Step, Evolve,
// Stationary, Connected, Period, Ergodic, Lazy, DetailedBalance, TotalVariation and the exact
// mixing time; the MCMC estimator of Theorem 6.21 (MCMCMean); Metropolis–Hastings on {0,1}^d (Cube)
// and on the matchings of a graph (MatchingChain; Matchings enumerates them as edge masks,
// MaskEdges and Degrees read one back and check it); the random-card-to-top shuffle and the size-k
// independent-set chain with their couplings (ShuffleCoupling, IndSetCoupling, CouplingTimes). The
// older matrix helpers (Stationary, DetailedBalanceError) remain for the seed-000 chapters;
// Stationary and FiniteChain.Stationary share one solver, the Grassmann–Taksar–Heyman state
// reduction (exact to rounding also for periodic and nearly decomposable chains), which
// embed.Perron uses for stochastic matrices too.
//
// Errors wrap the sentinels of package errs, re-exported here (ErrEmpty, ErrNotFinite, ErrShape,
// ErrParam, ErrProb, ErrTooLarge, ErrDisconnected), so callers can test them with errors.Is.
package mcmc
