package ica

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/integrate/quad"
)

// Contrast selects the non-quadratic function G of the negentropy approximation
// J(y) ∝ (⟨G(y)⟩ − E G(ν))², ν ~ N(0,1) (ML chapter 2 §2.3.4, table of A11). The zero value is LogCosh.
type Contrast int

const (
	// LogCosh is G₁(s) = log cosh(a·s)/a, G₁' = tanh(a·s), G₁″ = a(1 − tanh²(a·s)):
	// the general-purpose choice, robust to outliers; a (Alpha) is usually in [1, 2].
	LogCosh Contrast = iota
	// Exp is G₂(s) = −exp(−s²/2), G₂' = s·exp(−s²/2), G₂″ = (1 − s²)exp(−s²/2): bounded,
	// very robust; suits super-Gaussian sources and data with many outliers.
	Exp
	// Kurtosis is G₃(s) = s⁴/4, G₃' = s³, G₃″ = 3s²: the kurtosis contrast (ML chapter 2 §2.3.3),
	// cheap and cubically convergent, but sensitive to outliers; suits sub-Gaussian sources.
	Kurtosis
)

// String returns the contrast's name.
func (c Contrast) String() string {
	switch c {
	case LogCosh:
		return "logcosh"
	case Exp:
		return "exp"
	case Kurtosis:
		return "kurtosis"
	}
	return fmt.Sprintf("Contrast(%d)", int(c))
}

// check refuses an unknown contrast or a log cosh Alpha that is not finite and positive; its
// errors name fn.
func (c Contrast) check(fn string, alpha float64) error {
	if c < LogCosh || c > Kurtosis {
		return fmt.Errorf("ica: %s: unknown contrast %d: %w", fn, int(c), ErrParam)
	}
	if c == LogCosh && (!(alpha > 0) || math.IsInf(alpha, 0)) {
		return fmt.Errorf("ica: %s: log cosh contrast needs a finite Alpha > 0, got %v: %w", fn, alpha, ErrParam)
	}
	return nil
}

// Eval returns G(s), G'(s) and G″(s) for the contrast with parameter alpha (used by LogCosh
// only). It is a hot kernel without an error result (its callers pass whitened, validated
// data): values beyond the float64 range saturate at ±math.MaxFloat64, and s = NaN gives
// zeros. Cost O(1).
func (c Contrast) Eval(alpha, s float64) (g, g1, g2 float64) {
	if math.IsNaN(s) {
		return 0, 0, 0
	}
	switch c {
	case LogCosh:
		t, lc := tanhLogCosh(alpha * s)
		g, g1, g2 = lc/alpha, t, alpha*(1-t*t)
	case Exp:
		e := math.Exp(-s * s / 2)
		g, g1, g2 = -e, s*e, (1-s*s)*e
	default:
		s2 := s * s
		g, g1, g2 = s2*s2/4, s2*s, 3*s2
	}
	return saturate(g), saturate(g1), saturate(g2)
}

// saturate maps ±Inf to ±math.MaxFloat64 and NaN (∞·0, ∞ − ∞ in a kernel) to 0.
func saturate(v float64) float64 {
	switch {
	case math.IsNaN(v):
		return 0
	case v > math.MaxFloat64:
		return math.MaxFloat64
	case v < -math.MaxFloat64:
		return -math.MaxFloat64
	}
	return v
}

// GaussianMoments returns E G(ν) and E G″(ν) for ν ~ N(0,1), the reference values of the
// negentropy approximation (ML chapter 2 §2.3.4; spec oracle 4). By Stein's identity E G″(ν) equals
// E[ν G'(ν)], so on Gaussian data the FastICA step has expectation zero: Gaussian
// directions carry no information. Exp and Kurtosis use the closed forms −1/√2, 1/(2√2) and
// 3/4, 3; LogCosh uses 400-point Gauss–Legendre quadrature on [−14, 14], accurate to about
// 1e-13.
func GaussianMoments(c Contrast, alpha float64) (eG, eG2 float64, err error) {
	if err := c.check("GaussianMoments", alpha); err != nil {
		return 0, 0, err
	}
	switch c {
	case Exp:
		return -1 / math.Sqrt2, 1 / (2 * math.Sqrt2), nil
	case Kurtosis:
		return 0.75, 3, nil
	}
	phi := func(x float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) }
	eG = quad.Fixed(func(x float64) float64 { g, _, _ := c.Eval(alpha, x); return g * phi(x) }, -14, 14, 400, quad.Legendre{}, 0)
	eG2 = quad.Fixed(func(x float64) float64 { _, _, g2 := c.Eval(alpha, x); return g2 * phi(x) }, -14, 14, 400, quad.Legendre{}, 0)
	return eG, eG2, nil
}
