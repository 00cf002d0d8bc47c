package frame

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"
)

// Matrix copies the named columns of df into a new n×d matrix, one row per
// observation and the columns in the order given; with no names it takes
// every column of df. Int, float and bool (as 0/1) columns convert
// directly; string columns must hold numbers in Go's strconv syntax.
//
// Matrix refuses, naming the column and the 0-based row, a value that is
// missing (ErrMissing; gota's NA, which includes NaN), not a number
// (ErrNotNumeric), or infinite (ErrNotFinite), so no NaN or Inf reaches
// an algorithm unnoticed. Unknown names are listed against the available
// ones (ErrUnknownColumn); a frame without rows or a selection without
// columns gives ErrEmpty. Cost: O(n·d).
func Matrix(df dataframe.DataFrame, cols ...string) (*mat.Dense, error) {
	if df.Err != nil {
		return nil, fmt.Errorf("frame: Matrix: %v: %w", df.Err, ErrBadFrame)
	}
	if len(cols) == 0 {
		cols = df.Names()
	}
	if err := checkColumns("Matrix", df, cols); err != nil {
		return nil, err
	}
	n, d := df.Nrow(), len(cols)
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("frame: Matrix: %d rows and %d columns selected: %w", n, d, ErrEmpty)
	}
	x := mat.NewDense(n, d, nil)
	for j, name := range cols {
		v, err := numericColumn("Matrix", df.Col(name))
		if err != nil {
			return nil, err
		}
		x.SetCol(j, v)
	}
	return x, nil
}

// checkColumns reports every name in cols that df lacks, together with the
// names df has, so a typo is easy to spot.
func checkColumns(fn string, df dataframe.DataFrame, cols []string) error {
	have := df.Names()
	known := make(map[string]bool, len(have))
	for _, n := range have {
		known[n] = true
	}
	var bad []string
	for _, c := range cols {
		if !known[c] {
			bad = append(bad, quote(c))
		}
	}
	if len(bad) > 0 {
		shown := make([]string, min(len(have), 20))
		for i := range shown {
			t, cut := truncate(have[i])
			if cut {
				t += "…"
			}
			shown[i] = t
		}
		more := ""
		if len(have) > len(shown) {
			more = fmt.Sprintf(" … (%d columns)", len(have))
		}
		return fmt.Errorf("frame: %s: no column %s; available: %s%s: %w", fn, strings.Join(bad, ", "), strings.Join(shown, ", "), more, ErrUnknownColumn)
	}
	return nil
}

func cellError(fn string, sentinel error, col string, row int, detail string) error {
	return fmt.Errorf("frame: %s: column %s, row %d: %s: %w", fn, quote(col), row, detail, sentinel)
}

// numericColumn converts one series to float64 values, refusing missing,
// non-numeric and non-finite entries.
func numericColumn(fn string, s series.Series) ([]float64, error) {
	na := s.IsNaN()
	out := make([]float64, s.Len())
	if s.Type() == series.String {
		for i, r := range s.Records() {
			if na[i] {
				return nil, cellError(fn, ErrMissing, s.Name, i, "missing value")
			}
			v, err := strconv.ParseFloat(r, 64)
			if errors.Is(err, strconv.ErrRange) {
				return nil, cellError(fn, ErrNotFinite, s.Name, i, quote(r)+" overflows float64")
			}
			if err != nil {
				return nil, cellError(fn, ErrNotNumeric, s.Name, i, quote(r))
			}
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, cellError(fn, ErrNotFinite, s.Name, i, quote(r))
			}
			out[i] = v
		}
		return out, nil
	}
	for i, v := range s.Float() {
		if na[i] || math.IsNaN(v) {
			return nil, cellError(fn, ErrMissing, s.Name, i, "missing value (empty, NA or NaN)")
		}
		if math.IsInf(v, 0) {
			return nil, cellError(fn, ErrNotFinite, s.Name, i, strconv.FormatFloat(v, 'g', -1, 64))
		}
		out[i] = v
	}
	return out, nil
}
