// Package synth generates the synthetic data sets that the notebooks and tests of sltk use in
// place of the figures' lost data: isotropic blobs, two moons, concentric circles, the swiss roll
// and the S-curve, Gaussian mixtures with full covariances, and independent sources (including a
// synthetic voice and Gaussian AR(1) and MA(1) processes) with a random mixing matrix for ICA;
// Separation bundles sources, mixing matrix and recordings into one seeded problem, and Stack
// puts single series (AR, MA, Speech, a Wave) side by side as the columns of a source matrix.
//
// Every generator is a struct of parameters whose zero value means a documented default, with a
// Generate method. Randomness comes only from the Seed field (math/rand/v2, PCG): the same
// parameters and seed give bit-identical data. Data is returned as an n×d *mat.Dense with one
// observation per row, together with labels (cluster or component index) or the intrinsic
// coordinate of a manifold where one exists. Bad parameters return an error wrapping ErrParam, ErrShape,
// ErrEmpty or ErrNotFinite (the sentinels of package errs); nothing panics.
//
// Uses in the courses: blobs and mixtures for k-means and deterministic annealing (SLT chapter 3
// (Deterministic annealing) Figs. 3.1/3.2, ML chapter 4 (Clustering and embedding), AFDS chapter 1
// (Understanding ML algorithms) §1.5), moons and circles for spectral clustering (AFDS chapter 5
// (High-dimensional data) §5.6), swiss roll and S-curve for LLE (ML chapter 4 (Clustering and
// embedding) Fig. 4.9), sources and mixing for ICA (ML chapter 2 (Independent component analysis)).
package synth
