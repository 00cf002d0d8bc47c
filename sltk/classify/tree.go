package classify

import (
	"cmp"
	"container/heap"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/mat"
)

// Feature describes one column of the data for a decision tree.
type Feature struct {
	Name string
	// Values is the domain of a categorical feature; its column holds the value's index
	// 0, 1, …, len(Values)−1. A nil Values makes the feature numeric (threshold splits).
	Values []string
}

// Categorical reports whether the feature has a finite domain.
func (f Feature) Categorical() bool { return f.Values != nil }

// Node is a node of a decision tree.
type Node struct {
	Feature   int       // split feature, −1 at a leaf
	Threshold float64   // numeric split: Children[0] if x ≤ Threshold, else Children[1]
	Children  []*Node   // one per value (categorical) or two (numeric); nil at a leaf
	Class     int       // majority label of the training examples here (the parent's if none)
	Counts    []float64 // label counts of the training examples that reached the node
	Gain      float64   // information gain of the split, in bits
}

// Leaf reports whether n is a leaf (a nil node counts as one).
func (n *Node) Leaf() bool { return n == nil || n.Feature < 0 }

// Tree is a fitted decision tree.
type Tree struct {
	Root       *Node
	Features   []Feature
	Classes    []string
	NumClasses int
}

// DecisionTree grows a tree greedily by information gain (§1.3, §2.3). At a node whose examples
// have mixed labels it splits on the feature of largest gain G(S, A) = H(S) − Σ |S_v|/|S| H(S_v)
// (equal gains: the first feature; equal thresholds: the smallest). A categorical feature gets
// one child per domain value and is not used again below; empty children become leaves with the
// parent's majority label. A numeric feature is split at the midpoint threshold of largest
// gain and may be split again. A node becomes a leaf labelled with its majority label (ties: the
// smallest label) when its labels agree, when no feature separates its examples (the case the
// seed's pseudo-code leaves out), or when a limit applies. With MaxNodes the tree grows
// best-first (largest n·gain first), so the budget goes to the most useful splits.
//
// Cost: numeric columns are sorted once (O(d·n log n)) and the sorted orders are partitioned
// down the tree, so each level costs O(n·d·K) for K classes; a categorical split at a node of m
// examples costs O(m + |D|·K). At nodes of 4096 examples or more the features are scored on all
// cores; the result is the same for any number of cores.
type DecisionTree struct {
	Features []Feature // one per column; nil means all numeric, named x0, x1, …
	Classes  []string  // label names for printing; nil means "0", "1", …
	MaxDepth int       // maximum depth (root = 0); 0 means unlimited
	MaxNodes int       // maximum number of nodes; 0 means unlimited
	MinSplit int       // nodes with fewer examples become leaves; 0 means 2
	MinLeaf  int       // minimum examples on each side of a numeric split; 0 means 1
	MinGain  float64   // split only if the gain is at least this (bits); 0 splits whenever possible
}

// task is a node waiting to be split.
type task struct {
	node   *Node
	rows   []int32   // examples at the node
	sorted [][]int32 // per numeric feature, rows sorted by value (nil for categorical)
	used   []bool    // categorical features used on the path
	depth  int
	// chosen split
	feat      int
	threshold float64
	gain      float64
	priority  float64
	seq       int
}

type taskHeap []*task

func (h taskHeap) Len() int { return len(h) }
func (h taskHeap) Less(i, j int) bool {
	if h[i].priority != h[j].priority {
		return h[i].priority > h[j].priority
	}
	return h[i].seq < h[j].seq
}
func (h taskHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *taskHeap) Push(x any)   { *h = append(*h, x.(*task)) }
func (h *taskHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	return t
}

// grower holds the data shared while growing one tree.
type grower struct {
	cfg      DecisionTree
	x        *mat.Dense
	y        []int
	k        int
	feats    []Feature
	cols     [][]float64 // column-major copy of x, for cache-friendly scans
	xlogx    []float64   // c·log2 c for integer counts
	minSplit int
	minLeaf  int
	goLeft   []bool
	scratch  []int32 // n indices: split's stable partitions copy through it
	seq      int
}

// checkTreeData validates the data against the feature descriptions.
func checkTreeData(fn string, x mat.Matrix, y []int, feats []Feature, classes []string) (*mat.Dense, []Feature, int, error) {
	n, d, err := checkX(fn, x)
	if err != nil {
		return nil, nil, 0, err
	}
	k, err := checkLabels(fn, y, n)
	if err != nil {
		return nil, nil, 0, err
	}
	if classes != nil {
		if k > len(classes) {
			return nil, nil, 0, fmt.Errorf("classify: %s: label %d but only %d class names: %w", fn, k-1, len(classes), ErrLabel)
		}
		k = len(classes)
	}
	if feats == nil {
		feats = make([]Feature, d)
		for j := range feats {
			feats[j] = Feature{Name: "x" + strconv.Itoa(j)}
		}
	}
	if len(feats) != d {
		return nil, nil, 0, fmt.Errorf("classify: %s: %d feature descriptions for %d columns: %w", fn, len(feats), d, ErrShape)
	}
	xd := dense(x)
	for j, f := range feats {
		if !f.Categorical() {
			continue
		}
		if len(f.Values) == 0 {
			return nil, nil, 0, fmt.Errorf("classify: %s: categorical feature %q has an empty domain: %w", fn, f.Name, ErrParam)
		}
		for i := 0; i < n; i++ {
			v := xd.At(i, j)
			if v != math.Trunc(v) || v < 0 || v >= float64(len(f.Values)) {
				return nil, nil, 0, fmt.Errorf("classify: %s: x[%d,%d] = %v is not a value index of %q (0..%d): %w", fn, i, j, v, f.Name, len(f.Values)-1, ErrLabel)
			}
		}
	}
	return xd, feats, k, nil
}

// Fit grows the tree on x (n×d) with labels y in [0, K).
func (dt DecisionTree) Fit(x mat.Matrix, y []int) (*Tree, error) {
	xd, feats, k, err := checkTreeData("DecisionTree.Fit", x, y, dt.Features, dt.Classes)
	if err != nil {
		return nil, err
	}
	if err := dt.checkLimits(); err != nil {
		return nil, err
	}
	n, d := xd.Dims()
	g := &grower{cfg: dt, x: xd, y: y, k: k, feats: feats, minSplit: max(dt.MinSplit, 2), minLeaf: max(dt.MinLeaf, 1),
		goLeft: make([]bool, n), scratch: make([]int32, n), xlogx: make([]float64, n+1)}
	for c := 2; c <= n; c++ {
		g.xlogx[c] = float64(c) * math.Log2(float64(c))
	}
	root := &task{rows: make([]int32, n), sorted: make([][]int32, d), used: make([]bool, d)}
	for i := range root.rows {
		root.rows[i] = int32(i)
	}
	g.cols = columns(xd)
	for j, f := range feats {
		if !f.Categorical() {
			root.sorted[j] = sortedBy(g.cols[j], root.rows)
		}
	}
	root.node = g.newNode(root.rows, 0)
	nodes := 1
	h := &taskHeap{}
	g.plan(root, h)
	for h.Len() > 0 {
		t := heap.Pop(h).(*task)
		kids := 2
		if g.feats[t.feat].Categorical() {
			kids = len(g.feats[t.feat].Values)
		}
		if dt.MaxNodes > 0 && nodes+kids > dt.MaxNodes {
			continue // stays a leaf
		}
		nodes += kids
		for _, c := range g.split(t) {
			g.plan(c, h)
		}
	}
	return &Tree{Root: root.node, Features: feats, Classes: dt.Classes, NumClasses: k}, nil
}

// checkLimits names the first limit that is negative (or a NaN MinGain).
func (dt DecisionTree) checkLimits() error {
	for _, f := range []struct {
		name string
		v    int
	}{{"MaxDepth", dt.MaxDepth}, {"MaxNodes", dt.MaxNodes}, {"MinSplit", dt.MinSplit}, {"MinLeaf", dt.MinLeaf}} {
		if f.v < 0 {
			return fmt.Errorf("classify: DecisionTree.Fit: %s = %d, want ≥ 0: %w", f.name, f.v, ErrParam)
		}
	}
	if !(dt.MinGain >= 0) {
		return fmt.Errorf("classify: DecisionTree.Fit: MinGain = %v, want ≥ 0: %w", dt.MinGain, ErrParam)
	}
	return nil
}

// columns returns the columns of x as slices (the transpose, for per-feature sorting).
func columns(x *mat.Dense) [][]float64 {
	n, d := x.Dims()
	cols := make([][]float64, d)
	for j := range cols {
		cols[j] = make([]float64, n)
	}
	for i := 0; i < n; i++ {
		for j, v := range x.RawRowView(i) {
			cols[j][i] = v
		}
	}
	return cols
}

// sortedBy returns rows sorted by col value, equal values by row index (deterministic).
func sortedBy(col []float64, rows []int32) []int32 {
	s := append([]int32(nil), rows...)
	slices.SortFunc(s, func(a, b int32) int {
		if c := cmp.Compare(col[a], col[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return s
}

// newNode makes a leaf for the given examples; an empty set takes the parent's label.
func (g *grower) newNode(rows []int32, parentClass int) *Node {
	nd := &Node{Feature: -1, Counts: make([]float64, g.k), Class: parentClass}
	for _, r := range rows {
		nd.Counts[g.y[r]]++
	}
	if len(rows) > 0 {
		nd.Class = argmax(nd.Counts)
	}
	return nd
}

// argmax returns the first index of the largest entry (ties → smallest label).
func argmax(v []float64) int {
	b := 0
	for i, x := range v {
		if x > v[b] {
			b = i
		}
	}
	return b
}

// plan finds the best split of t and queues it, or leaves t a leaf.
func (g *grower) plan(t *task, h *taskHeap) {
	nd := t.node
	m := len(t.rows)
	if m < g.minSplit || (g.cfg.MaxDepth > 0 && t.depth >= g.cfg.MaxDepth) {
		return
	}
	for _, v := range nd.Counts {
		if v == float64(m) {
			return // pure
		}
	}
	hS := g.xlogx[m] // m·H(S) = m log2 m − Σ c log2 c
	for _, c := range nd.Counts {
		hS -= g.xlogx[int(c)]
	}
	// Score every feature (in parallel at large nodes), then reduce in feature order, so the
	// choice does not depend on scheduling.
	type cand struct {
		gain, thr float64
		ok        bool
	}
	cands := make([]cand, len(g.feats))
	score := func(j int) {
		f := g.feats[j]
		switch {
		case f.Categorical() && !t.used[j]:
			cands[j].gain, cands[j].ok = g.categoricalGain(t, j, hS)
		case !f.Categorical():
			cands[j].gain, cands[j].thr, cands[j].ok = g.numericGain(t, j, hS)
		}
	}
	minChunk := len(g.feats) // one chunk: serial below 4096 examples
	if m >= 4096 {
		minChunk = 1
	}
	par.Chunks(len(g.feats), minChunk, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			score(j)
		}
	})
	best, bestFeat, bestThr := -1.0, -1, 0.0
	for j, c := range cands {
		if c.ok && c.gain > best+1e-12 {
			best, bestFeat, bestThr = c.gain, j, c.thr
		}
	}
	if bestFeat < 0 {
		return
	}
	gain := math.Max(best/float64(m), 0)
	if g.cfg.MinGain > 0 && gain < g.cfg.MinGain {
		return
	}
	t.feat, t.threshold, t.gain = bestFeat, bestThr, gain
	t.priority = gain * float64(m)
	t.seq = g.seq
	g.seq++
	heap.Push(h, t)
}

// categoricalGain returns m·G(S, A) for the categorical feature j, and false if all examples
// share one value (the split would not separate them).
func (g *grower) categoricalGain(t *task, j int, hS float64) (float64, bool) {
	nv := len(g.feats[j].Values)
	counts := make([]int, nv*g.k)
	sizes := make([]int, nv)
	for _, r := range t.rows {
		v := int(g.cols[j][r])
		counts[v*g.k+g.y[r]]++
		sizes[v]++
	}
	present := 0
	rest := 0.0 // Σ_v |S_v| H(S_v)
	for v := 0; v < nv; v++ {
		if sizes[v] == 0 {
			continue
		}
		present++
		rest += g.xlogx[sizes[v]]
		for c := 0; c < g.k; c++ {
			rest -= g.xlogx[counts[v*g.k+c]]
		}
	}
	return hS - rest, present > 1
}

// numericGain returns the best m·G over thresholds of the numeric feature j.
func (g *grower) numericGain(t *task, j int, hS float64) (float64, float64, bool) {
	s := t.sorted[j]
	m := len(s)
	left := make([]int, g.k)
	right := make([]int, g.k)
	for c, v := range t.node.Counts {
		right[c] = int(v)
	}
	// Σ_c xlogx over left and right label counts, updated incrementally
	sl, sr := 0.0, 0.0
	for _, c := range right {
		sr += g.xlogx[c]
	}
	best, thr, ok := math.Inf(-1), 0.0, false
	for p := 0; p < m-1; p++ {
		r := s[p]
		c := g.y[r]
		sl += g.xlogx[left[c]+1] - g.xlogx[left[c]]
		sr += g.xlogx[right[c]-1] - g.xlogx[right[c]]
		left[c]++
		right[c]--
		nl := p + 1
		if nl < g.minLeaf || m-nl < g.minLeaf {
			continue
		}
		a, b := g.cols[j][r], g.cols[j][s[p+1]]
		if a == b {
			continue
		}
		gain := hS - (g.xlogx[nl] - sl) - (g.xlogx[m-nl] - sr)
		if gain > best+1e-12 {
			best, ok = gain, true
			thr = a + (b-a)/2
			if thr >= b {
				thr = a
			}
		}
	}
	return best, thr, ok
}

// split turns t into an inner node and returns its children as new tasks.
func (g *grower) split(t *task) []*task {
	nd, j := t.node, t.feat
	nd.Feature, nd.Threshold, nd.Gain = j, t.threshold, t.gain
	cat := g.feats[j].Categorical()
	nk := 2
	if cat {
		nk = len(g.feats[j].Values)
	}
	col := g.cols[j]
	child := func(r int32) int {
		v := col[r]
		if cat {
			return int(v)
		}
		if v <= t.threshold {
			return 0
		}
		return 1
	}
	kids := make([]*task, nk)
	for c := range kids {
		kids[c] = &task{sorted: make([][]int32, len(t.sorted)), depth: t.depth + 1, used: t.used}
	}
	if cat {
		used := append([]bool(nil), t.used...)
		used[j] = true
		for _, k := range kids {
			k.used = used
		}
	}
	// The children's rows, and their rows sorted by each feature, take consecutive ranges of
	// the parent's slices, in the parent's order (a stable partition through g.scratch): the
	// parent needs them no more, siblings' ranges are disjoint, and a tree then grows in the
	// memory of its root instead of allocating n·d indices per level (202 MB per fit of
	// 10^5 × 20 before, whose collection made the fit's time vary by a fifth).
	bounds := make([]int, nk+1) // child c takes positions [bounds[c], bounds[c+1])
	for _, r := range t.rows {
		bounds[child(r)+1]++
	}
	for c := range nk {
		bounds[c+1] += bounds[c]
	}
	at := make([]int, nk)
	partition := func(s []int32) {
		copy(at, bounds)
		tmp := g.scratch[:len(s)]
		copy(tmp, s)
		for _, r := range tmp {
			c := child(r)
			s[at[c]] = r
			at[c]++
		}
	}
	part := func(s []int32, c int) []int32 { return s[bounds[c]:bounds[c+1]:bounds[c+1]] }
	partition(t.rows)
	for c, k := range kids {
		k.rows = part(t.rows, c)
	}
	for f, s := range t.sorted {
		if s == nil {
			continue
		}
		partition(s)
		for c, k := range kids {
			k.sorted[f] = part(s, c)
		}
	}
	nd.Children = make([]*Node, nk)
	for c, k := range kids {
		k.node = g.newNode(k.rows, nd.Class)
		nd.Children[c] = k.node
	}
	t.rows, t.sorted = nil, nil
	return kids
}

// PredictOne classifies one example x (a row of d values). Cost O(nodes): the tree is checked
// first (see Predict's errors); Predict checks it once for all rows.
func (t *Tree) PredictOne(x []float64) (int, error) {
	if err := t.check(); err != nil {
		return 0, err
	}
	c, err := t.predictOne(x)
	if err != nil {
		return 0, fmt.Errorf("classify: Tree.PredictOne: %w", err)
	}
	return c, nil
}

// predictOne is PredictOne on a tree that passed check. Its errors and childIndex's name
// neither package nor function: the callers add them, with the row.
func (t *Tree) predictOne(x []float64) (int, error) {
	if len(x) != len(t.Features) {
		return 0, fmt.Errorf("example has %d values, tree has %d features: %w", len(x), len(t.Features), ErrShape)
	}
	nd := t.Root
	for !nd.Leaf() {
		c, err := t.childIndex(nd, x)
		if err != nil {
			return 0, err
		}
		nd = nd.Children[c]
	}
	return nd.Class, nil
}

func (t *Tree) childIndex(nd *Node, x []float64) (int, error) {
	v := x[nd.Feature]
	if math.IsNaN(v) {
		return 0, fmt.Errorf("feature %q is NaN: %w", t.Features[nd.Feature].Name, ErrNotFinite)
	}
	if f := t.Features[nd.Feature]; f.Categorical() {
		if v != math.Trunc(v) || v < 0 || v >= float64(len(f.Values)) {
			return 0, fmt.Errorf("%v is not a value index of %q: %w", v, f.Name, ErrLabel)
		}
		return int(v), nil
	}
	if v <= nd.Threshold {
		return 0, nil
	}
	return 1, nil
}

var _ sltk.Classifier = (*Tree)(nil)

// Predict classifies every row of x. A tree built by hand whose splits do not fit its
// Features gives ErrParam naming the node. Cost O(nodes + n·depth).
func (t *Tree) Predict(x mat.Matrix) ([]int, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	n, _, err := checkX("Tree.Predict", x)
	if err != nil {
		return nil, err
	}
	xd := dense(x)
	out := make([]int, n)
	for i := range out {
		if out[i], err = t.predictOne(xd.RawRowView(i)); err != nil {
			return nil, fmt.Errorf("classify: Tree.Predict: row %d: %w", i, err)
		}
	}
	return out, nil
}

// check returns ErrNotFitted for a nil tree or one without a root, and ErrParam naming the
// first node whose split does not fit the features (a feature index out of range, a child
// count that is not the feature's number of values or 2, a nil child): the methods that
// follow splits call it, so that a tree built by hand cannot make them panic. Nodes are
// named by their path of child indices from the root ("root.1.0"). Cost O(nodes).
func (t *Tree) check() error {
	if t == nil || t.Root == nil {
		return fmt.Errorf("classify: Tree: no root: %w", ErrNotFitted)
	}
	return t.checkNode(t.Root, "root")
}

func (t *Tree) checkNode(nd *Node, path string) error {
	if nd.Leaf() {
		return nil
	}
	if nd.Feature >= len(t.Features) {
		return fmt.Errorf("classify: Tree: node %s: Feature = %d, tree has %d features: %w",
			path, nd.Feature, len(t.Features), ErrParam)
	}
	want := 2
	if f := t.Features[nd.Feature]; f.Categorical() {
		want = len(f.Values)
	}
	if len(nd.Children) != want {
		return fmt.Errorf("classify: Tree: node %s: %d children, feature %d needs %d: %w",
			path, len(nd.Children), nd.Feature, want, ErrParam)
	}
	for c, ch := range nd.Children {
		p := path + "." + strconv.Itoa(c)
		if ch == nil {
			return fmt.Errorf("classify: Tree: node %s is nil: %w", p, ErrParam)
		}
		if err := t.checkNode(ch, p); err != nil {
			return err
		}
	}
	return nil
}

// Nodes returns the number of nodes, Leaves the number of leaves and Depth the length of the
// longest root-to-leaf path; nil nodes do not count, and a nil tree has none.
func (t *Tree) Nodes() int {
	if t == nil {
		return 0
	}
	return count(t.Root, func(*Node) bool { return true })
}
func (t *Tree) Leaves() int {
	if t == nil {
		return 0
	}
	return count(t.Root, (*Node).Leaf)
}
func (t *Tree) Depth() int {
	if t == nil {
		return 0
	}
	return depth(t.Root)
}

func count(nd *Node, pred func(*Node) bool) int {
	if nd == nil {
		return 0
	}
	c := 0
	if pred(nd) {
		c = 1
	}
	for _, ch := range nd.Children {
		c += count(ch, pred)
	}
	return c
}

func depth(nd *Node) int {
	if nd == nil {
		return 0
	}
	d := 0
	for _, ch := range nd.Children {
		if ch != nil {
			d = max(d, 1+depth(ch))
		}
	}
	return d
}

// ClassName returns the printable name of label c.
func (t *Tree) ClassName(c int) string {
	if t != nil && c >= 0 && c < len(t.Classes) {
		return t.Classes[c]
	}
	return strconv.Itoa(c)
}

// String prints the tree one test per line, indented by depth, e.g.
//
//	S = 8-10 → no
//	S = 11-15
//	    W = Sunny → yes
//
// A nil or empty tree prints "<empty tree>", a malformed one "<malformed tree: …>".
func (t *Tree) String() string {
	if t == nil || t.Root == nil {
		return "<empty tree>"
	}
	if err := t.check(); err != nil {
		return "<malformed tree: " + err.Error() + ">"
	}
	var b strings.Builder
	if t.Root.Leaf() {
		fmt.Fprintf(&b, "→ %s\n", t.ClassName(t.Root.Class))
		return b.String()
	}
	t.write(&b, t.Root, 0)
	return b.String()
}

func (t *Tree) write(b *strings.Builder, nd *Node, indent int) {
	f := t.Features[nd.Feature]
	for c, ch := range nd.Children {
		b.WriteString(strings.Repeat("    ", indent))
		switch {
		case f.Categorical():
			fmt.Fprintf(b, "%s = %s", f.Name, f.Values[c])
		case c == 0:
			fmt.Fprintf(b, "%s ≤ %.6g", f.Name, nd.Threshold)
		default:
			fmt.Fprintf(b, "%s > %.6g", f.Name, nd.Threshold)
		}
		if ch.Leaf() {
			fmt.Fprintf(b, " → %s\n", t.ClassName(ch.Class))
			continue
		}
		b.WriteString("\n")
		t.write(b, ch, indent+1)
	}
}

// Prune applies reduced-error pruning with a validation set (x, y) and returns the pruned copy:
// bottom-up, an inner node becomes a leaf (with its training majority label) when that does not
// increase the number of validation errors in its subtree. Subtrees that no validation example
// reaches are collapsed. Cost O(n·depth + nodes).
func (t *Tree) Prune(x mat.Matrix, y []int) (*Tree, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	n, d, err := checkX("Tree.Prune", x)
	if err != nil {
		return nil, err
	}
	if d != len(t.Features) {
		return nil, fmt.Errorf("classify: Tree.Prune: x has %d columns, tree has %d features: %w", d, len(t.Features), ErrShape)
	}
	if _, err := checkLabels("Tree.Prune", y, n); err != nil {
		return nil, err
	}
	root := cloneNode(t.Root)
	xd := dense(x)
	rows := make([]int, n)
	for i := range rows {
		rows[i] = i
	}
	if _, err := t.prune(root, xd, y, rows); err != nil {
		return nil, err
	}
	return &Tree{Root: root, Features: t.Features, Classes: t.Classes, NumClasses: t.NumClasses}, nil
}

// prune returns the validation errors of the (possibly pruned) subtree at nd.
func (t *Tree) prune(nd *Node, x *mat.Dense, y []int, rows []int) (int, error) {
	leafErr := 0
	for _, r := range rows {
		if y[r] != nd.Class {
			leafErr++
		}
	}
	if nd.Leaf() {
		return leafErr, nil
	}
	parts := make([][]int, len(nd.Children))
	for _, r := range rows {
		c, err := t.childIndex(nd, x.RawRowView(r))
		if err != nil {
			return 0, fmt.Errorf("classify: Tree.Prune: row %d: %w", r, err)
		}
		parts[c] = append(parts[c], r)
	}
	sub := 0
	for c, ch := range nd.Children {
		e, err := t.prune(ch, x, y, parts[c])
		if err != nil {
			return 0, err
		}
		sub += e
	}
	if leafErr <= sub {
		nd.Feature, nd.Children, nd.Gain, nd.Threshold = -1, nil, 0, 0
		return leafErr, nil
	}
	return sub, nil
}

func cloneNode(nd *Node) *Node {
	c := *nd
	c.Counts = append([]float64(nil), nd.Counts...)
	if nd.Children != nil {
		c.Children = make([]*Node, len(nd.Children))
		for i, ch := range nd.Children {
			c.Children[i] = cloneNode(ch)
		}
	}
	return &c
}

// Gains returns the information gain G(S, A) in bits of every feature on the whole sample: for
// a categorical feature the multiway split, for a numeric one the best threshold split. These
// are the numbers the greedy learner compares at the root (the seed's worked examples in §1.3
// and §2.3). Features that do not separate the sample get gain 0. Cost O(n·d·K) after sorting.
func (dt DecisionTree) Gains(x mat.Matrix, y []int) ([]float64, error) {
	xd, feats, k, err := checkTreeData("DecisionTree.Gains", x, y, dt.Features, dt.Classes)
	if err != nil {
		return nil, err
	}
	n, d := xd.Dims()
	g := &grower{x: xd, y: y, k: k, feats: feats, minLeaf: 1, xlogx: make([]float64, n+1), cols: columns(xd)}
	for c := 2; c <= n; c++ {
		g.xlogx[c] = float64(c) * math.Log2(float64(c))
	}
	t := &task{rows: make([]int32, n), sorted: make([][]int32, d), used: make([]bool, d)}
	for i := range t.rows {
		t.rows[i] = int32(i)
	}
	t.node = g.newNode(t.rows, 0)
	hS := g.xlogx[n]
	for _, c := range t.node.Counts {
		hS -= g.xlogx[int(c)]
	}
	out := make([]float64, d)
	for j, f := range feats {
		var gain float64
		var ok bool
		if f.Categorical() {
			gain, ok = g.categoricalGain(t, j, hS)
		} else {
			t.sorted[j] = sortedBy(g.cols[j], t.rows)
			gain, _, ok = g.numericGain(t, j, hS)
		}
		if ok {
			out[j] = math.Max(gain/float64(n), 0)
		}
	}
	return out, nil
}

// Categorical builds the data matrix and feature descriptions of a table of categorical
// columns: codes[j][i] is the value index of example i in column j (as frame.IntLabels returns
// it), names[j] the column's name and domains[j] its value names. Cost O(n·d).
func Categorical(names []string, codes [][]int, domains [][]string) (*mat.Dense, []Feature, error) {
	d := len(codes)
	if d == 0 || len(codes[0]) == 0 {
		return nil, nil, fmt.Errorf("classify: Categorical: no columns or rows: %w", ErrEmpty)
	}
	if len(names) != d || len(domains) != d {
		return nil, nil, fmt.Errorf("classify: Categorical: %d columns, %d names, %d domains: %w", d, len(names), len(domains), ErrShape)
	}
	n := len(codes[0])
	x := mat.NewDense(n, d, nil)
	feats := make([]Feature, d)
	for j, col := range codes {
		if len(col) != n {
			return nil, nil, fmt.Errorf("classify: Categorical: column %q has %d rows, want %d: %w", names[j], len(col), n, ErrShape)
		}
		feats[j] = Feature{Name: names[j], Values: domains[j]}
		for i, v := range col {
			if v < 0 || v >= len(domains[j]) {
				return nil, nil, fmt.Errorf("classify: Categorical: code %d in row %d of %q outside its %d values: %w", v, i, names[j], len(domains[j]), ErrLabel)
			}
			x.Set(i, j, float64(v))
		}
	}
	return x, feats, nil
}

// Outline lists the nodes of t in pre-order for drawing (viz.TreeDiagram): labels[i] is the
// split feature's name at an inner node and the class name at a leaf, parent[i] the index of
// the parent (−1 at the root) and edges[i] the test on the edge into node i (the value "Sunny"
// of a categorical feature, "≤ 0.5" or "> 0.5" of a numeric one). A nil, empty or malformed
// tree (see Predict's errors) gives nil slices. Cost O(nodes).
func (t *Tree) Outline() (labels []string, parent []int, edges []string) {
	if t.check() != nil {
		return nil, nil, nil
	}
	var walk func(nd *Node, p int, edge string)
	walk = func(nd *Node, p int, edge string) {
		i := len(labels)
		parent, edges = append(parent, p), append(edges, edge)
		if nd.Leaf() {
			labels = append(labels, t.ClassName(nd.Class))
			return
		}
		f := t.Features[nd.Feature]
		labels = append(labels, f.Name)
		for c, ch := range nd.Children {
			switch {
			case f.Categorical():
				walk(ch, i, f.Values[c])
			case c == 0:
				walk(ch, i, fmt.Sprintf("≤ %.3g", nd.Threshold))
			default:
				walk(ch, i, fmt.Sprintf("> %.3g", nd.Threshold))
			}
		}
	}
	walk(t.Root, -1, "")
	return labels, parent, edges
}
