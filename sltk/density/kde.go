package density

import (
	"fmt"
	"math"
	"slices"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Kernel selects the window function H of a kernel density estimate (ML chapter 5 (Probability
// density estimation), §5.1).
type Kernel int

const (
	// GaussianKernel is the Parzen window H(u) = (2π)^{-n/2} exp(−‖u‖²/2) (§5.1.2).
	GaussianKernel Kernel = iota
	// BoxKernel is the hypercube H(u) = 1 if |u_j| < ½ for every j, else 0: the gliding histogram of
	// §5.1.1. The inequality is strict, so the estimate is 0 on the boundary of a window.
	BoxKernel
)

func (k Kernel) String() string {
	switch k {
	case GaussianKernel:
		return "gaussian"
	case BoxKernel:
		return "box"
	}
	return fmt.Sprintf("Kernel(%d)", int(k))
}

// KDE is a kernel density estimator P̂(x) = (1/p) Σ_α h^{-n} H((x − x^(α))/h).
//
// Bandwidth is the window width h. The zero value selects h by leave-one-out likelihood
// over Widths (or, when Widths is empty, over 40 widths spaced logarithmically between 1/20 and
// 2 times Silverman's rule of thumb), which avoids both over- and under-smoothing at any scale
// of the data. scikit-learn's KernelDensity uses bandwidth = 1.0 unless told otherwise: set
// Bandwidth: 1 for its estimate (the Gaussian kernels agree; TestKDEMatchesSklearn). A negative
// or non-finite Bandwidth is an error wrapping ErrParam.
//
// For a scikit-learn user: KDEModel.LogDensity is score_samples, but KDEModel.Score is the mean
// log-density per row (the library's Score everywhere), while KernelDensity.score returns the
// sum over the rows, len(rows) times Score.
type KDE struct {
	Kernel    Kernel
	Bandwidth float64
	Widths    []float64 // candidate widths for the leave-one-out search when Bandwidth is 0
}

// KDEModel is a fitted kernel density estimate: it keeps a copy of the sample.
type KDEModel struct {
	Kernel    Kernel
	Bandwidth float64
	Dim, N    int
	// Search holds the leave-one-out curve when the bandwidth was selected; nil otherwise.
	Search *BandwidthSearch
	data   []float64
}

// Fit stores the sample x (p×n, one point per row) and fixes the bandwidth.
// Cost: O(p·n) to copy; O(p²·(n + #widths)) when the bandwidth is selected by leave-one-out.
func (k KDE) Fit(x mat.Matrix) (*KDEModel, error) {
	if k.Kernel != GaussianKernel && k.Kernel != BoxKernel {
		return nil, fmt.Errorf("density: KDE.Fit: unknown kernel %v: %w", k.Kernel, ErrParam)
	}
	data, p, d, err := rowsOf("KDE.Fit", x, "sample")
	if err != nil {
		return nil, err
	}
	if err := check.Squarable("sample", data, d); err != nil {
		return nil, fmt.Errorf("density: KDE.Fit: %w", err)
	}
	m := &KDEModel{Kernel: k.Kernel, Bandwidth: k.Bandwidth, Dim: d, N: p, data: slices.Clone(data)}
	if k.Bandwidth != 0 {
		if err := checkWidth("KDE.Fit", k.Bandwidth); err != nil {
			return nil, err
		}
		return m, nil
	}
	widths := k.Widths
	if len(widths) == 0 {
		widths = defaultWidths(data, p, d)
	}
	s, err := looSearch("KDE.Fit", data, p, d, k.Kernel, widths)
	if err != nil {
		return nil, err
	}
	m.Search = s
	m.Bandwidth = s.Best
	return m, nil
}

// SilvermanWidth returns Silverman's rule-of-thumb bandwidth
// h = σ̄·(4/((n+2)p))^{1/(n+4)}, with σ̄ the mean per-coordinate standard deviation (1/p
// normalisation). It is optimal for Gaussian data and a Gaussian kernel and serves as the centre
// of the default leave-one-out grid. Cost O(p·n).
func SilvermanWidth(x mat.Matrix) (float64, error) {
	data, p, d, err := rowsOf("SilvermanWidth", x, "sample")
	if err != nil {
		return 0, err
	}
	if err := check.Squarable("sample", data, d); err != nil {
		return 0, fmt.Errorf("density: SilvermanWidth: %w", err)
	}
	h := silverman(data, p, d)
	if !(h > 0) {
		return 0, fmt.Errorf("density: SilvermanWidth: sample has zero spread: %w", ErrParam)
	}
	return h, nil
}

func silverman(data []float64, p, d int) float64 {
	sd := 0.0
	for j := 0; j < d; j++ {
		mean, sq := 0.0, 0.0
		for i := 0; i < p; i++ {
			mean += data[i*d+j]
		}
		mean /= float64(p)
		for i := 0; i < p; i++ {
			v := data[i*d+j] - mean
			sq += v * v
		}
		sd += math.Sqrt(sq / float64(p))
	}
	sd /= float64(d)
	return sd * math.Pow(4/(float64(d+2)*float64(p)), 1/float64(d+4))
}

func defaultWidths(data []float64, p, d int) []float64 {
	h := silverman(data, p, d)
	if !(h > 0) {
		h = 1
	}
	const n = 40
	w := make([]float64, n)
	lo, hi := math.Log(h/20), math.Log(2*h)
	for i := range w {
		w[i] = math.Exp(lo + (hi-lo)*float64(i)/float64(n-1))
	}
	return w
}

// BandwidthSearch is the leave-one-out log-likelihood curve
// L(h) = Σ_α ln[(1/(p−1)) Σ_{β≠α} h^{-n} H((x^(α) − x^(β))/h)] over candidate widths.
// A width for which some point has no neighbour inside its window (box kernel, small h) has
// L = −Inf: the estimate gives that held-out point zero probability.
type BandwidthSearch struct {
	Widths    []float64
	LogLik    []float64
	Best      float64 // width with the largest LogLik (the smallest such width on ties)
	BestIndex int
}

// LeaveOneOut computes the leave-one-out log-likelihood of a kernel density estimate on x for
// each width in widths, the standard way to choose h without a separate validation set: the
// in-sample likelihood grows without bound as h → 0, the held-out one does not.
// Cost O(p²·(n + #widths)), parallel over points; at most MaxLOOWork.
func LeaveOneOut(x mat.Matrix, kernel Kernel, widths []float64) (*BandwidthSearch, error) {
	if kernel != GaussianKernel && kernel != BoxKernel {
		return nil, fmt.Errorf("density: LeaveOneOut: unknown kernel %v: %w", kernel, ErrParam)
	}
	data, p, d, err := rowsOf("LeaveOneOut", x, "sample")
	if err != nil {
		return nil, err
	}
	return looSearch("LeaveOneOut", data, p, d, kernel, widths)
}

// MaxLOOWork caps the leave-one-out search (KDE.Fit without a Bandwidth, LeaveOneOut):
// p²·(d + #widths) operations, 2³⁴ ≈ 1.7·10¹⁰ (seconds to a minute); beyond it the search
// returns an error wrapping ErrTooLarge.
const MaxLOOWork = 1 << 34

func looSearch(fn string, data []float64, p, d int, kernel Kernel, widths []float64) (*BandwidthSearch, error) {
	if len(widths) == 0 {
		return nil, fmt.Errorf("density: %s: no candidate widths: %w", fn, ErrParam)
	}
	for _, h := range widths {
		if err := checkWidth(fn, h); err != nil {
			return nil, err
		}
	}
	if p < 2 {
		return nil, fmt.Errorf("density: %s: leave-one-out needs at least 2 points, got %d: %w", fn, p, ErrParam)
	}
	if p > MaxLOOWork/p/(d+len(widths)) {
		return nil, fmt.Errorf("density: %s: leave-one-out: %d points² × (%d dimensions + %d widths) exceeds MaxLOOWork = %d; give KDE a Bandwidth or subsample: %w", fn,
			p, d, len(widths), MaxLOOWork, ErrTooLarge)
	}
	nw := len(widths)
	perPoint := make([]float64, p*nw) // perPoint[α·nw + w] = LOO log-density of point α
	par.Chunks(p, 64, func(lo, hi int) {
		sq := make([]float64, p-1)
		buf := make([]float64, p-1)
		cheb := make([]float64, p-1)
		for a := lo; a < hi; a++ {
			xa := data[a*d : a*d+d]
			k := 0
			for b := 0; b < p; b++ {
				if b == a {
					continue
				}
				xb := data[b*d : b*d+d]
				s, c := 0.0, 0.0
				for j := range xa {
					v := xa[j] - xb[j]
					s += v * v
					c = math.Max(c, math.Abs(v))
				}
				sq[k], cheb[k] = s, c
				k++
			}
			for w, h := range widths {
				var ld float64
				if kernel == GaussianKernel {
					inv := -0.5 / (h * h)
					for i, s := range sq {
						buf[i] = s * inv
					}
					ld = math.Inf(-1) // an empty window, rejected below unless another width fits
					if lse := gibbs.LogSumExp(buf); lse != gibbs.LogZero {
						ld = lse - 0.5*float64(d)*math.Log(2*math.Pi*h*h)
					}
				} else {
					cnt := 0
					for _, c := range cheb {
						if c < h/2 {
							cnt++
						}
					}
					ld = math.Log(float64(cnt)) - float64(d)*math.Log(h)
				}
				perPoint[a*nw+w] = ld - math.Log(float64(p-1))
			}
		}
	})
	s := &BandwidthSearch{Widths: append([]float64(nil), widths...), LogLik: make([]float64, nw)}
	for a := 0; a < p; a++ {
		for w := 0; w < nw; w++ {
			s.LogLik[w] += perPoint[a*nw+w]
		}
	}
	s.BestIndex = 0
	for w := 1; w < nw; w++ {
		if s.LogLik[w] > s.LogLik[s.BestIndex] || (s.LogLik[w] == s.LogLik[s.BestIndex] && widths[w] < widths[s.BestIndex]) {
			s.BestIndex = w
		}
	}
	if math.IsInf(s.LogLik[s.BestIndex], -1) {
		return nil, fmt.Errorf("density: %s: every candidate width leaves some point with an empty window; try larger widths: %w", fn, ErrParam)
	}
	s.Best = widths[s.BestIndex]
	return s, nil
}

// Density returns P̂(q). Cost O(p·n).
func (m *KDEModel) Density(q []float64) (float64, error) {
	l, err := m.LogDensityAt(q)
	if err != nil {
		return 0, err
	}
	return math.Exp(l), nil
}

// fitted reports ErrNotFitted for a nil or zero-value model.
func (m *KDEModel) fitted(method string) error {
	if m == nil || m.N == 0 || len(m.data) != m.N*m.Dim {
		return fmt.Errorf("density: KDEModel.%s: %w", method, ErrNotFitted)
	}
	return nil
}

// LogDensityAt returns ln P̂(q) at one point, computed by log-sum-exp so that it stays finite
// far from the data (Gaussian kernel); it is −Inf where the box-kernel estimate is 0.
// Cost O(p·n).
func (m *KDEModel) LogDensityAt(q []float64) (float64, error) {
	if err := m.fitted("LogDensityAt"); err != nil {
		return 0, err
	}
	if err := checkQueryPoint("KDEModel.LogDensityAt", q, m.Dim); err != nil {
		return 0, err
	}
	l := m.logDensity(q, make([]float64, m.N))
	if err := finiteLogs("KDEModel.LogDensityAt", []float64{l}, m.Kernel == BoxKernel); err != nil {
		return 0, err
	}
	return l, nil
}

func (m *KDEModel) logDensity(q, buf []float64) float64 {
	d, h := m.Dim, m.Bandwidth
	if m.Kernel == BoxKernel {
		cnt := 0
		half := h / 2
	next:
		for i := 0; i < m.N; i++ {
			x := m.data[i*d : i*d+d]
			for j, v := range q {
				if math.Abs(v-x[j]) >= half {
					continue next
				}
			}
			cnt++
		}
		return math.Log(float64(cnt)) - math.Log(float64(m.N)) - float64(d)*math.Log(h)
	}
	inv := -0.5 / (h * h)
	for i := 0; i < m.N; i++ {
		x := m.data[i*d : i*d+d]
		s := 0.0
		for j, v := range q {
			t := v - x[j]
			s += t * t
		}
		buf[i] = s * inv
	}
	lse := gibbs.LogSumExp(buf)
	if lse == gibbs.LogZero { // every kernel term underflowed: no representable log-density
		return math.Inf(-1)
	}
	return lse - math.Log(float64(m.N)) - 0.5*float64(d)*math.Log(2*math.Pi*h*h)
}

// LogDensity returns ln P̂ at every row of q, in parallel over rows (sltk.DensityModel).
// Cost O(#rows·p·n).
func (m *KDEModel) LogDensity(q mat.Matrix) ([]float64, error) {
	if err := m.fitted("LogDensity"); err != nil {
		return nil, err
	}
	data, r, d, err := queryRows("KDEModel.LogDensity", q, "queries")
	if err != nil {
		return nil, err
	}
	if d != m.Dim {
		return nil, fmt.Errorf("density: KDEModel.LogDensity: queries have %d columns, model has %d: %w", d, m.Dim, ErrShape)
	}
	out := make([]float64, r)
	par.Chunks(r, 64, func(lo, hi int) {
		buf := make([]float64, m.N)
		for i := lo; i < hi; i++ {
			out[i] = m.logDensity(data[i*d:i*d+d], buf)
		}
	})
	if err := finiteLogs("KDEModel.LogDensity", out, m.Kernel == BoxKernel); err != nil {
		return nil, err
	}
	return out, nil
}

// Score returns the mean log-density (1/r) Σ ln P̂(q_i) of the rows of q (sltk.DensityModel;
// −Inf when a box-kernel estimate is 0 at some row): scikit-learn's KernelDensity.score is the
// sum, r times this. Cost O(#rows·p·n).
func (m *KDEModel) Score(q mat.Matrix) (float64, error) {
	ld, err := m.LogDensity(q)
	if err != nil {
		return 0, err
	}
	return floats.Sum(ld) / float64(len(ld)), nil
}

// Evaluate returns P̂ at every row of q (see LogDensity).
func (m *KDEModel) Evaluate(q mat.Matrix) ([]float64, error) {
	out, err := m.LogDensity(q)
	if err != nil {
		return nil, err
	}
	for i, v := range out {
		out[i] = math.Exp(v)
	}
	return out, nil
}

// Moments1D returns the mean and variance of a fitted 1-D estimate in closed form: the mean
// is the sample mean and the variance is s² + h² (Gaussian kernel) or s² + h²/12 (box kernel),
// with s² the 1/p sample variance, because P̂ is the sample convolved with the kernel.
func (m *KDEModel) Moments1D() (mean, variance float64, err error) {
	if m == nil || len(m.data) == 0 {
		return 0, 0, fmt.Errorf("density: KDEModel.Moments1D: %w", ErrNotFitted)
	}
	if m.Dim != 1 {
		return 0, 0, fmt.Errorf("density: KDEModel.Moments1D: Moments1D needs 1-D data, model has %d dimensions: %w", m.Dim, ErrParam)
	}
	for _, v := range m.data {
		mean += v
	}
	mean /= float64(m.N)
	for _, v := range m.data {
		variance += (v - mean) * (v - mean)
	}
	variance /= float64(m.N)
	h2 := m.Bandwidth * m.Bandwidth
	if m.Kernel == BoxKernel {
		h2 /= 12
	}
	return mean, variance + h2, nil
}
