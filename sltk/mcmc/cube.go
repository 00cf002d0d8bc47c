package mcmc

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// GraphMetropolis returns the Metropolis–Hastings matrix of Theorem 6.22 on the states
// 0..n−1 of a connected undirected graph with maximum degree Δ and a positive unnormalised
// target D: q(ω, ω′) = min{1, D(ω′)/D(ω)}/(Δ+1) for each neighbour ω′, and the rest of the row
// stays at ω. It is ergodic (q(ω, ω) ≥ 1/(Δ+1)) and in detailed balance with D/Z. neighbors
// must be symmetric, without repeats or self-loops (errs.ErrParam otherwise); states are
// limited to MaxStates. Cost O(n² + n·Δ).
func GraphMetropolis(n int, neighbors func(int) []int, d func(int) float64) (*FiniteChain, error) {
	if n < 1 || n > MaxStates || neighbors == nil || d == nil {
		return nil, fmt.Errorf("mcmc: GraphMetropolis: n = %d (want in [1,%d]) or nil function: %w", n, MaxStates, errs.ErrParam)
	}
	w := make([]float64, n)
	nbs := make([][]int, n)
	delta := 0
	for i := range w {
		if w[i] = d(i); !(w[i] > 0) || math.IsInf(w[i], 0) {
			return nil, fmt.Errorf("mcmc: GraphMetropolis: D(%d) = %g, want finite and > 0: %w", i, w[i], errs.ErrParam)
		}
		if nbs[i] = neighbors(i); len(nbs[i]) > n-1 {
			return nil, fmt.Errorf("mcmc: GraphMetropolis: state %d has %d neighbours among %d states: %w", i, len(nbs[i]), n, errs.ErrParam)
		}
		delta = max(delta, len(nbs[i]))
	}
	q := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		stay := 1.0
		for _, j := range nbs[i] {
			if j < 0 || j >= n || j == i || q.At(i, j) != 0 {
				return nil, fmt.Errorf("mcmc: GraphMetropolis: neighbour %d of %d is out of range, %d itself or listed twice: %w", j, i, i, errs.ErrParam)
			}
			p := math.Min(1, w[j]/w[i]) / float64(delta+1)
			q.Set(i, j, p)
			stay -= p
		}
		q.Set(i, i, stay)
	}
	for i := 0; i < n; i++ { // every p above is > 0, so q[j,i] = 0 means i is missing from neighbors(j)
		for _, j := range nbs[i] {
			if q.At(j, i) == 0 {
				return nil, fmt.Errorf("mcmc: GraphMetropolis: %d is a neighbour of %d but not vice versa (neighbors must be symmetric): %w", j, i, errs.ErrParam)
			}
		}
	}
	return NewFiniteChain(q)
}

// Cube is Metropolis–Hastings on the hypercube {0,1}^Dim (states as bit masks, Δ = Dim) for
// the target D(x) ∝ exp(LogD(x)), the lecture's example of Theorem 6.22. A step proposes to
// flip a uniform coordinate with probability Dim/(Dim+1) and accepts with min{1, D(y)/D(x)}.
type Cube struct {
	Dim  int                    // dimension d, 1..64
	LogD func(x uint64) float64 // log of the unnormalised target, finite
}

func (c Cube) check(fn string) error {
	if c.Dim < 1 || c.Dim > 64 || c.LogD == nil {
		return fmt.Errorf("mcmc: Cube.%s: Dim = %d (want 1..64) or nil LogD: %w", fn, c.Dim, errs.ErrParam)
	}
	return nil
}

// Step returns the state after one transition from x. Cost one LogD evaluation. A hot-path
// step has no error result: an invalid Cube or a nil rng returns x unchanged.
func (c Cube) Step(rng *rand.Rand, x uint64) uint64 {
	if c.check("Step") != nil || rng == nil {
		return x
	}
	next, _, _ := c.step(rng, x)
	return next
}

// step is one transition from x; it also returns the proposal y and log D(y) − log D(x)
// (0 when the move was to stay), so that Ones can refuse a non-finite log-density.
func (c Cube) step(rng *rand.Rand, x uint64) (next, y uint64, a float64) {
	r := rng.IntN(c.Dim + 1)
	if r == c.Dim {
		return x, x, 0
	}
	y = x ^ 1<<r
	if a = c.LogD(y) - c.LogD(x); a >= 0 || rng.Float64() < math.Exp(a) {
		return y, y, a
	}
	return x, y, a
}

// Ones runs the chain for steps transitions from x0 and returns, for each coordinate, the
// fraction of steps at which it was 1 (the estimate of Pr(x_i = 1) under D/Z). A NaN or ±Inf
// log-density at the start or at a proposal is errs.ErrNotFinite. Cost O(steps·Dim).
func (c Cube) Ones(x0 uint64, steps int, seed uint64) ([]float64, error) {
	if err := c.check("Ones"); err != nil {
		return nil, err
	}
	if steps < 1 || steps > 1<<30 {
		return nil, fmt.Errorf("mcmc: Cube.Ones: steps = %d, want in [1, 2^30]: %w", steps, errs.ErrParam)
	}
	rng := rand.New(rand.NewPCG(seed, 0x63756265))
	ones := make([]float64, c.Dim)
	x := x0 & (1<<c.Dim - 1)
	if c.Dim == 64 {
		x = x0
	}
	if l := c.LogD(x); math.IsNaN(l) || math.IsInf(l, 0) {
		return nil, fmt.Errorf("mcmc: Cube.Ones: LogD(%#x) = %v, want finite: %w", x, l, errs.ErrNotFinite)
	}
	for t := 0; t < steps; t++ {
		var y uint64
		var a float64
		if x, y, a = c.step(rng, x); math.IsNaN(a) || math.IsInf(a, 0) {
			return nil, fmt.Errorf("mcmc: Cube.Ones: step %d: LogD(%#x) − LogD(%#x) = %v, want finite: %w", t, y, x, a, errs.ErrNotFinite)
		}
		for m := x; m != 0; m &= m - 1 {
			ones[bits.TrailingZeros64(m)]++
		}
	}
	for i := range ones {
		ones[i] /= float64(steps)
	}
	return ones, nil
}

// Matrix returns the exact chain for Dim ≤ 12 (4096 states) via GraphMetropolis.
func (c Cube) Matrix() (*FiniteChain, error) {
	if err := c.check("Matrix"); err != nil {
		return nil, err
	}
	if c.Dim > 12 {
		return nil, fmt.Errorf("mcmc: Cube.Matrix: Dim = %d, limit 12: %w", c.Dim, errs.ErrTooLarge)
	}
	nb := func(x int) []int {
		out := make([]int, c.Dim)
		for i := range out {
			out[i] = x ^ 1<<i
		}
		return out
	}
	return GraphMetropolis(1<<c.Dim, nb, func(x int) float64 { return math.Exp(c.LogD(uint64(x))) })
}
