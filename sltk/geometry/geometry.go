// Package geometry holds the closed forms of high-dimensional geometry that AFDS chapter 5
// (High-dimensional data) §5.1–5.2 states or uses: the volume of the unit ball B^ℓ and its share of
// the cube [−1,1]^ℓ, the fraction of a body's volume in a thin shell (Lemma 5.1, Theorem 5.2), the
// k-NN radius of the "why should we care" example, the cylinder factor f_k(ℓ) of the proof of
// Theorem 5.3, the fraction of the ball near an equator (Theorem 5.4, Corollary 5.5; the equator is
// the hyperplane x₁ = 0) and the Gaussian annulus (Theorem 5.9).
//
// Why a package of its own: these are functions of the dimension alone, with no data and no
// randomness. The samplers that draw points from the sphere, the ball, the cube and the
// spherical Gaussian are data generators and live in synth; the learners that use high
// dimensions (PCA, random projection) live in embed. Like bounds, this package is theory that
// notebooks and tests compare simulations with.
//
// Every function checks its arguments and returns an error wrapping errs.ErrParam instead of a
// NaN. Exact values use gonum's special functions (mathext.RegIncBeta, distuv.ChiSquared) and
// log-gamma, so they stay finite and accurate far beyond ℓ = 1000.
package geometry

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"
)

// ErrParam is errs.ErrParam: an argument outside its range.
var ErrParam = errs.ErrParam

func checkDim(fn string, l int) error {
	if l < 1 {
		return fmt.Errorf("geometry: %s: dimension l = %d, want ≥ 1: %w", fn, l, ErrParam)
	}
	return nil
}

func checkRange(fn, name string, v, lo, hi float64) error {
	if !(v >= lo && v <= hi) {
		return fmt.Errorf("geometry: %s: %s = %v, want in [%v, %v]: %w", fn, name, v, lo, hi, ErrParam)
	}
	return nil
}

// UnitBallVolume returns vol(B^ℓ) = π^{ℓ/2} / Γ(ℓ/2 + 1), computed through log-gamma so that
// it is accurate (and tends to 0, Theorem 5.3) for any ℓ ≥ 1. The closed form is standard
// (the lecture gives its values for ℓ ≤ 8 only). Cost O(1).
func UnitBallVolume(l int) (float64, error) {
	if err := checkDim("UnitBallVolume", l); err != nil {
		return 0, err
	}
	lg, _ := math.Lgamma(float64(l)/2 + 1)
	return math.Exp(float64(l)/2*math.Log(math.Pi) - lg), nil
}

// BallInCube returns p_ℓ = vol(B^ℓ)/2^ℓ, the probability that a uniform point of the cube
// [−1,1]^ℓ lies in the unit ball: the acceptance rate of sampling the ball by rejection from
// the cube. Cost O(1).
func BallInCube(l int) (float64, error) {
	if err := checkDim("BallInCube", l); err != nil {
		return 0, err
	}
	lg, _ := math.Lgamma(float64(l)/2 + 1)
	return math.Exp(float64(l)/2*math.Log(math.Pi) - lg - float64(l)*math.Ln2), nil
}

// ShellFraction returns the fraction 1 − (1 − ε)^ℓ of the volume of any body X ⊂ R^ℓ that
// lies outside (1 − ε)X (Lemma 5.1); Theorem 5.2 bounds the inner part (1 − ε)^ℓ ≤ e^{−εℓ}.
// ε must lie in [0, 1]. Cost O(1).
func ShellFraction(eps float64, l int) (float64, error) {
	if err := checkDim("ShellFraction", l); err != nil {
		return 0, err
	}
	if err := checkRange("ShellFraction", "eps", eps, 0, 1); err != nil {
		return 0, err
	}
	return -math.Expm1(float64(l) * math.Log1p(-eps)), nil
}

// KNNRadius returns the radius d = (k/m)^{1/ℓ} that a ball around a query must have so that
// m points uniform in B^ℓ put k of them inside it in expectation: below it, m·d^ℓ < k
// (§5.1, the k-nearest-neighbour example). Needs 1 ≤ k ≤ m. Cost O(1).
func KNNRadius(m, k, l int) (float64, error) {
	if err := checkDim("KNNRadius", l); err != nil {
		return 0, err
	}
	if k < 1 || k > m {
		return 0, fmt.Errorf("geometry: KNNRadius: k = %d, m = %d, want 1 ≤ k ≤ m: %w", k, m, ErrParam)
	}
	return math.Pow(float64(k)/float64(m), 1/float64(l)), nil
}

// MaxCylinders is the largest k CylinderFactor sums over (errs.ErrTooLarge beyond).
const MaxCylinders = 1 << 26

// CylinderFactor returns f_k(ℓ) = (2/k) Σ_{i=1..k} (1 − ((i−1)/k)²)^{(ℓ−1)/2}, the factor in
// vol(B^ℓ) ≤ f_k(ℓ)·vol(B^{ℓ−1}) obtained by covering B^ℓ with 2k cylinders of thickness 1/k
// (proof of Theorem 5.3). Needs k ≥ 1, ℓ ≥ 2. Cost O(k).
func CylinderFactor(k, l int) (float64, error) {
	if k < 1 || l < 2 {
		return 0, fmt.Errorf("geometry: CylinderFactor: k = %d, l = %d, want k ≥ 1, l ≥ 2: %w", k, l, ErrParam)
	}
	if k > MaxCylinders {
		return 0, fmt.Errorf("geometry: CylinderFactor: k = %d, limit %d: %w", k, MaxCylinders, errs.ErrTooLarge)
	}
	var s float64
	for i := 1; i <= k; i++ {
		t := float64(i-1) / float64(k)
		s += math.Pow(1-t*t, float64(l-1)/2)
	}
	return 2 * s / float64(k), nil
}

// EquatorTail returns the exact fraction of B^ℓ with |x₁| > t, for 0 ≤ t ≤ 1: the first
// coordinate of a uniform point of the ball has density ∝ (1 − x²)^{(ℓ−1)/2}, so x₁² follows
// Beta(1/2, (ℓ+1)/2) and the fraction is 1 − I_{t²}(1/2, (ℓ+1)/2). By symmetry it is the same
// for |⟨a, x⟩| with any unit a (Corollary 5.5). Theorem 5.4 bounds it by EquatorBound(c) at
// t = c/√(ℓ−1). Cost O(1) (gonum's regularised incomplete beta).
func EquatorTail(l int, t float64) (float64, error) {
	if err := checkDim("EquatorTail", l); err != nil {
		return 0, err
	}
	if err := checkRange("EquatorTail", "t", t, 0, 1); err != nil {
		return 0, err
	}
	return 1 - mathext.RegIncBeta(0.5, (float64(l)+1)/2, t*t), nil
}

// EquatorBound returns (2/c)·e^{−c²/2}, Theorem 5.4's bound on the fraction of B^ℓ (ℓ ≥ 3)
// with |x₁| > c/√(ℓ−1), valid for c ≥ 1. Cost O(1).
func EquatorBound(c float64) (float64, error) {
	if !(c >= 1) || math.IsInf(c, 1) {
		return 0, fmt.Errorf("geometry: EquatorBound: c = %v, want a finite c ≥ 1: %w", c, ErrParam)
	}
	return 2 / c * math.Exp(-c*c/2), nil
}

// AnnulusProb returns the exact probability Pr(√ℓ − b < ‖x‖ < √ℓ + b) for x drawn from the
// ℓ-dimensional standard Gaussian, 0 ≤ b ≤ √ℓ: ‖x‖² follows χ²_ℓ (gonum's distuv). Theorem 5.9
// bounds it from below by AnnulusBound. Cost O(1).
func AnnulusProb(l int, b float64) (float64, error) {
	if err := checkDim("AnnulusProb", l); err != nil {
		return 0, err
	}
	r := math.Sqrt(float64(l))
	if err := checkRange("AnnulusProb", "b", b, 0, r); err != nil {
		return 0, err
	}
	chi := distuv.ChiSquared{K: float64(l)}
	return chi.CDF((r+b)*(r+b)) - chi.CDF((r-b)*(r-b)), nil
}

// AnnulusBound returns 1 − 3e^{−cb²}, the lower bound of the Gaussian Annulus Theorem 5.9 for
// a constant c > 0 that the theorem leaves unspecified (a value often quoted from the proof is
// 1/96). Cost O(1).
func AnnulusBound(b, c float64) (float64, error) {
	if !(c > 0) || math.IsInf(c, 1) || !(b >= 0) || math.IsInf(b, 1) {
		return 0, fmt.Errorf("geometry: AnnulusBound: b = %v, c = %v, want b ≥ 0 and c > 0, finite: %w", b, c, ErrParam)
	}
	return 1 - 3*math.Exp(-c*b*b), nil
}
