// Package cluster implements the clustering algorithms of the three lecture texts.
//
// K-means (files kmeans*.go):
//   - seed 002 §1.5 (K-MEANS, Thm 1.18–1.19): Lloyd's algorithm with ties to the smallest index,
//     the halting potential (Δ_s non-increasing), dependence on the initialisation;
//   - seed 001 ch. 4.1 (Algorithms 2 and 3): batch k-means with the notes' mean-plus-noise
//     initialisation, and online k-means with a learning-rate schedule (MacQueen's 1/n_q,
//     constant, or ε₀/(1+t/τ));
//   - seed 000 ch. 3: Lloyd as the T → 0 limit of deterministic annealing and the random-restart
//     baseline it is compared with.
//
// The seed's K-MEANS leaves the update of an empty cluster undefined; KMeans keeps the old
// centroid by default (documented erratum) and can instead re-seed it at the farthest point.
//
// Data is an n×d matrix with one observation per row. Randomness comes only from the Seed
// fields, and results are bit-identical whatever the number of worker goroutines: rows are cut
// into blocks whose size depends only on the data's shape, and per-block partial sums are added
// in block order. Errors wrap the sentinel errors of this package (ErrBadK, ErrEmptyData,
// ErrNotFinite, ErrShape, ErrBadParam) so callers can test them with errors.Is.
package cluster
