package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/classify"
	"github.com/sltk-book/sltk/sltk/frame"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// linearData draws n training and nTest test rows of d standard-normal features labelled by a
// fixed random hyperplane through the origin, with 10% of the labels flipped. Labels are stored
// as an n×1 matrix of 0/1 so that the peer reads the same numbers.
func linearData(n, nTest, d int) (Inputs, error) {
	r := rand.New(rand.NewPCG(2026, 6))
	w := make([]float64, d)
	for j := range w {
		w[j] = r.NormFloat64()
	}
	gen := func(m int) (*mat.Dense, *mat.Dense) {
		x, y := mat.NewDense(m, d, nil), mat.NewDense(m, 1, nil)
		for i := 0; i < m; i++ {
			z := 0.3 // offset, so that an intercept matters
			for j := 0; j < d; j++ {
				v := r.NormFloat64()
				x.Set(i, j, v)
				z += w[j] * v
			}
			c := 0.0
			if z > 0 {
				c = 1
			}
			if r.Float64() < 0.1 {
				c = 1 - c
			}
			y.Set(i, 0, c)
		}
		return x, y
	}
	x, y := gen(n)
	xt, yt := gen(nTest)
	return Inputs{"x": x, "y": y, "xtest": xt, "ytest": yt}, nil
}

// classes returns the labels of an n×1 matrix as ints, signs converts them to ±1.
func classes(y *mat.Dense) []int {
	n, _ := y.Dims()
	out := make([]int, n)
	for i := range out {
		out[i] = int(y.At(i, 0))
	}
	return out
}

func init() {
	register(
		// Decision tree grown to purity with the entropy criterion on both sides
		// (sklearn DecisionTreeClassifier(criterion="entropy")); timed: fit + predict of the test set.
		Workload{
			Name:    "decision tree (entropy) n=100000 d=20",
			Quality: "test accuracy",
			Data:    func() (Inputs, error) { return linearData(100_000, 20_000, 20) },
			Run: func(in Inputs) (Result, error) {
				t, err := classify.DecisionTree{}.Fit(in["x"], classes(in["y"]))
				if err != nil {
					return Result{}, err
				}
				p, err := t.Predict(in["xtest"])
				if err != nil {
					return Result{}, err
				}
				acc, err := classify.Accuracy(p, classes(in["ytest"]))
				return Result{Quality: acc, Note: fmt.Sprintf("%d nodes, depth %d", t.Nodes(), t.Depth())}, err
			},
			Peer: "tree_entropy",
		},
		// L2-regularised logistic regression with intercept (on by default on both sides): sltk minimises Σ loss + ½‖w‖²,
		// sklearn LogisticRegression(C=1, lbfgs) the same objective; gradient tolerance 1e-6 on
		// both sides (sklearn's tol is on the max-norm of the gradient, sltk's on it divided by n).
		Workload{
			Name:    "logistic regression (L2, lbfgs) n=100000 d=20",
			Quality: "test accuracy",
			Data:    func() (Inputs, error) { return linearData(100_000, 20_000, 20) },
			Run: func(in Inputs) (Result, error) {
				m, err := classify.LogisticRegression{L2: 1, Tol: 1e-6}.Fit(in["x"], classes(in["y"]))
				if err != nil {
					return Result{}, err
				}
				p, err := m.Predict(in["xtest"])
				if err != nil {
					return Result{}, err
				}
				acc, err := classify.Accuracy(p, classes(in["ytest"]))
				return Result{Quality: acc, Note: fmt.Sprintf("%d iter, loss %.2f", m.Iter, m.Cost)}, err
			},
			Peer: "logistic_l2",
		},
		// Soft-margin linear SVM with hinge loss, C = 1, regularised intercept, stopping rule
		// max PG − min PG ≤ 0.1 on both sides (sklearn LinearSVC(loss="hinge", tol=0.1), LIBLINEAR).
		Workload{
			Name:    "linear SVM (hinge, C=1) n=100000 d=20",
			Quality: "test accuracy",
			Data:    func() (Inputs, error) { return linearData(100_000, 20_000, 20) },
			Run: func(in Inputs) (Result, error) {
				m, err := classify.SVM{C: 1, Intercept: true, Tol: 0.1, Seed: 1}.Fit(in["x"], classes(in["y"]))
				if err != nil {
					return Result{}, err
				}
				p, err := m.Predict(in["xtest"])
				if err != nil {
					return Result{}, err
				}
				acc, err := classify.Accuracy(p, classes(in["ytest"]))
				return Result{Quality: acc, Note: fmt.Sprintf("%d epochs, objective %.1f", m.Iter, m.Cost)}, err
			},
			Peer: "linear_svm",
		},
		// 3-NN on the optical digits (1797 images, 64 features); every fifth image is a test
		// image. Timed: fit + classify the 360 test images.
		Workload{
			Name:    "k-NN (k=3) digits 1437 train / 360 test",
			Quality: "test accuracy",
			Data: func() (Inputs, error) {
				x, y, _, err := frame.Digits()
				if err != nil {
					return nil, err
				}
				n, d := x.Dims()
				var tr, te, ytr, yte []float64
				for i := 0; i < n; i++ {
					if i%5 == 0 {
						te, yte = append(te, x.RawRowView(i)...), append(yte, float64(y[i]))
					} else {
						tr, ytr = append(tr, x.RawRowView(i)...), append(ytr, float64(y[i]))
					}
				}
				return Inputs{"x": mat.NewDense(len(ytr), d, tr), "y": mat.NewDense(len(ytr), 1, ytr),
					"xtest": mat.NewDense(len(yte), d, te), "ytest": mat.NewDense(len(yte), 1, yte)}, nil
			},
			Run:  knnRun,
			Peer: "knn_digits",
		},
	)
	// 3-NN with 10^5 training points in 64 dimensions (10 overlapping blobs, the last 1000 rows
	// are the queries), against each of scikit-learn's searches.
	for _, algo := range []string{"brute", "kd_tree", "ball_tree"} {
		register(Workload{
			Name:    "k-NN (k=3) blobs 10^5 train × 64 / 1000 test: sltk brute vs sklearn " + algo,
			Quality: "test accuracy",
			Data:    knnBlobs(100_000, 1000),
			Run:     knnRun,
			Peer:    "knn_digits",
			Params:  map[string]any{"algorithm": algo},
		})
	}
}

// knnBlobs returns the data builder of n training and nTest query rows of 10 blobs in 64
// dimensions (Std 12 in a box of half-width 10, so that the classes overlap): the first n rows
// train, the rest are the queries.
func knnBlobs(n, nTest int) func() (Inputs, error) {
	return func() (Inputs, error) {
		const d = 64
		x, lab, _, err := synth.Blobs{N: n + nTest, K: 10, Dim: d, Std: 12, Seed: 7}.Generate()
		if err != nil {
			return nil, err
		}
		y := make([]float64, len(lab))
		for i, v := range lab {
			y[i] = float64(v)
		}
		return Inputs{"x": mat.DenseCopyOf(x.Slice(0, n, 0, d)), "y": mat.NewDense(n, 1, y[:n]),
			"xtest": mat.DenseCopyOf(x.Slice(n, n+nTest, 0, d)), "ytest": mat.NewDense(nTest, 1, y[n:])}, nil
	}
}

// knnRun fits 3-NN on x, y and returns the accuracy on xtest, ytest; the note has the CPU time.
func knnRun(in Inputs) (Result, error) {
	m, err := classify.KNN{Neighbors: 3}.Fit(in["x"], classes(in["y"]))
	if err != nil {
		return Result{}, err
	}
	p, err := m.Predict(in["xtest"])
	if err != nil {
		return Result{}, err
	}
	acc, err := classify.Accuracy(p, classes(in["ytest"]))
	return Result{Quality: acc, Note: "brute force, all cores"}, err
}
