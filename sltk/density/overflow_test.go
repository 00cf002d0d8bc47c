package density

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// normalData returns an n×d matrix of standard normal entries and the same matrix ×1e307.
func normalData(n, d int) (x, big *mat.Dense) {
	rng := rand.New(rand.NewPCG(7, 8))
	x = fuzzdata.Normal(rng, n, d)
	big = mat.DenseCopyOf(x)
	big.Scale(1e307, big)
	return x, big
}

// TestScoringRefusesWhatFitRefuses: data ×1e307 is refused by every fit ("rescale the data");
// every scoring method of a model fitted on normal data must refuse it too (an error wrapping
// ErrNotFinite that names the method), never return ±Inf or NaN as before.
func TestScoringRefusesWhatFitRefuses(t *testing.T) {
	x, big := normalData(60, 2)
	row := big.RawRowView(0)
	if _, err := FitGaussian(big); err == nil {
		t.Fatal("FitGaussian accepted ×1e307 data")
	}
	g, err := FitGaussian(x)
	if err != nil {
		t.Fatal(err)
	}
	type call struct {
		name string
		run  func() (any, error)
	}
	calls := []call{
		{"Gaussian.LogDensity", func() (any, error) { return g.LogDensity(big) }},
		{"Gaussian.Score", func() (any, error) { return g.Score(big) }},
		{"Gaussian.NLL", func() (any, error) { return g.NLL(big) }},
		{"Gaussian.LogDensityAt", func() (any, error) { return g.LogDensityAt(row) }},
	}
	for _, cov := range []CovType{Full, Diagonal, Isotropic} {
		if _, err := (GMM{K: 2, Seed: 1, Cov: cov}).Fit(big); err == nil {
			t.Fatalf("GMM %v accepted ×1e307 data", cov)
		}
		m, err := GMM{K: 2, Seed: 1, Cov: cov}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		calls = append(calls,
			call{"GMMResult.LogDensity", func() (any, error) { return m.LogDensity(big) }},
			call{"GMMResult.Score", func() (any, error) { return m.Score(big) }},
			call{"GMMResult.BIC", func() (any, error) { return m.BIC(big) }},
			call{"GMMResult.Posteriors", func() (any, error) { return m.Posteriors(big) }},
			call{"GMMResult.Predict", func() (any, error) { return m.Predict(big) }})
	}
	for _, kern := range []Kernel{GaussianKernel, BoxKernel} {
		if _, err := (KDE{Kernel: kern}).Fit(big); err == nil {
			t.Fatalf("KDE %v accepted ×1e307 data", kern)
		}
		k, err := KDE{Kernel: kern, Bandwidth: 0.5}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		calls = append(calls,
			call{"KDEModel.LogDensity", func() (any, error) { return k.LogDensity(big) }},
			call{"KDEModel.LogDensity", func() (any, error) { return k.Score(big) }},
			call{"KDEModel.LogDensity", func() (any, error) { return k.Evaluate(big) }},
			call{"KDEModel.LogDensityAt", func() (any, error) { return k.Density(row) }},
			call{"KDEModel.LogDensityAt", func() (any, error) { return k.LogDensityAt(row) }})
	}
	for _, c := range calls {
		v, err := c.run()
		if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), c.name) || !strings.Contains(err.Error(), "rescale") {
			t.Errorf("%s on ×1e307 data: %v, %v; want an error wrapping ErrNotFinite naming it", c.name, v, err)
		}
	}
}

// TestFarPointUnderflow: a point well inside the accepted range but so far from a narrow
// model that its log-density is below −MaxFloat64 (≈ −10⁵⁸⁰) is an error, not −Inf.
// Reference: ln N = −½(d ln 2π + ln det Σ + ‖x−μ‖²/σ²) with ‖x−μ‖²/σ² = 10²⁸⁰/10⁻³⁰⁰.
func TestFarPointUnderflow(t *testing.T) {
	far := mat.NewDense(1, 1, []float64{1e140})
	m, err := IsotropicMixture([]float64{1}, mat.NewDense(1, 1, []float64{0}), []float64{1e-300})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := m.Score(far); !errors.Is(err, ErrNotFinite) {
		t.Errorf("GMMResult.Score of a far point: %v, %v; want ErrNotFinite", v, err)
	}
	if v, err := m.Posteriors(far); !errors.Is(err, ErrNotFinite) {
		t.Errorf("GMMResult.Posteriors of a far point: %v, %v; want ErrNotFinite", v, err)
	}
	if v, err := m.Predict(far); !errors.Is(err, ErrNotFinite) {
		t.Errorf("GMMResult.Predict of a far point: %v, %v; want ErrNotFinite", v, err)
	}
	g, err := NewGaussian([]float64{0}, mat.NewSymDense(1, []float64{1e-300}))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := g.LogDensity(far); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Gaussian.LogDensity of a far point: %v, %v; want ErrNotFinite", v, err)
	}
	// A representable value is still returned: σ² = 1, x = 1e100 gives −½(ln 2π + 10²⁰⁰).
	g1, _ := NewGaussian([]float64{0}, mat.NewSymDense(1, []float64{1}))
	v, err := g1.LogDensityAt([]float64{1e100})
	if want := -0.5 * (math.Log(2*math.Pi) + 1e200); err != nil || math.Abs(v-want) > 1e-12*math.Abs(want) {
		t.Errorf("Gaussian.LogDensityAt(1e100) = %v, %v; want %v", v, err, want)
	}
	k, err := KDE{Bandwidth: 1e-5}.Fit(mat.NewDense(1, 1, []float64{0}))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := k.LogDensityAt([]float64{1e150}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("KDE far point: %v, %v; want ErrNotFinite", v, err)
	}
	// h = 1e-3: ln P̂ = −10³⁰⁰/(2·10⁻⁶) − ½ ln(2π·10⁻⁶) is representable and returned.
	k3, _ := KDE{Bandwidth: 1e-3}.Fit(mat.NewDense(1, 1, []float64{0}))
	v, err = k3.LogDensityAt([]float64{1e150})
	if want := -1e300/2e-6 - 0.5*math.Log(2*math.Pi*1e-6); err != nil || math.Abs(v-want) > 1e-12*math.Abs(want) {
		t.Errorf("KDE at 1e150 with h = 1e-3: %v, %v; want %v", v, err, want)
	}
}

// TestKDEBandwidthRange: widths whose square under- or overflows are refused (h = 1e-160 made
// every kernel term 0·(−Inf) = NaN).
func TestKDEBandwidthRange(t *testing.T) {
	x := mat.NewDense(2, 1, []float64{0, 1})
	for _, h := range []float64{1e-160, 1e160} {
		if _, err := (KDE{Bandwidth: h}).Fit(x); !errors.Is(err, ErrParam) {
			t.Errorf("KDE{Bandwidth: %g}: %v; want ErrParam", h, err)
		}
	}
	if _, err := (KDE{Bandwidth: 1e-150}).Fit(x); err != nil {
		t.Errorf("KDE{Bandwidth: 1e-150}: %v", err)
	}
}

// TestHistogramBinsLimit: Bins beyond MaxHistogramBins is ErrTooLarge (it allocated until out
// of memory); at the limit the histogram is a density: Σ height·width = 1.
func TestHistogramBinsLimit(t *testing.T) {
	x := []float64{0, 0.3, 0.5, 1}
	for _, b := range []int{MaxHistogramBins + 1, 1 << 62, math.MaxInt} {
		if _, err := (Histogram{Bins: b}).Fit(x); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "Histogram.Fit") {
			t.Errorf("Bins = %d: %v; want ErrTooLarge", b, err)
		}
	}
	m, err := Histogram{Bins: MaxHistogramBins}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	mass := 0.0
	for _, h := range m.Heights {
		mass += h * m.Width
	}
	if math.Abs(mass-1) > 1e-9 {
		t.Errorf("mass %v at Bins = MaxHistogramBins", mass)
	}
}

// TestEllipseLimits: more than MaxEllipsePoints points is ErrTooLarge; a radius whose points
// overflow is ErrNotFinite; at the limit every point is on the contour (Mahalanobis radius r).
func TestEllipseLimits(t *testing.T) {
	g, err := NewGaussian([]float64{1, 2}, mat.NewSymDense(2, []float64{2, 0.5, 0.5, 1}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Ellipse(1, MaxEllipsePoints+1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("n = MaxEllipsePoints+1: %v", err)
	}
	if _, err := g.Ellipse(1, math.MaxInt); !errors.Is(err, ErrTooLarge) {
		t.Errorf("n = MaxInt: %v", err)
	}
	if _, err := g.Ellipse(1.5e308, 10); !errors.Is(err, ErrNotFinite) {
		t.Errorf("r = 1.5e308: %v", err)
	}
	pts, err := g.Ellipse(2, MaxEllipsePoints)
	if err != nil {
		t.Fatal(err)
	}
	// Σ⁻¹ = [1 −0.5; −0.5 2]/1.75 in closed form.
	for i := 0; i < len(pts); i += 4099 {
		u, v := pts[i][0]-1, pts[i][1]-2
		q := (u*u - u*v + 2*v*v) / 1.75
		if math.Abs(q-4) > 1e-9 {
			t.Fatalf("point %d: Mahalanobis² %v, want 4", i, q)
		}
	}
}

type nanModel struct{}

func (nanModel) LogDensity(x mat.Matrix) ([]float64, error) {
	n, _ := x.Dims()
	out := make([]float64, n)
	out[n-1] = math.NaN()
	return out, nil
}
func (nanModel) Score(mat.Matrix) (float64, error) { return math.NaN(), nil }

// TestCurveNaNModel: a user model returning NaN is an error naming the point, not a NaN curve.
func TestCurveNaNModel(t *testing.T) {
	if v, err := Curve(nanModel{}, []float64{0, 1, 2}); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "xs[2]") {
		t.Errorf("Curve of a NaN model: %v, %v", v, err)
	}
	if _, err := QuadratureMoments(nanModel{}, -1, 1, 10); !errors.Is(err, ErrNotFinite) {
		t.Errorf("QuadratureMoments of a NaN model: %v", err)
	}
	g, _ := NewGaussian([]float64{0}, mat.NewSymDense(1, []float64{1}))
	if _, err := QuadratureMoments(g, -math.MaxFloat64, math.MaxFloat64, 10); !errors.Is(err, ErrNotFinite) {
		t.Errorf("QuadratureMoments over the whole float64 line: %v", err)
	}
}

// TestNLLSumOverflow: per-sample log-densities of −1e308 are finite, their sum is not; NLL
// reports that instead of returning +Inf.
func TestNLLSumOverflow(t *testing.T) {
	x := mat.NewDense(3, 1, []float64{0, 1, 2})
	f := func(x, w, grad []float64) (float64, error) { return -1e308, nil }
	if v, err := NLL(x, f, nil); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NLL of three −1e308 terms: %v, %v", v, err)
	}
}

// TestMaxIterLimit: MaxIter beyond MaxIterations is ErrTooLarge (each iteration appends to a
// trace; with an unreachable Tol the run had no end).
func TestMaxIterLimit(t *testing.T) {
	x, _ := normalData(20, 1)
	_, err1 := GMM{K: 1, MaxIter: MaxIterations + 1}.Fit(x)
	_, err2 := GradientML{MaxIter: 1 << 40}.Fit(x, GaussianLogDensity, []float64{0, 0})
	_, err3 := DistanceMax{MaxIter: 1 << 40, E: func(float64) float64 { return 0 }, M: func(float64) float64 { return 0 },
		Gap: func(float64) float64 { return 0 }}.Run(0)
	for i, err := range []error{err1, err2, err3} {
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("case %d: %v; want ErrTooLarge", i+1, err)
		}
	}
	if _, err := (GMM{K: 1, MaxIter: MaxIterations}).Fit(x); err != nil {
		t.Errorf("MaxIter = MaxIterations: %v", err)
	}
}

// TestGMMSizeLimit: K·p or K·d² beyond MaxMixtureEntries is ErrTooLarge before anything is
// allocated (K = p = 2^14 asked for 2^28 responsibilities; d = 2^12 with K = 16 for 2^28
// covariance entries).
func TestGMMSizeLimit(t *testing.T) {
	wide := mat.NewDense(20, 1<<12, nil)
	for i := 0; i < 20; i++ {
		wide.Set(i, i, 1)
	}
	if _, err := (GMM{K: 16}).Fit(wide); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "MaxMixtureEntries") {
		t.Errorf("K = 16, d = 2^12: %v", err)
	}
	tall := mat.NewDense(1<<14, 1, nil)
	for i := 0; i < 1<<14; i++ {
		tall.Set(i, 0, float64(i))
	}
	if _, err := (GMM{K: 1 << 14}).Fit(tall); !errors.Is(err, ErrTooLarge) {
		t.Errorf("K = p = 2^14: %v", err)
	}
}

// TestLOOAndBernoulliLimits: a leave-one-out search over 2^17 points (p² = 1.7·10¹⁰ pairs per
// width) and a Bernoulli mixture with K·n beyond MaxMixtureEntries are ErrTooLarge at once.
func TestLOOAndBernoulliLimits(t *testing.T) {
	x := mat.NewDense(1<<17, 1, nil)
	for i := 0; i < 1<<17; i++ {
		x.Set(i, 0, float64(i%1000))
	}
	if _, err := LeaveOneOut(x, GaussianKernel, []float64{1, 2}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("LeaveOneOut on 2^17 points: %v", err)
	}
	if _, err := (KDE{}).Fit(x); !errors.Is(err, ErrTooLarge) {
		t.Errorf("KDE.Fit without Bandwidth on 2^17 points: %v", err)
	}
	if _, err := (KDE{Bandwidth: 1}).Fit(x); err != nil {
		t.Errorf("KDE.Fit with a Bandwidth: %v", err)
	}
	bits := mat.NewDense(1<<14, 1, nil)
	if _, err := (BernoulliMixture{K: 1 << 14}).Fit(bits); !errors.Is(err, ErrTooLarge) {
		t.Errorf("BernoulliMixture K = n = 2^14: %v", err)
	}
}
