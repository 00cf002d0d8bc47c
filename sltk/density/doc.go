// Package density estimates probability densities and fits latent-variable models.
//
// It holds the generic expectation–maximisation loop (EM, Algorithm 5 of seed 000, appendix B.4)
// that every mixture model of sltk runs on, and the mixture of multivariate Bernoulli
// distributions with missing entries (seed 000, appendix B.3: the movie-recommendation table).
// Gaussian mixtures by EM (seed 001, chapters 3–5) live in gmm*.go and use the same loop.
//
// All probabilities are handled in the log domain: the E-steps subtract the row maximum before
// exponentiating, so responsibilities stay finite for any data scale.
package density
