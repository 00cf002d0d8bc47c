package mcmc

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors, defined once in package errs and re-exported here; returned errors wrap one
// of them with the function, the argument and the place.
var (
	ErrEmpty     = errs.ErrEmpty     // nil or empty matrices, traces or functions
	ErrNotFinite = errs.ErrNotFinite // NaN or ±Inf entries, costs or log-targets
	ErrShape     = errs.ErrShape     // non-square matrices, mismatched lengths
	ErrParam     = errs.ErrParam     // a temperature, step count or other option out of range
	ErrProb      = errs.ErrProb      // negative entries or rows that do not sum to 1
	ErrTooLarge  = errs.ErrTooLarge  // systems too large to enumerate
	// ErrDisconnected reports a chain whose stationary distribution or hitting times are not
	// unique (the chain is not irreducible, or the target is unreachable).
	ErrDisconnected = errs.ErrDisconnected
)

// CheckStochastic returns an error when P is not square, has a negative or non-finite entry, or
// a row whose sum differs from 1 by more than 1e-9·n (check.Stochastic). Cost O(n²).
func CheckStochastic(P mat.Matrix) error {
	if check.IsNil(P) {
		return fmt.Errorf("mcmc: CheckStochastic: transition matrix is nil: %w", ErrEmpty)
	}
	r, c := P.Dims()
	if r == 0 || r != c {
		return fmt.Errorf("mcmc: CheckStochastic: transition matrix is %d×%d, want square and non-empty: %w", r, c, ErrShape)
	}
	if _, _, err := check.Stochastic("P", P); err != nil {
		return fmt.Errorf("mcmc: CheckStochastic: %w", err)
	}
	return nil
}

// MetropolisMatrix returns the Metropolis–Hastings transition matrix (SLT chapter 2 (MCMC and
// simulated annealing), eqs. 2.5–2.6) for the target p ∝ exp(logf) and the proposal matrix Q
// (Q[c,c′] = q(c′|c)):
//
//	π(c′|c) = q(c′|c)·min{1, q(c|c′)f(c′) / (q(c′|c)f(c))}  for c′ ≠ c,  π(c|c) = 1 − Σ_{c′≠c} π(c′|c).
//
// For a symmetric Q this is the Metropolis kernel (2.7). logf may be unnormalised, with −Inf for
// states of zero mass (which then must not be the only reachable ones). Cost O(n²).
func MetropolisMatrix(logf []float64, Q mat.Matrix) (*mat.Dense, error) {
	if err := CheckStochastic(Q); err != nil {
		return nil, fmt.Errorf("mcmc: MetropolisMatrix: proposal: %w", err)
	}
	n, _ := Q.Dims()
	if len(logf) != n {
		return nil, fmt.Errorf("mcmc: MetropolisMatrix: %d log-target values for a %d-state proposal: %w", len(logf), n, ErrParam)
	}
	for i, v := range logf {
		if math.IsNaN(v) || math.IsInf(v, 1) {
			return nil, fmt.Errorf("mcmc: MetropolisMatrix: log-target[%d] = %g: %w", i, v, ErrNotFinite)
		}
	}
	P := mat.NewDense(n, n, nil)
	for c := 0; c < n; c++ {
		var off float64
		for d := 0; d < n; d++ {
			q := Q.At(c, d)
			if d == c || q == 0 {
				continue
			}
			qb := Q.At(d, c)
			var a float64
			if qb > 0 && !math.IsInf(logf[d], -1) {
				a = math.Min(1, math.Exp(math.Log(qb)+logf[d]-math.Log(q)-logf[c]))
			}
			P.Set(c, d, q*a)
			off += q * a
		}
		P.Set(c, c, math.Max(0, 1-off))
	}
	return P, nil
}

// Stationary returns the stationary distribution p of the stochastic matrix P (pᵀP = pᵀ, Σp = 1)
// by the same subtraction-free state reduction (Grassmann–Taksar–Heyman) as
// FiniteChain.Stationary, so p is accurate to a relative 10⁻¹³ or so per state also for
// periodic and nearly decomposable chains. It returns ErrDisconnected when the solution is not
// unique (a reducible chain, whose graph is not strongly connected) and ErrTooLarge beyond
// MaxStates. Cost O(n²) to check P, n³/3 multiply-adds to solve.
func Stationary(P mat.Matrix) ([]float64, error) {
	if err := CheckStochastic(P); err != nil {
		return nil, err
	}
	n, _ := P.Dims()
	if n > MaxStates {
		return nil, fmt.Errorf("mcmc: Stationary: %d states, limit %d: %w", n, MaxStates, ErrTooLarge)
	}
	if !newSupport(n, func(i, j int) bool { return P.At(i, j) > 0 }).connected() {
		return nil, fmt.Errorf("mcmc: Stationary: chain is reducible, π is not unique: %w", ErrDisconnected)
	}
	p, ok := gth(P)
	if !ok {
		return nil, fmt.Errorf("mcmc: Stationary: a state's exit probability underflows to 0, π is not unique: %w",
			ErrDisconnected)
	}
	return p, nil
}

// DetailedBalanceError returns max_{c,c′} |p(c)π(c′|c) − p(c′)π(c|c′)|, which is 0 exactly when
// the chain is reversible with respect to p (condition (iii) of Theorem 6). p must be a
// probability vector (ErrProb otherwise). Cost O(n²).
func DetailedBalanceError(P mat.Matrix, p []float64) (float64, error) {
	if err := CheckStochastic(P); err != nil {
		return 0, err
	}
	n, _ := P.Dims()
	if len(p) != n {
		return 0, fmt.Errorf("mcmc: DetailedBalanceError: %d probabilities for %d states: %w", len(p), n, ErrShape)
	}
	if err := check.Prob("p", p); err != nil {
		return 0, fmt.Errorf("mcmc: DetailedBalanceError: %w", err)
	}
	var worst float64
	for c := 0; c < n; c++ {
		for d := c + 1; d < n; d++ {
			worst = math.Max(worst, math.Abs(p[c]*P.At(c, d)-p[d]*P.At(d, c)))
		}
	}
	return worst, nil
}

// HittingTimes returns h[c] = E[min{t ≥ 0 : C_t ∈ targets} | C_0 = c], the expected first-hitting
// time of the target set, the solution of h = 1 + P_{−T} h on the non-target states (h = 0 on
// targets). It solves that system by state reduction without subtraction (the hitting-time
// form of the Grassmann–Taksar–Heyman algorithm of Stationary): eliminating a state k censors
// the chain to the states left, and its pivot 1 − p_kk is computed as the probability of
// leaving k for the states left or the targets. Each h[c] is therefore accurate to a relative
// 10⁻¹³ or so also when the chain is nearly decomposable and h is of order 1/gap (an LU solve
// of the same system lost 3% at h ≈ 10¹⁵). It returns ErrDisconnected when some state cannot
// reach the targets (a closed class without targets) and ErrTooLarge beyond MaxStates states.
// The states are eliminated in blocks, as in Stationary, so that nearly all of the m³/3
// multiply-adds for m non-target states run as matrix products on kernel.Gemm (about 0.26 s of
// CPU time at m = 2000, against 1.4 s one state at a time); 8·m² bytes.
func HittingTimes(P mat.Matrix, targets []int) ([]float64, error) {
	if err := CheckStochastic(P); err != nil {
		return nil, err
	}
	n, _ := P.Dims()
	if n > MaxStates {
		return nil, fmt.Errorf("mcmc: HittingTimes: %d states, limit %d: %w", n, MaxStates, ErrTooLarge)
	}
	if len(targets) == 0 {
		return nil, fmt.Errorf("mcmc: HittingTimes: empty target set: %w", ErrEmpty)
	}
	isT := make([]bool, n)
	for _, t := range targets {
		if t < 0 || t >= n {
			return nil, fmt.Errorf("mcmc: HittingTimes: target %d outside 0..%d: %w", t, n-1, ErrParam)
		}
		isT[t] = true
	}
	var idx []int
	for c := 0; c < n; c++ {
		if !isT[c] {
			idx = append(idx, c)
		}
	}
	// The non-target states in reverse order, so that eliminating from the last row down
	// censors the chain towards the states not yet eliminated as the hitting-time recursion
	// needs; column 0 holds the expected steps b (1 to start), column 1 the probability e of a
	// step into the targets, which counts towards every pivot.
	m := len(idx)
	const x = 2
	ld := m + x
	a := make([]float64, m*ld)
	for r := range m {
		c, row := idx[m-1-r], a[r*ld:(r+1)*ld]
		row[0] = 1
		for _, t := range targets {
			row[1] += P.At(c, t)
		}
		for s := range m {
			row[x+s] = P.At(c, idx[m-1-s])
		}
	}
	rd := &reduction{a: a, ld: ld, x: x, u: 1, pivots: make([]float64, m), keepRows: true}
	w := newGTHWork(m, ld)
	for hi := m - 1; hi >= 0; hi -= gthBlock {
		if k := w.eliminate(rd, max(0, hi-gthBlock+1), hi); k >= 0 {
			return nil, fmt.Errorf("mcmc: HittingTimes: state %d cannot reach the targets: %w", idx[m-1-k], ErrDisconnected)
		}
	}
	// Back substitution: state k (reversed) takes b_k steps plus the hitting times of the
	// states it moves to among those eliminated after it, divided by its pivot.
	h := make([]float64, n)
	hr := make([]float64, m)
	for k := range m {
		row := a[k*ld : (k+1)*ld]
		hr[k] = (row[0] + floats.Dot(row[x:x+k], hr[:k])) / rd.pivots[k]
		if math.IsInf(hr[k], 0) {
			return nil, fmt.Errorf("mcmc: HittingTimes: h[%d] overflows float64: %w", idx[m-1-k], ErrNotFinite)
		}
		h[idx[m-1-k]] = hr[k]
	}
	return h, nil
}

// MaxTreasureStates is the most states TreasureHunter builds (its n×n matrix takes 8·n² bytes).
const MaxTreasureStates = 1 << 12

// TreasureHunter returns the proposal matrix of eq. (2.8) on {0, …, n−1}: stay with probability
// 1/2, step up or down with probability 1/4 each, and stay instead of leaving the range (so
// q(0|0) = q(n−1|n−1) = 3/4). The seed's second case reads c+1 where c−1 is meant (erratum E8).
func TreasureHunter(n int) (*mat.Dense, error) {
	if n < 2 {
		return nil, fmt.Errorf("mcmc: TreasureHunter: treasure hunter needs ≥ 2 states, got %d: %w", n, ErrParam)
	}
	if err := check.Size("mcmc: TreasureHunter", "n", n, MaxTreasureStates); err != nil {
		return nil, err
	}
	Q := mat.NewDense(n, n, nil)
	for c := 0; c < n; c++ {
		Q.Set(c, c, 0.5)
		up, down := min(n-1, c+1), max(0, c-1)
		Q.Set(c, up, Q.At(c, up)+0.25)
		Q.Set(c, down, Q.At(c, down)+0.25)
	}
	return Q, nil
}

// Exact is the Gibbs distribution of a small system computed by enumerating its states.
type Exact struct {
	T     float64
	LogZ  float64   // log Σ_s exp(−E(s)/T)
	P     []float64 // p(s), normalised
	MeanE float64   // ⟨E⟩
	VarE  float64   // Var E (= T²·C_v, the heat capacity times T²)
}

// Enumerate computes the Gibbs distribution exp(−E(s)/T)/Z of a system with n states
// s = 0..n−1 and energy(s), by log-sum-exp over all states. It is the reference against which the
// samplers are tested; the cost is n energy evaluations, so it suits n up to about 2^22.
// MaxEnumerate is the most states Enumerate lists (ErrTooLarge beyond).
const MaxEnumerate = 1 << 24

func Enumerate(n int, energy func(s int) float64, T float64) (*Exact, error) {
	if n < 1 || energy == nil {
		return nil, fmt.Errorf("mcmc: Enumerate: needs n ≥ 1 states and an energy function, got n = %d: %w", n, ErrParam)
	}
	if n > MaxEnumerate {
		return nil, fmt.Errorf("mcmc: Enumerate: n = %d states, limit %d: %w", n, MaxEnumerate, ErrTooLarge)
	}
	if !(T > 0) || math.IsInf(T, 0) {
		return nil, fmt.Errorf("mcmc: Enumerate: T = %g, want finite and > 0: %w", T, ErrParam)
	}
	e := make([]float64, n)
	for s := range e {
		e[s] = energy(s)
		if math.IsNaN(e[s]) || math.IsInf(e[s], 0) {
			return nil, fmt.Errorf("mcmc: Enumerate: energy(%d) = %g: %w", s, e[s], ErrNotFinite)
		}
	}
	p := make([]float64, n)
	emin, z := gibbs.SoftmaxCosts(p, e, T, math.Inf(1))
	var mean float64
	for s := range p {
		mean += p[s] * e[s]
	}
	var vr float64
	for s := range p {
		d := e[s] - mean
		vr += p[s] * d * d
	}
	logZ := math.Log(z) - emin/T
	if math.IsInf(logZ, 0) || math.IsInf(vr, 0) || math.IsNaN(vr) {
		return nil, fmt.Errorf("mcmc: Enumerate: log Z or Var E overflows at T = %g (min energy %g): %w",
			T, emin, ErrNotFinite)
	}
	return &Exact{T: T, LogZ: logZ, P: p, MeanE: mean, VarE: vr}, nil
}
