package mcmc

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// IndependentSets is the chain on the independent sets of size K of a graph G (RWTH §6.4):
// from X pick v ∈ X and w ∈ V uniformly and move to X_{v→w} = (X \ {v}) ∪ {w} if that is an
// independent set of size K, else stay. Its transition probability counts pairs,
// Q(X, Y) = |{(v, w) : X_{v→w} = Y}| / (K·n), so that rows sum to 1 (Lemma 6.30: ergodic
// and uniform). A state is a []int of K distinct vertices.
type IndependentSets struct {
	K   int
	n   int
	adj [][]int
}

// NewIndependentSets builds the chain for the graph with n vertices and the given edges
// (no loops or repeats) and 1 ≤ k ≤ n. Cost O(n + |E|).
func NewIndependentSets(n int, edges [][2]int, k int) (*IndependentSets, error) {
	if err := checkGraph("NewIndependentSets", n, edges); err != nil {
		return nil, err
	}
	if k < 1 || k > n {
		return nil, fmt.Errorf("mcmc: NewIndependentSets: k = %d, want in [1,%d]: %w", k, n, errs.ErrParam)
	}
	s := &IndependentSets{K: k, n: n, adj: make([][]int, n)}
	for _, e := range edges {
		s.adj[e[0]] = append(s.adj[e[0]], e[1])
		s.adj[e[1]] = append(s.adj[e[1]], e[0])
	}
	return s, nil
}

// MaxDegree returns Δ, the maximum degree of G (0 for a nil chain).
func (s *IndependentSets) MaxDegree() int {
	if s == nil {
		return 0
	}
	d := 0
	for _, a := range s.adj {
		d = max(d, len(a))
	}
	return d
}

// Assumption reports whether k ≤ n/(5(Δ+1)), the hypothesis of Lemmas 6.31–6.32 under which
// the coupling contracts and the chain mixes in polynomial time (false for a nil or zero chain).
func (s *IndependentSets) Assumption() bool {
	return s != nil && s.n > 0 && 5*s.K*(s.MaxDegree()+1) <= s.n
}

// Greedy returns an independent set of size K by the greedy argument of Observation 6.29:
// take the smallest remaining vertex and delete its closed neighbourhood. Each step removes at
// most Δ+1 vertices, so it succeeds whenever K ≤ n/(Δ+1); otherwise it may fail with
// errs.ErrParam. Cost O(n + |E|).
func (s *IndependentSets) Greedy() ([]int, error) {
	if s == nil || s.n == 0 {
		return nil, fmt.Errorf("mcmc: IndependentSets.Greedy: zero-value chain, use NewIndependentSets: %w", errs.ErrNotFitted)
	}
	gone := make([]bool, s.n)
	var x []int
	for v := 0; v < s.n && len(x) < s.K; v++ {
		if gone[v] {
			continue
		}
		x = append(x, v)
		gone[v] = true
		for _, w := range s.adj[v] {
			gone[w] = true
		}
	}
	if len(x) < s.K {
		return nil, fmt.Errorf("mcmc: IndependentSets.Greedy: found %d < k = %d vertices: %w", len(x), s.K, errs.ErrParam)
	}
	return x, nil
}

// fits reports whether w can replace x[a]: w is not in X \ {x[a]} and has no neighbour there.
func (s *IndependentSets) fits(x []int, a, w int) bool {
	for b, u := range x {
		if b == a {
			continue
		}
		if u == w || slices.Contains(s.adj[w], u) {
			return false
		}
	}
	return true
}

// move applies X_{v→w} with v = x[a] in place.
func (s *IndependentSets) move(x []int, a, w int) {
	if s.fits(x, a, w) {
		x[a] = w
	}
}

// Step makes one transition of x in place. Cost O(k·Δ), no allocation. A hot-path step has no
// error result: on a zero IndependentSets, a nil rng or an x that is not a state of length K
// it leaves x unchanged.
func (s *IndependentSets) Step(rng *rand.Rand, x []int) {
	if !s.isState(x) || rng == nil {
		return
	}
	s.move(x, rng.IntN(len(x)), rng.IntN(s.n))
}

// isState reports whether s is a usable chain and x has K vertices of it.
func (s *IndependentSets) isState(x []int) bool {
	return s != nil && s.n > 0 && len(x) > 0 && len(x) == s.K &&
		!slices.ContainsFunc(x, func(v int) bool { return v < 0 || v >= s.n })
}

// IndSetCoupling is the coupling of Lemma 6.31: pick v ∈ X and w ∈ V, move X by v → w and Y
// by h(v) → w, where h: X → Y is the identity on X ∩ Y and pairs the sorted X \ Y with the
// sorted Y \ X. Each copy alone moves like IndependentSets.Step, because h is a bijection.
type IndSetCoupling struct {
	S    *IndependentSets
	X, Y []int
}

// StepPair makes one coupled transition. Cost O(k² + k·Δ). Like Step it has no error result:
// with a nil rng, or a coupling whose S is nil or zero or whose X or Y is not a state of S,
// it does nothing.
func (c *IndSetCoupling) StepPair(rng *rand.Rand) {
	if c == nil || !c.S.isState(c.X) || !c.S.isState(c.Y) || rng == nil {
		return
	}
	a, w := rng.IntN(len(c.X)), rng.IntN(c.S.n)
	b := c.partner(a)
	if b < 0 { // X or Y repeats a vertex: h is no bijection
		return
	}
	c.S.move(c.X, a, w)
	c.S.move(c.Y, b, w)
}

// partner returns the index in Y of h(X[a]).
func (c *IndSetCoupling) partner(a int) int {
	v := c.X[a]
	if b := slices.Index(c.Y, v); b >= 0 {
		return b
	}
	rank := 0 // rank of v among X \ Y
	for _, u := range c.X {
		if u < v && !slices.Contains(c.Y, u) {
			rank++
		}
	}
	best := -1 // the rank-th smallest element of Y \ X
	for b, u := range c.Y {
		if slices.Contains(c.X, u) {
			continue
		}
		r := 0
		for _, z := range c.Y {
			if z < u && !slices.Contains(c.X, z) {
				r++
			}
		}
		if r == rank {
			best = b
		}
	}
	return best
}

// Met reports whether X and Y are the same set.
func (c *IndSetCoupling) Met() bool { return c.Distance() == 0 }

// Distance returns |X \ Y| = |X △ Y|/2, the quantity the coupling drives to 0 (0 for a nil
// coupling, which thus counts as met).
func (c *IndSetCoupling) Distance() int {
	if c == nil {
		return 0
	}
	d := 0
	for _, u := range c.X {
		if !slices.Contains(c.Y, u) {
			d++
		}
	}
	return d
}

// IndSetStates enumerates the independent sets of size K in lexicographic order (at most
// MaxStates of them, errs.ErrTooLarge beyond). Cost O(C(n,k)·k).
func (s *IndependentSets) IndSetStates() ([][]int, error) {
	if s == nil || s.adj == nil {
		return nil, fmt.Errorf("mcmc: IndependentSets.IndSetStates on a zero value: %w", errs.ErrNotFitted)
	}
	if s.K < 1 || s.K > s.n {
		return nil, fmt.Errorf("mcmc: IndependentSets.IndSetStates: K = %d, want in [1, %d]: %w", s.K, s.n, errs.ErrParam)
	}
	var out [][]int
	x := make([]int, 0, s.K)
	var rec func(from int) bool
	rec = func(from int) bool {
		if len(x) == s.K {
			out = append(out, slices.Clone(x))
			return len(out) <= MaxStates
		}
		for v := from; v < s.n; v++ {
			x = append(x, v)
			ok := !slices.ContainsFunc(x[:len(x)-1], func(u int) bool { return slices.Contains(s.adj[v], u) })
			if ok && !rec(v+1) {
				return false
			}
			x = x[:len(x)-1]
		}
		return true
	}
	if !rec(0) {
		return nil, fmt.Errorf("mcmc: IndependentSets.IndSetStates: more than %d sets: %w", MaxStates, errs.ErrTooLarge)
	}
	return out, nil
}

// Matrix returns the exact chain with the counted pairs (v, w), its states the independent
// sets. Cost O(|Ω|·k·n·k·Δ) plus the enumeration.
func (s *IndependentSets) Matrix() (*StateChain[[]int], error) {
	states, err := s.IndSetStates()
	if err != nil {
		return nil, err
	}
	if len(states) == 0 {
		return nil, fmt.Errorf("mcmc: IndependentSets.Matrix: no independent set of size %d: %w", s.K, errs.ErrEmpty)
	}
	index := make(map[string]int, len(states))
	for i, x := range states {
		index[fmt.Sprint(x)] = i
	}
	m := len(states)
	q := mat.NewDense(m, m, nil)
	p := 1 / float64(s.K*s.n)
	y := make([]int, s.K)
	for i, x := range states {
		for a := range x {
			for w := 0; w < s.n; w++ {
				copy(y, x)
				s.move(y, a, w)
				slices.Sort(y)
				j := index[fmt.Sprint(y)]
				q.Set(i, j, q.At(i, j)+p)
			}
		}
	}
	c, err := NewFiniteChain(q)
	if err != nil {
		return nil, err
	}
	return &StateChain[[]int]{FiniteChain: c, States: states}, nil
}
