package bounds

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
)

func pacArgs(fn string, lnH, eps, delta float64) error {
	if bad(lnH) || bad(eps) || bad(delta) || lnH < 0 || eps <= 0 || eps >= 1 || delta <= 0 || delta >= 1 {
		return fmt.Errorf("bounds: %s: need ln|H| ≥ 0 and ε, δ in (0, 1), got %v, %v, %v: %w", fn, lnH, eps, delta, ErrParam)
	}
	return nil
}

// Realizable returns (1/ε)·ln(|H|/δ), the sample size of Theorem 3.4: with m at least this many
// i.i.d. examples, with probability > 1 − δ every hypothesis of the finite class H that is
// consistent with them has error ≤ ε. lnH is ln|H|. Cost O(1).
func Realizable(lnH, eps, delta float64) (float64, error) {
	if err := pacArgs("Realizable", lnH, eps, delta); err != nil {
		return 0, err
	}
	return finite("Realizable", (lnH-logf(delta))/eps)
}

// UniformConvergence returns (1/(2ε²))·ln(2|H|/δ), Theorem 3.6: with that many examples, with
// probability > 1 − δ every h ∈ H has |err_T(h) − err_D(h)| ≤ ε. (Corrected: e^{−2mε²}, not the
// seed's 2^{−2mε²}.) Cost O(1).
func UniformConvergence(lnH, eps, delta float64) (float64, error) {
	if err := pacArgs("UniformConvergence", lnH, eps, delta); err != nil {
		return 0, err
	}
	return finite("UniformConvergence", (math.Ln2+lnH-logf(delta))/(2*eps*eps))
}

// Agnostic returns (2/ε²)·ln(2|H|/δ), Theorem 3.7: ERM on that many examples is within ε of the
// best hypothesis in H with probability > 1 − δ (uniform convergence at ε/2). Cost O(1).
func Agnostic(lnH, eps, delta float64) (float64, error) {
	if err := pacArgs("Agnostic", lnH, eps, delta); err != nil {
		return 0, err
	}
	return finite("Agnostic", 2*(math.Ln2+lnH-logf(delta))/(eps*eps))
}

// DescriptionLength returns (1/ε)(n ln|Σ| + ln(2/δ)), Theorem 3.8 (Occam's razor): every
// hypothesis described by at most n symbols over an alphabet Σ and consistent with that many
// examples has error ≤ ε with probability > 1 − δ. It uses |H_n| ≤ 2|Σ|^n. Cost O(1).
func DescriptionLength(n, alphabet int, eps, delta float64) (float64, error) {
	if n < 0 || alphabet < 2 {
		return 0, fmt.Errorf("bounds: DescriptionLength: need n ≥ 0 symbols over |Σ| ≥ 2, got %d, %d: %w", n, alphabet, ErrParam)
	}
	return Realizable(float64(n)*math.Log(float64(alphabet))+math.Ln2, eps, delta)
}

// TreeNodes returns (1/ε)(c·n ln n + ln(1/δ)), the seed's bound for consistent decision trees
// with n nodes, which take O(n log n) bits to describe. The seed leaves the constant c open; the
// caller must state its choice. Cost O(1).
func TreeNodes(nodes int, c, eps, delta float64) (float64, error) {
	if nodes < 1 || bad(c) || c <= 0 {
		return 0, fmt.Errorf("bounds: TreeNodes: need n ≥ 1 nodes and c > 0, got %d, %v: %w", nodes, c, ErrParam)
	}
	n := float64(nodes)
	return Realizable(c*n*math.Log(n), eps, delta)
}

// VC returns (c/ε²)(d + ln(1/δ)), Theorem 3.9: uniform convergence at accuracy ε with
// probability > 1 − δ for a class of VC dimension d. The seed does not give the constant c; the
// caller passes it (c = 1 shows the shape only). Cost O(1).
func VC(d int, c, eps, delta float64) (float64, error) {
	if d < 0 || bad(c) || c <= 0 {
		return 0, fmt.Errorf("bounds: VC: need d ≥ 0 and c > 0, got %d, %v: %w", d, c, ErrParam)
	}
	if err := pacArgs("VC", 0, eps, delta); err != nil {
		return 0, err
	}
	return finite("VC", c*(float64(d)-logf(delta))/(eps*eps))
}

// RealizableEpsilon inverts Theorem 3.4: the error ln(|H|/δ)/m guaranteed with m examples.
func RealizableEpsilon(lnH, delta float64, m int) (float64, error) {
	if err := pacArgs("RealizableEpsilon", lnH, 0.5, delta); err != nil || m < 1 {
		return 0, fmt.Errorf("bounds: RealizableEpsilon: need ln|H| ≥ 0, δ in (0,1), m ≥ 1, got %v, %v, %d: %w", lnH, delta, m, ErrParam)
	}
	return finite("RealizableEpsilon", (lnH-logf(delta))/float64(m))
}

// UniformConvergenceEpsilon inverts Theorem 3.6: √(ln(2|H|/δ)/(2m)).
func UniformConvergenceEpsilon(lnH, delta float64, m int) (float64, error) {
	if err := pacArgs("UniformConvergenceEpsilon", lnH, 0.5, delta); err != nil || m < 1 {
		return 0, fmt.Errorf("bounds: UniformConvergenceEpsilon: need ln|H| ≥ 0, δ in (0,1), m ≥ 1, got %v, %v, %d: %w", lnH, delta, m, ErrParam)
	}
	return finite("UniformConvergenceEpsilon", math.Sqrt((math.Ln2+lnH-logf(delta))/(2*float64(m))))
}

// AgnosticEpsilon inverts Theorem 3.7: √(2 ln(2|H|/δ)/m).
func AgnosticEpsilon(lnH, delta float64, m int) (float64, error) {
	if err := pacArgs("AgnosticEpsilon", lnH, 0.5, delta); err != nil || m < 1 {
		return 0, fmt.Errorf("bounds: AgnosticEpsilon: need ln|H| ≥ 0, δ in (0,1), m ≥ 1, got %v, %v, %d: %w", lnH, delta, m, ErrParam)
	}
	return finite("AgnosticEpsilon", math.Sqrt(2*(math.Ln2+lnH-logf(delta))/float64(m)))
}

// Ceil returns ⌈x⌉ with a relative tolerance of 1e-9, so that a size that is an integer in exact
// arithmetic (24/0.1² = 2400) is not pushed up by float rounding (2399.9999999999995 or
// 2400.0000000000005). The bound functions return the raw real value; Ceil makes it a count.
// Only a value within that tolerance of an integer snaps down to it; any other value rounds up,
// so the count is never below x by more than the tolerance (subtracting 1e-9·|x| before
// rounding up, as before, undershot by up to 10⁻⁹·x − 1 once x passed 10⁹). It never wraps:
// x ≥ 2⁶³, +Inf and NaN give math.MaxInt (no sample size that an int holds suffices), x ≤ −2⁶³
// and −Inf give math.MinInt. SampleSize is the checked form with an error.
func Ceil(x float64) int {
	c := math.Ceil(x)
	if r := math.Round(x); r < c && x-r <= 1e-9*math.Max(1, math.Abs(x)) {
		c = r
	}
	switch {
	case math.IsNaN(c) || c >= 0x1p63:
		return math.MaxInt
	case c < -0x1p63:
		return math.MinInt
	}
	return int(c)
}

// MaxSampleSize is the largest sample size SampleSize returns: 2⁵³, beyond which float64 no
// longer holds every integer, so the rounded-up bound would not be exact.
const MaxSampleSize = 1 << 53

// SampleSize is Ceil with errors: it returns ⌈m⌉ (with Ceil's tolerance) for a bound m from
// Realizable, Agnostic, VC and the like, an error wrapping ErrNotFinite for NaN or ±Inf,
// ErrParam for m < 0 and ErrTooLarge for m > MaxSampleSize. Cost O(1).
func SampleSize(m float64) (int, error) {
	switch {
	case math.IsNaN(m) || math.IsInf(m, 0):
		return 0, fmt.Errorf("bounds: SampleSize: m = %v: %w", m, errs.ErrNotFinite)
	case m < 0:
		return 0, fmt.Errorf("bounds: SampleSize: m = %v, want ≥ 0: %w", m, ErrParam)
	case m > MaxSampleSize:
		return 0, fmt.Errorf("bounds: SampleSize: m = %g, limit 2⁵³: %w", m, ErrTooLarge)
	}
	return Ceil(m), nil
}
