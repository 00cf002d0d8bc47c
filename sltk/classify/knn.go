package classify

import (
	"fmt"
	"math"
	"runtime"

	"sync"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/spatial/kdtree"
)

// Metric is a distance on R^d (§1.2).
type Metric int

const (
	Euclidean Metric = iota // √Σ(x_i − y_i)²
	Manhattan               // Σ|x_i − y_i|
	Chebyshev               // max|x_i − y_i|
	Hamming                 // |{i : x_i ≠ y_i}|, for categorical codes
)

func (m Metric) String() string {
	switch m {
	case Euclidean:
		return "Euclidean"
	case Manhattan:
		return "Manhattan"
	case Chebyshev:
		return "Chebyshev"
	case Hamming:
		return "Hamming"
	}
	return fmt.Sprintf("Metric(%d)", int(m))
}

// Distance returns d(a, b); a and b must have the same length. Cost O(d).
func (m Metric) Distance(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		v := a[i] - b[i]
		switch m {
		case Euclidean:
			s += v * v
		case Manhattan:
			s += math.Abs(v)
		case Chebyshev:
			s = math.Max(s, math.Abs(v))
		case Hamming:
			if v != 0 {
				s++
			}
		}
	}
	if m == Euclidean {
		return math.Sqrt(s)
	}
	return s
}

// KNN is the k-nearest-neighbour classifier of §1.2: a query gets the majority label of its k
// nearest training examples. Ties are broken deterministically: equal distances by training
// index, equal votes by the label of the nearest neighbour among the tied classes. For the
// Euclidean metric in at most KDTreeMaxDim dimensions the neighbours come from a gonum k-d tree
// (about O(log n) per query in low dimension); otherwise from a brute-force scan, O(n·d) per
// query, run on all cores.
type KNN struct {
	K            int    // number of neighbours; 0 means 1
	Metric       Metric // distance; the zero value is Euclidean
	KDTreeMaxDim int    // use the k-d tree up to this dimension; 0 means 10, negative never
}

// KNNModel is a fitted k-NN classifier (it stores the training data).
type KNNModel struct {
	k       int
	metric  Metric
	x       *mat.Dense
	y       []int
	classes int
	tree    *kdtree.Tree
}

// checkLabels validates n class labels in [0, K) and returns K = max label + 1.
func checkLabels(y []int, n int) (int, error) {
	if len(y) != n {
		return 0, fmt.Errorf("%w: %d labels for %d rows", ErrShape, len(y), n)
	}
	k := 0
	for i, v := range y {
		if v < 0 {
			return 0, fmt.Errorf("%w: y[%d] = %d, labels must be in [0, K)", ErrLabel, i, v)
		}
		k = max(k, v+1)
	}
	return k, nil
}

// Fit stores the training data (and builds the k-d tree, O(n log n)).
func (c KNN) Fit(x mat.Matrix, y []int) (*KNNModel, error) {
	n, d, err := checkX(x)
	if err != nil {
		return nil, err
	}
	classes, err := checkLabels(y, n)
	if err != nil {
		return nil, err
	}
	k := c.K
	if k == 0 {
		k = 1
	}
	if k < 0 || k > n {
		return nil, fmt.Errorf("%w: K = %d with %d training examples", ErrParam, c.K, n)
	}
	if c.Metric < Euclidean || c.Metric > Hamming {
		return nil, fmt.Errorf("%w: unknown metric %v", ErrParam, c.Metric)
	}
	m := &KNNModel{k: k, metric: c.Metric, x: mat.DenseCopyOf(x), y: append([]int(nil), y...), classes: classes}
	maxDim := c.KDTreeMaxDim
	if maxDim == 0 {
		maxDim = 10
	}
	if c.Metric == Euclidean && d <= maxDim {
		pts := make(kdPoints, n)
		for i := range pts {
			pts[i] = kdPoint{x: m.x.RawRowView(i), i: i}
		}
		m.tree = kdtree.New(pts, false)
	}
	return m, nil
}

// kdPoint is a training point that remembers its index, for the k-d tree.
type kdPoint struct {
	x []float64
	i int
}

func (p kdPoint) Compare(c kdtree.Comparable, d kdtree.Dim) float64 { return p.x[d] - c.(kdPoint).x[d] }
func (p kdPoint) Dims() int                                         { return len(p.x) }
func (p kdPoint) Distance(c kdtree.Comparable) float64 {
	q := c.(kdPoint).x
	s := 0.0
	for j, v := range p.x {
		d := v - q[j]
		s += d * d
	}
	return s
}

type kdPoints []kdPoint

func (p kdPoints) Index(i int) kdtree.Comparable         { return p[i] }
func (p kdPoints) Len() int                              { return len(p) }
func (p kdPoints) Slice(start, end int) kdtree.Interface { return p[start:end] }
func (p kdPoints) Pivot(d kdtree.Dim) int {
	return kdtree.Partition(kdPlane{p, d}, kdtree.MedianOfRandoms(kdPlane{p, d}, 100))
}

type kdPlane struct {
	p kdPoints
	d kdtree.Dim
}

func (k kdPlane) Len() int                               { return len(k.p) }
func (k kdPlane) Less(i, j int) bool                     { return k.p[i].x[k.d] < k.p[j].x[k.d] }
func (k kdPlane) Swap(i, j int)                          { k.p[i], k.p[j] = k.p[j], k.p[i] }
func (k kdPlane) Slice(start, end int) kdtree.SortSlicer { return kdPlane{k.p[start:end], k.d} }

type neighbour struct {
	i int
	d float64
}

// neighbours returns the k nearest training examples of q, sorted by (distance, index).
func (m *KNNModel) neighbours(q []float64, buf []neighbour) []neighbour {
	buf = buf[:0]
	if m.tree != nil {
		keep := kdtree.NewNKeeper(m.k)
		m.tree.NearestSet(keep, kdPoint{x: q, i: -1})
		r := 0.0
		for _, c := range keep.Heap {
			if c.Comparable != nil {
				r = math.Max(r, c.Dist)
			}
		}
		// collect every point within the k-th distance, so that ties are broken by index
		all := kdtree.NewDistKeeper(r)
		m.tree.NearestSet(all, kdPoint{x: q, i: -1})
		for _, c := range all.Heap {
			if c.Comparable != nil {
				buf = append(buf, neighbour{c.Comparable.(kdPoint).i, c.Dist})
			}
		}
	} else {
		n, _ := m.x.Dims()
		for i := 0; i < n; i++ {
			d := m.metric.Distance(q, m.x.RawRowView(i))
			if len(buf) < m.k {
				buf = append(buf, neighbour{i, d})
				sortNeighbours(buf)
			} else if d < buf[m.k-1].d {
				buf[m.k-1] = neighbour{i, d}
				sortNeighbours(buf)
			}
		}
	}
	sortNeighbours(buf)
	if len(buf) > m.k {
		buf = buf[:m.k]
	}
	return buf
}

// sortNeighbours orders by distance, then index; insertion sort, as buf is nearly sorted.
func sortNeighbours(b []neighbour) {
	for i := 1; i < len(b); i++ {
		for j := i; j > 0 && (b[j].d < b[j-1].d || b[j].d == b[j-1].d && b[j].i < b[j-1].i); j-- {
			b[j], b[j-1] = b[j-1], b[j]
		}
	}
}

// Neighbours returns the indices of the k nearest training examples of q, nearest first.
func (m *KNNModel) Neighbours(q []float64) ([]int, error) {
	if m == nil {
		return nil, ErrNotFitted
	}
	if _, d := m.x.Dims(); len(q) != d {
		return nil, fmt.Errorf("%w: query has %d entries, data has %d columns", ErrShape, len(q), d)
	}
	for j, v := range q {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%w: q[%d] = %v", ErrNaN, j, v)
		}
	}
	nb := m.neighbours(q, nil)
	out := make([]int, len(nb))
	for i, v := range nb {
		out[i] = v.i
	}
	return out, nil
}

// Predict classifies every row of x. Queries run in parallel, each independently, so the
// result does not depend on the number of cores.
func (m *KNNModel) Predict(x mat.Matrix) ([]int, error) {
	if m == nil {
		return nil, ErrNotFitted
	}
	n, d, err := checkX(x)
	if err != nil {
		return nil, err
	}
	if _, dm := m.x.Dims(); d != dm {
		return nil, fmt.Errorf("%w: x has %d columns, the training data %d", ErrShape, d, dm)
	}
	xd := dense(x)
	out := make([]int, n)
	workers := max(1, min(runtime.GOMAXPROCS(0), n))
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			buf := make([]neighbour, 0, m.k+1)
			votes := make([]int, m.classes)
			for i := w; i < n; i += workers {
				buf = m.neighbours(xd.RawRowView(i), buf)
				out[i] = m.vote(buf, votes)
			}
		}(w)
	}
	wg.Wait()
	return out, nil
}

// vote returns the majority label; among tied labels, the one of the nearest neighbour.
func (m *KNNModel) vote(nb []neighbour, votes []int) int {
	clear(votes)
	best := 0
	for _, v := range nb {
		votes[m.y[v.i]]++
		best = max(best, votes[m.y[v.i]])
	}
	for _, v := range nb {
		if votes[m.y[v.i]] == best {
			return m.y[v.i]
		}
	}
	return 0
}

// Accuracy returns the fraction of positions where pred equals y.
func Accuracy(pred, y []int) (float64, error) {
	if len(pred) != len(y) || len(y) == 0 {
		return 0, fmt.Errorf("%w: %d predictions for %d labels", ErrShape, len(pred), len(y))
	}
	k := 0
	for i := range y {
		if pred[i] == y[i] {
			k++
		}
	}
	return float64(k) / float64(len(y)), nil
}
