// Package sltk is the root of the statistical-learning toolkit: each topic lives in its own
// sub-package (cluster, density, embed, stream, ...). This package holds the common interfaces
// (Classifier, Transformer, DensityModel) and, in this comment, the vocabulary that every
// package follows. A name that means something here means the same thing everywhere.
//
// # Shape of an algorithm
//
// Data are an n×d *mat.Dense, one observation per row; inputs that are only read are taken as
// mat.Matrix. An algorithm is a struct of exported hyperparameters whose zero value means a
// documented default, resolved once per call with cmp.Or. A method runs it and returns a result
// value and an error:
//
//	res, err := cluster.KMeans{K: 3, Seed: 1}.Fit(x)
//
// Fitted models that predict, transform or score satisfy the interfaces of this package; each
// package asserts them at compile time (var _ sltk.Classifier = (*classify.KNNModel)(nil)).
//
// # Hyperparameter names
//
//	K            number of clusters, components, classes or experts
//	Neighbors    number of neighbours (k-NN, LLE, k-NN graphs)
//	Components   number of output dimensions (PCA, random projection, ICA)
//	MaxIter      cap on iterations (epochs, sweeps, rounds: whatever the loop counts)
//	Tol          convergence tolerance, relative unless the doc comment says otherwise
//	Seed         the only source of randomness (math/rand/v2 PCG); same seed, same result,
//	             on any number of cores
//	Restarts     independent starts, best kept (scikit-learn's n_init)
//	LearningRate step size η of a gradient or online rule
//	Schedule     an annealing schedule in temperatures (gibbs.Schedule: T0, TMin, Cooling)
//	Epsilon, Delta  accuracy and failure probability of a guarantee, both in (0, 1)
//
// # Result fields
//
//	Labels     []int in [0, K): cluster or class of each row
//	Iter       iterations done
//	Converged  whether Tol was met before MaxIter; reaching MaxIter is a state, never an error
//	Cost       the objective a method minimises (k-means: within-cluster sum of squares,
//	           scikit-learn's inertia_)
//	LogLik     the mean log-likelihood per observation that a method maximises
//	Trace      the objective after each iteration (or temperature level), for plots
//
// # Labels
//
// At every API boundary labels are []int in [0, K): classes, clusters, data-set targets. ±1
// labels exist only inside the algorithms that need them (perceptron, SVM, boosting), which
// convert at their boundary.
//
// # Units
//
// Entropies, divergences and mutual information carry their unit in the name: EntropyBits,
// EntropyNats, KLBits, KLNats. Temperatures are temperatures (T), never inverse temperatures,
// at the API; β = 1/T appears only inside formulas.
//
// # Errors
//
// Bad input returns an error that names the function, the argument and the place
// ("x[3,1] = NaN"), wrapping one sentinel of package errs (re-exported by each package under
// the same name). Never a panic, a hang or a silent NaN. Every number that drives an
// allocation or a loop has a documented limit (errs.ErrTooLarge beyond it). Fitted types
// return errs.ErrNotFitted when used as zero values.
//
// # Notebooks
//
// Notebook cells use claim.Must(v, err) for values, claim.NoError(err) for bare errors and
// viz.MustShow(fig, err) for figures; no notebook defines helpers of its own.
package sltk
