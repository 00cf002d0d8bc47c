package classify

import (
	"fmt"
	"math/bits"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/internal/check"
)

// maxMinimalExamples bounds the exhaustive search (example subsets are bit masks), and
// maxMinimalSubsets the subsets it memoises (up to 3^d of them for d binary features; each
// costs O(n·d)): past it MinimalTree stops with ErrTooLarge.
const (
	maxMinimalExamples = 64
	maxMinimalSubsets  = 1 << 18
)

// MinimalTree returns a decision tree with the fewest nodes that is consistent with the
// examples, by exhaustive search with memoisation over the subsets of examples that reach a
// node: min(S) = 1 if S is empty or pure, else 1 + min over features A that separate S of
// Σ_v min(S_{A=v}), empty children counting as one leaf. It is the brute-force oracle of
// Thm 1.3 (parity needs the full tree) and Thm 1.4 (the problem is NP-complete; with the vertex
// cover reduction, min leaves = min cover + 1), and shows that the greedy tree need not be
// minimal. All features must be categorical (nil means binary {0, 1} features); at most 64
// examples. Contradictory examples (equal features, different labels) give ErrParam naming
// them. Cost: exponential in the worst case, one evaluation per reachable subset; past 2¹⁸
// reachable subsets it returns ErrTooLarge.
func MinimalTree(x mat.Matrix, y []int, features []Feature) (*Tree, error) {
	if features == nil && !check.IsNil(x) {
		_, d := x.Dims()
		features = make([]Feature, d)
		for j := range features {
			features[j] = Feature{Name: fmt.Sprintf("X%d", j+1), Values: []string{"0", "1"}}
		}
	}
	xd, feats, k, err := checkTreeData("MinimalTree", x, y, features, nil)
	if err != nil {
		return nil, err
	}
	n, _ := xd.Dims()
	if n > maxMinimalExamples {
		return nil, fmt.Errorf("classify: MinimalTree: %d examples, at most %d: %w", n, maxMinimalExamples, ErrTooLarge)
	}
	for j, f := range feats {
		if !f.Categorical() {
			return nil, fmt.Errorf("classify: MinimalTree: feature %d (%q) is numeric; MinimalTree needs categorical features: %w", j, f.Name, ErrParam)
		}
	}
	if i, j, ok := contradiction(xd, y); ok {
		return nil, fmt.Errorf("classify: MinimalTree: examples %d and %d have the same features but labels %d and %d, "+
			"so no tree is consistent: %w", i, j, y[i], y[j], ErrParam)
	}
	s := &minSearch{x: xd, y: y, feats: feats, memo: map[uint64]minEntry{}}
	all := uint64(1)<<n - 1
	if n == 64 {
		all = ^uint64(0)
	}
	s.best(all)
	if s.tooLarge {
		return nil, fmt.Errorf("classify: MinimalTree: the search reaches more than %d example subsets (%d examples, %d features): %w", maxMinimalSubsets, n, len(feats), ErrTooLarge)
	}
	g := &grower{y: y, k: k}
	root := s.build(all, g, 0)
	return &Tree{Root: root, Features: feats, NumClasses: k}, nil
}

// contradiction returns the first pair of examples i < j with equal rows and different labels.
// Cost O(n²·d).
func contradiction(x *mat.Dense, y []int) (i, j int, ok bool) {
	n, _ := x.Dims()
	for i = 0; i < n; i++ {
		for j = i + 1; j < n; j++ {
			if y[i] != y[j] && slices.Equal(x.RawRowView(i), x.RawRowView(j)) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

type minEntry struct {
	nodes int
	feat  int // −1: leaf
}

type minSearch struct {
	x        *mat.Dense
	y        []int
	feats    []Feature
	memo     map[uint64]minEntry
	tooLarge bool // the memo reached maxMinimalSubsets: the search was abandoned
}

func (s *minSearch) pure(set uint64) bool {
	first := -1
	for m := set; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if first < 0 {
			first = s.y[i]
		} else if s.y[i] != first {
			return false
		}
	}
	return true
}

// parts splits set by the values of feature j.
func (s *minSearch) parts(set uint64, j int) []uint64 {
	p := make([]uint64, len(s.feats[j].Values))
	for m := set; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		p[int(s.x.At(i, j))] |= 1 << i
	}
	return p
}

func (s *minSearch) best(set uint64) int {
	if e, ok := s.memo[set]; ok {
		return e.nodes
	}
	if s.tooLarge || len(s.memo) >= maxMinimalSubsets {
		s.tooLarge = true
		return 1
	}
	e := minEntry{nodes: 1, feat: -1}
	if !s.pure(set) { // some feature separates set: MinimalTree rejected contradictory examples
		e.nodes = int(^uint(0) >> 1)
		for j := range s.feats {
			p := s.parts(set, j)
			if !separates(p) {
				continue
			}
			total := 1
			for _, q := range p {
				total += s.best(q)
			}
			if total < e.nodes {
				e = minEntry{nodes: total, feat: j}
			}
		}
	}
	s.memo[set] = e
	return e.nodes
}

func separates(p []uint64) bool {
	nonEmpty := 0
	for _, q := range p {
		if q != 0 {
			nonEmpty++
		}
	}
	return nonEmpty > 1
}

func (s *minSearch) build(set uint64, g *grower, parentClass int) *Node {
	var rows []int32
	for m := set; m != 0; m &= m - 1 {
		rows = append(rows, int32(bits.TrailingZeros64(m)))
	}
	nd := g.newNode(rows, parentClass)
	e := s.memo[set]
	if e.feat < 0 {
		return nd
	}
	nd.Feature = e.feat
	for _, q := range s.parts(set, e.feat) {
		if q == 0 {
			nd.Children = append(nd.Children, g.newNode(nil, nd.Class))
			continue
		}
		nd.Children = append(nd.Children, s.build(q, g, nd.Class))
	}
	return nd
}
