package badinput

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/bounds"
	"github.com/sltk-book/sltk/sltk/classify"
	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/density"
	"github.com/sltk-book/sltk/sltk/embed"
	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/frame"
	"github.com/sltk-book/sltk/sltk/geometry"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/ica"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/laplace"
	"github.com/sltk-book/sltk/sltk/mcmc"
	"github.com/sltk-book/sltk/sltk/metrics"
	"github.com/sltk-book/sltk/sltk/montecarlo"
	"github.com/sltk-book/sltk/sltk/online"
	"github.com/sltk-book/sltk/sltk/preprocess"
	"github.com/sltk-book/sltk/sltk/regress"
	"github.com/sltk-book/sltk/sltk/spanning"
	"github.com/sltk-book/sltk/sltk/stream"
	"github.com/sltk-book/sltk/sltk/synth"
)

// A contract is one call with a chosen bad input and what its error must be: the sentinel it
// wraps and a part of its message (the function, the argument and its value). The sweep of
// badinput_test.go tries a fixed corpus on every row and only asks for some sentinel; these
// cases pin the sentinel and the wording where the bad value is one the corpus does not build
// (a label of 2^40, a temperature of 5e-324, a model filled in by hand, ...).
type contract struct {
	row  string // the row of rows_test.go whose entry point is called
	err  error  // what the call returned
	want error  // the sentinel the error wraps
	msg  string // a part of the message
}

// e1, e2 and e3 keep the error of a call with one, two or three other results.
func e1[T any](_ T, err error) error                 { return err }
func e2[T, U any](_ T, _ U, err error) error         { return err }
func e3[T, U, V any](_ T, _ U, _ V, err error) error { return err }

// TestContracts checks every case: the error wraps its sentinel and carries its message, the
// case names a row of the sweep, and a hyperparameter error of a Fit that names one field
// (one " = " in msg) names no other and prints no struct.
func TestContracts(t *testing.T) {
	for _, table := range []func() []contract{
		boundsContracts, classifyContracts, clusterContracts, densityContracts, embedContracts,
		frameContracts, icaContracts, laplaceContracts, mcmcContracts, onlineContracts,
		miscContracts,
	} {
		for _, c := range table() {
			if _, ok := rows[c.row]; !ok {
				t.Errorf("%s: no such row in rows_test.go", c.row)
			}
			if c.err == nil || !errors.Is(c.err, c.want) || !strings.Contains(c.err.Error(), c.msg) {
				t.Errorf("%s: %v; want %v with %q", c.row, c.err, c.want, c.msg)
				continue
			}
			if m := c.err.Error(); c.want == errs.ErrParam && strings.HasSuffix(c.row, ".Fit") &&
				strings.Count(c.msg, " = ") == 1 && (strings.Count(m, " = ") != 1 || strings.Contains(m, "{")) {
				t.Errorf("%s: %q should name one field and print no struct", c.row, m)
			}
		}
	}
}

func boundsContracts() []contract {
	temps := gibbs.Schedule{T0: 1, TMin: 1e-3, Cooling: 0.5}.Temperatures()
	level := func(_ int, T float64) (gibbs.Level, error) { return gibbs.Level{T: T}, nil }
	return []contract{
		{"bounds.BinomialUpperTail", e1(bounds.BinomialUpperTail(huge, 0.5, 3)), errs.ErrTooLarge, "BinomialUpperTail: n = 1099511627776"},
		{"geometry.CylinderFactor", e1(geometry.CylinderFactor(huge, 3)), errs.ErrTooLarge, "CylinderFactor: k = 1099511627776"},
		{"regress.Polynomial", e1(regress.Polynomial(huge, 1)), errs.ErrTooLarge, "regress: Polynomial: degree = 1099511627776"},
		{"spanning.Complete", e1(spanning.Complete(huge)), errs.ErrTooLarge, "spanning: Complete: n = 1099511627776"},
		{"metrics.ConfusionMatrix", e1(metrics.ConfusionMatrix([]int{math.MaxInt, 0}, []int{0, 0})), errs.ErrTooLarge, "ConfusionMatrix"},
		{"gibbs.LogGrid", e1(gibbs.LogGrid(1, 2, huge)), errs.ErrTooLarge, "LogGrid"},
		{"gibbs.LogGrid", e1(gibbs.LogGrid(1, 2, gibbs.MaxGrid+1)), errs.ErrTooLarge, "LogGrid"},
		{"gibbs.Anneal", e1(gibbs.Anneal(temps, -1, level)), errs.ErrParam, "Anneal"},
		{"gibbs.Anneal", e1(gibbs.Anneal(temps, gibbs.MaxLevels+1, level)), errs.ErrTooLarge, "Anneal"},
	}
}

func classifyContracts() []contract {
	x := mat.NewDense(6, 3, []float64{2, 2, 1, 0, 0, 1, 3, 1, 1, 1, 0, 1, 3, 3, 1, 0, 1, 1})
	y := []int{1, 0, 1, 0, 1, 0}
	x2, y2 := mat.NewDense(2, 1, []float64{1, -1}), []int{1, 0}
	var zero classify.KNNModel
	return []contract{
		{"classify.SVM.Fit", e1(classify.SVM{C: -1}.Fit(x, y)), errs.ErrParam, "SVM.Fit: C = -1, want finite and > 0"},
		{"classify.SVM.Fit", e1(classify.SVM{Tol: -1}.Fit(x, y)), errs.ErrParam, "SVM.Fit: Tol = -1, want > 0"},
		{"classify.HardMarginSVM.Fit", e1(classify.HardMarginSVM{MaxIter: -3}.Fit(x, y)), errs.ErrParam, "HardMarginSVM.Fit: MaxIter = -3, want ≥ 0"},
		{"classify.LogisticRegression.Fit", e1(classify.LogisticRegression{L2: -2}.Fit(x, y)), errs.ErrParam, "LogisticRegression.Fit: L2 = -2, want finite and ≥ 0"},
		{"classify.LogisticRegression.Fit", e1(classify.LogisticRegression{L2: 1, NoPenalty: true}.Fit(x, y)), errs.ErrParam, "LogisticRegression.Fit: L2 = 1 with NoPenalty, want 0"},
		{"classify.Perceptron.Fit", e1(classify.Perceptron{MaxIter: -1}.Fit(x, y)), errs.ErrParam, "Perceptron.Fit: MaxIter = -1, want ≥ 0"},
		{"classify.KNN.Fit", e1(classify.KNN{Neighbors: 9}.Fit(x, y)), errs.ErrParam, "KNN.Fit: Neighbors = 9, want in [1, 6]"},
		{"classify.DecisionTree.Fit", e1(classify.DecisionTree{MinLeaf: -1}.Fit(x, y)), errs.ErrParam, "DecisionTree.Fit: MinLeaf = -1, want ≥ 0"},
		{"classify.KNN.Fit", e1(classify.KNN{}.Fit(x2, []int{0, 1 << 40})), errs.ErrTooLarge, "KNN.Fit"},
		{"classify.KNNModel.Predict", e1(zero.Predict(x2)), errs.ErrNotFitted, "KNNModel.Predict"},
		{"classify.KNNModel.Neighbors", e1(zero.Neighbors([]float64{0})), errs.ErrNotFitted, "KNNModel.Neighbors"},
		{"classify.PerceptronResult.Predict", e1((*classify.PerceptronResult)(nil).Predict(x2)), errs.ErrNotFitted, "PerceptronResult.Predict"},
		{"classify.LogisticModel.Prob", e1((*classify.LogisticModel)(nil).Prob(x2)), errs.ErrNotFitted, "LogisticModel.Prob"},
		{"classify.SVMResult.Predict", e1((*classify.SVMResult)(nil).Predict(x2)), errs.ErrNotFitted, "SVMResult.Predict"},
		{"classify.AppendOne", e1(classify.AppendOne(nil)), errs.ErrEmpty, "AppendOne"},
		{"classify.AppendOne", e1(classify.AppendOne((*mat.Dense)(nil))), errs.ErrEmpty, "AppendOne"},
		{"classify.AppendOne", e1(classify.AppendOne(&mat.Dense{})), errs.ErrEmpty, "AppendOne"},
		{"classify.Perceptron.Fit", e1(classify.Perceptron{MaxIter: huge}.Fit(x2, y2)), errs.ErrTooLarge, "MaxIter = 1099511627776, limit 1048576"},
		{"classify.HardMarginSVM.Fit", e1(classify.HardMarginSVM{MaxIter: huge}.Fit(x2, y2)), errs.ErrTooLarge, "MaxIter = 1099511627776, limit 1048576"},
	}
}

func clusterContracts() []contract {
	x := mat.NewDense(4, 2, []float64{0, 0, 0, 1, 5, 5, 5, 6})
	far := mat.NewDense(2, 2, []float64{0, 0, 1e200, 0})
	x6 := mat.NewDense(6, 1, []float64{0, 0.1, 0.2, 5, 5.1, 5.2})
	x5 := mat.NewDense(5, 2, []float64{0, 0, 1, 1, 2, 2, 3, 3, 4, 4})
	h5 := mat.NewDense(5, 2, []float64{1, 0, 0, 1, 0.5, 0.5, 1, 0, 0, 1})
	return []contract{
		{"cluster.Assign", e2(cluster.Assign(x, (*mat.Dense)(nil))), errs.ErrShape, "centroids are nil"},
		{"cluster.Assign", e2(cluster.Assign(x, far)), errs.ErrNotFinite, "centroids[1,0] = 1e+200: squares would overflow"},
		{"cluster.KMeans.Fit", e1(cluster.KMeans{K: 2, Init: cluster.KMeansGiven, Centroids: (*mat.Dense)(nil)}.Fit(x)), errs.ErrShape, "centroids are nil"},
		{"cluster.Neighbourhood", e1(cluster.Neighbourhood(&mat.Dense{}, 1)), errs.ErrEmpty, "cluster: Neighbourhood: coords is empty"},
		{"cluster.Posteriors", e1(cluster.Posteriors(x, far, 1)), errs.ErrNotFinite, "centroids[1,0]"},
		{"cluster.SpectralClustering.Fit", e1(cluster.SpectralClustering{K: 2, Tol: -1}.Fit(mat.NewSymDense(2, []float64{0, 1, 1, 0}))),
			errs.ErrParam, "cluster: SpectralClustering.Fit: Tol = -1, want ≥ 0: "},
		{"cluster.DALogPAKernel", e1(cluster.DALogPAKernel(x, x, mat.NewDense(2, 2, []float64{0, 0, 5, 5}), 5e-324)),
			errs.ErrParam, "T = 5e-324, want finite and > 0 with 1/T finite"},
		{"metrics.Disagreement", e1(metrics.Disagreement([]int{0, 1}, []int{1, 0}, huge)), errs.ErrTooLarge, "metrics: Disagreement: k = 1099511627776, limit 2000"},
		{"cluster.PartitionCost", e2(cluster.PartitionCost(x6, []int{0, 0, 0, 1, 1, 1}, huge)), errs.ErrParam, "cluster: PartitionCost: k = 1099511627776, want 1 ≤ k ≤ n = 6"},
		{"cluster.KMeans.Fit", e1(cluster.KMeans{K: 2, Restarts: huge}.Fit(x6)), errs.ErrTooLarge, "cluster: KMeans.Fit: Restarts = 1099511627776"},
		{"cluster.Stability.Fit", e1(cluster.Stability{KMin: 2, KMax: 3, RandomPairs: huge}.Fit(x6)), errs.ErrTooLarge, "cluster: Stability.Fit: RandomPairs = 1099511627776, limit 65536"},
		{"cluster.Stability.Fit", e1(cluster.Stability{KMin: 2, KMax: 3, Splits: -1}.Fit(x6)), errs.ErrParam, "cluster: Stability.Fit: Splits = -1, want ≥ 1"},
		{"cluster.KMeans.Fit", e1(cluster.KMeans{K: 7}.Fit(x5)), errs.ErrParam, "K = 7, want 1 ≤ K ≤ n = 5"},
		{"cluster.DA.Fit", e1(cluster.DA{K: 7}.Fit(x5)), errs.ErrParam, "K = 7, want 1 ≤ K ≤ n = 5"},
		{"cluster.HistogramDA.Fit", e1(cluster.HistogramDA{K: 7}.Fit(h5)), errs.ErrParam, "K = 7, want 1 ≤ K ≤ n = 5"},
		{"cluster.Pairwise.Fit", e1(cluster.Pairwise{K: 1}.Fit((*mat.Dense)(nil))), errs.ErrEmpty, "Pairwise"},
		{"cluster.Neighbourhood", e1(cluster.Neighbourhood((*mat.Dense)(nil), 1)), errs.ErrEmpty, "coords is nil"},
		{"cluster.PatchCounts", e1(cluster.PatchCounts((*mat.Dense)(nil), 2, 4, 0, 1)), errs.ErrEmpty, "image is nil"},
		{"cluster.Assign", e2(cluster.Assign((*mat.Dense)(nil), mat.NewDense(1, 1, nil))), errs.ErrEmpty, "Assign"},
		{"cluster.KMeansResult.Predict", e1((*cluster.KMeansResult)(nil).Predict(mat.NewDense(1, 1, nil))), errs.ErrNotFitted, "KMeansResult.Predict"},
		// data times 1e307 would overflow squared distances: an error, not a silent +Inf cost
		{"cluster.KMeans.Fit", e1(cluster.KMeans{K: 2}.Fit(mat.NewDense(4, 1, []float64{0, 1e307, 2e307, 3e307}))),
			errs.ErrNotFinite, "cluster: KMeans.Fit: x[1,0] = 1e+307: squares would overflow"},
	}
}

func densityContracts() []contract {
	x := mat.NewDense(4, 1, []float64{0, 1, 2, 3})
	far := mat.NewDense(2, 1, []float64{0, 1e200})
	broke := errors.New("model broke")
	incoherent := &density.GMMResult{Means: mat.NewDense(1, 1, []float64{0}), Weights: []float64{1},
		Covs: []*mat.SymDense{mat.NewSymDense(1, []float64{1})}, Cov: density.CovType(-1)}
	var g density.Gaussian
	unfactored := &density.Gaussian{Mean: []float64{0}, Cov: mat.NewSymDense(1, []float64{1})} // not built by NewGaussian
	return []contract{
		{"density.NewGaussian", e1(density.NewGaussian([]float64{0, 0}, mat.NewSymDense(2, []float64{5e-324, 0, 0, 5e-324}))), errs.ErrSingular, "numerically singular"},
		{"density.KDEModel.Moments1D", e2((*density.KDEModel)(nil).Moments1D()), errs.ErrNotFitted, "KDEModel.Moments1D"},
		{"density.SilvermanWidth", e1(density.SilvermanWidth(far)), errs.ErrNotFinite, "sample[1,0] = 1e+200: squares would overflow"},
		{"density.BernoulliMixture.Fit", e1(density.BernoulliMixture{K: 1}.Fit((*mat.Dense)(nil))), errs.ErrEmpty, "nil data"},
		{"density.GaussianLogDensity", e1(density.GaussianLogDensity([]float64{0}, []float64{0, -400}, make([]float64, 2))), errs.ErrNotFinite, "at ln σ = -400"},
		{"density.Histogram.Fit", e1(density.Histogram{}.Fit([]float64{-1e308, 1e308})), errs.ErrNotFinite, "wider than the float64 range"},
		{"density.KDE.Fit", e1(density.KDE{}.Fit(far)), errs.ErrNotFinite, "density: KDE.Fit: sample[1,0] = 1e+200: squares would overflow"},
		{"density.GradientML.Fit", e1(density.GradientML{Tol: -1}.Fit(x, density.GaussianLogDensity, []float64{0, 0})), errs.ErrParam, "density: GradientML.Fit: Tol = -1, want finite and > 0"},
		{"density.GMM.Fit", e1(density.GMM{K: 1, MinVar: -1}.Fit(x)), errs.ErrParam, "density: GMM.Fit: MinVar = -1, want finite and ≥ 0"},
		{"density.EM.Best", e2(density.EM{}.Best(huge, 1, nil)), errs.ErrTooLarge, "density: EM.Best: restarts = 1099511627776"},
		{"density.EM.Best", e2(density.EM{}.Best(2, 1, func(uint64) (density.EMModel, error) { return nil, broke })), broke, "density: EM.Best: restart 0: model broke"},
		{"density.GMMResult.BIC", e1(incoherent.BIC(mat.NewDense(2, 1, []float64{0, 1}))), errs.ErrNotFitted, "Cov = -1"},
		{"density.Gaussian.LogDensityAt", e1(g.LogDensityAt([]float64{0})), errs.ErrNotFitted, "Gaussian.LogDensityAt"},
		{"density.Gaussian.Score", e1(g.Score(mat.NewDense(1, 1, []float64{0}))), errs.ErrNotFitted, "Gaussian.Score"},
		{"density.GMMResult.Score", e1((&density.GMMResult{}).Score(x)), errs.ErrNotFitted, "density: GMMResult"},
		{"density.KDEModel.LogDensity", e1((&density.KDEModel{}).LogDensity(x)), errs.ErrNotFitted, "KDEModel.LogDensity"},
		{"density.BernoulliFit.Predict", e2((&density.BernoulliFit{}).Predict([]float64{1})), errs.ErrNotFitted, "BernoulliFit.Predict"},
		{"density.Gaussian.LogDensityAt", e1(unfactored.LogDensityAt([]float64{0})), errs.ErrNotFitted, "Gaussian.LogDensityAt"},
		{"density.NewGaussian", e1(density.NewGaussian([]float64{0}, (*mat.SymDense)(nil))), errs.ErrEmpty, "NewGaussian"},
		{"density.NLL", e1(density.NLL(mat.NewDense(2, 2, []float64{0, 1, 2, 3}), density.GaussianLogDensity, []float64{0, 0})),
			errs.ErrShape, "sample 0: density: GaussianLogDensity: len(x) = 2 needs len(w) = len(grad) = 3, got 2 and 2"},
	}
}

func embedContracts() []contract {
	z := mat.NewDense(2, 1, []float64{1, 2})
	comp := mat.NewDense(2, 1, []float64{1, 0})
	x := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	model := func(c *mat.Dense, mean []float64) *embed.PCAModel { return &embed.PCAModel{Components: c, Mean: mean} }
	lle := &embed.LLEResult{NeighborIndices: [][]int{{1, 5}, {0}}, Weights: [][]float64{{0.5, 0.5}, {1}}}
	return []contract{
		{"embed.PCAModel.InverseTransform", e1(model(comp, []float64{0}).InverseTransform(z)), errs.ErrShape, "Mean has 1 entries, Components 2 rows"},
		{"embed.PCAModel.InverseTransform", e1(model(mat.NewDense(2, 1, []float64{math.NaN(), 0}), []float64{0, 0}).InverseTransform(z)),
			errs.ErrNotFinite, "Components[0,0] = NaN"},
		{"embed.PCAModel.InverseTransform", e1(model(mat.NewDense(2, 1, []float64{1e308, 0}), []float64{0, 0}).InverseTransform(z)),
			errs.ErrNotFinite, "result overflows"},
		{"embed.Projection.Transform", e1((&embed.Projection{U: mat.NewDense(1, 2, []float64{math.Inf(1), 0})}).Transform(x)), errs.ErrNotFinite, "U[0,0] = +Inf"},
		{"embed.MaxDistortion", e1(embed.MaxDistortion(mat.NewDense(2, 1, []float64{0, 5e-324}), mat.NewDense(2, 1, []float64{0, 1}))),
			errs.ErrNotFinite, "distance ratio overflows"},
		{"embed.LLEResult.GMatrix", e1(lle.GMatrix()), errs.ErrNotFitted, "GMatrix"},
	}
}

func frameContracts() []contract {
	df, err := frame.ReadCSV(strings.NewReader("a,b\n1,2\n"))
	if err != nil {
		panic(err)
	}
	ragged := e1(frame.ReadCSV(strings.NewReader("a,b\n1\n")))
	unknown := e1(frame.Matrix(df, "c"))
	return []contract{
		{"frame.ReadCSV", e1(frame.ReadCSV(nil)), errs.ErrEmpty, "nil reader"},
		// the package's own sentinels are also those of errs
		{"frame.ReadCSV", ragged, frame.ErrRagged, "frame: ReadCSV"},
		{"frame.ReadCSV", ragged, errs.ErrShape, "frame: ReadCSV"},
		{"frame.Matrix", unknown, frame.ErrUnknownColumn, "frame: Matrix"},
		{"frame.Matrix", unknown, errs.ErrParam, "frame: Matrix"},
	}
}

func icaContracts() []contract {
	sq := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	return []contract{
		{"ica.AmariIndex", e1(ica.AmariIndex((*mat.Dense)(nil))), errs.ErrEmpty, "ica: AmariIndex: P is nil"},
		{"ica.Match", e1(ica.Match(nil, sq)), errs.ErrEmpty, "ica: Match: est is nil"},
		{"ica.Result.Amari", e1((&ica.Result{}).Amari(sq)), errs.ErrNotFitted, "no unmixing matrix"},
		{"ica.Symmetrize", e1(ica.Symmetrize(mat.NewDense(2, 3, nil))), errs.ErrShape, "C is 2×3, want square"},
		{"ica.OffDiagonal", e1(ica.OffDiagonal(mat.NewDense(2, 2, []float64{0, 1e308, 1e308, 0}))), errs.ErrNotFinite, "overflows"},
		{"ica.Matching.Apply", e1((*ica.Matching)(nil).Apply(sq)), errs.ErrNotFitted, "no matching"},
		{"ica.Matching.Apply", e1((&ica.Matching{Perm: []int{0, 0}, Sign: []float64{1, 1}}).Apply(sq)), errs.ErrParam, "Perm[1] = 0"},
		{"ica.Kurt", e1(ica.Kurt([]float64{1e308, -1e308, 0, 0})), errs.ErrNotFinite, "fourth cumulant overflows"},
		{"ica.JacobiJointDiag.Run", e2(ica.JacobiJointDiag{}.Run([]*mat.Dense{nil})), errs.ErrEmpty, "C0 is nil"},
	}
}

func laplaceContracts() []contract {
	x := mat.NewDense(4, 1, []float64{-2, -1, 1, 2})
	y := mat.NewDense(2, 1, []float64{-1, 1})
	x4 := mat.NewDense(4, 1, []float64{0, 0.1, 5, 5.1})
	return []contract{
		{"laplace.LAFreeEnergy", e1(laplace.LAFreeEnergy(x, nil, 1)), errs.ErrEmpty, "y is nil"},
		{"laplace.LAHessian", e1(laplace.LAHessian(x, (*mat.Dense)(nil), 1)), errs.ErrEmpty, "y is nil"},
		{"laplace.LAFreeEnergy", e1(laplace.LAFreeEnergy(x, y, 5e-324)), errs.ErrNotFinite, "overflows at T = 5e-324"},
		{"laplace.LAExactLogZ", e1(laplace.LAExactLogZ(x, 2, 5e-324)), errs.ErrNotFinite, "overflows"},
		{"laplace.LALogAlpha", e1(laplace.LALogAlpha(0, 2, 1, 1)), errs.ErrParam, "n = 0, want ≥ 1"},
		{"laplace.LALogAlpha", e1(laplace.LALogAlpha(5, 2, 1, -1)), errs.ErrParam, "T = -1"},
		{"laplace.LACostSquares", e1(laplace.LACostSquares(x4, []int{0, 0, 1, 1}, huge)), errs.ErrParam, "K = 1099511627776, want 1 ≤ K ≤ n = 4"},
		{"laplace.LeastAngle.Fit", e1(laplace.LeastAngle{K: 2, T: 1, Restarts: huge}.Fit(x4)), errs.ErrTooLarge, "LeastAngle: Restarts = 1099511627776"},
	}
}

func mcmcContracts() []contract {
	p2 := mat.NewDense(2, 2, []float64{0.5, 0.5, 0.5, 0.5})
	cost := func(float64) float64 { return 0 }
	prop := func(_ *rand.Rand, x float64) float64 { return x }
	ragged := [][]*big.Rat{{big.NewRat(1, 2), big.NewRat(1, 2)}, {big.NewRat(1, 1)}}
	nilPair := func() (mcmc.Coupling, error) { return nil, nil }
	nan := func(float64) float64 { return math.NaN() }
	m := mcmc.MH[float64]{LogTarget: cost, Propose: prop, Steps: huge}
	neg := m
	neg.Steps = -1
	return []contract{
		{"mcmc.CheckStochastic", mcmc.CheckStochastic((*mat.Dense)(nil)), errs.ErrEmpty, "transition matrix is nil"},
		{"mcmc.Stationary", e1(mcmc.Stationary(nil)), errs.ErrEmpty, "transition matrix is nil"},
		{"mcmc.DetailedBalanceError", e1(mcmc.DetailedBalanceError(p2, []float64{1, 1})), errs.ErrProb, "p sums to 2"},
		{"mcmc.DetailedBalanceError", e1(mcmc.DetailedBalanceError(p2, []float64{math.NaN(), 1})), errs.ErrNotFinite, "p[0] = NaN"},
		{"mcmc.TreasureHunter", e1(mcmc.TreasureHunter(huge)), errs.ErrTooLarge, "n = 1099511627776, limit 4096"},
		{"mcmc.Enumerate", e1(mcmc.Enumerate(2, func(int) float64 { return 1e300 }, 5e-324)), errs.ErrNotFinite, "overflows at T = 5e-324"},
		{"mcmc.TotalVariation", e1(mcmc.TotalVariation([]float64{1e308, 1e308}, []float64{0, 0})), errs.ErrNotFinite, "overflows"},
		{"mcmc.Average", e1(mcmc.Average(&mcmc.Chain[float64]{States: []float64{1}}, nan)), errs.ErrNotFinite, "g(state 0) = NaN"},
		{"mcmc.NewFuncSystem", e1(mcmc.NewFuncSystem(math.NaN(), cost, prop)), errs.ErrNotFinite, "s0 = NaN"},
		{"mcmc.NewFuncSystem", e1(mcmc.NewFuncSystem(0.0, nil, prop)), errs.ErrParam, "cost is nil"},
		{"mcmc.CouplingTimes", e1(mcmc.CouplingTimes(nilPair, 1, 1, 1)), errs.ErrParam, "run 0: newPair returned a nil coupling"},
		{"mcmc.CouplingTimes", e1(mcmc.CouplingTimes(nilPair, 0, 1, 1)), errs.ErrParam, "CouplingTimes: runs = 0, want ≥ 1"},
		{"mcmc.ShuffleBound", e1(mcmc.ShuffleBound(52, 0)), errs.ErrParam, "eps = 0"},
		{"mcmc.ShuffleBound", e1(mcmc.ShuffleBound(0, 0.1)), errs.ErrParam, "n = 0"},
		{"mcmc.TableDeviation", e1(mcmc.TableDeviation(ragged, "0,1/2,1/2,,")), errs.ErrShape, "ragged"},
		{"mcmc.IndependentSets.Greedy", e1((*mcmc.IndependentSets)(nil).Greedy()), errs.ErrNotFitted, "NewIndependentSets"},
		{"mcmc.IndependentSets.IndSetStates", e1((*mcmc.IndependentSets)(nil).IndSetStates()), errs.ErrNotFitted, "IndSetStates"},
		{"mcmc.MatchingChain.Run", e1((*mcmc.MatchingChain)(nil).Run(1, 1)), errs.ErrNotFitted, "NewMatchingChain"},
		{"mcmc.Ising.FlipDelta", e1((*mcmc.Ising)(nil).FlipDelta(0)), errs.ErrParam, "spin 0 of 0"},
		{"mcmc.Enumerate", e1(mcmc.Enumerate(huge, cost0, 1)), errs.ErrTooLarge, "mcmc: Enumerate: n = 1099511627776 states"},
		{"mcmc.Visits", e1(mcmc.Visits([]int{0}, huge)), errs.ErrTooLarge, "mcmc: Visits: n = 1099511627776 classes"},
		{"mcmc.MH.Run", e1(m.Run(0)), errs.ErrTooLarge, "mcmc: MH.Run: Steps = 1099511627776"},
		{"mcmc.MH.Run", e1(neg.Run(0)), errs.ErrParam, "mcmc: MH.Run: Steps = -1, want ≥ 1"},
		{"mcmc.FirstHit", e1(mcmc.FirstHit(neg, 0, func(float64) bool { return false }, huge)), errs.ErrTooLarge, "mcmc: FirstHit: maxSteps = 1099511627776"},
		{"mcmc.NewIsing", e1(mcmc.NewIsing((*mat.Dense)(nil), nil)), errs.ErrEmpty, "NewIsing"},
		{"mcmc.MeanField.Run", e1(mcmc.MeanField{Schedule: gibbs.Schedule{T0: math.Inf(1)}}.Run(mat.NewDense(2, 2, []float64{0, 1, 1, 0}))), errs.ErrParam, "MeanField"},
		{"mcmc.GridEdges", e1(mcmc.GridEdges(math.MaxInt, 2)), errs.ErrParam, "mcmc: GridEdges"},
	}
}

func cost0(int) float64 { return 0 }

func onlineContracts() []contract {
	x := mat.NewDense(4, 1, []float64{0, 1, 2, 3})
	y := []int{0, 1, 0, 1} // no perfect stump: boosting would run all its rounds
	big, yb := mat.NewDense(1<<12, 1<<12, nil), make([]int, 1<<12)
	for i := range yb {
		yb[i] = i % 2
		big.Set(i, 0, float64(i%2))
	}
	adv := online.AdversaryFunc(func(int, []int) []float64 { return []float64{0.5, 0.5} })
	cs := []contract{
		{"online.WMBound", e1(online.WMBound(0, 0.5, 1)), errs.ErrParam, "WMBound: n = 0, want ≥ 1"},
		{"online.WMBoundTight", e1(online.WMBoundTight(2, 1, 1)), errs.ErrParam, "alpha = 1, want in (0, 1)"},
		{"online.MWUBound", e1(online.MWUBound(2, 0.5, math.NaN())), errs.ErrParam, "expertLoss = NaN"},
		{"online.MWUBoundExact", e1(online.MWUBoundExact(2, 0, 1)), errs.ErrParam, "alpha = 0"},
		{"online.MWUSignedBound", e1(online.MWUSignedBound(2, 0.5, 3, 1)), errs.ErrParam, "|expertLoss| ≤ expertAbsLoss"},
		{"online.EXP3Bound", e1(online.EXP3Bound(2, 2, 1)), errs.ErrParam, "gamma = 2, want in (0, 1]"},
		{"online.EXP3Bound", e1(online.EXP3Bound(2, 1, 1.7e308)), errs.ErrNotFinite, "overflows"},
		{"online.WM.Decide", e1((&online.WM{}).Decide([]int{1})), errs.ErrNotFitted, "WeightedMajority.New"},
		{"online.EXP3Gamma", e1(online.EXP3Gamma(3, -1)), errs.ErrParam, "EXP3Gamma: g = -1, want finite and > 0: "},
		{"online.AdaBoostResult.Predict", e1((*online.AdaBoostResult)(nil).Predict(nil)), errs.ErrNotFitted, "nil result"},
		{"online.MWU.New", e1(online.MWU{}.New(huge)), errs.ErrTooLarge, "MWU.New: n = 1099511627776"},
		{"online.WeightedMajority.New", e1(online.WeightedMajority{}.New(huge)), errs.ErrTooLarge, "WeightedMajority.New: n = 1099511627776"},
		// uncapped sizes are refused before any allocation or loop
		{"online.AdaBoost.Fit", e1(online.AdaBoost{MaxIter: 1 << 13}.Fit(big, yb)), errs.ErrTooLarge, "MaxIter·n·d"},
		{"online.BoostMWU.Fit", e1(online.BoostMWU{Gamma: 0.4, Epsilon: 1e-300}.Fit(big, yb)), errs.ErrTooLarge, "BoostMWU.Fit"},
	}
	for _, it := range []int{online.MaxBoostRounds + 1, huge, math.MaxInt} {
		cs = append(cs, contract{"online.AdaBoost.Fit", e1(online.AdaBoost{MaxIter: it}.Fit(x, y)), errs.ErrTooLarge, "AdaBoost.Fit: MaxIter"})
	}
	for _, c := range []struct{ n, t int }{{2, online.MaxEXP3Rounds + 1}, {2, huge}, {online.MaxExperts + 1, 1}, {1 << 20, 1 << 20}} {
		cs = append(cs, contract{"online.EXP3.RunAdaptive", e1(online.EXP3{Gamma: 0.1}.RunAdaptive(adv, c.n, c.t)), errs.ErrTooLarge, "EXP3.RunAdaptive"})
	}
	return cs
}

// miscContracts holds the packages with a few cases each.
func miscContracts() []contract {
	st, err := preprocess.Standardizer{}.Fit(mat.NewDense(2, 1, []float64{0, 1e-3}))
	if err != nil {
		panic(err)
	}
	g := &spanning.Graph{N: 3, Edges: []spanning.Edge{{U: 0, V: 1}, {U: 1, V: 2}, {U: 0, V: 2}}}
	const maxInt = math.MaxInt
	return []contract{
		{"montecarlo.HoeffdingFailure", e1(montecarlo.HoeffdingFailure(0, 10, 0, 1)), errs.ErrParam, "eps = 0"},
		{"montecarlo.HoeffdingFailure", e1(montecarlo.HoeffdingFailure(0.1, 0, 0, 1)), errs.ErrParam, "m = 0, want ≥ 1"},
		{"montecarlo.HoeffdingFailure", e1(montecarlo.HoeffdingFailure(0.1, 10, 0.5, 0.5)), errs.ErrParam, "range [0.5, 0.5]"},
		{"montecarlo.PiFailure", e1(montecarlo.PiFailure(math.NaN(), 10)), errs.ErrParam, "eps = NaN"},
		{"montecarlo.FirstAcceptance", e1(montecarlo.FirstAcceptance(1e308, 2)), errs.ErrParam, "a = 1e+308, want in [0, 1]"},
		{"montecarlo.FirstAcceptance", e1(montecarlo.FirstAcceptance(0.5, 0)), errs.ErrParam, "k = 0, want ≥ 1"},
		{"montecarlo.AcceptWithin", e1(montecarlo.AcceptWithin(-1, 2)), errs.ErrParam, "a = -1"},
		{"preprocess.Standardization.Transform", e1(st.Transform(mat.NewDense(1, 1, []float64{1e308}))), errs.ErrNotFinite, "x[0,0] = 1e+308 overflows"},
		{"spanning.Graph.Cost", e1((*spanning.Graph)(nil).Cost([]int{0}, []float64{1})), errs.ErrEmpty, "Graph.Cost"},
		{"spanning.Graph.Costs", e1(g.Costs([][]int{{0, 1}}, []float64{1e308, 1e308, 0})), errs.ErrNotFinite, "tree 0"},
		{"stream.PolyUniformityGap", e1(stream.PolyUniformityGap(3, 2, maxInt)), errs.ErrParam, "stream: PolyUniformityGap: k = 9223372036854775807, want in [1, 64]"},
		{"stream.GF2PatternCounts", e1(stream.GF2PatternCounts(2, maxInt, 2, []uint64{1})), errs.ErrTooLarge, "GF2PatternCounts"},
		{"stream.MCount.New", e1(stream.MCount{MedianK: maxInt}.New()), errs.ErrTooLarge, "MCount.New"},
		{"synth.CovFactor", e1(synth.CovFactor(nil)), errs.ErrEmpty, "CovFactor"},
		{"synth.CovFactor", e1(synth.CovFactor((*mat.SymDense)(nil))), errs.ErrEmpty, "CovFactor"},
		{"synth.Moons.Generate", e2(synth.Moons{N: huge}.Generate()), errs.ErrTooLarge, "N = 1099511627776, limit 134217728"},
		{"synth.Circles.Generate", e2(synth.Circles{N: huge}.Generate()), errs.ErrTooLarge, "N = 1099511627776, limit 134217728"},
		{"synth.SwissRoll.Generate", e2(synth.SwissRoll{N: huge}.Generate()), errs.ErrTooLarge, "N = 1099511627776, limit 134217728"},
		{"synth.Blobs.Generate", e3(synth.Blobs{N: huge}.Generate()), errs.ErrTooLarge, "N = 1099511627776, limit 134217728"},
	}
}

// TestReexportedSentinels: a package's sentinel under a name of errs is the errs sentinel
// itself, not a copy that errors.Is would not match.
func TestReexportedSentinels(t *testing.T) {
	for i, e := range []error{
		cluster.ErrEmpty, cluster.ErrNotFinite, cluster.ErrShape, cluster.ErrParam, cluster.ErrProb, cluster.ErrLabel,
		density.ErrParam, density.ErrEmpty, density.ErrNotFinite, density.ErrShape, density.ErrSingular, density.ErrNotFitted,
		mcmc.ErrParam, mcmc.ErrEmpty, mcmc.ErrNotFinite, mcmc.ErrShape, mcmc.ErrProb, mcmc.ErrDisconnected,
	} {
		if check.Sentinel(e) != e {
			t.Errorf("sentinel %d (%v) is not one of package errs", i, e)
		}
	}
}
