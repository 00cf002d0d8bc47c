package classify

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/internal/neighbors"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/mat"
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

// Distance returns d(a, b) over the first min(len(a), len(b)) coordinates (a and b should
// have the same length; the shorter one decides, so a mismatch never panics). A NaN or ±Inf
// coordinate, or a distance beyond the float64 range, gives math.MaxFloat64: farther than any
// finite distance, so such a point is never a nearest neighbour. Cost O(d).
func (m Metric) Distance(a, b []float64) float64 {
	s := 0.0
	for i := range min(len(a), len(b)) {
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
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return m.distanceSlow(a, b)
	}
	if m == Euclidean {
		return math.Sqrt(s)
	}
	return s
}

// distanceSlow is Distance when the plain sum is not finite: a non-finite coordinate gives
// math.MaxFloat64, and squares are scaled by the largest difference so that the Euclidean
// distance of finite points does not overflow before the square root. Cost O(d).
func (m Metric) distanceSlow(a, b []float64) float64 {
	n := min(len(a), len(b))
	scale := 0.0
	for i := range n {
		v := a[i] - b[i]
		if math.IsNaN(v) || math.IsInf(a[i], 0) || math.IsInf(b[i], 0) {
			return math.MaxFloat64
		}
		scale = math.Max(scale, math.Abs(v))
	}
	if m != Euclidean || math.IsInf(scale, 0) {
		return math.MaxFloat64 // a sum of finite terms overflowed, or one difference did
	}
	s := 0.0
	for i := range n {
		v := (a[i] - b[i]) / scale
		s += v * v
	}
	return math.Min(scale*math.Sqrt(s), math.MaxFloat64)
}

// KNN is the k-nearest-neighbour classifier of §1.2: a query gets the majority label of its
// Neighbors nearest training examples.
//
// Defaults: Neighbors = 0 means 1, the nearest-neighbour rule of §1.2 (scikit-learn's
// KNeighborsClassifier defaults to 5: set Neighbors: 5 to match it); Metric = Euclidean.
//
// Ties are broken deterministically. Equal distances: the training example with the smaller
// index is nearer. Equal votes: among the classes with the most votes, the class of the nearest
// neighbour wins (scikit-learn takes the smallest label instead). With an even Neighbors and two
// classes this means a 1–1 vote goes to the nearest example's class.
//
// For the Euclidean metric in at most KDTreeMaxDim dimensions the neighbours come from a gonum
// k-d tree (about O(log n) per query in low dimension); in more dimensions from an exact
// brute-force search (internal/neighbors.Brute, O(n·d) per query with a small constant: the
// distances are screened with a float32 matrix product and a rigorous error bound, and the
// few rows that survive are measured again in float64, so the neighbours, their order and
// their distances are those of a plain scan); for the other metrics from a
// plain scan, O(n·d) per query. Predict runs on all cores. The default KDTreeMaxDim = 5 is
// where the two met on 10^5 points of overlapping Gaussian blobs, 1000 queries, with the
// brute force of float64 dot products. Since the brute force screens with a float32 product
// it is the faster on those data for fit + 1000 queries at every d measured (CPU time, d = 2:
// 0.12 s against 0.22 s for the tree; d = 5: 0.08 s against 0.30 s) and for 10^4 queries at
// d = 5 (0.72 s against 1.17 s), while the tree keeps d = 2 with 10^4 queries (0.30 s against
// 1.30 s): the better switch depends on the number of queries too, which Fit does not know.
// Data of low intrinsic dimension favour the tree.
type KNN struct {
	Neighbors    int    // number of neighbours; 0 means 1
	Metric       Metric // distance; the zero value is Euclidean
	KDTreeMaxDim int    // use the k-d tree up to this dimension; 0 means 5, negative never
}

// KNNModel is a fitted k-NN classifier (it stores the training data).
type KNNModel struct {
	k       int
	metric  Metric
	x       *mat.Dense
	y       []int
	classes int
	tree    *neighbors.Tree
	brute   *neighbors.Brute
}

var _ sltk.Classifier = (*KNNModel)(nil)

// MaxLabel is the largest class label k-NN and decision trees accept: they allocate one counter
// per class, so a label of 2^40 would exhaust memory. Larger labels return ErrTooLarge.
const MaxLabel = 1<<20 - 1

// checkLabels validates n class labels in [0, MaxLabel] and returns K = max label + 1.
func checkLabels(fn string, y []int, n int) (int, error) {
	if len(y) != n {
		return 0, fmt.Errorf("classify: %s: %d labels for %d rows: %w", fn, len(y), n, ErrShape)
	}
	k := 0
	for i, v := range y {
		switch {
		case v < 0:
			return 0, fmt.Errorf("classify: %s: y[%d] = %d, labels must be in [0, K): %w", fn, i, v, ErrLabel)
		case v > MaxLabel:
			return 0, fmt.Errorf("classify: %s: y[%d] = %d, at most %d: %w", fn, i, v, MaxLabel, ErrTooLarge)
		}
		k = max(k, v+1)
	}
	return k, nil
}

// Fit stores the training data (and builds the k-d tree, O(n log n)).
func (c KNN) Fit(x mat.Matrix, y []int) (*KNNModel, error) {
	n, d, err := checkX("KNN.Fit", x)
	if err != nil {
		return nil, err
	}
	classes, err := checkLabels("KNN.Fit", y, n)
	if err != nil {
		return nil, err
	}
	k := cmp.Or(c.Neighbors, 1)
	if k < 0 || k > n {
		return nil, fmt.Errorf("classify: KNN.Fit: Neighbors = %d, want in [1, %d] (the training examples): %w", c.Neighbors, n, ErrParam)
	}
	if c.Metric < Euclidean || c.Metric > Hamming {
		return nil, fmt.Errorf("classify: KNN.Fit: Metric = %v, want Euclidean, Manhattan, Chebyshev or Hamming: %w", c.Metric, ErrParam)
	}
	m := &KNNModel{k: k, metric: c.Metric, x: copyRows(x, n, d), y: append([]int(nil), y...), classes: classes}
	if c.Metric == Euclidean && d <= cmp.Or(c.KDTreeMaxDim, 5) {
		rows := make([][]float64, n)
		for i := range rows {
			rows[i] = m.x.RawRowView(i)
		}
		m.tree = neighbors.NewTree(rows)
	} else if c.Metric == Euclidean {
		m.brute = neighbors.NewBrute(m.x.RawMatrix().Data, n, d)
	}
	return m, nil
}

// copyRows returns a contiguous copy of x (n×d) with its rows copied on all cores: for large
// training sets the copy's first touch of fresh memory is a large part of a fit (at 3·10^5×64,
// 154 MB, serially 40 ms and more).
func copyRows(x mat.Matrix, n, d int) *mat.Dense {
	src, out := dense(x), mat.NewDense(n, d, nil)
	par.Chunks(n, 1<<14, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			copy(out.RawRowView(i), src.RawRowView(i))
		}
	})
	return out
}

// neighbours returns the k nearest training examples of q, sorted by (distance, index).
func (m *KNNModel) neighbours(q []float64, buf []neighbors.Neighbor) []neighbors.Neighbor {
	if m.tree != nil {
		return m.tree.Nearest(q, m.k, -1, buf)
	}
	if m.brute != nil {
		// Squared distances order the neighbours as the distances do, as in the tree.
		buf = slices.Grow(buf[:0], m.k)[:m.k]
		m.brute.Search(q, 1, m.k, buf)
		return buf
	}
	n, _ := m.x.Dims()
	return neighbors.Scan(n, m.k, -1, func(i int) float64 { return m.metric.Distance(q, m.x.RawRowView(i)) }, buf)
}

// Neighbors returns the indices of the k nearest training examples of q, nearest first.
func (m *KNNModel) Neighbors(q []float64) ([]int, error) {
	if m == nil || m.x == nil {
		return nil, fmt.Errorf("classify: KNNModel.Neighbors: %w", ErrNotFitted)
	}
	if _, d := m.x.Dims(); len(q) != d {
		return nil, fmt.Errorf("classify: KNNModel.Neighbors: query has %d entries, data has %d columns: %w", len(q), d, ErrShape)
	}
	for j, v := range q {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("classify: KNNModel.Neighbors: q[%d] = %v: %w", j, v, ErrNotFinite)
		}
	}
	nb := m.neighbours(q, nil)
	out := make([]int, len(nb))
	for i, v := range nb {
		out[i] = v.Index
	}
	return out, nil
}

// knnBlock caps the neighbours the brute-force search holds at once (2²², 64 MiB): queries are
// searched in blocks of knnBlock/k.
const knnBlock = 1 << 22

// predictBrute labels the len(out) queries in data (row-major, d columns) by the brute-force
// search, block queries at a time, so the neighbour buffer holds at most block·k entries
// however many queries and neighbours there are.
func (m *KNNModel) predictBrute(data []float64, d, block int, out []int) {
	n := len(out)
	nb := make([]neighbors.Neighbor, min(n, block)*m.k)
	votes := make([]int, m.classes)
	for lo := 0; lo < n; lo += block {
		hi := min(lo+block, n)
		m.brute.Search(data[lo*d:hi*d], hi-lo, m.k, nb)
		for i := lo; i < hi; i++ {
			out[i] = m.vote(nb[(i-lo)*m.k:(i-lo+1)*m.k], votes)
		}
	}
}

// Predict classifies every row of x. Queries run in parallel, each independently, so the
// result does not depend on the number of cores (nor on the query blocks of the brute force).
func (m *KNNModel) Predict(x mat.Matrix) ([]int, error) {
	if m == nil || m.x == nil {
		return nil, fmt.Errorf("classify: KNNModel.Predict: %w", ErrNotFitted)
	}
	n, d, err := checkX("KNNModel.Predict", x)
	if err != nil {
		return nil, err
	}
	if _, dm := m.x.Dims(); d != dm {
		return nil, fmt.Errorf("classify: KNNModel.Predict: x has %d columns, the training data %d: %w", d, dm, ErrShape)
	}
	xd := dense(x)
	out := make([]int, n)
	if m.brute != nil {
		if xd.RawMatrix().Stride != d {
			xd = mat.DenseCopyOf(xd)
		}
		m.predictBrute(xd.RawMatrix().Data, d, max(1, knnBlock/m.k), out)
		return out, nil
	}
	par.Chunks(n, 1, func(lo, hi int) {
		buf := make([]neighbors.Neighbor, 0, m.k+1)
		votes := make([]int, m.classes)
		for i := lo; i < hi; i++ {
			buf = m.neighbours(xd.RawRowView(i), buf)
			out[i] = m.vote(buf, votes)
		}
	})
	return out, nil
}

// vote returns the majority label; among tied labels, the one of the nearest neighbour.
func (m *KNNModel) vote(nb []neighbors.Neighbor, votes []int) int {
	clear(votes)
	best := 0
	for _, v := range nb {
		votes[m.y[v.Index]]++
		best = max(best, votes[m.y[v.Index]])
	}
	for _, v := range nb {
		if votes[m.y[v.Index]] == best {
			return m.y[v.Index]
		}
	}
	return 0
}

// Accuracy returns the fraction of positions where pred equals y.
func Accuracy(pred, y []int) (float64, error) {
	if len(pred) != len(y) || len(y) == 0 {
		return 0, fmt.Errorf("classify: Accuracy: %d predictions for %d labels: %w", len(pred), len(y), ErrShape)
	}
	k := 0
	for i := range y {
		if pred[i] == y[i] {
			k++
		}
	}
	return float64(k) / float64(len(y)), nil
}

// AccuracyOf predicts the rows of x with the fitted classifier c and returns the fraction
// predicted as y says (scikit-learn's score of a classifier). Cost: one Predict.
func AccuracyOf(c sltk.Classifier, x mat.Matrix, y []int) (float64, error) {
	if c == nil {
		return 0, fmt.Errorf("classify: AccuracyOf: nil classifier: %w", ErrNotFitted)
	}
	pred, err := c.Predict(x)
	if err != nil {
		return 0, err
	}
	return Accuracy(pred, y)
}
