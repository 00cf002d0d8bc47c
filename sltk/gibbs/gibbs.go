// Package gibbs computes Gibbs distributions over finite hypothesis classes and the
// posterior-agreement (PA) kernel used to choose their temperature.
//
// It implements SLT chapter 1 (Maximum entropy and posterior agreement: Definitions 2–5,
// eqs. 1.1–1.20, Exercise 1) and the empirical log-PA of chapter 10 (eqs. 10.1, 10.2 and 10.7).
// The Gibbs distribution p(c) = exp(−R(c)/T)/Z is the maximum-entropy distribution among those
// with a given expected cost; T = −1/λ₂ is the inverse of the Lagrange multiplier of that
// constraint (the seed prints T = 1/λ₂, erratum E4).
//
// Protocol plays the communication protocol of chapter 10 (§10.3, §10.5.2–10.5.3, Theorem 31) for
// any algorithm that maps an observation to a posterior over a finite class, in the ideal and the
// empirical (transformed-copies) variants, and estimates the empirical log PA (10.7) that bounds
// its success.
//
// Everything is computed in the log domain with log-sum-exp (the minimum cost is subtracted
// before exponentiating), so the distributions are exact from T = 1e12 down to T = 1e-12 for
// costs of any scale. Entropies and free energies here are in nats. LogSumExp, Softmax and
// SoftmaxCosts are the library's one log-sum-exp/softmax kernel: every learner calls them.
//
// Schedule and Anneal are the library's one annealing schedule (temperatures T0·Cooling^k down
// to TMin) and driver (one Level record per temperature); deterministic annealing, histogram
// and pairwise clustering, the soft maps, mean-field and simulated annealing all run on them.
package gibbs

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
)

// Sentinel errors, defined once in package errs and re-exported here; returned errors wrap one
// of them with the function, the argument and the place.
var (
	ErrEmpty     = errs.ErrEmpty     // empty costs or samples
	ErrNotFinite = errs.ErrNotFinite // NaN or ±Inf costs or values
	ErrShape     = errs.ErrShape     // mismatched lengths
	ErrParam     = errs.ErrParam     // a temperature or another argument out of range
	ErrProb      = errs.ErrProb      // not a probability distribution
)

// LogZero is how the log-domain kernels write log 0 (an empty sum, a class of probability 0):
// the most negative finite float64, so that results stay finite; exp(LogZero) = 0 as for −Inf.
const LogZero = -math.MaxFloat64

// LogSumExp returns log Σ exp(x_i), computed as m + log Σ exp(x_i − m) with m = max x_i so that
// it neither overflows nor underflows. It is a hot kernel without an error result, so its
// callers validate x; it never returns NaN or ±Inf: NaN terms are skipped (callers that must
// not ignore them reject NaN first), an empty x or one whose terms are all −Inf or NaN gives
// LogZero, and a +Inf term or a sum beyond the float64 range gives math.MaxFloat64. The
// exponentials are the library's vector exponential (internal/kernel.SumExp): the sum is within
// 5·10⁻¹⁶ relative of the same sum of math.Exp terms, so the result within 5·10⁻¹⁶ absolute.
// Cost O(len(x)), no allocation.
func LogSumExp(x []float64) float64 {
	m := math.Inf(-1)
	for _, v := range x {
		if v > m {
			m = v
		}
	}
	switch {
	case math.IsInf(m, -1):
		return LogZero
	case math.IsInf(m, 1):
		return math.MaxFloat64
	}
	s := kernel.SumExp(x, m) // the vector exponential, NaN terms skipped
	return min(m+math.Log(s), math.MaxFloat64)
}

// Softmax writes pᵢ = exp(xᵢ − log Σⱼ exp xⱼ) into dst and returns the log-normaliser
// LogSumExp(x). It is the one softmax of the library: Gibbs distributions (x = −cost/T),
// responsibilities of mixtures and soft assignments all call it. Like LogSumExp it has no error
// result and never returns NaN or ±Inf: when x cannot be normalised (empty, all −Inf, a NaN
// or a +Inf term) or dst is shorter than x, it writes nothing and returns LogZero
// (math.MaxFloat64 for a +Inf term). The exponentials of the probabilities are one call of the
// library's vector exponential (internal/kernel.Exp, within 2 ulp of math.Exp). Cost O(len(x)).
func Softmax(dst, x []float64) float64 {
	if len(dst) < len(x) || slices.ContainsFunc(x, math.IsNaN) {
		return LogZero
	}
	lse := LogSumExp(x)
	if lse == LogZero || lse == math.MaxFloat64 {
		return lse
	}
	for i, v := range x {
		dst[i] = v - lse
	}
	kernel.Exp(dst[:len(x)], dst[:len(x)]) // the vector exponential (within 2 ulp of math.Exp)
	return lse
}

// SoftmaxCosts writes the Gibbs probabilities p_c = exp(−(r_c − r_min)/t) / z of the costs r at
// temperature t into dst (which must have len(r)) and returns r_min and the normaliser
// z = Σ_c exp(−(r_c − r_min)/t) ≥ 1, so that log Σ_c exp(−r_c/t) = −r_min/t + log z. It is
// Softmax(dst, −r/t) for a cost vector, without the logarithm when a caller does not need it.
// Terms with (r_c − r_min)/t ≥ cut are set to 0 without calling exp: a cut of 745 or more is
// exact (exp underflows there), a smaller one trades a relative error below e^{−cut} per term
// for speed (deterministic annealing skips most far centroids that way). It is a hot kernel
// without an error result: its preconditions are a non-empty r with a finite minimum, dst at
// least as long as r, 0 < t < ∞ with 1/t finite, and cut > 0; when one fails it writes
// nothing and returns (0, 0), which a valid call never does (z ≥ 1). NaN or +Inf costs get
// probability 0. The exponentials are one call of the library's vector exponential
// (internal/kernel.Exp, within 2 ulp of math.Exp). Cost O(len(r)).
func SoftmaxCosts(dst, r []float64, t, cut float64) (rmin, z float64) {
	inv := 1 / t
	if len(r) == 0 || len(dst) < len(r) || !(t > 0) || math.IsInf(t, 1) || math.IsInf(inv, 1) || !(cut > 0) {
		return 0, 0
	}
	rmin = math.Inf(1)
	for _, v := range r {
		if v < rmin {
			rmin = v
		}
	}
	if math.IsInf(rmin, 0) {
		return 0, 0
	}
	dst = dst[:len(r)]
	for c, v := range r {
		if a := (v - rmin) * inv; a < cut {
			dst[c] = -a
		} else {
			dst[c] = math.Inf(-1) // e^{−∞} = 0, on the vector path like the terms kept
		}
	}
	kernel.Exp(dst, dst) // the vector exponential (within 2 ulp of math.Exp)
	for _, p := range dst {
		z += p
	}
	iz := 1 / z
	for c := range r {
		dst[c] *= iz
	}
	return rmin, z
}

// checkT refuses a temperature that is not finite and positive, naming fn.
func checkT(fn string, t float64) error {
	if !(t > 0) || math.IsInf(t, 0) {
		return fmt.Errorf("gibbs: %s: T = %g, want finite and > 0: %w", fn, t, ErrParam)
	}
	return nil
}

// Dist is a Gibbs distribution p(c) = exp(−R(c)/T)/Z over a finite class, held in the log domain.
type Dist struct {
	T     float64
	LogP  []float64 // log p(c), normalised
	LogZ  float64   // log Z = log Σ_c exp(−R(c)/T)
	MeanR float64   // E_p[R]
	VarR  float64   // Var_p(R) = T² · dE[R]/dT
	H     float64   // entropy −Σ p log p = E[R]/T + log Z (nats)
	F     float64   // free energy −T log Z = E[R] − T·H
}

// New returns the Gibbs distribution of the costs at temperature T. Costs must be finite; T must
// be finite and positive; costs so large or T so small that a log-probability −(R(c) − R_min)/T,
// log Z or a moment overflows give ErrNotFinite (rescale the costs or raise T). Cost O(|C|).
func New(costs []float64, T float64) (*Dist, error) {
	if err := check.Slice("costs", costs); err != nil {
		return nil, fmt.Errorf("gibbs: New: %w", err)
	}
	if err := checkT("New", T); err != nil {
		return nil, err
	}
	n := len(costs)
	rmin, rmax := costs[0], costs[0]
	for _, r := range costs {
		rmin, rmax = math.Min(rmin, r), math.Max(rmax, r)
	}
	if spread, base := (rmax-rmin)/T, rmin/T; math.IsInf(spread, 0) || math.IsInf(base, 0) {
		return nil, fmt.Errorf("gibbs: New: costs in [%g, %g] at T = %g overflow R/T: %w", rmin, rmax, T, ErrNotFinite)
	}
	logw := make([]float64, n)
	for i, r := range costs {
		logw[i] = -(r - rmin) / T
	}
	lz := LogSumExp(logw)
	d := &Dist{T: T, LogP: logw, LogZ: lz - rmin/T}
	var mean, h float64
	for i := range logw {
		logw[i] -= lz
		p := math.Exp(logw[i])
		mean += p * costs[i]
		if p > 0 {
			h -= p * logw[i]
		}
	}
	var v float64
	for i, lp := range logw {
		if p := math.Exp(lp); p > 0 {
			dr := costs[i] - mean
			v += p * dr * dr
		}
	}
	d.MeanR, d.VarR, d.H = mean, v, h
	d.F = -T * d.LogZ
	for _, x := range []float64{d.LogZ, d.MeanR, d.VarR, d.H, d.F} {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return nil, fmt.Errorf("gibbs: New: costs in [%g, %g] at T = %g: log Z = %g, E R = %g, Var R = %g, "+
				"H = %g, F = %g overflow: %w", rmin, rmax, T, d.LogZ, d.MeanR, d.VarR, d.H, d.F, ErrNotFinite)
		}
	}
	return d, nil
}

// P returns the probabilities p(c) as a new slice (nil for a nil d).
func (d *Dist) P() []float64 {
	if d == nil {
		return nil
	}
	p := make([]float64, len(d.LogP))
	for i, lp := range d.LogP {
		p[i] = math.Exp(lp)
	}
	return p
}

// Mode returns the index of the most probable class (the smallest cost; the first on ties), or
// −1 for a nil or empty d.
func (d *Dist) Mode() int {
	if d == nil || len(d.LogP) == 0 {
		return -1
	}
	best := 0
	for i, lp := range d.LogP {
		if lp > d.LogP[best] {
			best = i
		}
	}
	return best
}

// PAKernel returns κ = Σ_c p(c) q(c), the posterior-agreement kernel of Definition 3 (SLT chapter 1
// (Maximum entropy and posterior agreement), eq. 1.18; eq. 1.2 prints p(c|X) for p(c|X′), erratum
// E1). κ lies in [0, 1]. Cost O(|C|).
func PAKernel(p, q []float64) (float64, error) {
	if len(p) != len(q) {
		return 0, fmt.Errorf("gibbs: PAKernel: distributions of lengths %d and %d: %w", len(p), len(q), ErrShape)
	}
	if err := check.Prob("p", p); err != nil {
		return 0, fmt.Errorf("gibbs: PAKernel: %w", err)
	}
	if err := check.Prob("q", q); err != nil {
		return 0, fmt.Errorf("gibbs: PAKernel: %w", err)
	}
	var k float64
	for i := range p {
		k += p[i] * q[i]
	}
	return k, nil
}

// LogPAKernel returns log κ = log Σ_c exp(logp_c + logq_c) from two normalised log-distributions,
// accurate even when κ underflows (very low temperatures). Entries may be −Inf (probability 0)
// but not NaN or above 0; posteriors with disjoint supports (κ = 0) give LogZero. Cost O(|C|).
func LogPAKernel(logp, logq []float64) (float64, error) {
	if len(logp) != len(logq) || len(logp) == 0 {
		return 0, fmt.Errorf("gibbs: LogPAKernel: log-distributions of lengths %d and %d: %w", len(logp), len(logq), ErrShape)
	}
	s := make([]float64, len(logp))
	for i := range logp {
		if err := checkLogProb("logp", i, logp[i]); err != nil {
			return 0, err
		}
		if err := checkLogProb("logq", i, logq[i]); err != nil {
			return 0, err
		}
		s[i] = logp[i] + logq[i]
	}
	return LogSumExp(s), nil
}

// checkLogProb rejects a NaN entry (ErrNotFinite) and one above 0 beyond rounding (ErrProb).
func checkLogProb(name string, i int, v float64) error {
	switch {
	case math.IsNaN(v):
		return fmt.Errorf("gibbs: %s[%d] = NaN: %w", name, i, ErrNotFinite)
	case v > 1e-9:
		return fmt.Errorf("gibbs: %s[%d] = %g is not a log-probability (> 0): %w", name, i, v, ErrProb)
	}
	return nil
}

// LogPA returns the empirical log posterior agreement log(|C|·κ) = log|C| + log κ (SLT chapter 1
// (Maximum entropy and posterior agreement), eq. 10.2). It is 0 for uniform posteriors (T → ∞) and
// at most log|C|. classes must be ≥ 1 and logKappa a log-probability (≤ 0, LogZero for κ = 0, which
// gives LogZero).
func LogPA(classes int, logKappa float64) (float64, error) {
	if classes < 1 {
		return 0, fmt.Errorf("gibbs: LogPA: classes = %d, want ≥ 1: %w", classes, ErrParam)
	}
	if err := checkLogProb("LogPA: logKappa", 0, logKappa); err != nil {
		return 0, err
	}
	if math.IsInf(logKappa, -1) || logKappa == LogZero {
		return LogZero, nil
	}
	return math.Log(float64(classes)) + logKappa, nil
}

// Combined returns the normalised log of the combined posterior p(c|X′,X″) ∝ p(c|X′)p(c|X″)
// (Definition 4, eq. 1.19); classes of probability 0 get LogZero. Posteriors with disjoint
// supports (κ = 0) have no combined posterior: ErrProb. Cost O(|C|).
func Combined(logp, logq []float64) ([]float64, error) {
	lk, err := LogPAKernel(logp, logq)
	if err != nil {
		return nil, err
	}
	if lk == LogZero {
		return nil, fmt.Errorf("gibbs: Combined: the posteriors have disjoint supports (κ = 0): %w", ErrProb)
	}
	out := make([]float64, len(logp))
	for i := range logp {
		out[i] = max(logp[i]+logq[i]-lk, LogZero)
	}
	return out, nil
}

// ERM returns argmin_c R1(c) + R2(c), the empirical risk minimiser on the pooled observations
// (SLT chapter 1 (Maximum entropy and posterior agreement), eq. 1.28). It equals the mode of the
// combined posterior at every temperature.
func ERM(r1, r2 []float64) (int, error) {
	return argminPair("ERM", r1, r2, func(a, b float64) float64 { return a + b })
}

// argminPair returns the first c that minimises score(r1[c], r2[c]), after checking that the
// two cost vectors are finite and of one length; errors name fn. Cost O(|C|).
func argminPair(fn string, r1, r2 []float64, score func(a, b float64) float64) (int, error) {
	if len(r1) != len(r2) {
		return 0, fmt.Errorf("gibbs: %s: cost vectors of lengths %d and %d: %w", fn, len(r1), len(r2), ErrShape)
	}
	if err := check.Slice("r1", r1); err != nil {
		return 0, fmt.Errorf("gibbs: %s: %w", fn, err)
	}
	if err := check.Slice("r2", r2); err != nil {
		return 0, fmt.Errorf("gibbs: %s: %w", fn, err)
	}
	best := 0
	for i := range r1 {
		if score(r1[i], r2[i]) < score(r1[best], r2[best]) {
			best = i
		}
	}
	return best, nil
}

// Curve is the result of a temperature search by posterior agreement.
type Curve struct {
	T        []float64 // the temperatures, ascending
	LogKappa []float64 // log κ_T(X′, X″) at each temperature
	LogPA    []float64 // log(|C| κ) at each temperature
	Best     int       // index of the maximiser of κ (the lowest such T on ties)
	TStar    float64   // T[Best]
	// LogPost is the normalised log combined posterior at T*; Estimate is its mode.
	LogPost  []float64
	Estimate int
}

// SearchT evaluates κ_T between the Gibbs distributions of r1 and r2 (costs of the same class on
// two observations X′ and X″) at every temperature of temps and returns the whole curve and its
// maximiser T* (step 3 of the ME+PA pipeline, eq. 1.3), with the combined posterior at T*.
// Cost O(|temps|·|C|).
func SearchT(r1, r2 []float64, temps []float64) (*Curve, error) {
	if len(r1) != len(r2) {
		return nil, fmt.Errorf("gibbs: SearchT: cost vectors of lengths %d and %d: %w", len(r1), len(r2), ErrShape)
	}
	if len(temps) == 0 {
		return nil, fmt.Errorf("gibbs: SearchT: no temperatures: %w", ErrParam)
	}
	ts := append([]float64(nil), temps...)
	sort.Float64s(ts)
	c := &Curve{T: ts}
	for _, t := range ts {
		p, err := New(r1, t)
		if err != nil {
			return nil, err
		}
		q, err := New(r2, t)
		if err != nil {
			return nil, err
		}
		lk, _ := LogPAKernel(p.LogP, q.LogP)
		lpa, _ := LogPA(len(r1), lk)
		c.LogKappa = append(c.LogKappa, lk)
		c.LogPA = append(c.LogPA, lpa)
		if lk > c.LogKappa[c.Best] {
			c.Best = len(c.LogKappa) - 1
		}
	}
	c.TStar = ts[c.Best]
	p, _ := New(r1, c.TStar)
	q, _ := New(r2, c.TStar)
	c.LogPost, _ = Combined(p.LogP, q.LogP)
	for i, v := range c.LogPost {
		if v > c.LogPost[c.Estimate] {
			c.Estimate = i
		}
	}
	return c, nil
}

// MaxGrid is the most points LogGrid returns (ErrTooLarge beyond; 8 MiB of temperatures).
const MaxGrid = 1 << 20

// LogGrid returns n temperatures spaced evenly in log scale from lo to hi (inclusive), for
// 2 ≤ n ≤ MaxGrid. Cost O(n).
func LogGrid(lo, hi float64, n int) ([]float64, error) {
	if !(lo > 0) || !(hi > lo) || math.IsInf(hi, 0) || n < 2 {
		return nil, fmt.Errorf("gibbs: LogGrid: log grid needs 0 < lo < hi < ∞ and n ≥ 2, got %g, %g, %d: %w", lo, hi, n, ErrParam)
	}
	if n > MaxGrid {
		return nil, fmt.Errorf("gibbs: LogGrid: n = %d, limit %d: %w", n, MaxGrid, ErrTooLarge)
	}
	out := make([]float64, n)
	a, b := math.Log(lo), math.Log(hi)
	for i := range out {
		out[i] = math.Exp(a + (b-a)*float64(i)/float64(n-1))
	}
	out[n-1] = hi
	return out, nil
}
