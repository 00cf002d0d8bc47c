// Package classify holds the supervised learners of AFDS (Algorithmic Foundations of Data
// Science) chapter 1 (Understanding ML algorithms) and of §3.1 in chapter 3 (Statistical
// learning theory):
//
//   - §1.2 k-nearest neighbours with the Euclidean, Manhattan, Chebyshev and Hamming metrics
//     (KNN; a gonum k-d tree in low dimension, parallel brute force otherwise);
//   - §1.3 and §2.3 decision trees grown greedily by information gain on categorical and numeric
//     features, with depth, size and leaf limits, reduced-error pruning and printing
//     (DecisionTree), and the brute-force smallest tree of Thm 1.3/1.4 (MinimalTree);
//   - §1.4 linear classifiers: homogenisation (Lemma 1.6), ERM by linear programming
//     (Cor. 1.11, ERMLP), the Perceptron and its mistake bound (Thm 1.13), the hard-margin SVM
//     (Thm 1.15) and a soft-margin SVM, both by dual coordinate ascent, logistic regression
//     (gonum's L-BFGS), and the circle and quadratic feature lifts;
//   - §3.1 the axis-parallel rectangles of the papaya example, their ERM and the shattering
//     test of the VC dimension (§3.3).
//
// Class labels are ints in [0, K) at every entry point, as everywhere in sltk; the binary
// linear methods (Perceptron, SVMs, logistic regression, ERMLP) take y in {0, 1} and work with
// the ±1 of the seed's Chapter 1 inside (0 → −1, 1 → +1). Their models share one decision
// rule, class 1 where ⟨W, x⟩ + B > 0 (B is scikit-learn's intercept_). Reaching MaxIter is a
// state of the result (Converged = false), not an error. Bad input (NaN, ragged or empty data,
// labels outside the expected set, non-separable data for the hard-margin methods) returns an
// error wrapping a sentinel of package errs, re-exported here; ErrNotSeparable (an errs.ErrNoSolution) is this
// package's own.
//
// Seed errata handled here: the greedy tree gets the missing case "no features left, labels
// mixed" (a majority leaf) and fixed tie-breaking; Lemma 1.5 is stated for full binary trees;
// Remark 1.16 is wrong for the SVM, whose convex quadratic program is solvable in polynomial
// time (the dual coordinate ascent here converges linearly).
package classify
