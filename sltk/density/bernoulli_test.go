package density

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// movies is Table B.1 of SLT appendix B (The EM algorithm): Alice … Zelya × (Star Wars, Star Trek,
// Titanic, Pretty Woman, 007, Mission Impossible).
var movies = mat.NewDense(10, 6, []float64{
	1, 1, 0, 0, 0, 0, // Alice
	1, 1, 0, 0, 0, 0, // Bob
	0, 0, 1, 1, 0, 0, // Carlos
	0, 0, 1, 1, 0, 0, // David
	0, 0, 1, 0, 0, 1, // Ellen
	0, 0, 1, 1, 0, 0, // Fabian
	1, 1, 0, 0, 1, 1, // Gabriel
	1, 0, 0, 0, 1, 1, // Hector
	1, 1, 0, 0, 1, 1, // Ian
	1, 0, 1, 0, 0, 1, // Zelya
})

func TestMovieTableO24(t *testing.T) {
	for i := 0; i < 10; i++ {
		if movies.At(i, 3) == 1 && movies.At(i, 2) != 1 {
			t.Fatalf("person %d likes Pretty Woman but not Titanic", i)
		}
	}
}

func TestMovieEMOracles(t *testing.T) {
	// O23, O25: best log-likelihoods (clamped at 1e-6 and clip-only) and monotone traces.
	cases := []struct {
		k      int
		clamp  float64
		want   float64
		blocks [][]int
	}{
		{2, 0, -25.3957578812, nil},
		{3, 0, -20.9149960496, [][]int{{2, 3, 5}, {4, 9}, {0, 1, 6, 7, 8}}},
		{4, 0, -16.9574803417, [][]int{{0, 1}, {2, 3, 5}, {4, 9}, {6, 7, 8}}},
		{2, -1, -25.3957293812, nil},
		{3, -1, -20.9149532895, nil},
		{4, -1, -16.9574253417, nil},
	}
	for _, c := range cases {
		fit, err := BernoulliMixture{K: c.k, Clamp: c.clamp, Seed: 7}.Fit(movies)
		if err != nil {
			t.Fatalf("K=%d clamp %g: %v", c.k, c.clamp, err)
		}
		if n, _ := movies.Dims(); math.Abs(float64(n)*fit.LogLik-c.want) > 1e-6 { // LogLik is per person
			t.Fatalf("K=%d clamp %g: log-likelihood %.10f, want %.10f", c.k, c.clamp, float64(n)*fit.LogLik, c.want)
		}
		for i := 1; i < len(fit.Trace); i++ {
			if fit.Trace[i] < fit.Trace[i-1]-1e-9 {
				t.Fatalf("K=%d: log-likelihood fell at iteration %d", c.k, i)
			}
		}
		var s float64
		for _, v := range fit.Weights {
			s += v
		}
		if math.Abs(s-1) > 1e-12 {
			t.Fatalf("ν sums to %g", s)
		}
		for _, blk := range c.blocks {
			lab := func(i int) int {
				row := mat.Row(nil, i, fit.Posteriors)
				best := 0
				for k, v := range row {
					if v > row[best] {
						best = k
					}
				}
				return best
			}
			for _, i := range blk[1:] {
				if lab(i) != lab(blk[0]) {
					t.Fatalf("K=%d: persons %d and %d in different components", c.k, blk[0], i)
				}
			}
		}
	}
}

func TestRecommendationForJohnO26(t *testing.T) {
	nan := math.NaN()
	for _, k := range []int{2, 3, 4} {
		fit, err := BernoulliMixture{K: k, Seed: 1}.Fit(movies)
		if err != nil {
			t.Fatal(err)
		}
		for _, john := range [][]float64{{nan, nan, nan, 1, nan, nan}, {nan, 0, nan, 1, nan, nan}} {
			j, p, err := fit.Recommend(john)
			if err != nil {
				t.Fatal(err)
			}
			if j != 2 || p < 0.999 {
				t.Fatalf("K=%d: recommended item %d with p = %g, want Titanic (2) with p ≈ 1", k, j, p)
			}
		}
	}
}

func TestMissingEntriesAndEMErrors(t *testing.T) {
	x := mat.DenseCopyOf(movies)
	x.Set(0, 0, math.NaN())
	x.Set(5, 2, math.NaN())
	fit, err := BernoulliMixture{K: 3, Seed: 2, Restarts: 10}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if math.IsNaN(fit.LogLik) || fit.LogLik > 0 {
		t.Fatalf("log-likelihood %g", fit.LogLik)
	}
	bad := mat.DenseCopyOf(movies)
	bad.Set(1, 1, 0.5)
	for _, c := range []struct {
		b BernoulliMixture
		x mat.Matrix
	}{
		{BernoulliMixture{K: 0}, movies},
		{BernoulliMixture{K: 11}, movies},
		{BernoulliMixture{K: 2}, bad},
		{BernoulliMixture{K: 2, Clamp: 0.7}, movies},
		{BernoulliMixture{K: 2}, &mat.Dense{}},
	} {
		if _, err := c.b.Fit(c.x); check.Sentinel(err) == nil {
			t.Fatalf("%+v: error %v", c.b, err)
		}
	}
	if _, err := (EM{MaxIter: -1}).Run(&bernoulliModel{}); !errors.Is(err, ErrParam) {
		t.Fatal(err)
	}
	if _, err := (EM{}).Run(&decreasing{}); !errors.Is(err, ErrDecrease) {
		t.Fatalf("decreasing model: %v", err)
	}
	if _, err := (EM{}).Run(&decreasing{nan: true}); !errors.Is(err, ErrNotFinite) {
		t.Fatalf("NaN model: %v", err)
	}
}

// decreasing is a broken model whose log-likelihood falls (or turns NaN): EM must report it.
type decreasing struct {
	ll  float64
	nan bool
}

func (d *decreasing) EStep() (float64, error) {
	d.ll--
	if d.nan && d.ll < -1 {
		return math.NaN(), nil
	}
	return d.ll, nil
}
func (d *decreasing) MStep() error { return nil }

func ExampleBernoulliMixture() {
	fit, _ := BernoulliMixture{K: 3, Seed: 7}.Fit(movies)
	nan := math.NaN()
	john := []float64{nan, 0, nan, 1, nan, nan} // likes Pretty Woman, not Star Trek
	j, p, _ := fit.Recommend(john)
	fmt.Printf("log p(X)/n = %.4f; recommend movie %d with P(like) = %.3f\n", fit.LogLik, j, p)
	// Output:
	// log p(X)/n = -2.0915; recommend movie 2 with P(like) = 1.000
}
