// Package density estimates probability densities and fits latent-variable models.
//
// ML chapter 5 (Probability density estimation):
//   - nonparametric (§5.1): Histogram, the fixed-bin baseline; KDE, the Parzen window estimator
//     with the box kernel (the gliding histogram, §5.1.1) or the Gaussian kernel (§5.1.2), whose
//     width is chosen by leave-one-out likelihood (LeaveOneOut, SilvermanWidth) so that neither
//     over- nor under-smoothing has to be tuned by eye;
//   - parametric (§5.2.1): FitGaussian, the maximum-likelihood multivariate Gaussian (the biased
//     1/p covariance), and Gaussian, its density through a cached Cholesky factor;
//   - generic parametric maximum likelihood (§5.2, procedure A32): GradientML minimises the mean
//     negative log-likelihood of any LogDensityFunc (e.g. GaussianLogDensity) by batch or online
//     gradient descent, and NLL evaluates it on training or test data;
//   - Gaussian mixtures (§5.2.2, Algorithm 7): GMM with full (the default, as in scikit-learn),
//     diagonal or isotropic covariances, started from cluster.KMeans centroids, a variance floor
//     against collapse, restarts and BIC; IsotropicMixture builds the mixture whose posterior
//     equals the soft k-means assignments of ML chapter 4 (Clustering and embedding).
//
// Fitted models (GMMResult, KDEModel, Gaussian) are sltk.DensityModel values: LogDensity gives
// ln p(xᵢ) per row and Score the mean log-likelihood (1/n) Σᵢ ln p(xᵢ), the quantity
// scikit-learn's score reports; GMMResult.LogLik is that mean on the training data.
//
// SLT appendix B (The EM algorithm): DistanceMax, the vegan flea's alternation of a lower bound and its
// maximiser (Algorithm 4, §B.2.4) that pictures EM in one dimension; the generic
// expectation–maximisation loop (EM over any EMModel,
// Algorithm 5 of §B.4, with the log-likelihood trace and a check that it never decreases), which
// every mixture of this package runs on, and BernoulliMixture, the mixture of multivariate
// Bernoulli distributions with missing entries (§B.3: the movie-recommendation table).
//
// All probabilities are handled in the log domain: the E-steps use the library's one softmax
// (gibbs.Softmax), so responsibilities stay finite for any data scale. Errors wrap the
// sentinels of package errs re-exported here (ErrEmpty, ErrNotFinite, ErrShape, ErrParam,
// ErrProb, ErrNotFitted, ErrSingular) or ErrDecrease (an errs.ErrBreakdown), a user EM model whose step lowered the
// log-likelihood.
package density
