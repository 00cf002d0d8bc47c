// Package embed maps high-dimensional data to a few coordinates.
//
// It implements locally linear embedding (LLE, ML chapter 4 (Clustering and embedding) §4.4, Fig.
// 4.9): every point is reconstructed from its Neighbors nearest neighbours (found with gonum's k-d
// tree) by weights that sum to one, and the low-dimensional coordinates are the bottom eigenvectors
// of G = (I − W)ᵀ(I − W). The local Gram matrices are regularised, as they must be when
// Neighbors exceeds the input dimension (erratum E31). The embedding is centred with unit-norm
// columns, as in scikit-learn; √p times it meets the notes' constraint (1/p) Σ u uᵀ = I (E31),
// and its Cost is the sum of the kept bottom eigenvalues (scikit-learn's reconstruction_error_).
//
// For high-dimensional data (AFDS chapter 5 (High-dimensional data)) it holds the library's one PCA
// (PCA: full SVD and randomized, §5.5, Theorem 5.29; ica's whitening takes its eigenpairs from it),
// power iteration with deflation and the Rayleigh quotient (§5.3, A5.5), Perron–Frobenius helpers
// (Irreducible, SpectralRadius, Perron; §5.4), and random projection with the
// Johnson–Lindenstrauss dimension, the constant a parameter (RandomProjection, JLDim; §5.2).
//
// For pairwise data (SLT chapter 7 (Constant-shift embedding)) it holds the constant-shift
// embedding (ConstantShift; Roth, Laub, Kawanabe & Buhmann 2003): the double centring
// CentredSimilarity, the shift ShiftDissimilarities that makes non-metric dissimilarities
// squared Euclidean, and the Levenshtein distances EditDistance and EditDistances as a real
// non-metric example.
//
// Errors wrap the sentinels of package errs, re-exported here (ErrEmpty, ErrNotFinite,
// ErrParam, ErrSingular, ErrDisconnected), so callers can use errors.Is; nothing panics on bad
// input.
package embed
