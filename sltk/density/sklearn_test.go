package density

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/frame"
	"github.com/sltk-book/sltk/sltk/internal/fixture"
	"gonum.org/v1/gonum/mat"
)

// sklearnDensity is testdata/sklearn_density.json, written by testdata/sklearn_fixtures.py with
// scikit-learn 1.2.1.
type sklearnDensity struct {
	GMMIrisScores []float64 `json:"gmm_iris_scores"`
	KDEFaithful   []struct {
		Bandwidth    float64
		Score        float64
		ScoreSamples []float64 `json:"score_samples"`
	} `json:"kde_faithful"`
}

func loadSklearnDensity(t *testing.T) sklearnDensity {
	t.Helper()
	var f sklearnDensity
	fixture.JSON(t, "testdata/sklearn_density.json", &f)
	return f
}

// TestGMMDefaultMatchesSklearn: the zero-value GMM with K = 3 on iris reaches the mean
// log-likelihood of GaussianMixture(n_components=3, random_state=0).score (−1.2013) from every
// seed 0..19, where a single k-means start reached −1.358 from seed 0 and scikit-learn itself
// reaches −1.348 from random_state=2. The optimum is a little higher than scikit-learn's
// (−1.2012), which stops at an absolute gain of 1e-3 and adds 1e-6 to every variance.
func TestGMMDefaultMatchesSklearn(t *testing.T) {
	f := loadSklearnDensity(t)
	x, _, _, err := frame.Iris()
	if err != nil {
		t.Fatal(err)
	}
	want := f.GMMIrisScores[0]
	for seed := range uint64(20) {
		r, err := GMM{K: 3, Seed: seed}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.LogLik-want) > 2e-4 {
			t.Errorf("seed %d: mean log-likelihood %.5f, scikit-learn %.5f", seed, r.LogLik, want)
		}
	}
}

// TestKDEMatchesSklearn: with scikit-learn's bandwidth, KDEModel.LogDensity is
// KernelDensity.score_samples and KDEModel.Score is KernelDensity.score divided by the number
// of rows, on every tenth row of Old Faithful.
func TestKDEMatchesSklearn(t *testing.T) {
	f := loadSklearnDensity(t)
	x, err := frame.Faithful()
	if err != nil {
		t.Fatal(err)
	}
	n, _ := x.Dims()
	q := mat.NewDense((n+9)/10, 2, nil)
	for i := 0; i < n; i += 10 {
		q.SetRow(i/10, x.RawRowView(i))
	}
	for _, c := range f.KDEFaithful {
		m, err := KDE{Bandwidth: c.Bandwidth}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		ld, err := m.LogDensity(q)
		if err != nil {
			t.Fatal(err)
		}
		if len(ld) != len(c.ScoreSamples) {
			t.Fatalf("%d query rows, scikit-learn %d", len(ld), len(c.ScoreSamples))
		}
		for i, w := range c.ScoreSamples {
			if math.Abs(ld[i]-w) > 1e-10*math.Max(1, math.Abs(w)) {
				t.Errorf("h = %v: log-density of row %d = %v, score_samples %v", c.Bandwidth, i, ld[i], w)
			}
		}
		score, err := m.Score(q)
		if err != nil {
			t.Fatal(err)
		}
		if sum := score * float64(len(ld)); math.Abs(sum-c.Score) > 1e-9*math.Abs(c.Score) {
			t.Errorf("h = %v: rows·Score = %v, KernelDensity.score %v", c.Bandwidth, sum, c.Score)
		}
	}
}
