package cluster

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// Manhattan is the L1 (city-block) dissimilarity Σ_j |a_j − b_j|, a metric that no centroid
// represents exactly (its "centre" is the coordinate-wise median, not the mean). a and b must have
// the same length; Dissimilarities and NewFieldMap check that. Called directly with lengths that
// differ, or with values whose distance is not a finite number, it returns math.MaxFloat64,
// the "infinitely far" a dissimilarity function without an error result can report.
func Manhattan(a, b []float64) float64 {
	if len(a) != len(b) {
		return math.MaxFloat64
	}
	s := 0.0
	for j, v := range a {
		s += math.Abs(v - b[j])
	}
	return finiteOrMax(s)
}

// CityBlock is Manhattan, under the name it had before classify.Manhattan fixed one name for the
// L1 distance.
//
// Deprecated: use Manhattan.
func CityBlock(a, b []float64) float64 { return Manhattan(a, b) }

// HalfSquared is the dissimilarity ½‖a − b‖² under which the mean fields of pairwise
// clustering equal the soft k-means distances ½‖x − w_q‖² (ML chapter 4 (Clustering and embedding)
// §4.2.4). Lengths that differ or a distance that is not finite give math.MaxFloat64, as for
// Manhattan.
func HalfSquared(a, b []float64) float64 {
	if len(a) != len(b) {
		return math.MaxFloat64
	}
	s := 0.0
	for j, v := range a {
		u := v - b[j]
		s += u * u
	}
	return finiteOrMax(s / 2)
}

// finiteOrMax returns s, or math.MaxFloat64 when s is NaN or infinite.
func finiteOrMax(s float64) float64 {
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return math.MaxFloat64
	}
	return s
}

// Dissimilarities returns the n×n matrix d_αα′ = dist(x^(α), x^(α′)) of the rows of x, the
// input of Pairwise and PairwiseSOM when the dissimilarity is not a squared distance
// (SquaredDistances covers that one). dist must be symmetric and non-negative with
// dist(a, a) = 0; a negative or non-finite value is an error naming the pair.
// Cost: n(n−1)/2 calls of dist and n² floats of memory.
func Dissimilarities(x mat.Matrix, dist func(a, b []float64) float64) (*mat.Dense, error) {
	if dist == nil {
		return nil, fmt.Errorf("cluster: Dissimilarities: nil dissimilarity function: %w", ErrParam)
	}
	data, err := kmPrepare("Dissimilarities", x)
	if err != nil {
		return nil, err
	}
	n, d := data.n, data.d
	out := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			v := dist(data.x[i*d:(i+1)*d], data.x[j*d:(j+1)*d])
			if !(v >= 0) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("cluster: Dissimilarities: d(%d, %d) = %g, want finite ≥ 0: %w",
					i, j, v, ErrNotFinite)
			}
			out.Set(i, j, v)
			out.Set(j, i, v)
		}
	}
	return out, nil
}

// FieldMap evaluates the mean fields of pairwise clustering (ML chapter 4 (Clustering and
// embedding) eq. 4.27 with c = 1) at any point of the data space, not only at the data: for a new
// object x with dissimilarities d(δ, x) to the n data objects and soft assignments ⟨m_q^(δ)⟩,
//
//	e_q(x) = (1/n_q) Σ_δ ⟨m_q^(δ)⟩ d(δ, x) − (1/(2n_q²)) Σ_δε ⟨m_q^(δ)⟩⟨m_q^(ε)⟩ d_δε,
//
// the average dissimilarity from x to cluster q minus half the cluster's own spread. Drawn
// over the plane it is the "metric visualisation" of the fields: for d = ½‖·‖² the level
// sets are circles about the weighted mean w_q (e_q(x) = ½‖x − w_q‖²), for other
// dissimilarities they show where a centroid would sit if one existed.
// NewFieldMap costs O(n²·(d + K)) once (the self terms); Fields costs O(n·(d + K)) per point.
// A FieldMap reuses one buffer, so it is not safe for concurrent use.
type FieldMap struct {
	x      []float64 // n×d row-major
	d      int
	assign *mat.Dense
	dist   func(a, b []float64) float64
	mass   []float64 // n_q
	self   []float64 // Σ_δε m_q^δ m_q^ε d_δε / (2 n_q²)
	buf    []float64
}

// NewFieldMap prepares the fields of the n×K soft assignment assign (rows non-negative,
// summing to 1) of the rows of x under the dissimilarity dist.
func NewFieldMap(x, assign mat.Matrix, dist func(a, b []float64) float64) (*FieldMap, error) {
	d, err := Dissimilarities(x, dist)
	if err != nil {
		return nil, err
	}
	data, _ := kmPrepare("NewFieldMap", x) // checked by Dissimilarities
	m, err := pwCheckAssign("NewFieldMap", "assign", assign, data.n)
	if err != nil {
		return nil, err
	}
	_, k := m.Dims()
	var dm mat.Dense
	dm.Mul(d, m)
	f := &FieldMap{x: data.x, d: data.d, assign: m, dist: dist,
		mass: make([]float64, k), self: make([]float64, k), buf: make([]float64, data.n)}
	for q := 0; q < k; q++ {
		f.mass[q] = mat.Sum(m.ColView(q))
		if f.mass[q] <= 0 {
			return nil, fmt.Errorf("cluster: NewFieldMap: cluster %d has no mass: %w", q, ErrParam)
		}
		f.self[q] = mat.Dot(m.ColView(q), dm.ColView(q)) / (2 * f.mass[q] * f.mass[q])
	}
	return f, nil
}

// Fields returns e_q(point) for q = 0…K−1. point must have d finite coordinates, and the
// dissimilarities from the data to it must be finite and non-negative.
func (f *FieldMap) Fields(point []float64) ([]float64, error) {
	if f == nil || f.assign == nil {
		return nil, fmt.Errorf("cluster: FieldMap.Fields: %w (use NewFieldMap)", errs.ErrNotFitted)
	}
	if len(point) != f.d {
		return nil, fmt.Errorf("cluster: FieldMap: point has %d coordinates, want %d: %w",
			len(point), f.d, ErrShape)
	}
	for j, v := range point {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("cluster: FieldMap: coordinate %d is %v: %w", j, v, ErrNotFinite)
		}
	}
	for i := range f.buf {
		v := f.dist(f.x[i*f.d:(i+1)*f.d], point)
		if !(v >= 0) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("cluster: FieldMap: d(%d, point) = %g, want finite ≥ 0: %w",
				i, v, ErrNotFinite)
		}
		f.buf[i] = v
	}
	_, k := f.assign.Dims()
	out := make([]float64, k)
	for q := range out {
		s := 0.0
		for i, v := range f.buf {
			s += f.assign.At(i, q) * v
		}
		out[q] = s/f.mass[q] - f.self[q]
		if math.IsNaN(out[q]) || math.IsInf(out[q], 0) {
			return nil, fmt.Errorf("cluster: FieldMap: field %d overflows: %w", q, ErrNotFinite)
		}
	}
	return out, nil
}
