package classify

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestKNNDefaultsAndTies pins the documented defaults (Neighbors = 0 means 1) and tie rules.
func TestKNNDefaultsAndTies(t *testing.T) {
	x := mat.NewDense(4, 1, []float64{0, 1, 3, 10})
	y := []int{1, 0, 0, 1}
	m, err := KNN{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := m.Predict(mat.NewDense(1, 1, []float64{2.6})); p[0] != 0 {
		t.Errorf("default: %v, want the single nearest neighbour's label 0", p)
	}
	// Equal distances: 0.5 is as far from 0 as from 1; the smaller index (label 1) is nearer.
	if nb, _ := m.Neighbors([]float64{0.5}); nb[0] != 0 {
		t.Errorf("equal distances: nearest %v, want index 0", nb)
	}
	if p, _ := m.Predict(mat.NewDense(1, 1, []float64{0.5})); p[0] != 1 {
		t.Errorf("equal distances: %v, want 1", p)
	}
	// Equal votes: with 2 neighbours of 0.9 (labels 0 at 1, 1 at 0) the nearest one's label wins.
	m2, _ := KNN{Neighbors: 2}.Fit(x, y)
	if p, _ := m2.Predict(mat.NewDense(1, 1, []float64{0.9})); p[0] != 0 {
		t.Errorf("tied vote: %v, want 0 (label of the nearest)", p)
	}
	if p, _ := m2.Predict(mat.NewDense(1, 1, []float64{0.1})); p[0] != 1 {
		t.Errorf("tied vote: %v, want 1 (label of the nearest)", p)
	}
}

func TestKNNLimits(t *testing.T) {
	x := mat.NewDense(2, 1, []float64{0, 1})
	if _, err := (KNN{}).Fit(x, []int{0, 1 << 40}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("label 2^40: %v", err)
	}
	var zero KNNModel
	if _, err := zero.Predict(x); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero model: %v", err)
	}
	if _, err := zero.Neighbors([]float64{0}); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero model: %v", err)
	}
	if d := Euclidean.Distance([]float64{3, 4}, []float64{0}); d != 3 {
		t.Errorf("mismatched lengths: %v", d)
	}
}

// TestParamMessages checks that a hyperparameter error names the wrong field only.
func TestParamMessages(t *testing.T) {
	x, y := liftedExample()
	for _, tc := range []struct {
		err  error
		want string
	}{
		{func() error { _, err := (SVM{C: -1}).Fit(x, y); return err }(), "SVM.Fit: C = -1, want finite and > 0"},
		{func() error { _, err := (SVM{Tol: -1}).Fit(x, y); return err }(), "SVM.Fit: Tol = -1, want > 0"},
		{func() error { _, err := (HardMarginSVM{MaxIter: -3}).Fit(x, y); return err }(), "HardMarginSVM.Fit: MaxIter = -3, want ≥ 0"},
		{func() error { _, err := (LogisticRegression{L2: -2}).Fit(x, y); return err }(), "LogisticRegression.Fit: L2 = -2, want finite and ≥ 0"},
		{func() error { _, err := (LogisticRegression{L2: 1, NoPenalty: true}).Fit(x, y); return err }(), "LogisticRegression.Fit: L2 = 1 with NoPenalty, want 0"},
		{func() error { _, err := (Perceptron{MaxIter: -1}).Fit(x, y); return err }(), "Perceptron.Fit: MaxIter = -1, want ≥ 0"},
		{func() error { _, err := (KNN{Neighbors: 9}).Fit(x, y); return err }(), "KNN.Fit: Neighbors = 9, want in [1, 6]"},
		{func() error { _, err := (DecisionTree{MinLeaf: -1}).Fit(x, y); return err }(), "DecisionTree.Fit: MinLeaf = -1, want ≥ 0"},
	} {
		if !errors.Is(tc.err, ErrParam) || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("got %v, want ErrParam with %q", tc.err, tc.want)
		}
		if msg := tc.err.Error(); strings.Count(msg, " = ") != 1 || strings.Contains(msg, "{") {
			t.Errorf("message %q should name one field and print no struct", msg)
		}
	}
}

// TestSVMZeroData: all-zero data has no separating direction; the margin is 0, not +Inf.
func TestSVMZeroData(t *testing.T) {
	r, err := SVM{}.Fit(mat.NewDense(3, 2, nil), []int{0, 1, 1})
	if err != nil || r.Margin != 0 {
		t.Errorf("all-zero data: margin %v, %v", r.Margin, err)
	}
}

// TestLogisticIntercept: the intercept is on by default, with P(y=1|x) = sig(⟨w,x⟩ + b).
func TestLogisticIntercept(t *testing.T) {
	// Labels 1 exactly when x > 2 (with noise at the boundary): b < 0, w > 0, P(2) ≈ 1/2.
	x := mat.NewDense(6, 1, []float64{0, 1, 2, 2, 3, 4})
	m, err := LogisticRegression{L2: 0.01}.Fit(x, []int{0, 0, 0, 1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := m.Prob(mat.NewDense(1, 1, []float64{2}))
	if !(m.B < 0 && m.W[0] > 0) || p[0] < 0.45 || p[0] > 0.55 {
		t.Errorf("w = %v, b = %v, P(y=1|x=2) = %v", m.W, m.B, p[0])
	}
	n, _ := LogisticRegression{L2: 0.01, NoIntercept: true}.Fit(x, []int{0, 0, 0, 1, 1, 1})
	if n.B != 0 {
		t.Errorf("NoIntercept: b = %v", n.B)
	}
}

func TestAppendOneEmpty(t *testing.T) {
	for _, x := range []mat.Matrix{nil, (*mat.Dense)(nil), &mat.Dense{}} {
		if out, err := AppendOne(x); !errors.Is(err, ErrEmpty) {
			t.Errorf("AppendOne(%v) = %v, %v; want ErrEmpty", x, out, err)
		}
	}
	if got := (&Tree{}).ClassName(-1); got != "-1" {
		t.Errorf("ClassName(-1) = %q", got)
	}
}
