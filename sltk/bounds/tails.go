package bounds

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
)

// ErrParam is wrapped by every error for an argument outside a theorem's hypotheses; it is
// errs.ErrParam.
var ErrParam = errs.ErrParam

// ErrTooLarge is wrapped by the error for a size beyond a documented limit (MaxBinomialN).
var ErrTooLarge = errs.ErrTooLarge

func bad(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }

// finite returns v, or an error wrapping ErrNotFinite when the bound fn computed from finite
// arguments overflows float64 (a huge numerator over a tiny ε, a, b or c).
func finite(fn string, v float64) (float64, error) {
	if bad(v) {
		return 0, fmt.Errorf("bounds: %s: the bound overflows float64 (%v): %w", fn, v, errs.ErrNotFinite)
	}
	return v, nil
}

// Markov returns E X / a, the bound on Pr(X ≥ a) for X ≥ 0 and a > 0. Cost O(1).
func Markov(mean, a float64) (float64, error) {
	if bad(mean) || bad(a) || mean < 0 || a <= 0 {
		return 0, fmt.Errorf("bounds: Markov: needs E X ≥ 0 and a > 0, got %v, %v: %w", mean, a, ErrParam)
	}
	return finite("Markov", mean/a)
}

// Chebyshev returns Var X / b², the bound on Pr(|X − E X| ≥ b) for b > 0. Cost O(1).
func Chebyshev(variance, b float64) (float64, error) {
	if bad(variance) || bad(b) || variance < 0 || b <= 0 {
		return 0, fmt.Errorf("bounds: Chebyshev: needs Var ≥ 0 and b > 0, got %v, %v: %w", variance, b, ErrParam)
	}
	return finite("Chebyshev", variance/(b*b))
}

// PairwiseMean returns σ²/(c² n), Theorem 2.2's bound on Pr(|X − E X| ≥ cn) for a sum X of n
// pairwise independent variables with variance at most σ². As n → ∞ it tends to 0, which is the
// weak law of large numbers (Cor. 2.3) with ε = c. Cost O(1).
func PairwiseMean(sigma2, c float64, n int) (float64, error) {
	if bad(sigma2) || bad(c) || sigma2 < 0 || c <= 0 || n < 1 {
		return 0, fmt.Errorf("bounds: PairwiseMean: Thm 2.2 needs σ² ≥ 0, c > 0, n ≥ 1, got %v, %v, %d: %w", sigma2, c, n, ErrParam)
	}
	return finite("PairwiseMean", sigma2/(c*c*float64(n)))
}

func chernoffArgs(fn string, mu, c float64) error {
	if bad(mu) || bad(c) || mu < 0 || c < 0 || c > 1 {
		return fmt.Errorf("bounds: %s: Chernoff needs μ ≥ 0 and 0 ≤ c ≤ 1, got μ = %v, c = %v: %w", fn, mu, c, ErrParam)
	}
	return nil
}

// ChernoffUpper returns e^{−μc²/3}, the bound on Pr(X ≥ (1+c)μ) for a sum X of independent
// {0,1} variables with mean μ, 0 ≤ c ≤ 1 (§2.2). Cost O(1).
func ChernoffUpper(mu, c float64) (float64, error) {
	if err := chernoffArgs("ChernoffUpper", mu, c); err != nil {
		return 0, err
	}
	return math.Exp(-mu * c * c / 3), nil
}

// ChernoffLower returns e^{−μc²/2}, the bound on Pr(X ≤ (1−c)μ) (§2.2). Cost O(1).
func ChernoffLower(mu, c float64) (float64, error) {
	if err := chernoffArgs("ChernoffLower", mu, c); err != nil {
		return 0, err
	}
	return math.Exp(-mu * c * c / 2), nil
}

// ChernoffTwoSided returns 2e^{−μc²/3}, the bound on Pr(|X − μ| ≥ cμ) of Cor. 2.6. Cost O(1).
func ChernoffTwoSided(mu, c float64) (float64, error) {
	if err := chernoffArgs("ChernoffTwoSided", mu, c); err != nil {
		return 0, err
	}
	return math.Min(1, 2*math.Exp(-mu*c*c/3)), nil
}

func hoeffdingArgs(n int, d, a, b float64) error {
	if n < 1 || bad(d) || bad(a) || bad(b) || d < 0 || b <= a {
		return fmt.Errorf("bounds: Hoeffding: needs n ≥ 1, d ≥ 0, a < b, got n = %d, d = %v, [%v, %v]: %w", n, d, a, b, ErrParam)
	}
	return nil
}

// Hoeffding returns e^{−2nd²/(b−a)²}, the bound on Pr(X ≥ E X + dn) (and on the lower tail) for
// a sum X of n independent variables with values in [a, b]. With [a, b] = [0, 1] this is the
// seed's statement for i.i.d. bits (§2.2); the general range is the corrected form (the seed's
// Lemma 6.2 writes b − a instead of (b − a)²). Cost O(1).
func Hoeffding(n int, d, a, b float64) (float64, error) {
	if err := hoeffdingArgs(n, d, a, b); err != nil {
		return 0, err
	}
	w := b - a
	return math.Exp(-2 * float64(n) * d * d / (w * w)), nil
}

// HoeffdingTwoSided returns 2e^{−2nd²/(b−a)²}, the bound on Pr(|X − E X| ≥ dn) (Cor. 2.7),
// capped at 1. Cost O(1).
func HoeffdingTwoSided(n int, d, a, b float64) (float64, error) {
	h, err := Hoeffding(n, d, a, b)
	return math.Min(1, 2*h), err
}

// MasterTail returns 3e^{−a²/(12nσ²)}, Theorem 2.8's bound on Pr(|X| ≥ a) for a sum of n
// independent zero-mean variables with Var X_i ≤ σ² and |E X_i^k| ≤ σ² k! for
// 3 ≤ k ≤ ⌊a²/(4nσ²)⌋ (the moment condition is the caller's to check). It needs
// 0 ≤ a ≤ √2·nσ². Cost O(1).
func MasterTail(n int, sigma2, a float64) (float64, error) {
	if n < 1 || bad(sigma2) || bad(a) || sigma2 <= 0 || a < 0 || a > math.Sqrt2*float64(n)*sigma2 {
		return 0, fmt.Errorf("bounds: MasterTail: Thm 2.8 needs n ≥ 1, σ² > 0, 0 ≤ a ≤ √2·nσ², got n = %d, σ² = %v, a = %v: %w", n, sigma2, a, ErrParam)
	}
	return math.Min(1, 3*math.Exp(-a*a/(12*float64(n)*sigma2))), nil
}

// logf is math.Log made exact for subnormal x: Go's math.Log (the amd64 assembly) returns
// about −709.09 for every x below 2⁻¹⁰²² (ln 5e-324 is −744.44), which made a binomial tail with
// a subnormal p and a sample size with a subnormal δ wrong by up to e³⁵. Scaling by 2⁵² first
// brings x into the normal range. Cost O(1).
func logf(x float64) float64 {
	if x > 0 && x < 0x1p-1022 {
		return math.Log(x*0x1p52) - 52*math.Ln2
	}
	return math.Log(x)
}

// logBinomPMF returns ln Pr(X = k) for X ~ Bin(n, p), 0 < p < 1.
func logBinomPMF(n, k int, lp, lq float64) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c + float64(k)*lp + float64(n-k)*lq
}

func binomArgs(fn string, n int, p float64) error {
	if n < 0 || bad(p) || p < 0 || p > 1 {
		return fmt.Errorf("bounds: %s: binomial needs n ≥ 0 and 0 ≤ p ≤ 1, got n = %d, p = %v: %w", fn, n, p, ErrParam)
	}
	return check.Size("bounds: "+fn, "n", n, MaxBinomialN)
}

// MaxBinomialN is the largest n the exact binomial tails accept (their cost is O(n));
// larger n return an error wrapping ErrTooLarge: use a Chernoff bound there.
const MaxBinomialN = 1 << 26

// binomRange returns Pr(lo ≤ X ≤ hi) for X ~ Bin(n, p).
func binomRange(n int, p float64, lo, hi int) float64 {
	lo, hi = max(lo, 0), min(hi, n)
	if lo > hi {
		return 0
	}
	if p == 0 || p == 1 {
		at := 0
		if p == 1 {
			at = n
		}
		if lo <= at && at <= hi {
			return 1
		}
		return 0
	}
	lp, lq := logf(p), math.Log1p(-p)
	terms := make([]float64, 0, hi-lo+1)
	for k := lo; k <= hi; k++ {
		terms = append(terms, logBinomPMF(n, k, lp, lq))
	}
	return math.Min(1, math.Exp(gibbs.LogSumExp(terms)))
}

// BinomialUpperTail returns Pr(X ≥ k) exactly for X ~ Bin(n, p). It sums the probability mass
// function in the log domain (log-gamma coefficients, log-sum-exp) instead of using 1 − CDF,
// so tails as small as 1e-300 keep full relative precision (the dice table's 1.75e-60 needs
// this). Cost O(n − k).
func BinomialUpperTail(n int, p float64, k int) (float64, error) {
	if err := binomArgs("BinomialUpperTail", n, p); err != nil {
		return 0, err
	}
	return binomRange(n, p, k, n), nil
}

// BinomialLowerTail returns Pr(X ≤ k) exactly for X ~ Bin(n, p). Cost O(k).
func BinomialLowerTail(n int, p float64, k int) (float64, error) {
	if err := binomArgs("BinomialLowerTail", n, p); err != nil {
		return 0, err
	}
	return binomRange(n, p, 0, k), nil
}

// intTol absorbs float rounding when a deviation threshold lands on an integer.
const intTol = 1e-9

// BinomialTwoSided returns Pr(|X − np| ≥ dev) exactly for X ~ Bin(n, p) and dev > 0.
// Cost O(n).
func BinomialTwoSided(n int, p, dev float64) (float64, error) {
	if err := binomArgs("BinomialTwoSided", n, p); err != nil {
		return 0, err
	}
	if bad(dev) || dev <= 0 {
		return 0, fmt.Errorf("bounds: BinomialTwoSided: deviation %v must be positive: %w", dev, ErrParam)
	}
	mu := float64(n) * p
	// Clamp to [−1, n + 1] before converting: a huge dev would otherwise convert to −2⁶³ (on
	// amd64) and turn an empty tail into the whole distribution.
	up := int(math.Min(math.Ceil(mu+dev-intTol), float64(n+1)))
	lo := int(math.Max(math.Floor(mu-dev+intTol), -1))
	return math.Min(1, binomRange(n, p, up, n)+binomRange(n, p, 0, lo)), nil
}

// HypergeometricUpperTail returns Pr(X ≥ k) for the number X of black balls among n drawn
// without replacement from N balls of which K are black (Example 2.5). The draws are dependent,
// so the independence-based bounds do not apply as stated in the seed; Hoeffding (1963) showed
// that his bound still holds, which the notebook checks with this exact tail. Cost O(n);
// N ≤ MaxBinomialN (ErrTooLarge beyond: the terms are differences of ln Γ(N + 1), which lose
// their digits as N grows, and there are up to n of them).
func HypergeometricUpperTail(total, black, n, k int) (float64, error) {
	if total < 1 || black < 0 || black > total || n < 0 || n > total {
		return 0, fmt.Errorf("bounds: HypergeometricUpperTail: hypergeometric needs 0 ≤ K ≤ N, 0 ≤ n ≤ N, got N = %d, K = %d, n = %d: %w", total, black, n, ErrParam)
	}
	if err := check.Size("bounds: HypergeometricUpperTail", "N", total, MaxBinomialN); err != nil {
		return 0, err
	}
	lc := func(a, b int) float64 {
		x, _ := math.Lgamma(float64(a + 1))
		y, _ := math.Lgamma(float64(b + 1))
		z, _ := math.Lgamma(float64(a - b + 1))
		return x - y - z
	}
	lo, hi := max(k, 0, n-(total-black)), min(n, black)
	if lo > hi {
		return 0, nil
	}
	den := lc(total, n)
	terms := make([]float64, 0, hi-lo+1)
	for j := lo; j <= hi; j++ {
		terms = append(terms, lc(black, j)+lc(total-black, n-j)-den)
	}
	return math.Min(1, math.Exp(gibbs.LogSumExp(terms))), nil
}
