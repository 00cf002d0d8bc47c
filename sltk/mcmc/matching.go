package mcmc

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// MaxMatchingEdges is the largest edge set MatchingChain accepts (its state is 4 bytes per
// vertex and 1 per edge, so the limit only keeps indices in int32).
const MaxMatchingEdges = 1 << 24

// GridEdges returns the edges of the rows×cols grid graph on rows·cols vertices, vertex
// r·cols + c at row r and column c, edges to the right and downward neighbour. A 4×4 grid has
// 24 edges.
func GridEdges(rows, cols int) (edges [][2]int, err error) {
	if rows < 1 || cols < 1 || rows > MaxMatchingEdges/2/cols {
		return nil, fmt.Errorf("mcmc: GridEdges: %d×%d grid, want sides ≥ 1 and ≤ 2^23 vertices: %w",
			rows, cols, errs.ErrParam)
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			v := r*cols + c
			if c+1 < cols {
				edges = append(edges, [2]int{v, v + 1})
			}
			if r+1 < rows {
				edges = append(edges, [2]int{v, v + cols})
			}
		}
	}
	return edges, nil
}

// CycleEdges returns the edges of the cycle C_n (n ≥ 3).
func CycleEdges(n int) ([][2]int, error) {
	if n < 3 || n > MaxMatchingEdges {
		return nil, fmt.Errorf("mcmc: CycleEdges: n = %d, want in [3, 2^24]: %w", n, errs.ErrParam)
	}
	e := make([][2]int, n)
	for v := range e {
		e[v] = [2]int{v, (v + 1) % n}
	}
	return e, nil
}

// checkGraph validates a simple undirected graph on n vertices given by its edge list.
func checkGraph(fn string, n int, edges [][2]int) error {
	if n < 1 || len(edges) == 0 {
		return fmt.Errorf("mcmc: %s: %d vertices and %d edges: %w", fn, n, len(edges), errs.ErrEmpty)
	}
	if len(edges) > MaxMatchingEdges || n > MaxMatchingEdges {
		return fmt.Errorf("mcmc: %s: %d vertices, %d edges, limit 2^24: %w", fn, n, len(edges), errs.ErrTooLarge)
	}
	seen := make(map[[2]int]bool, len(edges))
	for k, e := range edges {
		u, v := min(e[0], e[1]), max(e[0], e[1])
		if u < 0 || v >= n || u == v {
			return fmt.Errorf("mcmc: %s: edge %d = %v, want distinct vertices in [0,%d): %w", fn, k, e, n, errs.ErrParam)
		}
		if seen[[2]int{u, v}] {
			return fmt.Errorf("mcmc: %s: edge %d = %v repeated: %w", fn, k, e, errs.ErrParam)
		}
		seen[[2]int{u, v}] = true
	}
	return nil
}

// MatchingChain is the Metropolis–Hastings chain on the matchings of a graph G with the
// uniform target (RWTH §6.3, "MCMC for matchings"): two matchings are adjacent when one adds
// or removes an edge, or swaps an edge e ∈ M for an edge f sharing an endpoint with e. The
// maximum degree is Δ = |E| (attained at ∅) and q(M, M′) = 1/(|E|+1) for each neighbour.
//
// Every neighbour corresponds to exactly one edge f of G: f ∈ M (remove f), f with both ends
// free (add f), f with exactly one end matched by e (swap e for f); an f with both ends matched
// gives no neighbour. So a step draws r uniformly from |E|+1 choices, stays on r = |E| or an
// inert edge, and otherwise applies f's move: each neighbour has probability 1/(|E|+1), which
// is the lecture's transition algorithm in O(1) per step, without listing neighbours.
type MatchingChain struct {
	n     int
	edges [][2]int32
	mate  []int32 // mate edge of each vertex, −1 if free
	inM   []bool
	size  int
}

// NewMatchingChain returns the chain on the graph with n vertices and the given edges (no
// loops, no repeats), started at the empty matching. Cost O(n + |E|).
func NewMatchingChain(n int, edges [][2]int) (*MatchingChain, error) {
	if err := checkGraph("NewMatchingChain", n, edges); err != nil {
		return nil, err
	}
	m := &MatchingChain{n: n, edges: make([][2]int32, len(edges)), mate: make([]int32, n),
		inM: make([]bool, len(edges))}
	for k, e := range edges {
		m.edges[k] = [2]int32{int32(e[0]), int32(e[1])}
	}
	m.Reset()
	return m, nil
}

// Reset returns the chain to the empty matching. The methods without an error result do
// nothing on a nil chain, and Size and Matching report the empty matching.
func (m *MatchingChain) Reset() {
	if m == nil {
		return
	}
	for v := range m.mate {
		m.mate[v] = -1
	}
	clear(m.inM)
	m.size = 0
}

// move applies the move of edge f (remove, add, swap, or nothing).
func (m *MatchingChain) move(f int32) {
	u, v := m.edges[f][0], m.edges[f][1]
	switch mu, mv := m.mate[u], m.mate[v]; {
	case m.inM[f]:
		m.inM[f], m.mate[u], m.mate[v] = false, -1, -1
		m.size--
	case mu < 0 && mv < 0:
		m.inM[f], m.mate[u], m.mate[v] = true, f, f
		m.size++
	case mu < 0 || mv < 0:
		e := max(mu, mv) // the matched end's edge
		a, b := m.edges[e][0], m.edges[e][1]
		m.inM[e], m.mate[a], m.mate[b] = false, -1, -1
		m.inM[f], m.mate[u], m.mate[v] = true, f, f
	}
}

// Step makes one transition in place (none for a nil rng). Cost O(1), no allocation.
func (m *MatchingChain) Step(rng *rand.Rand) {
	if m == nil || rng == nil {
		return
	}
	if r := rng.IntN(len(m.edges) + 1); r < len(m.edges) {
		m.move(int32(r))
	}
}

// Run makes steps transitions and returns the matching size after each (steps ≤ 2^26).
func (m *MatchingChain) Run(steps int, seed uint64) ([]int, error) {
	if m == nil {
		return nil, fmt.Errorf("mcmc: MatchingChain.Run: nil chain, use NewMatchingChain: %w", errs.ErrNotFitted)
	}
	if steps < 0 || steps > 1<<26 {
		return nil, fmt.Errorf("mcmc: MatchingChain.Run: steps = %d, want in [0, 2^26]: %w", steps, errs.ErrParam)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d61746368))
	sizes := make([]int, steps)
	for t := range sizes {
		m.Step(rng)
		sizes[t] = m.size
	}
	return sizes, nil
}

// Size returns the number of edges of the current matching.
func (m *MatchingChain) Size() int {
	if m == nil {
		return 0
	}
	return m.size
}

// Matching returns the indices of the edges in the current matching, ascending.
func (m *MatchingChain) Matching() []int {
	if m == nil {
		return nil
	}
	var out []int
	for k, in := range m.inM {
		if in {
			out = append(out, k)
		}
	}
	return out
}

// MaxMatchingStates caps the enumeration of matchings (Matchings, MatchingMatrix).
const MaxMatchingStates = 1 << 22

// Matchings enumerates all matchings of a graph as bit masks over its edges (bit k = edge k),
// by depth-first search over the edges. It needs |E| ≤ 64 and fails with errs.ErrTooLarge
// when more than MaxMatchingStates matchings exist. Cost O(|M|·|E|).
func Matchings(n int, edges [][2]int) ([]uint64, error) {
	if err := checkGraph("Matchings", n, edges); err != nil {
		return nil, err
	}
	if len(edges) > 64 {
		return nil, fmt.Errorf("mcmc: Matchings: %d edges, limit 64: %w", len(edges), errs.ErrTooLarge)
	}
	used := make([]bool, n)
	var out []uint64
	var rec func(k int, mask uint64) bool
	rec = func(k int, mask uint64) bool {
		if k == len(edges) {
			out = append(out, mask)
			return len(out) <= MaxMatchingStates
		}
		if !rec(k+1, mask) {
			return false
		}
		u, v := edges[k][0], edges[k][1]
		if used[u] || used[v] {
			return true
		}
		used[u], used[v] = true, true
		ok := rec(k+1, mask|1<<k)
		used[u], used[v] = false, false
		return ok
	}
	if !rec(0, 0) {
		return nil, fmt.Errorf("mcmc: Matchings: more than %d matchings: %w", MaxMatchingStates, errs.ErrTooLarge)
	}
	return out, nil
}

// MaskEdges returns the indices of the set bits of mask, ascending: the edges of a matching
// that Matchings gives as a bit mask (bit k = edge k), in the form MatchingChain.Matching
// returns. Cost O(64).
func MaskEdges(mask uint64) []int {
	out := make([]int, 0, bits.OnesCount64(mask))
	for ; mask != 0; mask &= mask - 1 {
		out = append(out, bits.TrailingZeros64(mask))
	}
	return out
}

// Degrees returns the degree of each of the n vertices in the subgraph formed by the edges
// with the indices sel (into edges; MaskEdges or MatchingChain.Matching): a set of edges is a
// matching when no degree exceeds 1. The graph is checked as NewMatchingChain checks it; an
// index outside [0, len(edges)) or repeated is errs.ErrParam. Cost O(n + |E|).
func Degrees(n int, edges [][2]int, sel []int) ([]int, error) {
	if err := checkGraph("Degrees", n, edges); err != nil {
		return nil, err
	}
	deg, seen := make([]int, n), make([]bool, len(edges))
	for i, k := range sel {
		if k < 0 || k >= len(edges) || seen[k] {
			return nil, fmt.Errorf("mcmc: Degrees: sel[%d] = %d, want a new edge index in [0, %d): %w",
				i, k, len(edges), errs.ErrParam)
		}
		seen[k] = true
		deg[edges[k][0]]++
		deg[edges[k][1]]++
	}
	return deg, nil
}

// MatchingMatrix returns the exact chain of MatchingChain on a small graph, its states the
// matchings as edge bit masks. It applies the same edge moves as Step,
// so the two agree by construction; the chain is checked stochastic by NewFiniteChain.
// States are limited to MaxStates. Cost O(|M|·(|E| + |M|)).
func MatchingMatrix(n int, edges [][2]int) (*StateChain[uint64], error) {
	ms, err := Matchings(n, edges)
	if err != nil {
		return nil, err
	}
	if len(ms) > MaxStates {
		return nil, fmt.Errorf("mcmc: MatchingMatrix: %d matchings, limit %d: %w", len(ms), MaxStates, errs.ErrTooLarge)
	}
	index := make(map[uint64]int, len(ms))
	for i, mask := range ms {
		index[mask] = i
	}
	m, _ := NewMatchingChain(n, edges)
	p := 1 / float64(len(edges)+1)
	q := make([]float64, len(ms)*len(ms))
	for i, mask := range ms {
		for f := range edges {
			m.load(mask)
			m.move(int32(f))
			q[i*len(ms)+index[m.mask()]] += p
		}
		q[i*len(ms)+i] += p
	}
	c, err := NewFiniteChain(mat.NewDense(len(ms), len(ms), q))
	if err != nil {
		return nil, err
	}
	return &StateChain[uint64]{FiniteChain: c, States: ms}, nil
}

func (m *MatchingChain) load(mask uint64) {
	m.Reset()
	for k := range m.edges {
		if mask>>k&1 == 1 {
			m.move(int32(k))
		}
	}
}

func (m *MatchingChain) mask() uint64 {
	var mask uint64
	for k, in := range m.inM {
		if in {
			mask |= 1 << k
		}
	}
	return mask
}

// MatchingCount is the size distribution of the matchings of a graph.
type MatchingCount struct {
	BySize   []int   // BySize[k] is the number of matchings with k edges, k = 0 … ⌊n/2⌋
	Total    int     // the number of matchings |M|, the sum of BySize
	Perfect  int     // the matchings that cover every vertex (0 for odd n)
	MeanSize float64 // the mean size Σ k·BySize[k] / |M| of a uniform matching
}

// CountMatchings counts the matchings of a graph on n vertices by size, enumerating them
// with Matchings (so the same limits: |E| ≤ 64, at most MaxMatchingStates matchings; bad
// graphs are ErrParam). Cost O(|M|·|E|).
func CountMatchings(n int, edges [][2]int) (MatchingCount, error) {
	ms, err := Matchings(n, edges)
	if err != nil {
		return MatchingCount{}, fmt.Errorf("mcmc: CountMatchings: %w", err)
	}
	c := MatchingCount{BySize: make([]int, n/2+1), Total: len(ms)}
	for _, m := range ms {
		c.BySize[bits.OnesCount64(m)]++
	}
	for k, nk := range c.BySize {
		c.MeanSize += float64(k) * float64(nk) / float64(c.Total)
	}
	if n%2 == 0 {
		c.Perfect = c.BySize[n/2]
	}
	return c, nil
}

// DominoTilings is Kasteleyn's closed form for the number of perfect matchings (domino
// tilings) of the rows × cols grid graph,
//
//	∏_{j=1}^{⌈rows/2⌉} ∏_{k=1}^{⌈cols/2⌉} (4cos²(πj/(rows+1)) + 4cos²(πk/(cols+1))),
//
// rounded to the nearest integer (0 when rows·cols is odd). It is exact while the count stays
// below 2^53, e.g. 12 988 816 for the 8 × 8 chessboard, and +Inf beyond the float64 range. It
// needs rows, cols ≥ 1 and rows·cols ≤ 2^24 (ErrParam, ErrTooLarge otherwise). Cost O(rows·cols).
func DominoTilings(rows, cols int) (float64, error) {
	if rows < 1 || cols < 1 {
		return 0, fmt.Errorf("mcmc: DominoTilings: %d × %d grid, want ≥ 1 × 1: %w", rows, cols, errs.ErrParam)
	}
	if rows > 1<<24/cols {
		return 0, fmt.Errorf("mcmc: DominoTilings: %d × %d grid, limit 2^24 vertices: %w", rows, cols, errs.ErrTooLarge)
	}
	if rows*cols%2 == 1 {
		return 0, nil
	}
	prod := 1.0
	for j := 1; j <= (rows+1)/2; j++ {
		cj := math.Cos(math.Pi * float64(j) / float64(rows+1))
		for k := 1; k <= (cols+1)/2; k++ {
			ck := math.Cos(math.Pi * float64(k) / float64(cols+1))
			prod *= 4*cj*cj + 4*ck*ck
		}
	}
	return math.Round(prod), nil
}
