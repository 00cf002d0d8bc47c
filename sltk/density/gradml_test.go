package density

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

func gmlData(p, d int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 1))
	return fuzzdata.Rows(p, d, func(_ int, row []float64) {
		for j := range row {
			row[j] = 1.5 + float64(j) + 2*rng.NormFloat64()
		}
	})
}

// closedForm returns x̄ and (1/(pd)) Σ‖x − x̄‖².
func closedForm(x *mat.Dense) ([]float64, float64) {
	p, d := x.Dims()
	mu := make([]float64, d)
	for j := range mu {
		mu[j] = mat.Sum(x.ColView(j)) / float64(p)
	}
	s := 0.0
	for i := 0; i < p; i++ {
		for j := 0; j < d; j++ {
			u := x.At(i, j) - mu[j]
			s += u * u
		}
	}
	return mu, s / float64(p*d)
}

func TestGaussianLogDensityGradient(t *testing.T) {
	x := []float64{0.3, -1.2, 2}
	w := []float64{0.1, 0.4, -0.5, 0.2}
	grad := make([]float64, 4)
	GaussianLogDensity(x, w, grad)
	// The density itself: N(x; μ, σ²I) with σ = e^0.2.
	s2 := math.Exp(0.4)
	want := 0.0
	for j := range x {
		want += -0.5*math.Log(2*math.Pi*s2) - (x[j]-w[j])*(x[j]-w[j])/(2*s2)
	}
	if got, err := GaussianLogDensity(x, w, grad); err != nil || math.Abs(got-want) > 1e-12 {
		t.Fatalf("log density %g, %v, want %g", got, err, want)
	}
	scratch := make([]float64, 4)
	for k := range w {
		up, dn := append([]float64(nil), w...), append([]float64(nil), w...)
		up[k] += 1e-6
		dn[k] -= 1e-6
		lu, _ := GaussianLogDensity(x, up, scratch)
		ld, _ := GaussianLogDensity(x, dn, scratch)
		fd := (lu - ld) / 2e-6
		if math.Abs(fd-grad[k]) > 1e-6 {
			t.Errorf("∂/∂w[%d] = %g, finite difference %g", k, grad[k], fd)
		}
	}
}

// Oracle: gradient descent on the Gaussian reaches the closed-form maximum-likelihood point.
func TestGradientMLBatchOracle(t *testing.T) {
	x := gmlData(500, 3, 1)
	mu, s2 := closedForm(x)
	r, err := GradientML{LearningRate: 0.2, MaxIter: 5000, Tol: 1e-14}.Fit(x, GaussianLogDensity, []float64{0, 0, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Converged {
		t.Fatalf("not converged after %d iterations", r.Iter)
	}
	for j := range mu {
		if math.Abs(r.Params[j]-mu[j]) > 1e-5 {
			t.Errorf("μ[%d] = %g, want %g", j, r.Params[j], mu[j])
		}
	}
	if got := math.Exp(2 * r.Params[3]); math.Abs(got-s2) > 1e-5*s2 {
		t.Errorf("σ² = %g, want %g", got, s2)
	}
	for i := 1; i < len(r.Trace); i++ {
		if r.Trace[i] > r.Trace[i-1]+1e-12 {
			t.Fatalf("E^T rose at iteration %d: %g → %g", i, r.Trace[i-1], r.Trace[i])
		}
	}
	nll, err := NLL(x, GaussianLogDensity, r.Params)
	if err != nil || math.Abs(nll-r.NLL) > 1e-12 {
		t.Fatalf("NLL = %g (%v), result says %g", nll, err, r.NLL)
	}
	// At the optimum E^T = ½ d (ln 2πσ² + 1).
	if want := 1.5 * (math.Log(2*math.Pi*s2) + 1); math.Abs(r.NLL-want) > 1e-9 {
		t.Errorf("E^T = %g, want %g", r.NLL, want)
	}
}

func TestGradientMLOnline(t *testing.T) {
	x := gmlData(2000, 2, 2)
	mu, s2 := closedForm(x)
	a, err := GradientML{LearningRate: 0.0005, MaxIter: 60, Online: true, Seed: 3}.Fit(x, GaussianLogDensity, []float64{0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := GradientML{LearningRate: 0.0005, MaxIter: 60, Online: true, Seed: 3}.Fit(x, GaussianLogDensity, []float64{0, 0, 0})
	for k := range a.Params {
		if a.Params[k] != b.Params[k] {
			t.Fatal("same seed, different result")
		}
	}
	for j := range mu {
		if math.Abs(a.Params[j]-mu[j]) > 0.05 {
			t.Errorf("online μ[%d] = %g, want ≈ %g", j, a.Params[j], mu[j])
		}
	}
	if got := math.Exp(2 * a.Params[2]); math.Abs(got-s2) > 0.1*s2 {
		t.Errorf("online σ² = %g, want ≈ %g", got, s2)
	}
}

func TestGradientMLBadInput(t *testing.T) {
	x := gmlData(10, 1, 4)
	nan := mat.NewDense(2, 1, []float64{1, math.NaN()})
	cases := []struct {
		name string
		run  func() error
	}{
		{"nil data", func() error { _, err := GradientML{}.Fit(nil, GaussianLogDensity, []float64{0, 0}); return err }},
		{"NaN data", func() error { _, err := GradientML{}.Fit(nan, GaussianLogDensity, []float64{0, 0}); return err }},
		{"nil model", func() error { _, err := GradientML{}.Fit(x, nil, []float64{0, 0}); return err }},
		{"no parameters", func() error { _, err := GradientML{}.Fit(x, GaussianLogDensity, nil); return err }},
		{"negative rate", func() error {
			_, err := GradientML{LearningRate: -1}.Fit(x, GaussianLogDensity, []float64{0, 0})
			return err
		}},
		{"diverging step", func() error {
			_, err := GradientML{LearningRate: 1e6, MaxIter: 50}.Fit(x, GaussianLogDensity, []float64{0, 0})
			return err
		}},
		{"NLL nil model", func() error { _, err := NLL(x, nil, []float64{0, 0}); return err }},
	}
	for _, c := range cases {
		if err := c.run(); check.Sentinel(err) == nil {
			t.Errorf("%s: got %v, want an errs sentinel", c.name, err)
		}
	}
}

func ExampleGradientML() {
	// Fit N(μ, σ²) to five numbers by gradient descent on E^T; the closed form is μ = 2, σ² = 2.
	x := mat.NewDense(5, 1, []float64{0, 1, 2, 3, 4})
	r, err := GradientML{LearningRate: 0.5, Tol: 1e-14}.Fit(x, GaussianLogDensity, []float64{0, 0})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("μ = %.4f, σ² = %.4f, converged %v\n", r.Params[0], math.Exp(2*r.Params[1]), r.Converged)
	// Output: μ = 2.0000, σ² = 2.0000, converged true
}
