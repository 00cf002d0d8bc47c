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

// TestConstantShiftMatchesKernelPCA: on the edit distances of 20 words (recomputed in Python),
// the shift d0 and the leading eigenvalues and embedding of ConstantShift{Dims: 5} equal
// scikit-learn's KernelPCA(kernel="precomputed") of the paper's kernel S^c − λ_min I, which
// KernelPCA centres into S^c − λ_min Q (testdata/sklearn_shift.json from
// testdata/sklearn_fixtures.py, scikit-learn 1.2.1; both fix each column's sign by its largest
// entry).
func TestConstantShiftMatchesKernelPCA(t *testing.T) {
	var fix struct {
		Words       []string
		Distances   [][]float64
		Shift       float64
		Eigenvalues []float64
		Embedding   [][]float64
	}
	fixture.JSON(t, "testdata/sklearn_shift.json", &fix)
	d, err := EditDistances(fix.Words)
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range fix.Distances {
		for j, v := range row {
			if d.At(i, j) != v {
				t.Fatalf("EditDistance(%q, %q) = %v, Python's %v", fix.Words[i], fix.Words[j], d.At(i, j), v)
			}
		}
	}
	res, err := ConstantShift{Dims: len(fix.Eigenvalues)}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.Shift-fix.Shift) > 1e-12 {
		t.Errorf("Shift = %v, scikit-learn's %v", res.Shift, fix.Shift)
	}
	for j, want := range fix.Eigenvalues {
		if math.Abs(res.Values[j]-want) > 1e-10 {
			t.Errorf("Values[%d] = %v, KernelPCA's %v", j, res.Values[j], want)
		}
	}
	gap := 0.0
	for i, row := range fix.Embedding {
		for j, v := range row {
			gap = max(gap, math.Abs(res.Embedding.At(i, j)-v))
		}
	}
	if gap > 1e-10 {
		t.Errorf("Embedding differs from KernelPCA's by %.3g", gap)
	}
}
