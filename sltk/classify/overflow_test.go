package classify

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Logistic regression: Fit and the scoring methods refuse the same data (entries beyond 1e150:
// "rescale the data"), and a score that overflows is an error, not a silent 0 or 1. Before the
// fix Prob on ×1e307 data returned probabilities 1 with a nil error.
func TestLogisticScale(t *testing.T) {
	x := mat.NewDense(4, 2, []float64{0, 1, 1, 0, 2, 2, 3, 1})
	y := []int{0, 0, 1, 1}
	m, err := LogisticRegression{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []float64{1e307, 1e151} {
		xb := mat.NewDense(4, 2, nil)
		xb.Scale(s, x)
		_, fitErr := LogisticRegression{}.Fit(xb, y)
		_, probErr := m.Prob(xb)
		_, predErr := m.Predict(xb)
		for name, err := range map[string]error{"Fit": fitErr, "Prob": probErr, "Predict": predErr} {
			if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "rescale the data") {
				t.Errorf("×%g: %s: err = %v", s, name, err)
			}
		}
	}
	// At the boundary 1e150 the data are accepted; a score that overflows (W huge) is refused.
	xb := mat.NewDense(1, 2, []float64{1e150, -1e150})
	if _, err := m.Prob(xb); err != nil {
		t.Errorf("|x| = 1e150: %v", err)
	}
	big := &LogisticModel{W: []float64{1e300, 1e300}}
	if _, err := big.Prob(xb); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "overflows") {
		t.Errorf("overflowing score: %v", err)
	}
	if _, err := (&LogisticModel{W: []float64{math.NaN(), 0}}).Prob(x); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN weight: %v", err)
	}
	svm := &SVMResult{W: []float64{1e300, 1e300}}
	if _, err := svm.Predict(xb); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "SVMResult.Predict: row 0") {
		t.Errorf("SVM overflowing score: %v", err)
	}
}

// Margin: a NaN or infinite w, or an overflowing margin, is ErrNotFinite (before the fix NaN
// and −Inf came back with a nil error); a finite case matches the closed form.
func TestMarginNotFinite(t *testing.T) {
	x := mat.NewDense(2, 2, []float64{1, 1, -1, -1})
	y := []int{1, 0}
	for _, w := range [][]float64{{math.NaN(), 1}, {math.Inf(1), 0}} {
		if _, err := Margin(w, x, y); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "Margin: w[0]") {
			t.Errorf("Margin(%v): %v", w, err)
		}
	}
	xs := mat.NewDense(2, 2, []float64{1e200, 1e200, -1e200, -1e200})
	if _, err := Margin([]float64{1e200, 1e200}, xs, y); !errors.Is(err, ErrNotFinite) {
		t.Errorf("overflowing margin: %v", err)
	}
	// Closed form: the points (±1, ±1) and w = (1, 1) give margin 2/√2 = √2.
	if m, err := Margin([]float64{1, 1}, x, y); err != nil || math.Abs(m-math.Sqrt2) > 1e-15 {
		t.Errorf("Margin = %v, %v, want √2", m, err)
	}
}

// MinimalTree with a typed-nil matrix and nil features returns ErrEmpty instead of panicking.
func TestMinimalTreeTypedNil(t *testing.T) {
	var x *mat.Dense
	if _, err := MinimalTree(x, []int{0}, nil); !errors.Is(err, ErrEmpty) || !strings.Contains(err.Error(), "MinimalTree") {
		t.Errorf("MinimalTree(typed nil): %v", err)
	}
}

// LogisticRegression.MaxIter is capped like the other iterative classifiers (before the fix
// MaxIter = 2⁴⁰ was accepted and non-separable data ran for ever).
func TestLogisticMaxIter(t *testing.T) {
	x := mat.NewDense(4, 1, []float64{0, 1, 2, 3})
	y := []int{0, 1, 0, 1}
	if _, err := (LogisticRegression{MaxIter: MaxSweeps + 1}).Fit(x, y); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "LogisticRegression.Fit") {
		t.Errorf("MaxIter = MaxSweeps + 1: %v", err)
	}
}

// MinimalTree's exhaustive search is capped at 2¹⁸ memoised subsets (before the fix nothing
// bounded it: the reachable subsets grow like 3^d with d features, and this parity instance
// with 26 noise features passes the cap); below the cap it still finds the full tree that
// parity needs, 2^{d+1} − 1 nodes (Thm 1.3), for d = 1 … 6.
func TestMinimalTreeSearchCap(t *testing.T) {
	const n, d = 64, 32
	x := mat.NewDense(n, d, nil)
	y := make([]int, n)
	seed := uint64(3)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			x.Set(i, j, float64(lcg(&seed, 2)))
		}
		par := 0
		for j := 0; j < 6; j++ { // rows distinct in their first 6 bits, so never contradictory
			x.Set(i, j, float64(i>>j&1))
			par ^= i >> j & 1
		}
		y[i] = par // parity: no subset is pure before all six bits are fixed
	}
	if _, err := MinimalTree(x, y, nil); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "MinimalTree: the search") {
		t.Errorf("64 examples × 32 features: %v", err)
	}
	for dd := 1; dd <= 6; dd++ {
		m := 1 << dd
		xp := mat.NewDense(m, dd, nil)
		yp := make([]int, m)
		for i := 0; i < m; i++ {
			par := 0
			for j := 0; j < dd; j++ {
				b := i >> j & 1
				xp.Set(i, j, float64(b))
				par ^= b
			}
			yp[i] = par
		}
		tr, err := MinimalTree(xp, yp, nil)
		if err != nil {
			t.Fatalf("parity d = %d: %v", dd, err)
		}
		if got := countNodes(tr.Root); got != 1<<(dd+1)-1 {
			t.Errorf("parity d = %d: %d nodes, want %d", dd, got, 1<<(dd+1)-1)
		}
	}
}

func countNodes(nd *Node) int {
	c := 1
	for _, ch := range nd.Children {
		c += countNodes(ch)
	}
	return c
}

// PredictSigns and TrainingErrors refuse a NaN weight or an overflowed product (before the fix
// Sgn(NaN) = 0 was counted as a prediction, and a product that overflows, whose sign depends on
// the summation order once partial sums reach ±Inf, came back as ±1); finite cases keep their
// exact signs.
func TestPredictSignsNotFinite(t *testing.T) {
	x := mat.NewDense(2, 5, []float64{1, 1, -1, -1, -1, 1, 1, 1, 1, 1})
	if _, err := PredictSigns([]float64{1e308, 1e308, 1e308, 1e308, 1e308}, x); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "row 1") {
		t.Errorf("overflow: %v", err)
	}
	if _, err := TrainingErrors([]float64{math.NaN(), 0, 0, 0, 0}, x, []int{1, 1}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN weight: %v", err)
	}
	if s, err := PredictSigns([]float64{1, 1, 1, 1, 1}, x); err != nil || s[0] != -1 || s[1] != 1 {
		t.Errorf("finite: %v, %v, want −1, 1", s, err)
	}
}

// The SVMs square the data (‖x_i‖² in the dual steps), so entries beyond 1e150 are refused by
// Fit and by Predict alike (before the fix HardMarginSVM ran its 100000 sweeps on ×1e307 data
// and returned w = 0 with a nil error); at 1e150 the data are accepted, and the hard margin on
// the scaled points (±s, 0) is s, the closed form.
func TestSVMScale(t *testing.T) {
	y := []int{1, 1, 0, 0}
	for _, s := range []float64{1e307, 1e151} {
		x := mat.NewDense(4, 2, []float64{s, s, s, -s, -s, s, -s, -s})
		_, hErr := HardMarginSVM{}.Fit(x, y)
		_, sErr := SVM{}.Fit(x, y)
		_, pErr := (&SVMResult{W: []float64{1, 0}}).Predict(x)
		for name, err := range map[string]error{"HardMarginSVM.Fit": hErr, "SVM.Fit": sErr, "SVMResult.Predict": pErr} {
			if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "rescale") {
				t.Errorf("×%g: %s: %v", s, name, err)
			}
		}
	}
	const s = 1e150
	x := mat.NewDense(2, 1, []float64{s, -s})
	r, err := HardMarginSVM{}.Fit(x, []int{1, 0})
	if err != nil || math.Abs(r.Margin-s) > 1e-12*s {
		t.Errorf("at 1e150: %+v, %v, want margin %g", r, err, s)
	}
}

// The Perceptron refuses to go on once ⟨w, x_i⟩ or w overflows (before the fix these three
// points of magnitude 1e308 gave w = (−Inf, 3.7e294, +Inf) with a nil error); the same points
// at magnitude 1e8 run to the cap with finite weights.
func TestPerceptronOverflow(t *testing.T) {
	data := []float64{-9, 5, 0, 7, 8, -10, 8, -2, -10}
	y := []int{1, 0, 0}
	big := mat.NewDense(3, 3, nil)
	small := mat.NewDense(3, 3, nil)
	for i, v := range data {
		big.RawMatrix().Data[i] = v * 1e307
		small.RawMatrix().Data[i] = v * 1e7
	}
	if _, err := (Perceptron{MaxIter: 1000}).Fit(big, y); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "Perceptron.Fit") {
		t.Errorf("×1e307: %v", err)
	}
	r, err := Perceptron{MaxIter: 1000}.Fit(small, y)
	if err != nil {
		t.Fatalf("×1e7: %v", err)
	}
	for _, v := range r.W {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Errorf("×1e7: w = %v", r.W)
		}
	}
}

// ERMLP's dense tableau, CircleLift's squares and MaxNorm's norms have limits (before the fix
// ERMLP on 10⁵ examples tried to allocate 80 GB, CircleLift put +Inf in its output with a nil
// error and MaxNorm returned +Inf); inside them a small separable case still solves.
func TestLinearHelpersLimits(t *testing.T) {
	n := 5000
	x := mat.NewDense(n, 1, nil)
	y := make([]int, n)
	for i := range y {
		x.Set(i, 0, float64(i+1))
		y[i] = 1
	}
	if _, err := ERMLP(x, y); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "ERMLP") {
		t.Errorf("ERMLP on 5000 examples: %v", err)
	}
	if w, err := ERMLP(mat.NewDense(2, 1, []float64{1, -2}), []int{1, 0}); err != nil || w[0] < 1-1e-9 {
		t.Errorf("ERMLP small: %v, %v", w, err)
	}
	if _, err := CircleLift(mat.NewDense(1, 2, []float64{1e200, 0})); !errors.Is(err, ErrNotFinite) {
		t.Errorf("CircleLift(1e200): %v", err)
	}
	if _, err := MaxNorm(mat.NewDense(1, 2, []float64{1.5e308, 1.5e308})); !errors.Is(err, ErrNotFinite) {
		t.Errorf("MaxNorm overflow: %v", err)
	}
	if m, err := MaxNorm(mat.NewDense(2, 2, []float64{3, 4, 1e300, 0})); err != nil || m != 1e300 {
		t.Errorf("MaxNorm = %v, %v, want 1e300", m, err)
	}
}
