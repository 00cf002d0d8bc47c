// Package check validates the data matrices that sltk's algorithms receive: not nil, not empty,
// every entry finite. An *Error says where the fault is and unwraps to the sentinel of package
// errs that it means (ErrEmpty or ErrNotFinite), so packages wrap it with %w. It is internal: a building block, not part of the textbook's API.
package check

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"sync/atomic"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Fault is what is wrong with a matrix.
type Fault int

const (
	Nil       Fault = iota + 1 // the matrix is nil
	Empty                      // it has no rows or no columns
	NotFinite                  // an entry is NaN or ±Inf
)

// Error describes the first fault found in the matrix called Name.
type Error struct {
	Fault      Fault
	Name       string
	Rows, Cols int     // the dimensions (Empty, NotFinite)
	I, J       int     // the first non-finite entry, in row order (NotFinite)
	V          float64 // its value (NotFinite)
}

// Unwrap returns the sentinel of package errs that the fault means: ErrEmpty for a nil or empty
// matrix, ErrNotFinite for a NaN or ±Inf entry, so that callers may wrap an *Error with %w.
func (e *Error) Unwrap() error {
	if e.Fault == NotFinite {
		return errs.ErrNotFinite
	}
	return errs.ErrEmpty
}

// Error says where the fault is, then the sentinel's text, in the library's layout
// ("x[1,1] = NaN: value is not finite"); callers prefix "pkg: Func: ".
func (e *Error) Error() string {
	switch e.Fault {
	case Nil:
		return e.Name + " is nil: " + e.Unwrap().Error()
	case Empty:
		return fmt.Sprintf("%s is empty (%d×%d): %v", e.Name, e.Rows, e.Cols, e.Unwrap())
	default:
		return fmt.Sprintf("%s[%d,%d] = %v: %v", e.Name, e.I, e.J, e.V, e.Unwrap())
	}
}

// Matrix returns the dimensions of x, or an *Error for a nil or empty x or for its first
// non-finite entry in row order. A *mat.Dense is scanned through its raw rows
// (firstNonFiniteRow: without branches, large matrices on all cores). Cost O(n·d).
func Matrix(name string, x mat.Matrix) (n, d int, err *Error) {
	if IsNil(x) {
		return 0, 0, &Error{Fault: Nil, Name: name}
	}
	n, d = x.Dims()
	if n == 0 || d == 0 {
		return n, d, &Error{Fault: Empty, Name: name, Rows: n, Cols: d}
	}
	fault := func(i, j int, v float64) *Error {
		return &Error{Fault: NotFinite, Name: name, Rows: n, Cols: d, I: i, J: j, V: v}
	}
	if dense, ok := x.(*mat.Dense); ok {
		i := firstNonFiniteRow(dense.RawMatrix(), n, d)
		if i < 0 {
			return n, d, nil
		}
		for j, v := range dense.RawRowView(i) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return n, d, fault(i, j, v)
			}
		}
	}
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			if v := x.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return n, d, fault(i, j, v)
			}
		}
	}
	return n, d, nil
}

// Rows validates x like Matrix and returns its entries as one row-major slice of length n·d:
// the backing array of a contiguous *mat.Dense (no copy: callers must not write to it), a copy
// otherwise. It is the library's one "matrix to raw rows" conversion. Cost O(n·d).
func Rows(name string, x mat.Matrix) (data []float64, n, d int, err *Error) {
	n, d, err = Matrix(name, x)
	if err != nil {
		return nil, n, d, err
	}
	if dense, ok := x.(*mat.Dense); ok {
		if raw := dense.RawMatrix(); raw.Stride == d {
			return raw.Data[:n*d], n, d, nil
		}
	}
	data = make([]float64, n*d)
	for i := 0; i < n; i++ {
		mat.Row(data[i*d:(i+1)*d], i, x)
	}
	return data, n, d, nil
}

// sentinels are the errors of package errs, in the order Sentinel tries them
// (TestSentinelsComplete checks that every one of errs.go is here).
var sentinels = []error{errs.ErrEmpty, errs.ErrNotFinite, errs.ErrShape, errs.ErrParam, errs.ErrLabel,
	errs.ErrProb, errs.ErrTooLarge, errs.ErrNotFitted, errs.ErrSingular, errs.ErrDisconnected,
	errs.ErrNoSolution, errs.ErrBreakdown, errs.ErrIO}

// Sentinel returns the sentinel of package errs that err wraps, or nil when it wraps none:
// tests use it to check that every error follows the library's contract.
func Sentinel(err error) error {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return s
		}
	}
	return nil
}

// IsNil reports whether x is nil or a typed nil pointer of any matrix type (a nil *mat.Dense
// stored in a mat.Matrix is not == nil, and calling Dims on it panics).
func IsNil(x mat.Matrix) bool {
	if x == nil {
		return true
	}
	v := reflect.ValueOf(x)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// Size returns nil when v ≤ limit and otherwise an error wrapping errs.ErrTooLarge that names the
// function, the argument and the documented limit ("bounds: BinomialUpperTail: n = 1099511627776,
// limit 16777216"). Every number that drives an allocation or a loop goes through it.
func Size(fn, arg string, v, limit int) error {
	if v <= limit {
		return nil
	}
	return fmt.Errorf("%s: %s = %d, limit %d: %w", fn, arg, v, limit, errs.ErrTooLarge)
}

// RowsSquarable is Rows followed by Squarable on the rows, the two checks of a fit whose data
// are squared, in one pass over the entries of a contiguous *mat.Dense (on all cores, chunks
// of squarableChunk entries): every |v| ≤ MaxAbs, a test that NaN and ±Inf fail as well,
// passes both. When some entry fails it, and for other matrices, it runs the two checks in
// order and returns their results: rowsErr is Rows' error (nil, empty, the first non-finite
// entry), squareErr Squarable's (only when rowsErr is nil), so that a caller may check other
// arguments between the two as before. Cost O(n·d), one read of the data instead of two
// (a 60000×784 training set is 376 MB).
func RowsSquarable(name string, x mat.Matrix) (data []float64, n, d int, rowsErr *Error, squareErr error) {
	if dense, ok := x.(*mat.Dense); ok && !IsNil(x) {
		raw := dense.RawMatrix()
		if n, d = raw.Rows, raw.Cols; n > 0 && d > 0 && raw.Stride == d {
			data = raw.Data[:n*d]
			var bad atomic.Bool
			par.Chunks(len(data), squarableChunk, func(lo, hi int) {
				for _, v := range data[lo:hi] {
					if !(math.Abs(v) <= MaxAbs) {
						bad.Store(true)
						return
					}
				}
			})
			if !bad.Load() {
				return data, n, d, nil, nil
			}
		}
	}
	data, n, d, rowsErr = Rows(name, x)
	if rowsErr != nil {
		return data, n, d, rowsErr, nil
	}
	return data, n, d, nil, Squarable(name, data, d)
}

// squarableChunk is the smallest share of RowsSquarable's pass worth a goroutine.
const squarableChunk = 1 << 18

// MaxAbs is the largest magnitude an entry may have where squared distances or squared norms
// are summed over up to 10⁷ coordinates: 4·MaxAbs²·10⁷ < MaxFloat64.
const MaxAbs = 1e150

// Squarable returns an error wrapping errs.ErrNotFinite that names the first entry of the
// row-major n×d data with |v| > MaxAbs ("x[3,1] = 2.3e161: squares would overflow; rescale
// the data"), nil otherwise. Cost O(n·d).
func Squarable(name string, data []float64, d int) error {
	for i, v := range data {
		if math.Abs(v) > MaxAbs {
			return fmt.Errorf("%s[%d,%d] = %g: squares would overflow (|value| ≤ %g); rescale the data: %w",
				name, i/d, i%d, v, MaxAbs, errs.ErrNotFinite)
		}
	}
	return nil
}

// finiteRows is the number of rows firstNonFiniteRow tests at a time, and finiteChunk the
// fewest entries per goroutine.
const (
	finiteRows  = 64
	finiteChunk = 1 << 16
)

// firstNonFiniteRow returns the first row of the n×d raw matrix with a NaN or ±Inf entry, or
// −1. For finite v, v·0 is 0, and for NaN and ±Inf it is NaN, so a group of rows holds a
// non-finite entry exactly when the sum of its v·0 is NaN: the scan adds without a branch per
// entry (four sums, so that the additions overlap) and looks at single rows only in a group
// that failed. Groups of rows are split over the cores for large matrices; each part reports
// its first failing row and the smallest is returned, so the answer does not depend on the
// split. A test against the entry-by-entry scan: TestMatrixFirstNonFinite. Cost O(n·d).
func firstNonFiniteRow(raw blas64.General, n, d int) int {
	var first atomic.Int64
	first.Store(math.MaxInt64)
	par.Chunks(n, max(1, finiteChunk/max(d, 1)), func(lo, hi int) {
		for g := lo; g < hi; g += finiteRows {
			ge := min(hi, g+finiteRows)
			if !nanSum(raw, g, ge, d) {
				continue
			}
			for i := g; i < ge; i++ {
				if nanSum(raw, i, i+1, d) {
					for old := first.Load(); int64(i) < old && !first.CompareAndSwap(old, int64(i)); old = first.Load() {
					}
					return
				}
			}
		}
	})
	if f := first.Load(); f != math.MaxInt64 {
		return int(f)
	}
	return -1
}

// nanSum reports whether rows lo..hi−1 of raw (d columns) hold a NaN or ±Inf entry.
func nanSum(raw blas64.General, lo, hi, d int) bool {
	var s0, s1, s2, s3 float64
	for i := lo; i < hi; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+d]
		j := 0
		for ; j+4 <= d; j += 4 {
			s0 += row[j] * 0
			s1 += row[j+1] * 0
			s2 += row[j+2] * 0
			s3 += row[j+3] * 0
		}
		for ; j < d; j++ {
			s0 += row[j] * 0
		}
	}
	s := s0 + s1 + s2 + s3
	return s != s
}
