package mapreduce

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// SparseMatrix returns an r×c matrix whose entries are nonzero independently with probability
// p, with values uniform in {1, …, 9}: the random sparse factors of the cost analysis (A7.6).
// Random numbers come from seed only.
func SparseMatrix(r, c int, p float64, seed uint64) (*mat.Dense, error) {
	if r < 1 || c < 1 || !(p >= 0 && p <= 1) {
		return nil, fmt.Errorf("mapreduce: SparseMatrix: %d×%d, p = %v: %w", r, c, p, ErrParam)
	}
	if float64(r)*float64(c) > maxCells {
		return nil, fmt.Errorf("mapreduce: SparseMatrix: %d×%d: %w", r, c, ErrTooLarge)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d6174))
	m := mat.NewDense(r, c, nil)
	for i := range r {
		for j := range c {
			if rng.Float64() < p {
				m.Set(i, j, float64(rng.IntN(9)+1))
			}
		}
	}
	return m, nil
}

// RandomRelation returns n tuples over attrs with values uniform in [1, v]; repeated draws
// collapse, since a relation is a set. Random numbers come from seed only.
func RandomRelation(attrs []string, n, v int, seed uint64) (Relation, error) {
	if len(attrs) == 0 || n < 0 || v < 1 || n > maxSimTasks {
		return Relation{}, fmt.Errorf("mapreduce: RandomRelation: %d attributes, n = %d, v = %d: %w", len(attrs), n, v, ErrParam)
	}
	rng := rand.New(rand.NewPCG(seed, 0x72656c))
	r := Relation{Attrs: slices.Clone(attrs)}
	for range n {
		t := make([]int64, len(attrs))
		for i := range t {
			t[i] = int64(rng.IntN(v) + 1)
		}
		r.Tuples = append(r.Tuples, t)
	}
	r.normalize()
	return r, nil
}

// Equal reports whether r and s are the same relation: the same attributes in the same order
// and the same set of tuples.
func (r Relation) Equal(s Relation) bool {
	if !slices.Equal(r.Attrs, s.Attrs) {
		return false
	}
	a := Relation{Tuples: slices.Clone(r.Tuples)}
	b := Relation{Tuples: slices.Clone(s.Tuples)}
	a.normalize()
	b.normalize()
	return slices.EqualFunc(a.Tuples, b.Tuples, slices.Equal[[]int64])
}

// NonZeros counts the nonzero entries of m, the records of its triple storage (0 for nil).
func NonZeros(m mat.Matrix) int {
	if d, ok := m.(*mat.Dense); m == nil || ok && d == nil {
		return 0
	}
	r, c := m.Dims()
	n := 0
	for i := range r {
		for j := range c {
			if m.At(i, j) != 0 {
				n++
			}
		}
	}
	return n
}

// LectureTriangle returns the three relations of the lecture's hypercube example (§7.5):
// R1(A1,A2), R2(A2,A3), R3(A3,A1) with values in [1,120]×[1,60]×[1,60], reconstructed so that
// every MAP and REDUCE output the lecture prints is reproduced.
func LectureTriangle() []Relation {
	return []Relation{
		{Attrs: []string{"A1", "A2"}, Tuples: [][]int64{{67, 48}, {56, 48}, {119, 1}, {119, 26}}},
		{Attrs: []string{"A2", "A3"}, Tuples: [][]int64{{48, 13}, {48, 59}, {26, 13}}},
		{Attrs: []string{"A3", "A1"}, Tuples: [][]int64{{13, 67}, {13, 56}, {13, 119}, {59, 119}}},
	}
}
