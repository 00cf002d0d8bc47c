package density

import (
	"fmt"
	"math"
	"slices"

	"github.com/sltk-book/sltk/sltk/internal/check"

	"gonum.org/v1/gonum/mat"
)

// Gaussian is a multivariate normal distribution N(μ, Σ) with its Cholesky factor cached,
// so that densities cost O(n²) and never form Σ⁻¹ (ML chapter 5 (Probability density estimation),
// §5.2.1).
type Gaussian struct {
	Mean []float64
	Cov  *mat.SymDense
	chol mat.Cholesky
}

// NewGaussian builds N(mean, cov); cov must be symmetric positive definite (ErrSingular
// otherwise). Cost O(n³) for the factorisation.
func NewGaussian(mean []float64, cov mat.Symmetric) (*Gaussian, error) {
	if check.IsNil(cov) {
		return nil, fmt.Errorf("density: NewGaussian: nil covariance: %w", ErrEmpty)
	}
	n := cov.SymmetricDim()
	if len(mean) != n || n == 0 {
		return nil, fmt.Errorf("density: NewGaussian: mean has %d entries, covariance is %d×%d: %w", len(mean), n, n, ErrShape)
	}
	if err := checkPoint("NewGaussian", mean, n); err != nil {
		return nil, err
	}
	g := &Gaussian{Mean: append([]float64(nil), mean...), Cov: mat.NewSymDense(n, nil)}
	g.Cov.CopySym(cov)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			if v := g.Cov.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("density: NewGaussian: covariance[%d,%d] = %g: %w", i, j, v, ErrNotFinite)
			}
		}
	}
	if ok := g.chol.Factorize(g.Cov); !ok {
		return nil, fmt.Errorf("density: NewGaussian: %d×%d covariance is not positive definite: %w", n, n, ErrSingular)
	}
	if c := g.chol.Cond(); math.IsInf(c, 0) || math.IsNaN(c) {
		return nil, fmt.Errorf("density: NewGaussian: %d×%d covariance is numerically singular (condition number %g): %w", n, n, c, ErrSingular)
	}
	return g, nil
}

// FitGaussian returns the maximum-likelihood Gaussian of the p×n sample x:
// μ* = (1/p) Σ x^(α) and Σ* = (1/p) Σ (x^(α) − μ*)(x^(α) − μ*)ᵀ (1/p, not 1/(p−1): the MLE,
// which is biased, E Σ* = (p−1)/p · Σ). It fails with ErrSingular when Σ* is not positive
// definite (p ≤ n, or the points lie in an affine subspace). Cost O(p·n² + n³).
func FitGaussian(x mat.Matrix) (*Gaussian, error) {
	data, p, d, err := rowsOf("FitGaussian", x, "sample")
	if err != nil {
		return nil, err
	}
	data = slices.Clone(data) // centred in place below
	mean := make([]float64, d)
	for i := 0; i < p; i++ {
		for j := 0; j < d; j++ {
			mean[j] += data[i*d+j]
		}
	}
	for j := range mean {
		mean[j] /= float64(p)
	}
	c := mat.NewDense(p, d, data)
	for i := 0; i < p; i++ {
		row := data[i*d : i*d+d]
		for j := range row {
			row[j] -= mean[j]
		}
	}
	cov := mat.NewSymDense(d, nil)
	cov.SymRankK(cov, 1/float64(p), c.T())
	g, err := NewGaussian(mean, cov)
	if err != nil {
		return nil, fmt.Errorf("density: FitGaussian: fitting %d points in %d dimensions: %w", p, d, err)
	}
	return g, nil
}

// fitted returns ErrNotFitted for a nil or zero Gaussian (one not made by NewGaussian or
// FitGaussian).
func (g *Gaussian) fitted(fn string) error {
	if g == nil || len(g.Mean) == 0 || g.chol.SymmetricDim() != len(g.Mean) {
		return fmt.Errorf("density: Gaussian.%s on a zero value: %w", fn, ErrNotFitted)
	}
	return nil
}

// Dim returns the dimension n (0 for a nil Gaussian).
func (g *Gaussian) Dim() int {
	if g == nil {
		return 0
	}
	return len(g.Mean)
}

// LogDet returns ln det Σ = 2 Σ ln L_ii from the Cholesky factor. A nil or zero Gaussian (not
// made by NewGaussian or FitGaussian) has no factor and gives 0; its methods with an error
// result return ErrNotFitted.
func (g *Gaussian) LogDet() float64 {
	if g.fitted("LogDet") != nil {
		return 0
	}
	return g.chol.LogDet()
}

// mahalanobis returns (x−μ)ᵀ Σ⁻¹ (x−μ) by a triangular solve, using buf (length n).
func (g *Gaussian) mahalanobis(x, buf []float64) float64 {
	for j, v := range x {
		buf[j] = v - g.Mean[j]
	}
	u := mat.NewVecDense(len(buf), buf)
	var l mat.TriDense
	g.chol.LTo(&l)
	var z mat.VecDense
	if err := z.SolveVec(&l, u); err != nil {
		return math.Inf(1)
	}
	return mat.Dot(&z, &z)
}

// LogPDF is LogDensityAt under its old name.
//
// Deprecated: use LogDensityAt (the per-point name KDEModel shares).
func (g *Gaussian) LogPDF(x []float64) (float64, error) { return g.LogDensityAt(x) }

// LogDensityAt returns ln N(x; μ, Σ) at one point (LogDensity takes rows). Cost O(n²).
func (g *Gaussian) LogDensityAt(x []float64) (float64, error) {
	if err := g.fitted("LogDensityAt"); err != nil {
		return 0, err
	}
	if err := checkQueryPoint("Gaussian.LogDensityAt", x, g.Dim()); err != nil {
		return 0, err
	}
	q := g.mahalanobis(x, make([]float64, g.Dim()))
	l := -0.5 * (float64(g.Dim())*math.Log(2*math.Pi) + g.LogDet() + q)
	if err := finiteLogs("Gaussian.LogDensityAt", []float64{l}, false); err != nil {
		return 0, err
	}
	return l, nil
}

// NLL returns the summed negative log-likelihood of the rows of x (cost C21 of the notes):
// (pn/2) ln 2π + (p/2) ln det Σ + ½ Σ_α (x^(α)−μ)ᵀ Σ⁻¹ (x^(α)−μ). At the MLE it equals
// (p/2)(n ln 2π + ln det Σ* + n). Entries beyond check.MaxAbs (1e150), which FitGaussian
// cannot fit either, and sums that overflow are errors wrapping ErrNotFinite. Cost O(p·n²).
func (g *Gaussian) NLL(x mat.Matrix) (float64, error) {
	return g.nll("NLL", x)
}

func (g *Gaussian) nll(fn string, x mat.Matrix) (float64, error) {
	if err := g.fitted(fn); err != nil {
		return 0, err
	}
	data, p, d, err := queryRows("Gaussian."+fn, x, "sample")
	if err != nil {
		return 0, err
	}
	data = slices.Clone(data) // centred in place below
	if d != g.Dim() {
		return 0, fmt.Errorf("density: %s: sample has %d columns, Gaussian has %d: %w", fn, d, g.Dim(), ErrShape)
	}
	var l mat.TriDense
	g.chol.LTo(&l)
	c := mat.NewDense(p, d, data)
	for i := 0; i < p; i++ {
		row := data[i*d : i*d+d]
		for j := range row {
			row[j] -= g.Mean[j]
		}
	}
	// Solve L Z = Cᵀ for all points at once; Σ_α ‖z_α‖² is the Mahalanobis sum.
	var z mat.Dense
	if err := z.Solve(&l, c.T()); err != nil {
		return 0, fmt.Errorf("density: %s: %v: %w", fn, err, ErrSingular)
	}
	q := 0.0
	for _, v := range z.RawMatrix().Data {
		q += v * v
	}
	fp := float64(p)
	nll := 0.5*fp*float64(d)*math.Log(2*math.Pi) + 0.5*fp*g.LogDet() + 0.5*q
	if err := finiteLogs("Gaussian."+fn, []float64{-nll}, false); err != nil {
		return 0, err
	}
	return nll, nil
}

// MaxEllipsePoints caps the points of Gaussian.Ellipse: 2²⁰ points (16 MiB) draw any contour
// far finer than a screen.
const MaxEllipsePoints = 1 << 20

// Ellipse returns n points of the contour {x : (x−μ)ᵀ Σ⁻¹ (x−μ) = r²} of a 2-D Gaussian, for
// plotting: r = 1, 2, 3 are the 1σ, 2σ and 3σ ellipses. n is at most MaxEllipsePoints
// (ErrTooLarge beyond). Cost O(n).
func (g *Gaussian) Ellipse(r float64, n int) ([][2]float64, error) {
	if err := g.fitted("Ellipse"); err != nil {
		return nil, err
	}
	if g.Dim() != 2 {
		return nil, fmt.Errorf("density: Gaussian.Ellipse: Ellipse needs a 2-D Gaussian, have %d dimensions: %w", g.Dim(), ErrParam)
	}
	if !(r > 0) || math.IsInf(r, 0) || n < 3 {
		return nil, fmt.Errorf("density: Gaussian.Ellipse: Ellipse needs r > 0 and n ≥ 3, got %g and %d: %w", r, n, ErrParam)
	}
	if err := check.Size("density: Gaussian.Ellipse", "n", n, MaxEllipsePoints); err != nil {
		return nil, err
	}
	var l mat.TriDense
	g.chol.LTo(&l)
	out := make([][2]float64, n)
	for i := range out {
		t := 2 * math.Pi * float64(i) / float64(n-1)
		c, s := r*math.Cos(t), r*math.Sin(t)
		out[i] = [2]float64{g.Mean[0] + l.At(0, 0)*c, g.Mean[1] + l.At(1, 0)*c + l.At(1, 1)*s}
		if math.IsInf(out[i][0], 0) || math.IsInf(out[i][1], 0) || math.IsNaN(out[i][0]+out[i][1]) {
			return nil, fmt.Errorf("density: Gaussian.Ellipse: point %d = %v overflows (r = %g is too large for this covariance): %w",
				i, out[i], r, ErrNotFinite)
		}
	}
	return out, nil
}

// LogDensity returns ln N(x; μ, Σ) for every row of x (sltk.DensityModel). Entries beyond
// check.MaxAbs (1e150) and log-densities below −MaxFloat64 are errors wrapping ErrNotFinite.
// Cost O(p·n²).
func (g *Gaussian) LogDensity(x mat.Matrix) ([]float64, error) {
	if err := g.fitted("LogDensity"); err != nil {
		return nil, err
	}
	data, p, d, err := queryRows("Gaussian.LogDensity", x, "sample")
	if err != nil {
		return nil, err
	}
	if d != g.Dim() {
		return nil, fmt.Errorf("density: Gaussian.LogDensity: sample has %d columns, Gaussian has %d: %w", d, g.Dim(), ErrShape)
	}
	out := make([]float64, p)
	buf := make([]float64, d)
	c := float64(d)*math.Log(2*math.Pi) + g.LogDet()
	for i := range out {
		out[i] = -0.5 * (c + g.mahalanobis(data[i*d:(i+1)*d], buf))
	}
	if err := finiteLogs("Gaussian.LogDensity", out, false); err != nil {
		return nil, err
	}
	return out, nil
}

// Score returns the mean log-likelihood (1/p) Σ_α ln N(x^(α); μ, Σ) = −NLL(x)/p
// (sltk.DensityModel). Cost O(p·n²).
func (g *Gaussian) Score(x mat.Matrix) (float64, error) {
	nll, err := g.nll("Score", x)
	if err != nil {
		return 0, err
	}
	p, _ := x.Dims()
	return -nll / float64(p), nil
}
