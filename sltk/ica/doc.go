// Package ica separates linear mixtures of independent signals (blind source separation).
//
// It implements ML chapter 2 (Independent component analysis) of the machine-learning lecture
// notes: the model X = AS with unmixing Ŝ = WX (§2, §2.1), its limitations
// (§2.2: permutation, scale and sign, Gaussian sources), and the approaches of §2.3:
//
//   - §2.3.1 Infomax: plain (Euclidean) and natural gradient, batch and online, with the
//     logistic score of the notes and further score functions ([Infomax]);
//   - §2.3.2 the second-order approach: two shifts ([AMUSE]) and joint
//     diagonalisation of several lagged covariances ([SOBI] with Jacobi angles, [FFDiag]);
//   - §2.3.3 maximisation of non-Gaussianity by kurtosis: batch and online gradient rules
//     ([Gradient] with [Kurtosis]) and the kurtosis fixed point ([FastICA] with [Kurtosis]);
//   - §2.3.4 negentropy with the three contrast functions log cosh, Gauss and kurtosis:
//     batch and online gradient ([Gradient]) and FastICA one unit with deflation or with
//     symmetric orthogonalisation ([FastICA]).
//
// Centering and whitening ([Whitener]) is shared by all methods; it drops directions whose
// covariance eigenvalue is tiny, which reduces the dimension. Evaluation helpers are the
// Amari index ([AmariIndex]) and a matching of recovered to true sources up to permutation
// and sign ([Match]); [Result.Evaluate] reports both against a known truth.
//
// Conventions: data are n×d matrices with one observation per row, so the notes' N×p matrix X
// is the transpose of the input here. A fitted [Result] holds the unmixing matrix W (k×d) with
// ŝ = W(x − mean), the mixing matrix A (d×k), the sources (n×k, one recovered signal per
// column), iterations and convergence. Covariances use the 1/n normalisation.
//
// The package implements the corrected forms of the notes' errata: whitening is
// Λ^{-1/2}Eᵀ(x − x̄) (E4), the lagged covariance is averaged over the n − τ valid pairs and
// symmetrised (E9, E10), the FastICA step subtracts b·⟨G″(bᵀu)⟩ (E15), online rules use a
// single sample (E13), and the unmixing matrix is Bᵀ Λ^{-1/2} Eᵀ for the notes' B with the
// units in its columns, not EΛ^{-1/2}B (E16).
//
// Heavy products (n×d by d×d) run over row blocks on all cores with gonum's BLAS; partial
// sums are added in block order, so results do not depend on the number of goroutines.
package ica
