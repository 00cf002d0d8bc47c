package density

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

func gaussSample(p int, mean []float64, l [][]float64, rng *rand.Rand) *mat.Dense {
	d := len(mean)
	x := mat.NewDense(p, d, nil)
	z := make([]float64, d)
	for i := 0; i < p; i++ {
		for j := range z {
			z[j] = rng.NormFloat64()
		}
		for a := 0; a < d; a++ {
			v := mean[a]
			for b := 0; b <= a; b++ {
				v += l[a][b] * z[b]
			}
			x.Set(i, a, v)
		}
	}
	return x
}

func TestGaussianMLEOracle32(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	l := [][]float64{{1, 0, 0}, {0.5, 0.8, 0}, {-0.3, 0.2, 0.4}}
	x := gaussSample(400, []float64{1, -2, 0.5}, l, rng)
	g, err := FitGaussian(x)
	if err != nil {
		t.Fatal(err)
	}
	nll, _ := g.NLL(x)
	p, n := 400.0, 3.0
	want := p / 2 * (n*math.Log(2*math.Pi) + g.LogDet() + n)
	if math.Abs(nll-want) > 1e-9*want {
		t.Errorf("min NLL %.12g, closed form %.12g", nll, want)
	}
	// The NLL rises when μ or Σ moves away from the MLE (zero gradient, minimum).
	for _, eps := range []float64{1e-3, -1e-3} {
		mu := append([]float64(nil), g.Mean...)
		mu[1] += eps
		g2, _ := NewGaussian(mu, g.Cov)
		v2, _ := g2.NLL(x)
		c := mat.NewSymDense(3, nil)
		c.CopySym(g.Cov)
		c.SetSym(0, 2, c.At(0, 2)+eps)
		g3, _ := NewGaussian(g.Mean, c)
		v3, _ := g3.NLL(x)
		if !(v2 > nll) || !(v3 > nll) {
			t.Errorf("perturbation %g lowered the NLL: %g %g < %g", eps, v2, v3, nll)
		}
		// Quadratic, not linear, change: the gradient vanishes.
		if math.Abs(v2-nll) > 1e-3 {
			t.Errorf("first-order change %g", v2-nll)
		}
	}
	// LogDensityAt agrees with NLL.
	sum := 0.0
	for i := 0; i < 400; i++ {
		v, _ := g.LogDensityAt(x.RawRowView(i))
		sum -= v
	}
	if math.Abs(sum-nll) > 1e-9*nll {
		t.Errorf("Σ −LogDensityAt = %g, NLL = %g", sum, nll)
	}
	// Bias of Σ*: E Σ* = (p−1)/p Σ, Monte Carlo with p = 4.
	acc := 0.0
	reps := 20000
	for r := 0; r < reps; r++ {
		s := gaussSample(4, []float64{0, 0}, [][]float64{{1, 0}, {0, 1}}, rng)
		gs, err := FitGaussian(s)
		if err != nil {
			t.Fatal(err)
		}
		acc += gs.Cov.At(0, 0)
	}
	if got := acc / float64(reps); math.Abs(got-0.75) > 0.02 {
		t.Errorf("E Σ*_11 = %g, want 3/4", got)
	}
}

func TestGaussianErrors(t *testing.T) {
	if _, err := FitGaussian(mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})); !errors.Is(err, ErrSingular) {
		t.Errorf("p ≤ n: %v", err)
	}
	if _, err := NewGaussian([]float64{0}, mat.NewSymDense(2, nil)); !errors.Is(err, ErrShape) {
		t.Errorf("shape: %v", err)
	}
	g, _ := NewGaussian([]float64{0, 0}, mat.NewSymDense(2, []float64{1, 0, 0, 1}))
	if _, err := g.LogDensityAt([]float64{math.Inf(1), 0}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Inf point: %v", err)
	}
	if _, err := g.Ellipse(1, 2); !errors.Is(err, ErrParam) {
		t.Errorf("Ellipse n=2: %v", err)
	}
	e, _ := g.Ellipse(2, 9)
	for _, pt := range e {
		if math.Abs(math.Hypot(pt[0], pt[1])-2) > 1e-12 {
			t.Errorf("ellipse point %v not at radius 2", pt)
		}
	}
}

// threeBlobs draws 3 isotropic blobs in 2-D with known parameters.
func threeBlobs(p int, seed uint64) (*mat.Dense, [][]float64, []float64) {
	rng := rand.New(rand.NewPCG(seed, 3))
	centres := [][]float64{{-5, 0}, {5, 1}, {0, 7}}
	sds := []float64{0.5, 1, 0.8}
	x := mat.NewDense(p, 2, nil)
	for i := 0; i < p; i++ {
		q := i % 3
		x.Set(i, 0, centres[q][0]+sds[q]*rng.NormFloat64())
		x.Set(i, 1, centres[q][1]+sds[q]*rng.NormFloat64())
	}
	return x, centres, sds
}

func TestGMMOracle33(t *testing.T) {
	x, centres, sds := threeBlobs(1500, 8)
	for _, cov := range []CovType{Isotropic, Diagonal, Full} {
		t.Run(cov.String(), func(t *testing.T) {
			r, err := GMM{K: 3, Cov: cov, Seed: 2, Restarts: 3}.Fit(x)
			if err != nil {
				t.Fatal(err)
			}
			for i := 1; i < len(r.Trace); i++ {
				if r.Trace[i] < r.Trace[i-1]-1e-9*math.Abs(r.Trace[i-1]) {
					t.Fatalf("log-likelihood fell at %d: %g → %g", i, r.Trace[i-1], r.Trace[i])
				}
			}
			sum := 0.0
			for _, w := range r.Weights {
				sum += w
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("Σ P(q) = %g", sum)
			}
			post, _ := r.Posteriors(x)
			for i := 0; i < 1500; i++ {
				if s := mat.Sum(post.RowView(i)); math.Abs(s-1) > 1e-12 {
					t.Fatalf("row %d of the posterior sums to %g", i, s)
				}
			}
			ll, _ := r.Score(x)
			if math.Abs(ll-r.LogLik) > 1e-9*math.Abs(ll) {
				t.Errorf("Score %g vs fit %g", ll, r.LogLik)
			}
			rows, _ := r.LogDensity(x)
			if mean := floats.Sum(rows) / float64(len(rows)); math.Abs(mean-ll) > 1e-9*math.Abs(ll) {
				t.Errorf("mean of LogDensity %g vs Score %g", mean, ll)
			}
			// Recovered parameters within sampling error (500 points per blob).
			for q, c := range centres {
				best := 0
				for k := 1; k < 3; k++ {
					if math.Hypot(r.Means.At(k, 0)-c[0], r.Means.At(k, 1)-c[1]) < math.Hypot(r.Means.At(best, 0)-c[0], r.Means.At(best, 1)-c[1]) {
						best = k
					}
				}
				if dist := math.Hypot(r.Means.At(best, 0)-c[0], r.Means.At(best, 1)-c[1]); dist > 0.2 {
					t.Errorf("centre %v found at distance %g", c, dist)
				}
				if v := r.Vars[best]; math.Abs(v-sds[q]*sds[q]) > 0.2*sds[q]*sds[q] {
					t.Errorf("variance %g, want %g", v, sds[q]*sds[q])
				}
				if math.Abs(r.Weights[best]-1.0/3) > 0.02 {
					t.Errorf("weight %g", r.Weights[best])
				}
			}
		})
	}
}

func TestGMMOneComponentOneStep(t *testing.T) {
	x, _, _ := threeBlobs(300, 1)
	r, err := GMM{K: 1, MaxIter: 1, Init: InitNotes}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := FitGaussian(x)
	want := (g.Cov.At(0, 0) + g.Cov.At(1, 1)) / 2 // (1/(p·d)) Σ ‖x − x̄‖², with the 1/d of E33
	if math.Abs(r.Means.At(0, 0)-g.Mean[0]) > 1e-12 || math.Abs(r.Means.At(0, 1)-g.Mean[1]) > 1e-12 || math.Abs(r.Vars[0]-want) > 1e-12 {
		t.Errorf("one step: mean %v var %g, want %v %g", r.Means.RawRowView(0), r.Vars[0], g.Mean, want)
	}
	// The full model with one component is the Gaussian MLE.
	rf, _ := GMM{K: 1, Cov: Full}.Fit(x)
	if !mat.EqualApprox(rf.Covs[0], g.Cov, 1e-10) {
		t.Errorf("full K=1 covariance %v, MLE %v", mat.Formatted(rf.Covs[0]), mat.Formatted(g.Cov))
	}
}

func TestFrozenMixtureIsSoftKMeansOracle34(t *testing.T) {
	x, _, _ := threeBlobs(200, 5)
	w := mat.NewDense(3, 2, []float64{-4, 0, 4, 2, 1, 6})
	for _, beta := range []float64{0.01, 0.5, 3} {
		m, err := IsotropicMixture([]float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, w, []float64{1 / beta, 1 / beta, 1 / beta})
		if err != nil {
			t.Fatal(err)
		}
		post, _ := m.Posteriors(x)
		for i := 0; i < 200; i++ {
			e := make([]float64, 3)
			for q := range e {
				dx, dy := x.At(i, 0)-w.At(q, 0), x.At(i, 1)-w.At(q, 1)
				e[q] = -beta / 2 * (dx*dx + dy*dy)
			}
			z := gibbs.LogSumExp(e)
			for q := range e {
				if d := math.Abs(post.At(i, q) - math.Exp(e[q]-z)); d > 1e-12 {
					t.Fatalf("β=%g row %d: responsibilities differ by %g", beta, i, d)
				}
			}
		}
	}
}

func TestGMMCollapseIsFloored(t *testing.T) {
	// Ten identical points plus a spread: a component can sit on the duplicates with σ → 0.
	rng := rand.New(rand.NewPCG(9, 9))
	x := mat.NewDense(60, 2, nil)
	for i := 0; i < 60; i++ {
		if i < 10 {
			x.Set(i, 0, 3)
			x.Set(i, 1, 3)
			continue
		}
		x.Set(i, 0, rng.NormFloat64())
		x.Set(i, 1, rng.NormFloat64())
	}
	for _, cov := range []CovType{Isotropic, Diagonal, Full} {
		r, err := GMM{K: 2, Cov: cov, Seed: 1, Restarts: 4, MinVar: 1e-4}.Fit(x)
		if err != nil {
			t.Fatalf("%v: %v", cov, err)
		}
		if math.IsNaN(r.LogLik) || math.IsInf(r.LogLik, 0) || r.Floored == 0 {
			t.Errorf("%v: log-likelihood %g, floored %d", cov, r.LogLik, r.Floored)
		}
	}
}

func TestGMMBadInput(t *testing.T) {
	x, _, _ := threeBlobs(30, 1)
	for _, g := range []GMM{{K: 0}, {K: 31}, {K: 2, Cov: 9}, {K: 2, MinVar: -1}, {K: 2, Restarts: -1}} {
		if _, err := g.Fit(x); !errors.Is(err, ErrParam) {
			t.Errorf("%+v: %v", g, err)
		}
	}
	if _, err := (GMM{K: 1}).Fit(mat.NewDense(1, 1, []float64{math.NaN()})); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	if _, err := IsotropicMixture([]float64{0.5, 0.6}, mat.NewDense(2, 1, nil), []float64{1, 1}); !errors.Is(err, ErrProb) {
		t.Errorf("weights: %v", err)
	}
}

// TestGMMDeterministic fits 9000 points (three chunks of the parallel sections) with the same
// seed on 1, 2 and 5 goroutines, for every covariance type, and wants the same bits: each chunk
// writes only its own partial sums, whichever worker (and scratch space) of GMM.Fit's team
// runs it. Scoring new data (no team) must agree with the fit's own log-likelihood.
func TestGMMDeterministic(t *testing.T) {
	x, _, _ := threeBlobs(9000, 2)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, cov := range []CovType{Full, Diagonal, Isotropic} {
		var first *GMMResult
		for _, procs := range []int{1, 2, 5} {
			runtime.GOMAXPROCS(procs)
			r, err := GMM{K: 3, Cov: cov, Seed: 5, MaxIter: 30}.Fit(x)
			if err != nil {
				t.Fatalf("%v, %d procs: %v", cov, procs, err)
			}
			if first == nil {
				first = r
				continue
			}
			if r.LogLik != first.LogLik || !mat.Equal(r.Means, first.Means) || r.Iter != first.Iter {
				t.Errorf("%v: %d procs give log-likelihood %.17g after %d iterations, 1 proc %.17g after %d",
					cov, procs, r.LogLik, r.Iter, first.LogLik, first.Iter)
			}
		}
		score, err := first.Score(x)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(score-first.LogLik) > 1e-12*math.Abs(first.LogLik) {
			t.Errorf("%v: Score %.17g, fit's LogLik %.17g", cov, score, first.LogLik)
		}
	}
}

func ExampleGMM() {
	x, _, _ := threeBlobs(600, 1)
	r, err := GMM{K: 3, Seed: 1, Restarts: 2}.Fit(x)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("converged: %v, log-likelihood per point: %.2f\n", r.Converged, r.LogLik) // full covariances (the default)
	// Output: converged: true, log-likelihood per point: -3.33
}

func ExampleKDE() {
	x := mat.NewDense(4, 1, []float64{-1, 0, 0, 1})
	m, _ := KDE{Kernel: BoxKernel, Bandwidth: 1}.Fit(x)
	p, _ := m.Density([]float64{0})
	fmt.Printf("gliding histogram at 0: %.2f\n", p)
	// Output: gliding histogram at 0: 0.50
}

func BenchmarkGMMFull(b *testing.B) {
	// n = 10^5, d = 10, 8 components, full covariances (the bench row against scikit-learn).
	rng := rand.New(rand.NewPCG(1, 1))
	p, d, k := 100000, 10, 8
	centres := mat.NewDense(k, d, nil)
	for i := 0; i < k; i++ {
		for j := 0; j < d; j++ {
			centres.Set(i, j, 4*rng.NormFloat64())
		}
	}
	x := mat.NewDense(p, d, nil)
	for i := 0; i < p; i++ {
		q := i % k
		for j := 0; j < d; j++ {
			x.Set(i, j, centres.At(q, j)+rng.NormFloat64())
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		r, err := GMM{K: k, Cov: Full, Tol: 1e-6, MaxIter: 100, Seed: 1}.Fit(x)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(r.LogLik/float64(p), "loglik/pt")
		b.ReportMetric(float64(r.Iter), "iter")
	}
}

func TestNilGaussian(t *testing.T) {
	if g := (*Gaussian)(nil); g.Dim() != 0 || g.LogDet() != 0 {
		t.Errorf("nil Gaussian: Dim %d, LogDet %v; want 0, 0", g.Dim(), g.LogDet())
	}
}

func TestDensityModelsScoreIsMeanLogDensity(t *testing.T) {
	x := mat.NewDense(6, 1, []float64{-1.2, -0.8, -1, 2.1, 1.9, 2})
	g, err := FitGaussian(x)
	if err != nil {
		t.Fatal(err)
	}
	kde, err := KDE{Bandwidth: 0.5}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	gmm, err := GMM{K: 2, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]interface {
		LogDensity(mat.Matrix) ([]float64, error)
		Score(mat.Matrix) (float64, error)
	}{"Gaussian": g, "KDE": kde, "GMM": gmm} {
		ld, err1 := m.LogDensity(x)
		s, err2 := m.Score(x)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", name, err1, err2)
		}
		mean := 0.0
		for _, v := range ld {
			mean += v / float64(len(ld))
		}
		if math.Abs(mean-s) > 1e-12*math.Max(1, math.Abs(s)) {
			t.Errorf("%s: mean log density %g, Score %g", name, mean, s)
		}
	}
	if s, _ := gmm.Score(x); math.Abs(s-gmm.LogLik) > 1e-9*math.Abs(s) {
		t.Errorf("GMM: Score %g, LogLik of the fit %g (both are means)", s, gmm.LogLik)
	}
}

// The zero values of the models without an error result report an empty state.
func TestZeroValuesDoNotPanic(t *testing.T) {
	if d := (&HistogramModel{}).Density(1); d != 0 {
		t.Errorf("zero HistogramModel density %g", d)
	}
	if f := (&EMResult{}).Final(); f != gibbs.LogZero {
		t.Errorf("zero EMResult.Final = %g", f)
	}
}
