package embed

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/frame"
	"github.com/sltk-book/sltk/sltk/internal/fixture"
	"gonum.org/v1/gonum/mat"
)

// TestPCAMatchesSklearn: Components is the transpose of scikit-learn's components_, signs
// included (svd_flip: the largest-magnitude score of each component positive), and
// ExplainedVariance is its explained_variance_: on wine (all 13 components) and digits (the
// first 10), against testdata/sklearn_pca.json (testdata/sklearn_fixtures.py, scikit-learn
// 1.2.1). The randomized solvers approximate the same subspace from different sketches, so
// agree to 5e-3 (a flipped sign would differ by about 0.4).
func TestPCAMatchesSklearn(t *testing.T) {
	var fix struct {
		Cases []struct {
			Name              string
			Components        [][]float64
			ExplainedVariance []float64 `json:"explained_variance"`
		}
	}
	fixture.JSON(t, "testdata/sklearn_pca.json", &fix)
	wine, _, _, err := frame.Wine()
	if err != nil {
		t.Fatal(err)
	}
	digits, _, _, err := frame.Digits()
	if err != nil {
		t.Fatal(err)
	}
	setups := map[string]struct {
		x   *mat.Dense
		pca PCA
		tol float64
	}{
		"wine":              {wine, PCA{}, 1e-8},
		"digits":            {digits, PCA{Components: 10}, 1e-8},
		"digits randomized": {digits, PCA{Components: 10, Solver: PCARandomized}, 5e-3},
	}
	for _, c := range fix.Cases {
		s, ok := setups[c.Name]
		if !ok {
			t.Fatalf("fixture case %q has no setup", c.Name)
		}
		m, err := s.pca.Fit(s.x)
		if err != nil {
			t.Fatal(err)
		}
		for j, want := range c.Components {
			gap := 0.0
			for i, w := range want {
				gap = max(gap, math.Abs(m.Components.At(i, j)-w))
			}
			if gap > s.tol {
				t.Errorf("%s: component %d differs from scikit-learn's by %.3g", c.Name, j, gap)
			}
			if ev := m.ExplainedVariance[j]; math.Abs(ev-c.ExplainedVariance[j]) > s.tol*c.ExplainedVariance[0] {
				t.Errorf("%s: explained variance %d = %v, scikit-learn %v", c.Name, j, ev, c.ExplainedVariance[j])
			}
		}
	}
}
