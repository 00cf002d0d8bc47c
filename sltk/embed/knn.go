package embed

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/spatial/kdtree"
)

// Sentinel errors of the package.
var (
	// ErrInput reports empty, ragged or non-finite data and invalid options.
	ErrInput = errors.New("embed: invalid input")
	// ErrNeighbours reports a neighbourhood size that LLE cannot use: K must exceed the
	// embedding dimension and be smaller than the number of points.
	ErrNeighbours = errors.New("embed: too few or too many neighbours")
	// ErrDisconnected reports a K-nearest-neighbour graph with several components: the bottom
	// of the spectrum of G is then degenerate (one zero eigenvalue per component) and the
	// embedding is meaningless. A larger K usually connects the graph.
	ErrDisconnected = errors.New("embed: neighbourhood graph is disconnected")
)

// kdPoint is a point of the k-d tree that remembers its row.
type kdPoint struct {
	v []float64
	i int
}

func (p kdPoint) Compare(c kdtree.Comparable, d kdtree.Dim) float64 {
	return p.v[d] - c.(kdPoint).v[d]
}
func (p kdPoint) Dims() int { return len(p.v) }
func (p kdPoint) Distance(c kdtree.Comparable) float64 {
	q := c.(kdPoint).v
	s := 0.0
	for j, v := range p.v {
		t := v - q[j]
		s += t * t
	}
	return s
}

type kdPoints []kdPoint

func (p kdPoints) Index(i int) kdtree.Comparable         { return p[i] }
func (p kdPoints) Len() int                              { return len(p) }
func (p kdPoints) Slice(start, end int) kdtree.Interface { return p[start:end] }
func (p kdPoints) Pivot(d kdtree.Dim) int {
	return kdtree.Partition(kdPlane{p, d}, kdtree.MedianOfMedians(kdPlane{p, d}))
}

type kdPlane struct {
	p kdPoints
	d kdtree.Dim
}

func (p kdPlane) Len() int           { return len(p.p) }
func (p kdPlane) Less(i, j int) bool { return p.p[i].v[p.d] < p.p[j].v[p.d] }
func (p kdPlane) Swap(i, j int)      { p.p[i], p.p[j] = p.p[j], p.p[i] }
func (p kdPlane) Slice(start, end int) kdtree.SortSlicer {
	return kdPlane{p.p[start:end], p.d}
}

// rowsOf copies x into row slices after checking it is non-empty and finite.
func rowsOf(x mat.Matrix) ([][]float64, error) {
	if x == nil {
		return nil, fmt.Errorf("%w: nil data", ErrInput)
	}
	p, d := x.Dims()
	if p == 0 || d == 0 {
		return nil, fmt.Errorf("%w: empty data (%d×%d)", ErrInput, p, d)
	}
	rows := make([][]float64, p)
	for i := range rows {
		rows[i] = make([]float64, d)
		for j := range rows[i] {
			v := x.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("%w: x[%d,%d] = %g", ErrInput, i, j, v)
			}
			rows[i][j] = v
		}
	}
	return rows, nil
}

// Neighbours returns, for every row of x, the indices of its k nearest other rows in
// Euclidean distance, nearest first (ties broken by the smaller index). It builds a gonum
// k-d tree: O(p log p) to build and about O(k log p) per query in low dimension, against
// O(p²) for brute force (seed 001 §4.4.1).
func Neighbours(x mat.Matrix, k int) ([][]int, error) {
	rows, err := rowsOf(x)
	if err != nil {
		return nil, err
	}
	return neighbours(rows, k)
}

func neighbours(rows [][]float64, k int) ([][]int, error) {
	p := len(rows)
	if k < 1 || k >= p {
		return nil, fmt.Errorf("%w: K = %d neighbours for %d points (need 1 ≤ K < p)", ErrNeighbours, k, p)
	}
	pts := make(kdPoints, p)
	for i, r := range rows {
		pts[i] = kdPoint{r, i}
	}
	tree := kdtree.New(append(kdPoints(nil), pts...), false)
	out := make([][]int, p)
	// Ask for a few extra so that duplicates of the query and ties at the K-th distance are
	// resolved by index, not by the tree's traversal order.
	extra := 4
	for i := range rows {
		keep := kdtree.NewNKeeper(min(k+1+extra, p))
		tree.NearestSet(keep, pts[i])
		cand := make([]kdtree.ComparableDist, 0, len(keep.Heap))
		for _, c := range keep.Heap {
			if c.Comparable == nil || c.Comparable.(kdPoint).i == i {
				continue
			}
			cand = append(cand, c)
		}
		sort.Slice(cand, func(a, b int) bool {
			if cand[a].Dist != cand[b].Dist {
				return cand[a].Dist < cand[b].Dist
			}
			return cand[a].Comparable.(kdPoint).i < cand[b].Comparable.(kdPoint).i
		})
		nb := make([]int, k)
		for j := 0; j < k; j++ {
			nb[j] = cand[j].Comparable.(kdPoint).i
		}
		out[i] = nb
	}
	return out, nil
}

// components counts the connected components of the symmetrised neighbour graph.
func components(nb [][]int) int {
	parent := make([]int, len(nb))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	c := len(nb)
	for i, row := range nb {
		for _, j := range row {
			a, b := find(i), find(j)
			if a != b {
				parent[a] = b
				c--
			}
		}
	}
	return c
}
