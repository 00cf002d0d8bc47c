// Package fuzzdata makes the data of sltk's tests: it turns fuzzer bytes into the arguments of
// the entry points and checks their results (the fuzz targets of every package and the API-wide
// bad-input test share it), it draws the seeded random matrices of the property tests
// (Normal, Uniform, Simplex, Rows), and it runs a test body on a given number of cores
// (WithProcs). Only tests import it.
package fuzzdata

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/internal/check"
)

// Floats decodes b as little-endian float64 values (any trailing bytes are dropped), at most max.
func Floats(b []byte, max int) []float64 {
	n := min(len(b)/8, max)
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return out
}

// Matrix decodes b as a matrix of cols columns (1 ≤ cols ≤ 8, from the first byte) and at most
// maxRows rows of Floats; nil when b holds less than one row.
func Matrix(b []byte, maxRows int) *mat.Dense {
	if len(b) == 0 {
		return nil
	}
	cols := int(b[0]%8) + 1
	v := Floats(b[1:], maxRows*cols)
	rows := len(v) / cols
	if rows == 0 {
		return nil
	}
	return mat.NewDense(rows, cols, v[:rows*cols])
}

// Labels returns n labels in [0, k) taken from b (cycled; zeros when b is empty).
func Labels(b []byte, n, k int) []int {
	out := make([]int, n)
	for i := range out {
		if len(b) > 0 {
			out[i] = int(b[i%len(b)]) % k
		}
	}
	return out
}

// Finite fails t when err is nil and res holds a NaN or ±Inf (NonFinite): the invariant every
// fuzz target asserts, an answer is finite or an error says why.
func Finite(t testing.TB, res any, err error) {
	t.Helper()
	if err != nil {
		return
	}
	if p := NonFinite(res); p != "" {
		t.Fatalf("nil error with %s", p)
	}
}

// NonFinite returns the path of the first NaN or ±Inf reachable from v (check.NonFinite, named
// "result"), or "". It visits at most 10⁵ values.
func NonFinite(v any) string { return check.NonFinite(v, "result", 1e5) }

// Normal returns an n×d matrix of standard normal entries drawn from rng row by row: the random
// data of the property tests. Cost O(n·d).
func Normal(rng *rand.Rand, n, d int) *mat.Dense {
	x := mat.NewDense(n, d, nil)
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] = rng.NormFloat64()
	}
	return x
}

// Uniform returns an n×d matrix of entries uniform on [0, 1) drawn from rng row by row.
// Cost O(n·d).
func Uniform(rng *rand.Rand, n, d int) *mat.Dense {
	x := mat.NewDense(n, d, nil)
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] = rng.Float64()
	}
	return x
}

// Rows returns an n×d matrix whose rows fill(i, row) writes, in row order: a test's own
// generator (a mixture, a process, rows that repeat the one before) in one call. Cost O(n·d)
// plus the calls.
func Rows(n, d int, fill func(i int, row []float64)) *mat.Dense {
	x := mat.NewDense(n, d, nil)
	for i := range n {
		fill(i, x.RawRowView(i))
	}
	return x
}

// Ties wraps a fill of Rows so that every row i with i%every == every−1 repeats the row before
// it (fill is not called for it, so it draws nothing): data with exact ties.
func Ties(every int, fill func(i int, row []float64)) func(i int, row []float64) {
	var last []float64
	return func(i int, row []float64) {
		if i%every == every-1 {
			copy(row, last)
			return
		}
		fill(i, row)
		last = row
	}
}

// WithProcs runs f with GOMAXPROCS set to n and restores it: the tests that a result has the
// same bits on one core and on several.
func WithProcs(n int, f func()) {
	prev := runtime.GOMAXPROCS(n)
	defer runtime.GOMAXPROCS(prev)
	f()
}

// Simplex returns an n×k matrix whose rows are random points of the probability simplex
// (exponential draws from rng, row by row, divided by their row sum): a random soft
// assignment. Cost O(n·k).
func Simplex(rng *rand.Rand, n, k int) *mat.Dense {
	m := mat.NewDense(n, k, nil)
	for i := range n {
		row := m.RawRowView(i)
		s := 0.0
		for q := range row {
			row[q] = rng.ExpFloat64()
			s += row[q]
		}
		for q := range row {
			row[q] /= s
		}
	}
	return m
}
