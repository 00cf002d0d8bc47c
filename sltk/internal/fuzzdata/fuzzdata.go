// Package fuzzdata turns fuzzer bytes into the arguments of sltk's entry points and checks
// their results: the fuzz targets of every package and the API-wide bad-input test share it.
package fuzzdata

import (
	"encoding/binary"
	"math"

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

// NonFinite returns the path of the first NaN or ±Inf reachable from v (check.NonFinite, named
// "result"), or "". It visits at most 10⁵ values.
func NonFinite(v any) string { return check.NonFinite(v, "result", 1e5) }
