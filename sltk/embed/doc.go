// Package embed maps high-dimensional data to a few coordinates.
//
// It implements locally linear embedding (LLE, seed 001 §4.4, Fig. 4.9): every point is
// reconstructed from its K nearest neighbours (found with gonum's k-d tree) by weights that sum
// to one, and the low-dimensional coordinates are the bottom eigenvectors of
// G = (I − W)ᵀ(I − W). The local Gram matrices are regularised, as they must be when K exceeds
// the input dimension (erratum E31), and the embedding is scaled so that (1/p) Σ u uᵀ = I, the
// constraint the notes intend (E31), and centred.
//
// Errors wrap the sentinels ErrInput, ErrNeighbours and ErrDisconnected so callers can use
// errors.Is; nothing panics on bad input.
package embed
