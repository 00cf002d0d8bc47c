// Package neighbors is the k-nearest-neighbour search shared by the k-NN classifier
// (classify.KNN) and the neighbourhood graph of locally linear embedding (embed.LLE). It is
// internal: a building block, not part of the textbook's API.
//
// Both searches return neighbours sorted by (distance, index), so ties at the k-th distance
// are always resolved in favour of the smaller index and the answer does not depend on the
// shape of the tree or on the order of a scan.
package neighbors

import (
	"slices"

	"gonum.org/v1/gonum/spatial/kdtree"
)

// Neighbor is a point, by its index, and its distance to a query.
type Neighbor struct {
	Index int
	// Dist is the squared Euclidean distance for Tree and the caller's distance for Scan.
	Dist float64
}

// Tree is a gonum k-d tree over a set of points in R^d for exact Euclidean k-nearest-neighbour
// queries: O(n log n) to build, about O(k + log n) per query in low dimension (the tree
// degrades towards a full scan as d grows; beyond d ≈ 10–20 prefer Scan).
type Tree struct {
	tree *kdtree.Tree
	n    int // points in the tree: k beyond it is clamped (it sizes the search's heap)
}

// NewTree builds the tree over rows, which must all have the same length. The rows are
// referenced, not copied: they must not change while the tree is in use. The pivots are
// medians of medians, so the tree is the same on every run.
func NewTree(rows [][]float64) *Tree {
	pts := make(points, len(rows))
	for i, r := range rows {
		pts[i] = point{r, i}
	}
	return &Tree{kdtree.New(pts, false), len(rows)}
}

// Nearest returns the k nearest points of q, excluding the point with index skip (−1 excludes
// none; pass a query's own index to leave it out of its neighbours), sorted by (squared
// distance, index). It reuses buf's storage. Fewer than k are returned only when the tree holds
// fewer points (k is clamped to the number of points, so a huge k costs no more than n). A
// second search, for every point within the k-th distance r, runs only when
// another point lies at exactly r, so that all points tied at r compete by index.
func (t *Tree) Nearest(q []float64, k, skip int, buf []Neighbor) []Neighbor {
	buf = buf[:0]
	if k <= 0 || t.tree.Root == nil {
		return buf
	}
	k = min(k, t.n)
	want := k
	if skip >= 0 {
		want++
	}
	query := point{q, -1}
	// One more than needed tells whether the want-th distance is tied with a point outside.
	keep := kdtree.NewNKeeper(want + 1)
	t.tree.NearestSet(keep, query) // leaves keep.Heap sorted by distance, sentinel removed
	found := keep.Heap
	if len(found) > want && found[want].Dist == found[want-1].Dist {
		// A tie at the want-th distance r: collect every point within r so that the tied
		// points compete by index, not by the order in which the tree met them.
		all := kdtree.NewDistKeeper(found[want-1].Dist)
		t.tree.NearestSet(all, query)
		found = all.Heap
	} else if len(found) > want {
		found = found[:want]
	}
	for _, c := range found {
		if c.Comparable == nil {
			continue
		}
		if i := c.Comparable.(point).i; i != skip {
			buf = append(buf, Neighbor{i, c.Dist})
		}
	}
	Sort(buf)
	if len(buf) > k {
		buf = buf[:k]
	}
	return buf
}

// Scan returns the k nearest of the points 0, …, n−1 by a brute-force pass, excluding skip
// (−1: none), sorted by (distance, index); dist(i) is the distance of point i to the query, in
// any metric. It reuses buf's storage. Cost O(n·(cost of dist) + n·k) in the worst case, O(n)
// dist calls: the k best so far are kept sorted and a point enters only if it beats the k-th.
func Scan(n, k, skip int, dist func(i int) float64, buf []Neighbor) []Neighbor {
	buf = buf[:0]
	if k <= 0 {
		return buf
	}
	for i := 0; i < n; i++ {
		if i != skip {
			buf = keep(buf, k, i, skip, dist(i))
		}
	}
	return buf
}

// ScanEuclid is Scan for the squared Euclidean distance to q over the n rows of x (row-major,
// len(q) columns), without a callback: it measures four rows at a time with four independent
// sums, each in coordinate order (so every distance has the bits of the plain loop), which lets
// the CPU overlap the additions instead of waiting on one chain. The result is the same as
// Scan's with that distance. Cost O(n·d + n·k) in the worst case.
func ScanEuclid(x []float64, n int, q []float64, k, skip int, buf []Neighbor) []Neighbor {
	buf = buf[:0]
	if k <= 0 {
		return buf
	}
	d := len(q)
	var s [4]float64
	for i := 0; i < n; i += 4 {
		m := min(4, n-i)
		if m == 4 {
			x0, x1 := x[i*d : (i+1)*d][:d], x[(i+1)*d : (i+2)*d][:d]
			x2, x3 := x[(i+2)*d : (i+3)*d][:d], x[(i+3)*d : (i+4)*d][:d]
			var s0, s1, s2, s3 float64
			for t, v := range q {
				u0, u1, u2, u3 := v-x0[t], v-x1[t], v-x2[t], v-x3[t]
				s0 += u0 * u0
				s1 += u1 * u1
				s2 += u2 * u2
				s3 += u3 * u3
			}
			s = [4]float64{s0, s1, s2, s3}
		} else {
			for r := range m {
				xr := x[(i+r)*d : (i+r+1)*d][:d]
				v := 0.0
				for t, qt := range q {
					u := qt - xr[t]
					v += u * u
				}
				s[r] = v
			}
		}
		for r := range m {
			buf = keep(buf, k, i+r, skip, s[r])
		}
	}
	return buf
}

// keep offers point i at distance dist to the k best so far (sorted by distance, then index).
func keep(buf []Neighbor, k, i, skip int, dist float64) []Neighbor {
	switch {
	case i == skip:
		return buf
	case len(buf) < k:
		buf = append(buf, Neighbor{i, dist})
	case dist < buf[k-1].Dist:
		buf[k-1] = Neighbor{i, dist}
	default:
		return buf
	}
	// Insert the new last element in place; the rest is sorted.
	for j := len(buf) - 1; j > 0 && less(buf[j], buf[j-1]); j-- {
		buf[j], buf[j-1] = buf[j-1], buf[j]
	}
	return buf
}

// Sort orders neighbours by distance, then index.
func Sort(b []Neighbor) {
	slices.SortFunc(b, func(x, y Neighbor) int {
		switch {
		case less(x, y):
			return -1
		case less(y, x):
			return 1
		}
		return 0
	})
}

func less(a, b Neighbor) bool { return a.Dist < b.Dist || a.Dist == b.Dist && a.Index < b.Index }

// point is a row that remembers its index, as a kdtree.Comparable.
type point struct {
	x []float64
	i int
}

func (p point) Compare(c kdtree.Comparable, d kdtree.Dim) float64 { return p.x[d] - c.(point).x[d] }
func (p point) Dims() int                                         { return len(p.x) }
func (p point) Distance(c kdtree.Comparable) float64 {
	q := c.(point).x
	s := 0.0
	for j, v := range p.x {
		t := v - q[j]
		s += t * t
	}
	return s
}

type points []point

func (p points) Index(i int) kdtree.Comparable         { return p[i] }
func (p points) Len() int                              { return len(p) }
func (p points) Slice(start, end int) kdtree.Interface { return p[start:end] }
func (p points) Pivot(d kdtree.Dim) int {
	return kdtree.Partition(plane{p, d}, kdtree.MedianOfMedians(plane{p, d}))
}

// plane sorts points along one dimension, for the pivot choice.
type plane struct {
	p points
	d kdtree.Dim
}

func (p plane) Len() int                               { return len(p.p) }
func (p plane) Less(i, j int) bool                     { return p.p[i].x[p.d] < p.p[j].x[p.d] }
func (p plane) Swap(i, j int)                          { p.p[i], p.p[j] = p.p[j], p.p[i] }
func (p plane) Slice(start, end int) kdtree.SortSlicer { return plane{p.p[start:end], p.d} }
