package mcmc

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// MaxStates is the largest state space a FiniteChain accepts: its dense matrix then holds
// 4096² float64s (128 MiB). Larger chains return errs.ErrTooLarge; simulate them instead.
const MaxStates = 4096

// FiniteChain is a Markov chain on the states {0, …, n−1} given by its row-stochastic
// transition matrix Q, q_ij = Pr(i → j) (RWTH chapter 6, §6.2). Distributions are row vectors
// and evolve as p_{t+1} = p_t Q. The zero value is not usable: build one with NewFiniteChain.
type FiniteChain struct {
	q   *mat.Dense
	cum [][]float64 // cumulative rows for Walk, built on first use
}

// NewFiniteChain checks Q and returns its chain. Q must be non-nil and square (errs.ErrEmpty,
// errs.ErrShape), finite (errs.ErrNotFinite), non-negative with rows summing to 1 within 1e-9·n
// (errs.ErrProb, check.Stochastic), and at most MaxStates wide (errs.ErrTooLarge). Q is copied
// and the copy checked in one pass. Cost O(n²).
func NewFiniteChain(q mat.Matrix) (*FiniteChain, error) {
	var n, d int
	if !check.IsNil(q) {
		n, d = q.Dims()
	}
	switch {
	case n == 0 || d == 0: // check.Matrix's error for a nil or empty Q, without its scan
		_, _, cerr := check.Matrix("Q", q)
		return nil, fmt.Errorf("mcmc: NewFiniteChain: %w", cerr)
	case n != d:
		return nil, fmt.Errorf("mcmc: NewFiniteChain: Q is %d×%d, want square: %w", n, d, errs.ErrShape)
	case n > MaxStates:
		return nil, fmt.Errorf("mcmc: NewFiniteChain: %d states, limit %d: %w", n, MaxStates, errs.ErrTooLarge)
	}
	data := make([]float64, n*n)
	copyRows(data, q)
	c := &FiniteChain{q: mat.NewDense(n, n, data)}
	if _, _, err := check.Stochastic("Q", c.q); err != nil {
		return nil, fmt.Errorf("mcmc: NewFiniteChain: %w", err)
	}
	return c, nil
}

// RandomChain returns a seeded dense chain on n states whose rows are independent uniform
// weights normalised to 1: every entry is positive, so the chain is ergodic. It is a test bed
// for large chains (n ≤ MaxStates). Cost O(n²).
func RandomChain(n int, seed uint64) (*FiniteChain, error) {
	if n < 1 || n > MaxStates {
		return nil, fmt.Errorf("mcmc: RandomChain: n = %d, want in [1,%d]: %w", n, MaxStates, errs.ErrParam)
	}
	rng := rand.New(rand.NewPCG(seed, 0x72616e64))
	q := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		row := q.RawRowView(i)
		var s float64
		for j := range row {
			row[j] = rng.Float64() + 1e-12
			s += row[j]
		}
		for j := range row {
			row[j] /= s
		}
	}
	return &FiniteChain{q: q}, nil
}

// N returns the number of states.
func (c *FiniteChain) N() int {
	if c == nil || c.q == nil {
		return 0
	}
	n, _ := c.q.Dims()
	return n
}

// Matrix returns a copy of the transition matrix (nil for a nil or zero chain).
func (c *FiniteChain) Matrix() *mat.Dense {
	if c.N() == 0 {
		return nil
	}
	return mat.DenseCopyOf(c.q)
}

func (c *FiniteChain) ready(fn string) error {
	if c.N() == 0 {
		return fmt.Errorf("mcmc: FiniteChain.%s: zero-value chain, use NewFiniteChain: %w", fn, errs.ErrNotFitted)
	}
	return nil
}

// checkDist checks that p is a probability vector on the chain's states.
func (c *FiniteChain) checkDist(fn string, p []float64) error {
	if len(p) != c.N() {
		return fmt.Errorf("mcmc: FiniteChain.%s: p has %d entries for %d states: %w", fn, len(p), c.N(), errs.ErrShape)
	}
	if err := check.Prob("p", p); err != nil {
		return fmt.Errorf("mcmc: FiniteChain.%s: %w", fn, err)
	}
	return nil
}

// Step returns p Q, the distribution one step after p. Cost O(n²).
func (c *FiniteChain) Step(p []float64) ([]float64, error) {
	if err := c.ready("Step"); err != nil {
		return nil, err
	}
	if err := c.checkDist("Step", p); err != nil {
		return nil, err
	}
	out := make([]float64, len(p))
	mat.NewVecDense(len(out), out).MulVec(c.q.T(), mat.NewVecDense(len(p), p))
	return out, nil
}

// Evolve returns p_0, p_1, …, p_t with p_{s+1} = p_s Q (t+1 rows). Cost O(t·n²).
func (c *FiniteChain) Evolve(p0 []float64, t int) ([][]float64, error) {
	if err := c.ready("Evolve"); err != nil {
		return nil, err
	}
	if err := c.checkDist("Evolve", p0); err != nil {
		return nil, err
	}
	if t < 0 || t > 1<<20 {
		return nil, fmt.Errorf("mcmc: FiniteChain.Evolve: t = %d, want in [0, 2^20]: %w", t, errs.ErrParam)
	}
	ps := make([][]float64, t+1)
	ps[0] = append([]float64(nil), p0...)
	n := len(p0)
	for s := 1; s <= t; s++ {
		ps[s] = make([]float64, n)
		mat.NewVecDense(n, ps[s]).MulVec(c.q.T(), mat.NewVecDense(n, ps[s-1]))
	}
	return ps, nil
}

// Averages returns the running averages a_t = (1/t) Σ_{s=1..t} p_s of an evolution ps = p_0..p_T
// (Theorem 6.9: a_t → π for every connected chain, periodic or not). Row 0 of the result is
// empty, because a_0 is undefined (the sum starts at s = 1). It returns nil for an empty or
// ragged ps (rows of different lengths). Cost O(T·n).
func Averages(ps [][]float64) [][]float64 {
	if len(ps) == 0 || slices.ContainsFunc(ps, func(p []float64) bool { return len(p) != len(ps[0]) }) {
		return nil
	}
	out := make([][]float64, len(ps))
	sum := make([]float64, len(ps[0]))
	for t := 1; t < len(ps); t++ {
		out[t] = make([]float64, len(sum))
		for i := range sum {
			sum[i] += ps[t][i]
			out[t][i] = sum[i] / float64(t)
		}
	}
	return out
}

func (c *FiniteChain) support() *support {
	return newSupport(c.N(), func(i, j int) bool { return c.q.At(i, j) > 0 })
}

// Connected reports whether the graph G_Q is strongly connected, i.e. whether Q is
// irreducible. A matrix without zero entries is connected at once; otherwise gonum's Tarjan
// SCC runs on G_Q. Cost O(n²) to read Q plus O(edges).
func (c *FiniteChain) Connected() bool {
	if c.N() == 0 {
		return false
	}
	for _, v := range c.q.RawMatrix().Data {
		if v == 0 {
			return c.support().connected()
		}
	}
	return true
}

// Period returns the gcd of the cycle lengths of a connected chain (1 = aperiodic). It fails
// with errs.ErrDisconnected when the chain is not connected (the period is then a property of
// each class, not of the chain). Cost O(n²).
func (c *FiniteChain) Period() (int, error) {
	if err := c.ready("Period"); err != nil {
		return 0, err
	}
	return c.support().checkedPeriod("FiniteChain.Period")
}

// Ergodic reports whether the chain is connected and aperiodic (Theorem 6.15: then p_t → π
// from every start).
func (c *FiniteChain) Ergodic() bool {
	d, err := c.Period()
	return err == nil && d == 1
}

// Lazy returns Q_α = αQ + (1−α)I for 0 < α < 1 (Lemma 6.16): ergodic whenever Q is
// connected, with the same stationary distribution. Cost O(n²).
func (c *FiniteChain) Lazy(alpha float64) (*FiniteChain, error) {
	if err := c.ready("Lazy"); err != nil {
		return nil, err
	}
	if !(alpha > 0 && alpha < 1) {
		return nil, fmt.Errorf("mcmc: FiniteChain.Lazy: alpha = %g, want in (0,1): %w", alpha, errs.ErrParam)
	}
	n := c.N()
	q := mat.NewDense(n, n, nil)
	q.Scale(alpha, c.q)
	for i := 0; i < n; i++ {
		q.Set(i, i, q.At(i, i)+1-alpha)
	}
	return &FiniteChain{q: q}, nil
}

// Stationary returns the unique π with πQ = π and Σπ = 1 of a connected chain (Theorem 6.9).
// A reducible chain has no unique π and returns errs.ErrDisconnected.
//
// It solves for π directly by the Grassmann–Taksar–Heyman state reduction (Gaussian
// elimination on I − Q in which every pivot 1 − q_kk is computed as the sum of the other
// entries of its row, so no subtraction occurs): each π_i is accurate to a relative 10⁻¹³ or
// so for every chain size up to MaxStates, also for periodic chains and for nearly
// decomposable ones whose spectral gap is far below machine precision, where iterating p ← pQ
// would stop long before reaching π. The same solver backs the package-level Stationary. The
// result does not depend on the number of cores. Cost n³/3 multiply-adds, nearly all in
// matrix products on all cores (about 17 ms of CPU time for n = 1000, 1 s at MaxStates), 8·n²
// bytes.
func (c *FiniteChain) Stationary() ([]float64, error) {
	if err := c.ready("Stationary"); err != nil {
		return nil, err
	}
	if !c.Connected() {
		return nil, fmt.Errorf("mcmc: FiniteChain.Stationary: chain is reducible, π is not unique: %w",
			errs.ErrDisconnected)
	}
	pi, ok := gth(c.q)
	if !ok {
		return nil, fmt.Errorf("mcmc: FiniteChain.Stationary: a state's exit probability underflows to 0, π is not unique: %w",
			errs.ErrDisconnected)
	}
	return pi, nil
}

// DetailedBalance returns max_{i,j} |π_i q_ij − π_j q_ji|, which is 0 exactly when the chain
// is reversible with respect to π (Lemma 6.11: then π is stationary). Cost O(n²).
func (c *FiniteChain) DetailedBalance(pi []float64) (float64, error) {
	if err := c.ready("DetailedBalance"); err != nil {
		return 0, err
	}
	if err := c.checkDist("DetailedBalance", pi); err != nil {
		return 0, err
	}
	var worst float64
	for i := range pi {
		for j := i + 1; j < len(pi); j++ {
			worst = math.Max(worst, math.Abs(pi[i]*c.q.At(i, j)-pi[j]*c.q.At(j, i)))
		}
	}
	return worst, nil
}

// StateChain is a FiniteChain built from a combinatorial state space, with the objects its
// states 0..n−1 stand for (matchings, permutations, independent sets).
type StateChain[S any] struct {
	*FiniteChain
	States []S
}

// Mixing is the result of MixingTime.Run.
type Mixing struct {
	T         int       // T(ε) = min{t : max_ω₀ TV(Q_{ω₀,t}, π) ≤ ε}, or MaxIter if not reached
	Converged bool      // whether TV ≤ ε was reached within MaxIter steps
	Trace     []float64 // Trace[t] = max over starts of TV(e_ω₀ Q^t, π), t = 0..T
	Pi        []float64 // the stationary distribution
}

// maxMixingWork caps n³·MaxIter in MixingTime.Run (about a minute of matrix products).
const maxMixingWork = 1e12

// MixingTime computes the mixing time T(ε) of Definition 6.19 exactly, with ε = Epsilon in
// (0, 1): it forms Q^t row by row (row ω₀ is the distribution after t steps from ω₀) and scans
// t = 0, 1, … until the worst start is within ε of π in total variation (that maximum is
// non-increasing in t). MaxIter caps t (0 means 1000); reaching it is reported in Converged,
// not as an error. The chain must be connected (errs.ErrDisconnected). Cost O(n³) per step;
// n³·MaxIter above 10^12 returns errs.ErrTooLarge.
type MixingTime struct {
	Epsilon float64
	MaxIter int
}

// Mixing is MixingTime{Epsilon: eps, MaxIter: maxIter}.Run(c), with ε and the cap as
// positional arguments.
//
// Deprecated: use MixingTime.Run.
func (c *FiniteChain) Mixing(eps float64, maxIter int) (Mixing, error) {
	return MixingTime{Epsilon: eps, MaxIter: maxIter}.Run(c)
}

// Run computes the mixing time of c (see MixingTime).
func (m MixingTime) Run(c *FiniteChain) (Mixing, error) {
	if err := c.ready("Mixing"); err != nil {
		return Mixing{}, err
	}
	eps, maxIter := m.Epsilon, cmp.Or(m.MaxIter, 1000)
	if !(eps > 0 && eps < 1) {
		return Mixing{}, fmt.Errorf("mcmc: MixingTime.Run: Epsilon = %g, want in (0,1): %w", eps, errs.ErrParam)
	}
	if maxIter < 0 {
		return Mixing{}, fmt.Errorf("mcmc: MixingTime.Run: MaxIter = %d < 0: %w", maxIter, errs.ErrParam)
	}
	if n := float64(c.N()); n*n*n*float64(maxIter) > maxMixingWork {
		return Mixing{}, fmt.Errorf("mcmc: MixingTime.Run: %g states × %d steps exceeds n³·MaxIter = %g: %w",
			n, maxIter, maxMixingWork, errs.ErrTooLarge)
	}
	pi, err := c.Stationary()
	if err != nil {
		return Mixing{}, err
	}
	n := c.N()
	pt := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		pt.Set(i, i, 1)
	}
	next := mat.NewDense(n, n, nil)
	res := Mixing{Pi: pi}
	for t := 0; ; t++ {
		var worst float64
		for i := 0; i < n; i++ {
			d, _ := TotalVariation(pt.RawRowView(i), pi)
			worst = math.Max(worst, d)
		}
		res.Trace, res.T = append(res.Trace, worst), t
		if worst <= eps {
			res.Converged = true
			return res, nil
		}
		if t == maxIter {
			return res, nil
		}
		next.Mul(pt, c.q)
		pt, next = next, pt
	}
}

// Walk simulates the chain for steps transitions from start and returns the visited states
// (steps+1 of them). Each transition is a binary search in a cumulative row, O(log n); the
// rows are built once, O(n²). Same seed, same path.
func (c *FiniteChain) Walk(start, steps int, seed uint64) ([]int, error) {
	if err := c.ready("Walk"); err != nil {
		return nil, err
	}
	n := c.N()
	if start < 0 || start >= n {
		return nil, fmt.Errorf("mcmc: FiniteChain.Walk: start = %d, want in [0,%d): %w", start, n, errs.ErrParam)
	}
	if steps < 0 || steps > 1<<26 {
		return nil, fmt.Errorf("mcmc: FiniteChain.Walk: steps = %d, want in [0, 2^26]: %w", steps, errs.ErrParam)
	}
	if c.cum == nil {
		c.cum = make([][]float64, n)
		for i := range c.cum {
			row := make([]float64, n)
			var s float64
			for j, v := range c.q.RawRowView(i) {
				s += v
				row[j] = s
			}
			c.cum[i] = row
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d61726b6f76))
	path := make([]int, steps+1)
	path[0] = start
	for t := 1; t <= steps; t++ {
		row := c.cum[path[t-1]]
		u := rng.Float64() * row[n-1]
		path[t] = sort.Search(n, func(k int) bool { return row[k] > u })
	}
	return path, nil
}
