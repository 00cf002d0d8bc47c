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
// # Where a topic lives
//
// One line per topic: the package and its main names. A topic has one home; other packages call
// it there.
//
//	data sets, CSV         frame (Dataset, Iris, Digits, ReadCSV, Matrix, OneHot)
//	synthetic data         synth (Blobs, Moons, Circles, SwissRoll, GaussianMixture, Sources)
//	plots                  viz (Scatter, ScatterLabels, Lines, Histogram, HeatMap, Contour, Show)
//	notebook checks        claim (Must, NoError, Close, AtMost, AtLeast)
//	preprocessing, splits  preprocess (Standardizer, HoldOut, TrainTest)
//	agreement measures     metrics (ConfusionMatrix, MatchedAccuracy, Disagreement,
//	                       AdjustedRand, NMI); classify.Accuracy and embed.RankCorrelation
//	                       serve their chapters
//	Gibbs distributions    gibbs (New, Dist, LogSumExp, Softmax, PAKernel, LogPAKernel, LogPA)
//	annealing              gibbs: the one driver (Anneal, Schedule in temperatures, Level);
//	                       its users: mcmc.SimulatedAnnealing, mcmc.MeanField, cluster.DA,
//	                       cluster.HistogramDA, cluster.Pairwise, cluster.SoftSOM
//	Markov chains          mcmc (FiniteChain, RatChain, MixingTime, MCMCMean, MH, Cube)
//	stationary π           mcmc.Stationary (one solver, GTH state reduction), which
//	                       FiniteChain.Stationary and embed.Perron use
//	Monte Carlo            montecarlo (Mean, HoeffdingSize, EstimatePi, Lake, KarpLuby)
//	tails, Hoeffding       bounds (Markov, Chebyshev, ChernoffUpper, Hoeffding,
//	                       HoeffdingTwoSided); montecarlo.HoeffdingSize and
//	                       HoeffdingFailure size Monte Carlo means with it
//	sample sizes (PAC)     bounds (Realizable, Agnostic, UniformConvergence, VC)
//	information            info (EntropyBits, KLBits, MutualInformation, InformationGain,
//	                       Channel, BlahutArimoto, LossyCode)
//	Laplace's method       laplace (LogIntegral, LeastAngle)
//	clustering             cluster (KMeans, OnlineKMeans, DA, DAPA, HistogramDA, Pairwise, SOM,
//	                       SoftSOM, SpectralClustering, Stability)
//	density estimation     density (GMM, BernoulliMixture, KDE, Histogram, FitGaussian, EM)
//	embedding, PCA         embed (PCA, LLE, RandomProjection, PowerIteration, Perron)
//	ICA                    ica (Whitener, FastICA, Infomax, Gradient, AMUSE, SOBI, AmariIndex)
//	classification         classify (KNN, DecisionTree, Perceptron, SVM, LogisticRegression,
//	                       ERMLP)
//	neural networks        nn (MLP, Model: backpropagation, SGD, Momentum, Adam)
//	regression             regress (BasisLS, Polynomial)
//	online learning        online (MWU, WeightedMajority, BoostMWU, AdaBoost, EXP3)
//	high-dim. geometry     geometry (UnitBallVolume, ShellFraction, EquatorTail, KNNRadius)
//	spanning trees         spanning (Graph, Complete, CityExample)
//	streaming              stream (Reservoir, Count, MCount, AMS, TugOfWar, CountMin,
//	                       HeavyHitters, BottomK)
//	Map-Reduce             mapreduce (a nested module on Apache Beam: Runner, MatVec, KMeans)
//	errors                 errs (the sentinels every package re-exports)
//
// Courses and chapters are cited as SLT (the ETH statistical learning theory lecture), ML (the
// machine-learning lecture notes) and AFDS (Algorithmic Foundations of Data Science, RWTH),
// with the chapter titles of the book's table of contents, e.g. "AFDS chapter 7 (Map-Reduce)".
//
// # Hyperparameter names
//
//	K            number of clusters, components, classes or experts
//	Neighbors    number of neighbours (k-NN, LLE, k-NN graphs)
//	Components   number of output dimensions (PCA, random projection, ICA); never a count
//	             of graph components (cluster.ConnectedComponents) or of sketch copies
//	             (stream.TugOfWar.Copies)
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
//	Weights, Means  a mixture's component weights and means (scikit-learn's weights_, means_)
//	Posteriors n×K soft assignments p(k | xᵢ), rows summing to 1 (responsibilities;
//	           scikit-learn's predict_proba): result fields of soft clusterings,
//	           cluster.Posteriors, GMMResult.Posteriors
//	RestartLogLiks  the final mean log-likelihood of every restart, in order (Restarts is
//	           the hyperparameter that counts them)
//
// # Densities
//
//	LogDensity(x)    log p of every row of x (sltk.DensityModel; scikit-learn's score_samples)
//	LogDensityAt(q)  log p at one point q (density.Gaussian, density.KDEModel)
//	Density(q)       p at one point, where a plot wants the density itself (KDEModel,
//	                 HistogramModel)
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
// EntropyNats, KLBits, KLNats. Temperatures are temperatures (T) at the API: schedules, fields
// and arguments named T. One family speaks the inverse temperature β = 1/T instead, because its
// chapter (ML chapter 3, the Ising model) is written in β: the Ising functions of mcmc take a
// parameter named beta (GlauberProb, IsingExact, GlauberFrequencies, MeanFieldFreeEnergy,
// MeanFieldKL) and CriticalBeta returns β_c, the critical temperature being T_c = 1/β_c. No
// other function takes an inverse temperature, and no argument named T is one (the beta of
// info.TypicalSetMass is the width of a typical set, the β of its lemma).
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
