// Package cluster implements the clustering algorithms of the three lecture texts: centroid
// methods (k-means and its annealed, soft and online variants), histogram clustering, pairwise
// clustering of dissimilarity data, self-organising maps and the validation of the number of
// clusters.
//
// K-means (kmeans*.go), the common baseline of all three texts:
//   - AFDS chapter 1 (Understanding ML algorithms) §1.5 (K-MEANS, Thm 1.18–1.19): KMeans is Lloyd's
//     algorithm with ties to the smallest index, the halting potential (Δ_s non-increasing) and the
//     dependence on the initialisation (KMeansInit: random rows, mean plus noise, k-means++,
//     given);
//   - ML chapter 4 (Clustering and embedding), §4.1 (Algorithms 2 and 3): batch k-means with the
//     notes' mean-plus-noise initialisation, and OnlineKMeans with a learning-rate schedule
//     (MacQueen's 1/n_q, constant, or ε₀/(1+t/τ));
//   - SLT chapter 3 (Deterministic annealing): Lloyd as the T → 0 limit of deterministic annealing
//     and the random-restart baseline it is compared with. Assign gives the nearest-centroid labels
//     and cost.
//
// KMeans can skip distance computations that bounds prove cannot change an assignment (Hamerly's
// method, AccelHamerly); the result is bit-identical to the plain Lloyd step (AccelNone), and by
// default (AccelAuto) the one that measured faster on the machine's kernels runs.
//
// The seed's K-MEANS leaves the update of an empty cluster undefined; KMeans keeps the old
// centroid by default (documented erratum) and can instead re-seed it at the farthest point.
//
// Deterministic annealing (anneal*.go, histogram.go), SLT chapters 3 and 5 (Deterministic
// annealing, Histogram clustering): the Gibbs distribution of a clustering cost factorises over
// objects, so its centroids can be followed from high temperature down to T → 0 instead of sampled.
//   - DA (Algorithm 2) with the trace per temperature (free energy, entropy, distinct centroids,
//     their critical temperatures) and the phase transitions of §3.7; CriticalTemperature gives
//     the first split T_c = 2λ_max, Posteriors and FreeEnergy the Gibbs quantities at given
//     centroids (Theorems 9–10, with errata E13–E14 corrected), MeanHessian the Hessian of F at
//     the sample mean whose sign change marks T_c (erratum E17 corrected).
//   - DAPA chooses the number of clusters by posterior agreement (§3.8, Ex. 7); DALogPAKernel is
//     the factorised kernel it maximises.
//   - HistogramDA (ch. 5, Algorithm 3) clusters empirical histograms under the KL cost;
//     PatchCounts (image patches as objects, gray values as features) and HistogramsFromCounts
//     prepare its input (info.KLNats scores it).
//
// Every annealing method of the package (DA, DAPA, HistogramDA, Pairwise, PairwiseSOM,
// SoftSOM) takes its temperatures as one gibbs.Schedule (T0, TMin, Cooling; zero fields mean
// the method's documented defaults) and runs on the library's one driver, gibbs.Anneal, whose
// per-level record gibbs.Level (T, Cost, FreeEnergy, Iter, Converged) every level type embeds.
// OnlineSoftKMeans lowers the temperature of the same Schedule continuously, step by step.
//
// Spectral clustering (similarity.go, cuts.go, spectral.go), AFDS chapter 5 (High-dimensional data)
// §5.6: similarity graphs (GaussianGraph, KNNGraph, EpsilonGraph), the unnormalised and normalised
// Laplacians, cut objectives (Cut, with brute force over all partitions in BestCut for small
// graphs), and SpectralClustering: the first eigenvectors of a Laplacian, then KMeans on them.
//
// ML chapter 4 (Clustering and embedding), clustering beyond k-means:
//   - Grow (§4.1.2, Algorithm 4) adds prototypes one split at a time until a target cost;
//     Stability (§4.1.3) chooses K by the stability of clusterings of two halves of the data,
//     measured by metrics.Disagreement.
//   - Pairwise (§4.2) clusters an n×n dissimilarity matrix by mean-field annealing, with missing
//     entries (§4.2.3); PairwiseMeanFields, PairwiseCost and SquaredDistances expose its parts.
//   - OnlineSoftKMeans (§4.2.4) is the online form of soft k-means; the batch form with an
//     annealed β (§4.2.5, Algorithm 11) is DA at T = 2/β.
//   - SOM (§4.3, Algorithm 5, with Kohonen's or Heskes' winner), SoftSOM (the soft topographic
//     vector quantiser) and PairwiseSOM (§4.3.2, Fig. 4.8) are self-organising maps on a chain or
//     grid; Neighbourhood builds their h_qp.
//
// Data is an n×d matrix with one observation per row (n×n for the pairwise methods). Randomness
// comes only from the Seed fields, and results are bit-identical whatever the number of worker
// goroutines: rows are cut into blocks whose size depends only on the data's shape, and
// per-block partial sums are added in block order (internal/par.Blocks). Errors wrap the
// sentinels of package errs, re-exported here (ErrEmpty, ErrNotFinite, ErrShape, ErrParam,
// ErrProb, ErrLabel), so callers can test them with errors.Is: K ≤ 0 or K > n is ErrParam for
// every method, with a message naming K and n.
package cluster
