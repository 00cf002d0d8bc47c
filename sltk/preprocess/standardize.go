// Package preprocess holds the transformations that prepare a data matrix for a learner. It
// has the standardiser, the counterpart of scikit-learn's StandardScaler: each column is
// centred to mean 0 and divided by its standard deviation; and the splits into training and
// held-out parts: HoldOut (every k-th row, no randomness) and TrainTest (scikit-learn's
// train_test_split: seeded, optionally stratified by label).
//
// Why a package of its own: a standardiser is fitted on training data and applied to new
// data, so it is a model (an sltk.Transformer) rather than a parsing step; it belongs neither
// in frame (the data layer, which learners must not import) nor in one learner, since k-NN,
// k-means, SVMs and logistic regression all want standardised inputs. Learners and notebooks
// can both import it; it imports no learner.
package preprocess

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors, those of package errs under the same names.
var (
	ErrEmpty     = errs.ErrEmpty
	ErrNotFinite = errs.ErrNotFinite
	ErrShape     = errs.ErrShape
	ErrNotFitted = errs.ErrNotFitted
	ErrParam     = errs.ErrParam
)

// Standardizer fits a Standardization: per column the mean and the population standard
// deviation (divisor n, as scikit-learn's StandardScaler), so that the transformed training
// columns have mean 0 and variance 1. A constant column gets scale 1 (it becomes 0, not NaN).
// The zero value centres and scales.
type Standardizer struct {
	NoCenter bool // keep the mean (scikit-learn: with_mean=False); Mean is then all 0
	NoScale  bool // keep the spread (with_std=False); Scale is then all 1
}

// Standardization is a fitted standardiser: x ↦ (x − Mean) / Scale, column by column.
type Standardization struct {
	Mean  []float64 // column means (scikit-learn: mean_)
	Scale []float64 // column standard deviations, 1 for constant columns (scale_)
}

var _ sltk.Transformer = (*Standardization)(nil)

// Fit computes the column means and standard deviations of x (n×d). The deviations are
// computed as m·√(mean(((x − mean)/m)²)) with m the largest |x − mean| of the column, so that
// columns of huge but finite values (1e300) do not overflow. Cost O(n·d), two passes.
func (s Standardizer) Fit(x mat.Matrix) (*Standardization, error) {
	data, n, d, err := rows("Standardizer.Fit", x)
	if err != nil {
		return nil, err
	}
	st := &Standardization{Mean: make([]float64, d), Scale: make([]float64, d)}
	col := make([]float64, n)
	for j := 0; j < d; j++ {
		for i := range col {
			col[i] = data[i*d+j]
		}
		mean, sd := meanSD(col)
		st.Mean[j], st.Scale[j] = mean, sd
		if s.NoCenter {
			st.Mean[j] = 0
		}
		if s.NoScale || sd == 0 {
			st.Scale[j] = 1
		}
	}
	return st, nil
}

// meanSD returns the mean and the population standard deviation of v without overflow for
// finite input: the mean as Σ v_i/n, the deviation relative to the largest |v_i − mean|.
func meanSD(v []float64) (mean, sd float64) {
	n := float64(len(v))
	for _, x := range v {
		mean += x / n
	}
	big := 0.0
	for _, x := range v {
		big = math.Max(big, math.Abs(x-mean))
	}
	if big == 0 || math.IsInf(big, 0) {
		return mean, big
	}
	ss := 0.0
	for _, x := range v {
		r := (x - mean) / big
		ss += r * r
	}
	return mean, big * math.Sqrt(ss/n)
}

// Transform returns (x − Mean) / Scale for every row of x, whose columns must match the
// fitted ones. Cost O(n·d).
func (st *Standardization) Transform(x mat.Matrix) (*mat.Dense, error) {
	return st.apply("Standardization.Transform", x, func(v, mean, scale float64) float64 { return (v - mean) / scale })
}

// InverseTransform maps standardised rows back: z·Scale + Mean. Cost O(n·d).
func (st *Standardization) InverseTransform(z mat.Matrix) (*mat.Dense, error) {
	return st.apply("Standardization.InverseTransform", z, func(v, mean, scale float64) float64 { return v*scale + mean })
}

// apply validates x and maps every entry with f and its column's mean and scale.
func (st *Standardization) apply(fn string, x mat.Matrix, f func(v, mean, scale float64) float64) (*mat.Dense, error) {
	if err := st.check(fn); err != nil {
		return nil, err
	}
	data, n, d, err := rows(fn, x)
	if err != nil {
		return nil, err
	}
	if d != len(st.Mean) {
		return nil, fmt.Errorf("preprocess: %s: x has %d columns, fitted on %d: %w", fn, d, len(st.Mean), ErrShape)
	}
	out := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		row := out.RawRowView(i)
		for j := range row {
			row[j] = f(data[i*d+j], st.Mean[j], st.Scale[j])
			if math.IsInf(row[j], 0) || math.IsNaN(row[j]) {
				return nil, fmt.Errorf("preprocess: %s: x[%d,%d] = %g overflows with Mean[%d] = %g, Scale[%d] = %g: %w",
					fn, i, j, data[i*d+j], j, st.Mean[j], j, st.Scale[j], ErrNotFinite)
			}
		}
	}
	return out, nil
}

func (st *Standardization) check(fn string) error {
	if st == nil || len(st.Mean) == 0 || len(st.Scale) != len(st.Mean) {
		return fmt.Errorf("preprocess: %s on a zero value: %w", fn, ErrNotFitted)
	}
	return nil
}

// rows validates x and returns its entries in row-major order.
func rows(fn string, x mat.Matrix) ([]float64, int, int, error) {
	data, n, d, e := check.Rows("x", x)
	if e != nil {
		return nil, 0, 0, fmt.Errorf("preprocess: %s: %w", fn, e)
	}
	return data, n, d, nil
}
