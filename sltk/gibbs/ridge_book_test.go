package gibbs

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// ridgeExample is the two-coefficient problem of the book's ridge section.
func ridgeExample(lambda float64) Ridge {
	x := mat.NewDense(6, 2, []float64{1, 0.5, 0.3, 1, -0.7, 0.2, 1.2, -0.4, 0.1, 0.9, -1, -1})
	return Ridge{X: x, Y: []float64{1.1, 0.8, -0.5, 0.9, 0.6, -1.6}, Lambda: lambda, T: 2}
}

// TestRidgePosteriorQuadrature checks the closed form against the definition: Z, the mean and
// the covariance of exp(−R/T) by the midpoint rule on a grid of ±12 standard deviations.
func TestRidgePosteriorQuadrature(t *testing.T) {
	r := ridgeExample(0.5)
	post, err := r.Posterior()
	if err != nil {
		t.Fatal(err)
	}
	const k = 600
	var z, m0, m1, s00, s01, s11 float64
	sd := [2]float64{math.Sqrt(post.Cov.At(0, 0)), math.Sqrt(post.Cov.At(1, 1))}
	h := [2]float64{24 * sd[0] / k, 24 * sd[1] / k}
	for i := range k {
		for j := range k {
			c := []float64{post.Mean[0] + (float64(i)+0.5-k/2)*h[0],
				post.Mean[1] + (float64(j)+0.5-k/2)*h[1]}
			cost, err := r.Cost(c)
			if err != nil {
				t.Fatal(err)
			}
			w := math.Exp(-cost/r.T) * h[0] * h[1]
			z += w
			m0, m1 = m0+w*c[0], m1+w*c[1]
			s00, s01, s11 = s00+w*c[0]*c[0], s01+w*c[0]*c[1], s11+w*c[1]*c[1]
		}
	}
	m0, m1 = m0/z, m1/z
	got := []float64{math.Log(z), m0, m1, s00/z - m0*m0, s01/z - m0*m1, s11/z - m1*m1}
	want := []float64{post.LogZ, post.Mean[0], post.Mean[1], post.Cov.At(0, 0),
		post.Cov.At(0, 1), post.Cov.At(1, 1)}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 1e-6 {
			t.Errorf("quantity %d: quadrature %.9g, closed form %.9g", i, got[i], want[i])
		}
	}
}

// TestRidgeWithoutPenalty: λ = 0 with fewer observations than coefficients has no Gibbs
// distribution; λ = 0 with XᵀX of full rank has one.
func TestRidgeWithoutPenalty(t *testing.T) {
	one := Ridge{X: mat.NewDense(1, 2, []float64{1, 0.5}), Y: []float64{0.8}, T: 1}
	if _, err := one.Posterior(); !errors.Is(err, errs.ErrSingular) {
		t.Errorf("N = 1 < m = 2, λ = 0: err = %v, want ErrSingular", err)
	}
	if _, err := ridgeExample(0).Posterior(); err != nil {
		t.Errorf("N = 6 > m = 2, λ = 0: %v", err)
	}
}

func TestRidgeBadInput(t *testing.T) {
	good := ridgeExample(0.5)
	cases := map[string]struct {
		r    Ridge
		want error
	}{
		"nil X":      {Ridge{Y: good.Y, Lambda: 1, T: 1}, ErrEmpty},
		"short Y":    {Ridge{X: good.X, Y: good.Y[:5], Lambda: 1, T: 1}, ErrShape},
		"NaN Y":      {Ridge{X: good.X, Y: []float64{1, 2, 3, 4, 5, math.NaN()}, T: 1}, ErrNotFinite},
		"λ < 0":      {Ridge{X: good.X, Y: good.Y, Lambda: -1, T: 1}, ErrParam},
		"λ NaN":      {Ridge{X: good.X, Y: good.Y, Lambda: math.NaN(), T: 1}, ErrParam},
		"T = 0":      {Ridge{X: good.X, Y: good.Y, Lambda: 1}, ErrParam},
		"T = +Inf":   {Ridge{X: good.X, Y: good.Y, Lambda: 1, T: math.Inf(1)}, ErrParam},
		"too wide X": {Ridge{X: mat.NewDense(1, MaxRidgeDim+1, nil), Y: []float64{0}, T: 1}, ErrTooLarge},
	}
	for name, c := range cases {
		if _, err := c.r.Posterior(); !errors.Is(err, c.want) {
			t.Errorf("%s: Posterior err = %v, want %v", name, err, c.want)
		}
		if _, err := c.r.Cost([]float64{0, 0}); !errors.Is(err, c.want) {
			t.Errorf("%s: Cost err = %v, want %v", name, err, c.want)
		}
	}
	if _, err := good.Cost([]float64{1}); !errors.Is(err, ErrShape) {
		t.Errorf("short c: err = %v", err)
	}
	if _, err := good.Cost([]float64{1, math.Inf(1)}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Inf in c: err = %v", err)
	}
}

// The mean is A⁻¹Xᵀy = (1/8)·(3·4 − 5, −4 + 3·5) with A = XᵀX + I = [3 1; 1 3].
func ExampleRidge_Posterior() {
	x := mat.NewDense(3, 2, []float64{1, 0, 0, 1, 1, 1})
	r := Ridge{X: x, Y: []float64{1, 2, 3}, Lambda: 1, T: 2}
	post, err := r.Posterior()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("mean %.3f, variances %.3f %.3f\n", post.Mean, post.Cov.At(0, 0), post.Cov.At(1, 1))
	// Output:
	// mean [0.875 1.375], variances 0.375 0.375
}
