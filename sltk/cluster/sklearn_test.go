package cluster

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fixture"
	"gonum.org/v1/gonum/mat"
)

// sklearnSpectral is testdata/sklearn_spectral.json, written by testdata/sklearn_fixtures.py
// with scikit-learn 1.2.1: 200 points of two moons, and for each n_neighbors the nonzero
// entries (i, j, w) of SpectralClustering(affinity="nearest_neighbors").affinity_matrix_, the
// labels of SpectralClustering(n_clusters=2, random_state=0) and the rows its k-means clusters
// (spectral_embedding with drop_first=False).
type sklearnSpectral struct {
	X     [][]float64
	Cases []struct {
		NNeighbors int `json:"n_neighbors"`
		I, J       []int
		W          []float64
		Labels     []int
		Embedding  [][]float64
	}
}

func loadSklearnSpectral(t *testing.T) (sklearnSpectral, *mat.Dense) {
	t.Helper()
	var f sklearnSpectral
	fixture.JSON(t, "testdata/sklearn_spectral.json", &f)
	x := mat.NewDense(len(f.X), 2, nil)
	for i, r := range f.X {
		x.SetRow(i, r)
	}
	return f, x
}

// TestKNNGraphMatchesSklearn: KNNGraph(x, k) is scikit-learn's nearest-neighbours affinity for
// n_neighbors = k+1 (which counts the point itself), entry for entry off the diagonal.
func TestKNNGraphMatchesSklearn(t *testing.T) {
	f, x := loadSklearnSpectral(t)
	n := len(f.X)
	for _, c := range f.Cases {
		want := mat.NewDense(n, n, nil)
		for e, i := range c.I {
			want.Set(i, c.J[e], c.W[e])
		}
		got, err := KNNGraph(x, c.NNeighbors-1)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if want.At(i, i) != 1 || got.At(i, i) != 0 {
				t.Fatalf("n_neighbors = %d: diagonal %v (sklearn) and %v, want 1 and 0", c.NNeighbors, want.At(i, i), got.At(i, i))
			}
			for j := range n {
				if i != j && got.At(i, j) != want.At(i, j) {
					t.Fatalf("n_neighbors = %d: S[%d][%d] = %v, scikit-learn %v", c.NNeighbors, i, j, got.At(i, j), want.At(i, j))
				}
			}
		}
	}
}

// TestSpectralDefaultMatchesSklearn: the zero-value SpectralClustering (RandomWalk) on that graph
// gives scikit-learn's labels up to the names of the two clusters, and on the connected graph
// (n_neighbors = 10; with 5 the two moons are two components and the eigenvectors of 0 are not
// unique) scikit-learn's embedding up to the sign of each column, which Unnormalized does not.
func TestSpectralDefaultMatchesSklearn(t *testing.T) {
	f, x := loadSklearnSpectral(t)
	for _, c := range f.Cases {
		s, err := KNNGraph(x, c.NNeighbors-1)
		if err != nil {
			t.Fatal(err)
		}
		res, err := SpectralClustering{K: 2}.Fit(s)
		if err != nil {
			t.Fatal(err)
		}
		same := 0
		for i, l := range res.Labels {
			if l == c.Labels[i] {
				same++
			}
		}
		if same != 0 && same != len(res.Labels) {
			t.Errorf("n_neighbors = %d: %d of %d labels agree with scikit-learn up to a swap", c.NNeighbors, max(same, len(res.Labels)-same), len(res.Labels))
		}
		if c.NNeighbors != 10 {
			continue
		}
		un, err := SpectralClustering{K: 2, Normalization: Unnormalized}.Fit(s)
		if err != nil {
			t.Fatal(err)
		}
		for j := range 2 {
			if d := columnGap(res.Embedding, c.Embedding, j); d > 1e-8 {
				t.Errorf("embedding column %d differs from scikit-learn's by %.3g", j, d)
			}
		}
		if d := columnGap(un.Embedding, c.Embedding, 1); d < 1e-3 {
			t.Errorf("Unnormalized embedding column 1 within %.3g of scikit-learn's RandomWalk one", d)
		}
	}
}

// columnGap returns max_i |got_ij − s·want_ij| minimised over the sign s = ±1.
func columnGap(got *mat.Dense, want [][]float64, j int) float64 {
	var plus, minus float64
	for i, w := range want {
		plus = max(plus, math.Abs(got.At(i, j)-w[j]))
		minus = max(minus, math.Abs(got.At(i, j)+w[j]))
	}
	return min(plus, minus)
}
