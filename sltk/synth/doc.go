// Package synth generates the synthetic data sets that the notebooks and tests of sltk use in
// place of the figures' lost data: isotropic blobs, two moons, concentric circles, the swiss roll
// and the S-curve, Gaussian mixtures with full covariances, and independent sources (including a
// synthetic voice and Gaussian AR(1) and MA(1) processes) with a random mixing matrix for ICA;
// Separation bundles sources, mixing matrix and recordings into one seeded problem.
//
// Every generator is a struct of parameters whose zero value means a documented default, with a
// Generate method. Randomness comes only from the Seed field (math/rand/v2, PCG): the same
// parameters and seed give bit-identical data. Data is returned as an n×d *mat.Dense with one
// observation per row, together with labels (cluster or component index) or the intrinsic
// coordinate of a manifold where one exists. Bad parameters return an error wrapping ErrParam, ErrShape,
// ErrEmpty or ErrNotFinite (the sentinels of package errs); nothing panics.
//
// Uses in the seeds: blobs and mixtures for k-means and deterministic annealing (seed 000 ch. 3
// Figs. 3.1/3.2, seed 001 ch. 4, seed 002 §1.5), moons and circles for spectral clustering
// (seed 002 §5.6), swiss roll and S-curve for LLE (seed 001 Fig. 4.9), sources and mixing for ICA
// (seed 001 ch. 2).
package synth
