package frame

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// StringLabels returns column col of df as strings, one per row: class
// names, identifiers, categorical values. Integers print as Go prints them,
// floats in the shortest form that reads back exactly ("2.5", not
// "2.500000" as gota writes). A missing value is an error (ErrMissing)
// naming the row.
func StringLabels(df dataframe.DataFrame, col string) ([]string, error) {
	if df.Err != nil {
		return nil, fmt.Errorf("frame: StringLabels: %v: %w", df.Err, ErrBadFrame)
	}
	if err := checkColumns("StringLabels", df, []string{col}); err != nil {
		return nil, err
	}
	if df.Nrow() == 0 {
		return nil, fmt.Errorf("frame: StringLabels: column %s has no rows: %w", quote(col), ErrEmpty)
	}
	s := df.Col(col)
	na := s.IsNaN()
	out := make([]string, s.Len())
	var floats []float64
	if s.Type() == series.Float {
		floats = s.Float()
	}
	for i, r := range s.Records() {
		if na[i] {
			return nil, cellError("StringLabels", ErrMissing, col, i, "missing label")
		}
		if floats != nil {
			r = strconv.FormatFloat(floats[i], 'g', -1, 64)
		}
		out[i] = r
	}
	return out, nil
}

// IntLabels codes column col of df as integers 0..L-1 for classifiers and
// returns the class names, classes[y[i]] being row i's label.
//
// With no levels the classes are the distinct values sorted: numerically
// when all of them are numbers (so the digits 0..9 code as themselves and
// "10" comes after "9"), otherwise in byte order (so "benign" is 0 and
// "malignant" 1, "no" 0 and "yes" 1). Sorting rather than first-seen order
// makes the coding independent of the row order, e.g. of a shuffle. With
// levels the coding follows the given order, and a value outside it is an
// error (ErrLevel) naming the row; levels need not all occur. Missing
// labels give ErrMissing. Cost: O(n log L).
func IntLabels(df dataframe.DataFrame, col string, levels ...string) (y []int, classes []string, err error) {
	vals, err := StringLabels(df, col)
	if err != nil {
		return nil, nil, err
	}
	if len(levels) == 0 {
		levels = sortedLevels(vals)
	}
	code := make(map[string]int, len(levels))
	for k, l := range levels {
		if _, dup := code[l]; dup {
			return nil, nil, fmt.Errorf("frame: IntLabels: level %s is listed twice: %w", quote(l), ErrLevel)
		}
		code[l] = k
	}
	y = make([]int, len(vals))
	for i, v := range vals {
		k, ok := code[v]
		if !ok {
			return nil, nil, cellError("IntLabels", ErrLevel, col, i, fmt.Sprintf("%s is not one of the levels %s", quote(v), quoteAll(levels)))
		}
		y[i] = k
	}
	return y, append([]string(nil), levels...), nil
}

// sortedLevels returns the distinct values, numerically sorted if all are
// numbers and in byte order otherwise.
func sortedLevels(vals []string) []string {
	seen := make(map[string]bool)
	var lv []string
	for _, v := range vals {
		if !seen[v] {
			seen[v] = true
			lv = append(lv, v)
		}
	}
	num := make(map[string]float64, len(lv))
	for _, v := range lv {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(f) {
			sort.Strings(lv)
			return lv
		}
		num[v] = f
	}
	sort.Slice(lv, func(a, b int) bool {
		if num[lv[a]] != num[lv[b]] {
			return num[lv[a]] < num[lv[b]]
		}
		return lv[a] < lv[b] // "1" and "1.0" are different labels
	})
	return lv
}

func quoteAll(s []string) string {
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = quote(v)
	}
	return "[" + strings.Join(q, " ") + "]"
}

// MaxOneHotEntries caps the n·L entries of OneHot's indicator matrix (1 GiB of float64): a
// column with a distinct value in almost every row (an identifier) would otherwise ask for
// n² entries.
const MaxOneHotEntries = 1 << 27

// OneHot encodes the categorical column col of df as an n×L indicator
// matrix, entry (i, k) being 1 when row i has level k, and returns the level
// names. Levels are chosen and ordered as in IntLabels. All L columns are
// kept; drop one yourself when a model with an intercept needs a
// full-rank design. n·L is at most MaxOneHotEntries (ErrTooLarge beyond). Cost: O(n·L).
func OneHot(df dataframe.DataFrame, col string, levels ...string) (*mat.Dense, []string, error) {
	y, names, err := IntLabels(df, col, levels...)
	if err != nil {
		return nil, nil, err
	}
	if len(names) > 0 && len(y) > MaxOneHotEntries/len(names) {
		return nil, nil, fmt.Errorf("frame: OneHot: %d rows × %d levels exceeds MaxOneHotEntries = %d: %w",
			len(y), len(names), MaxOneHotEntries, errs.ErrTooLarge)
	}
	x := mat.NewDense(len(y), len(names), nil)
	for i, k := range y {
		x.Set(i, k, 1)
	}
	return x, names, nil
}

// XY splits df into a feature matrix of every column except label (in the
// frame's order) and the integer-coded label column, as a classifier wants
// them. The coding and the class names are those of IntLabels with the
// given levels (none: the sorted distinct values). Errors are those of Matrix
// and IntLabels; a frame with no column besides the label gives ErrEmpty.
func XY(df dataframe.DataFrame, label string, levels ...string) (x *mat.Dense, y []int, classes []string, err error) {
	if df.Err != nil {
		return nil, nil, nil, fmt.Errorf("frame: XY: %v: %w", df.Err, ErrBadFrame)
	}
	if err := checkColumns("XY", df, []string{label}); err != nil {
		return nil, nil, nil, err
	}
	var features []string
	for _, n := range df.Names() {
		if n != label {
			features = append(features, n)
		}
	}
	if len(features) == 0 {
		return nil, nil, nil, fmt.Errorf("frame: XY: no feature columns besides label %s: %w", quote(label), ErrEmpty)
	}
	if x, err = Matrix(df, features...); err != nil {
		return nil, nil, nil, err
	}
	if y, classes, err = IntLabels(df, label, levels...); err != nil {
		return nil, nil, nil, err
	}
	return x, y, classes, nil
}

// DropMissing returns the rows of df that have no missing value in the
// named columns (in every column when none are named), for example to set
// aside the incomplete row of John in the movie ratings. If no row is
// complete the result would be empty, which is an error (ErrEmpty).
func DropMissing(df dataframe.DataFrame, cols ...string) (dataframe.DataFrame, error) {
	if df.Err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("frame: DropMissing: %v: %w", df.Err, ErrBadFrame)
	}
	if len(cols) == 0 {
		cols = df.Names()
	}
	if err := checkColumns("DropMissing", df, cols); err != nil {
		return dataframe.DataFrame{}, err
	}
	keep := make([]bool, df.Nrow())
	for i := range keep {
		keep[i] = true
	}
	for _, c := range cols {
		for i, na := range df.Col(c).IsNaN() {
			if na {
				keep[i] = false
			}
		}
	}
	var idx []int
	for i, k := range keep {
		if k {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return dataframe.DataFrame{}, fmt.Errorf("frame: DropMissing: every row has a missing value in %s: %w", quoteAll(cols), ErrEmpty)
	}
	out := df.Subset(idx)
	if out.Err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("frame: DropMissing: %v: %w", out.Err, ErrBadFrame)
	}
	return out, nil
}

// Codes reads the named columns as categorical features: codes[j][i] is the index of row i's
// value of cols[j] in levels[j], and domains[j] is that level list (a nil levels[j], or a nil
// levels, codes the column as IntLabels does without levels: its distinct values sorted).
// The result feeds a decision tree (classify.Categorical). Errors as IntLabels, naming the
// column. Cost O(n·d log L).
func Codes(df dataframe.DataFrame, cols []string, levels [][]string) (codes [][]int, domains [][]string, err error) {
	if levels != nil && len(levels) != len(cols) {
		return nil, nil, fmt.Errorf("frame: Codes: %d level lists for %d columns: %w", len(levels), len(cols), ErrLevel)
	}
	codes, domains = make([][]int, len(cols)), make([][]string, len(cols))
	for j, c := range cols {
		var lv []string
		if levels != nil {
			lv = levels[j]
		}
		if codes[j], domains[j], err = IntLabels(df, c, lv...); err != nil {
			return nil, nil, fmt.Errorf("frame: Codes: column %s: %w", c, err)
		}
	}
	return codes, domains, nil
}
