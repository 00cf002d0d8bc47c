package classify

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/frame"
	"github.com/sltk-book/sltk/sltk/internal/fixture"
	"gonum.org/v1/gonum/stat"
)

// TestLogisticMatchesSklearn: the zero-value LogisticRegression is scikit-learn's
// LogisticRegression() (C = 1), and L2 = 1/C in general: the weights and intercept on the
// standardised breast-cancer data agree with testdata/sklearn_logistic.json (written by
// testdata/sklearn_fixtures.py with scikit-learn 1.2.1): within 2e-4 of what
// LogisticRegression() returns, within 1e-6 of the minimisers of C = 1 and C = 0.1. Unpenalised, the same data are
// separable and the weights run far beyond scikit-learn's.
func TestLogisticMatchesSklearn(t *testing.T) {
	var fix map[string]json.RawMessage
	fixture.JSON(t, "testdata/sklearn_logistic.json", &fix)
	x, y, _, err := frame.BreastCancer()
	if err != nil {
		t.Fatal(err)
	}
	n, d := x.Dims()
	for j := range d { // StandardScaler: population standard deviation
		col := make([]float64, n)
		for i := range n {
			col[i] = x.At(i, j)
		}
		mean, std := stat.PopMeanStdDev(col, nil)
		for i := range n {
			x.Set(i, j, (col[i]-mean)/std)
		}
	}
	for _, c := range []struct {
		key string
		lr  LogisticRegression
		tol float64
	}{
		{"default", LogisticRegression{}, 2e-4}, // scikit-learn's lbfgs stops at gradient 3e-4
		{"C1", LogisticRegression{Tol: 1e-9}, 1e-6},
		{"C0.1", LogisticRegression{L2: 10, Tol: 1e-9}, 1e-6},
	} {
		var want struct {
			Coef      []float64
			Intercept float64
		}
		if err := json.Unmarshal(fix[c.key], &want); err != nil {
			t.Fatal(err)
		}
		m, err := c.lr.Fit(x, y)
		if err != nil || !m.Converged {
			t.Fatalf("%s: %+v, %v", c.key, m, err)
		}
		gap := math.Abs(m.B - want.Intercept)
		for j, w := range want.Coef {
			gap = max(gap, math.Abs(m.W[j]-w))
		}
		if gap > c.tol {
			t.Errorf("%s: weights differ from scikit-learn's by %.3g", c.key, gap)
		}
	}
	free, err := LogisticRegression{NoPenalty: true}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	top := 0.0
	for _, w := range free.W {
		top = max(top, math.Abs(w))
	}
	if top < 20 {
		t.Errorf("NoPenalty on separable data: largest weight %.3g, want the unpenalised blow-up (> 20)", top)
	}
}
