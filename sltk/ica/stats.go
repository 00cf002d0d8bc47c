package ica

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Kurt returns the fourth cumulant kurt(x) = ⟨x_c⁴⟩ − 3⟨x_c²⟩² of a sample, after
// centring (ML chapter 2 §2.3.3, C6). It is additive over independent variables and scales as a⁴.
// Zero for a Gaussian, positive for super-Gaussian (Laplace), negative for sub-Gaussian
// (uniform) variables. Cost O(n).
func Kurt(x []float64) (float64, error) {
	m2, m4, scale, err := moments("Kurt", x)
	if err != nil {
		return 0, err
	}
	k := (m4 - 3*m2*m2) * scale * scale * scale * scale
	if math.IsInf(k, 0) {
		return 0, fmt.Errorf("ica: Kurt: the fourth cumulant overflows (values up to %g): %w", scale, ErrNotFinite)
	}
	return k, nil
}

// ExcessKurt returns the normalised kurtosis ⟨x_c⁴⟩/⟨x_c²⟩² − 3, invariant under
// scaling: 0 Gaussian, 3 Laplace, −1.2 uniform, −1.5 sinusoid, −2 symmetric binary (the
// minimum). Cost O(n).
func ExcessKurt(x []float64) (float64, error) {
	m2, m4, _, err := moments("ExcessKurt", x)
	if err != nil {
		return 0, err
	}
	if !(m2 > 0) {
		return 0, fmt.Errorf("ica: ExcessKurt: sample of %d values has zero variance: %w", len(x), ErrSingular)
	}
	return m4/(m2*m2) - 3, nil
}

// moments returns the central moments ⟨x_c²⟩ and ⟨x_c⁴⟩ of x/scale, with scale = max |x_i|
// (1 for an all-zero sample), so that no power overflows or underflows.
func moments(fn string, x []float64) (m2, m4, scale float64, err error) {
	if len(x) == 0 {
		return 0, 0, 0, fmt.Errorf("ica: %s: no values: %w", fn, ErrEmpty)
	}
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, 0, 0, fmt.Errorf("ica: %s: x[%d] = %v: %w", fn, i, v, ErrNotFinite)
		}
		scale = math.Max(scale, math.Abs(v))
	}
	if scale == 0 {
		return 0, 0, 1, nil
	}
	var mean float64
	for _, v := range x {
		mean += v / scale
	}
	mean /= float64(len(x))
	for _, v := range x {
		c := (v/scale - mean) * (v/scale - mean)
		m2 += c
		m4 += c * c
	}
	n := float64(len(x))
	return m2 / n, m4 / n, scale, nil
}

// LaggedCovariance returns the lag-τ covariance of a multichannel time series x (n×d, rows are
// time steps): C_ij = (1/(n−τ)) Σ_{t=τ}^{n−1} x_c,i(t) x_c,j(t−τ), centred by the full-sample
// mean. The notes' sum over t = 0..n−1 reaches t − τ < 0 (erratum E10); only the n − τ valid
// pairs are averaged here. Lag 0 gives the covariance. The result is not symmetric; see
// [Symmetrize]. Data whose mean or products overflow float64 (entries near ±1e154 and beyond,
// which Whitener.Fit refuses too) give an error wrapping ErrNotFinite, not NaN or ±Inf entries.
// Cost O(n·d²).
func LaggedCovariance(x mat.Matrix, lag int) (*mat.Dense, error) {
	n, d, err := checkData("LaggedCovariance", x, 2)
	if err != nil {
		return nil, err
	}
	if lag < 0 || lag >= n {
		return nil, fmt.Errorf("ica: LaggedCovariance: lag %d for a series of length %d (need 0 ≤ lag < n): %w", lag, n, ErrParam)
	}
	raw := rawDense(x).RawMatrix().Data
	mean := make([]float64, d)
	for i := range n {
		for j := range d {
			mean[j] += raw[i*d+j]
		}
	}
	for j := range mean {
		mean[j] /= float64(n)
	}
	xt := make([]float64, d*n) // centred and transposed: one channel per row
	for i := range n {
		for j := range d {
			xt[j*n+i] = raw[i*d+j] - mean[j]
		}
	}
	c := laggedCov(xt, n, d, lag)
	if err := finiteResult("LaggedCovariance", c); err != nil {
		return nil, err
	}
	return c, nil
}

// finiteResult returns an error wrapping ErrNotFinite that names fn and the first entry of m
// that overflowed to ±Inf or NaN ("rescale the data"), nil when all are finite. Cost O(size of m).
func finiteResult(fn string, m *mat.Dense) error {
	r, c := m.Dims()
	for i := range r {
		for j, v := range m.RawRowView(i) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("ica: %s: entry [%d,%d] of the %d×%d result is %v: the data overflow float64; rescale the data: %w",
					fn, i, j, r, c, v, ErrNotFinite)
			}
		}
	}
	return nil
}

// laggedCov is LaggedCovariance on centred data given transposed (d×n, one channel per row):
// C = (1/(n−τ)) X_{[τ:n)} X_{[0:n−τ)}ᵀ, one BLAS call along rows of length n − τ.
func laggedCov(xt []float64, n, d, lag int) *mat.Dense {
	m := n - lag
	c := make([]float64, d*d)
	a := blas64.General{Rows: d, Cols: m, Stride: n, Data: xt[lag:]}
	b := blas64.General{Rows: d, Cols: m, Stride: n, Data: xt}
	blas64.Gemm(blas.NoTrans, blas.Trans, 1/float64(m), a, b, 0, general(c, d, d))
	return mat.NewDense(d, d, c)
}

// Symmetrize returns (C + Cᵀ)/2 of a square C. A lagged covariance of a finite sample is not
// symmetric; its symmetric part has the sources' autocorrelations as eigenvalues (ML chapter 2 §2.3.2,
// E9). A nil, empty, non-square or non-finite C gives an error (ErrEmpty, ErrShape,
// ErrNotFinite).
func Symmetrize(c mat.Matrix) (*mat.Dense, error) {
	r, k, err := checkNamed("Symmetrize", "C", c)
	if err != nil {
		return nil, err
	}
	if r != k {
		return nil, fmt.Errorf("ica: Symmetrize: C is %d×%d, want square: %w", r, k, ErrShape)
	}
	return symmetrize(c), nil
}

// symmetrize is Symmetrize for a square, finite C (the lagged covariances of whitened data);
// halving before adding keeps (C + Cᵀ)/2 finite.
func symmetrize(c mat.Matrix) *mat.Dense {
	r, _ := c.Dims()
	s := mat.NewDense(r, r, nil)
	for i := range r {
		for j := range r {
			s.Set(i, j, c.At(i, j)/2+c.At(j, i)/2)
		}
	}
	return s
}

// OffDiagonal returns off(M) = Σ_{i≠j} M_ij², the joint-diagonalisation cost of one matrix
// (ML chapter 2 §2.3.2, C5). It sums the off-diagonal squares directly; "total minus diagonal" would
// cancel to rounding noise and can turn negative. A nil, empty or non-finite M, or a sum beyond
// the float64 range, gives an error. Cost O(d²).
func OffDiagonal(m mat.Matrix) (float64, error) {
	if _, _, err := checkNamed("OffDiagonal", "M", m); err != nil {
		return 0, err
	}
	s := offDiagonal(m)
	if math.IsInf(s, 0) {
		return 0, fmt.Errorf("ica: OffDiagonal: Σ M_ij² overflows; rescale M: %w", ErrNotFinite)
	}
	return s, nil
}

func offDiagonal(m mat.Matrix) float64 {
	r, c := m.Dims()
	var s float64
	for i := range r {
		for j := range c {
			if i != j {
				v := m.At(i, j)
				s += v * v
			}
		}
	}
	return s
}

// Autocorrelations returns the normalised autocorrelations of every channel of a time series x
// (n×d, rows are time steps) at lags 0, 1, …, maxLag: entry (τ, j) is C_jj(τ)/C_jj(0) with
// the lagged covariance of [LaggedCovariance]. Row 0 is all ones. (maxLag+1)·n·d² is at most
// MaxLagWork (ErrTooLarge beyond). Cost O(maxLag·n·d²).
func Autocorrelations(x mat.Matrix, maxLag int) (*mat.Dense, error) {
	n, d, err := checkData("Autocorrelations", x, 2)
	if err != nil {
		return nil, err
	}
	if maxLag < 0 || maxLag >= n {
		return nil, fmt.Errorf("ica: Autocorrelations: maxLag = %d for %d time steps, want 0 ≤ maxLag < n: %w", maxLag, n, ErrParam)
	}
	if err := checkLagWork("Autocorrelations", maxLag+1, n, d); err != nil {
		return nil, err
	}
	c0, err := LaggedCovariance(x, 0)
	if err != nil {
		return nil, fmt.Errorf("ica: Autocorrelations: %w", err)
	}
	for j := range d {
		if !(c0.At(j, j) > 0) {
			return nil, fmt.Errorf("ica: Autocorrelations: channel %d is constant: %w", j, ErrSingular)
		}
	}
	out := mat.NewDense(maxLag+1, d, nil)
	for lag := range maxLag + 1 {
		c, err := LaggedCovariance(x, lag)
		if err != nil {
			return nil, fmt.Errorf("ica: Autocorrelations: %w", err)
		}
		for j := range d {
			out.Set(lag, j, c.At(j, j)/c0.At(j, j))
		}
	}
	return out, nil
}
