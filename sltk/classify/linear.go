package classify

import (
	"fmt"
	"math"
	"slices"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors. The general ones are those of package errs under the same names (so
// errors.Is(err, classify.ErrShape) and errors.Is(err, errs.ErrShape) agree); ErrNotSeparable is
// this package's own failure: data that no linear separator classifies without error (an
// errs.ErrNoSolution).
var (
	ErrEmpty        = errs.ErrEmpty
	ErrShape        = errs.ErrShape
	ErrNotFinite    = errs.ErrNotFinite
	ErrLabel        = errs.ErrLabel
	ErrParam        = errs.ErrParam
	ErrNotFitted    = errs.ErrNotFitted
	ErrTooLarge     = errs.ErrTooLarge
	ErrNotSeparable = errs.New("classify: data not linearly separable", errs.ErrNoSolution)
)

// checkX validates an n×d data matrix and returns its dimensions.
func checkX(fn string, x mat.Matrix) (n, d int, err error) {
	n, d, e := check.Matrix("x", x)
	if e != nil {
		return 0, 0, fmt.Errorf("classify: %s: %w", fn, e)
	}
	return n, d, nil
}

// signs validates n binary labels in {0, 1} and returns them as the ±1 values the linear
// methods compute with: 0 → −1, 1 → +1.
func signs(fn string, y []int, n int) ([]float64, error) {
	if len(y) != n {
		return nil, fmt.Errorf("classify: %s: %d labels for %d rows: %w", fn, len(y), n, ErrShape)
	}
	s := make([]float64, n)
	for i, v := range y {
		switch v {
		case 0:
			s[i] = -1
		case 1:
			s[i] = 1
		default:
			return nil, fmt.Errorf("classify: %s: y[%d] = %d, want 0 or 1: %w", fn, i, v, ErrLabel)
		}
	}
	return s, nil
}

// binary returns the label 1 where v > 0 and 0 elsewhere: the class of a decision value.
func binary(v float64) int {
	if v > 0 {
		return 1
	}
	return 0
}

// dense returns x as a *mat.Dense: x itself when it is one, otherwise a copy.
func dense(x mat.Matrix) *mat.Dense {
	if d, ok := x.(*mat.Dense); ok {
		return d
	}
	return mat.DenseCopyOf(x)
}

// Sgn is the sign function with sgn(0) = 0 (the seed's convention, L736): an example on the
// hyperplane counts as misclassified.
func Sgn(v float64) float64 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// AppendOne returns x with a constant 1 appended to every row, x̂ = (x, 1). By Lemma 1.6 a
// separator (w, b) with sgn(⟨w,x⟩ − b) is consistent iff the homogeneous ŵ = (w, −b) is
// consistent on the lifted data. A nil or empty x gives ErrEmpty, a NaN or ±Inf entry
// ErrNotFinite naming it. Cost O(n·d).
func AppendOne(x mat.Matrix) (*mat.Dense, error) {
	n, d, err := checkX("AppendOne", x)
	if err != nil {
		return nil, err
	}
	out := mat.NewDense(n, d+1, nil)
	out.Slice(0, n, 0, d).(*mat.Dense).Copy(x)
	for i := 0; i < n; i++ {
		out.Set(i, d, 1)
	}
	return out, nil
}

// SplitBias undoes AppendOne on a weight vector: ŵ = (w, −b) gives w and b. An empty or
// non-finite ŵ gives an error (ErrEmpty, ErrNotFinite naming the entry).
func SplitBias(what []float64) (w []float64, b float64, err error) {
	if len(what) == 0 {
		return nil, 0, fmt.Errorf("classify: SplitBias: ŵ is empty: %w", ErrEmpty)
	}
	for i, v := range what {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, 0, fmt.Errorf("classify: SplitBias: ŵ[%d] = %v: %w", i, v, ErrNotFinite)
		}
	}
	return append([]float64(nil), what[:len(what)-1]...), -what[len(what)-1], nil
}

// PredictSigns returns sgn⟨w, x_i⟩ for every row. A non-finite w or a product that overflows
// is ErrNotFinite (its sign would be a guess). Cost O(n·d).
func PredictSigns(w []float64, x mat.Matrix) ([]float64, error) {
	n, d, err := checkX("PredictSigns", x)
	if err != nil {
		return nil, err
	}
	if len(w) != d {
		return nil, fmt.Errorf("classify: PredictSigns: w has %d entries, x has %d columns: %w", len(w), d, ErrShape)
	}
	for j, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("classify: PredictSigns: w[%d] = %v: %w", j, v, ErrNotFinite)
		}
	}
	z := mat.NewVecDense(n, nil)
	z.MulVec(x, mat.NewVecDense(d, w))
	out := make([]float64, n)
	for i := range out {
		v := z.AtVec(i)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			// An overflowed sum has no reliable sign (1e308 + 1e308 − 3e308 gives +Inf).
			return nil, fmt.Errorf("classify: PredictSigns: row %d: ⟨w, x⟩ = %v overflows; rescale the data or w: %w", i, v, ErrNotFinite)
		}
		out[i] = Sgn(v)
	}
	return out, nil
}

// predictLinear returns the class 1 where ⟨w, x_i⟩ + b > 0 and 0 elsewhere. Cost O(n·d).
func predictLinear(fn string, w []float64, b float64, x mat.Matrix) ([]int, error) {
	n, d, err := checkX(fn, x)
	if err != nil {
		return nil, err
	}
	if d != len(w) {
		return nil, fmt.Errorf("classify: %s: model has %d weights, x has %d columns: %w", fn, len(w), d, ErrShape)
	}
	xd := dense(x)
	out := make([]int, n)
	for i := range out {
		z := floats.Dot(w, xd.RawRowView(i)) + b
		if math.IsNaN(z) || math.IsInf(z, 0) {
			return nil, fmt.Errorf("classify: %s: row %d: score ⟨W, x⟩ + B = %v overflows; rescale the data: %w", fn, i, z, ErrNotFinite)
		}
		out[i] = binary(z)
	}
	return out, nil
}

// checkScaled is checkX followed by checkScale, the checks of the fits and predictions that
// sum products of entries, in one pass over the data where it can: when x is a *mat.Dense
// whose entries all lie within ±check.MaxAbs (which excludes NaN and ±Inf), both checks pass,
// and that is found by one scan of the rows on all cores. Otherwise, and for other matrix
// types, it returns what checkX and then checkScale return (the first fault, with its place).
// Cost O(n·d), one pass instead of three.
func checkScaled(fn string, x mat.Matrix) (n, d int, err error) {
	if xd, ok := x.(*mat.Dense); ok && xd != nil && !xd.IsEmpty() {
		n, d = xd.Dims()
		raw := xd.RawMatrix()
		bad := make([]bool, n/scanRows+1)
		par.Chunks(len(bad), 1, func(lo, hi int) {
			for b := lo; b < hi; b++ {
				for i := b * scanRows; i < min((b+1)*scanRows, n); i++ {
					for _, v := range raw.Data[i*raw.Stride : i*raw.Stride+d] {
						if !(math.Abs(v) <= check.MaxAbs) {
							bad[b] = true
							return
						}
					}
				}
			}
		})
		if !slices.Contains(bad, true) {
			return n, d, nil
		}
	}
	if n, d, err = checkX(fn, x); err != nil {
		return 0, 0, err
	}
	return n, d, checkScale(fn, x)
}

// scanRows is the rows per task of checkScaled's scan (8192 rows of 20 features: 1.3 MB).
const scanRows = 8192

// checkScale refuses entries of x beyond check.MaxAbs = 1e150 in magnitude, where sums of
// products overflow ("rescale the data", ErrNotFinite). Cost O(n·d).
func checkScale(fn string, x mat.Matrix) error {
	data, _, d, e := check.Rows("x", x)
	if e != nil {
		return fmt.Errorf("classify: %s: %w", fn, e)
	}
	if err := check.Squarable("x", data, d); err != nil {
		return fmt.Errorf("classify: %s: %w", fn, err)
	}
	return nil
}

// TrainingErrors counts the examples with sgn⟨w, x_i⟩ ≠ y_i for labels y in {0, 1} (read as
// −1, +1): the Chapter 1 training error, a count (divide by n for the Chapter 3 rate). A point
// on the hyperplane (sgn = 0) counts as an error. Cost O(n·d).
func TrainingErrors(w []float64, x mat.Matrix, y []int) (int, error) {
	s, err := PredictSigns(w, x)
	if err != nil {
		return 0, err
	}
	ys, err := signs("TrainingErrors", y, len(s))
	if err != nil {
		return 0, err
	}
	k := 0
	for i := range s {
		if s[i] != ys[i] {
			k++
		}
	}
	return k, nil
}

// Margin returns min_i y_i⟨w, x_i⟩ / ‖w‖ for labels y in {0, 1} (read as −1, +1): the distance of the closest example to the hyperplane
// ⟨w, x⟩ = 0 when w is consistent (positive), and a negative number when it is not. The
// Perceptron's mistake bound (λ/γ)² uses this γ. Cost O(n·d).
func Margin(w []float64, x mat.Matrix, y []int) (float64, error) {
	n, d, err := checkX("Margin", x)
	if err != nil {
		return 0, err
	}
	ys, err := signs("Margin", y, n)
	if err != nil {
		return 0, err
	}
	if len(w) != d {
		return 0, fmt.Errorf("classify: Margin: w has %d entries, x has %d columns: %w", len(w), d, ErrShape)
	}
	for j, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("classify: Margin: w[%d] = %v: %w", j, v, ErrNotFinite)
		}
	}
	nw := floats.Norm(w, 2)
	if nw == 0 {
		return 0, fmt.Errorf("classify: Margin: w = 0 has no margin: %w", ErrParam)
	}
	z := mat.NewVecDense(n, nil)
	z.MulVec(x, mat.NewVecDense(d, w))
	m := math.Inf(1)
	for i := 0; i < n; i++ {
		m = math.Min(m, ys[i]*z.AtVec(i))
	}
	if r := m / nw; !math.IsNaN(r) && !math.IsInf(r, 0) {
		return r, nil
	}
	return 0, fmt.Errorf("classify: Margin: min_i y_i⟨w, x_i⟩ / ‖w‖ = %v / %v overflows; rescale the data or w: %w", m, nw, ErrNotFinite)
}

// MaxNorm returns λ = max_i ‖x_i‖, the radius in the Perceptron's mistake bound. Cost O(n·d).
func MaxNorm(x mat.Matrix) (float64, error) {
	n, _, err := checkX("MaxNorm", x)
	if err != nil {
		return 0, err
	}
	xd := dense(x)
	m := 0.0
	for i := 0; i < n; i++ {
		m = math.Max(m, floats.Norm(xd.RawRowView(i), 2))
	}
	if math.IsInf(m, 0) {
		return 0, fmt.Errorf("classify: MaxNorm: a row norm overflows float64; rescale the data: %w", ErrNotFinite)
	}
	return m, nil
}

// CircleLift maps (x, y) to (x² + y², x, y): points inside and outside a circle centred at the
// origin become separable by a plane (§1.4). x must have 2 columns; entries beyond 1e150, whose
// squares overflow, give ErrNotFinite. Cost O(n).
func CircleLift(x mat.Matrix) (*mat.Dense, error) {
	n, d, err := checkX("CircleLift", x)
	if err != nil {
		return nil, err
	}
	if d != 2 {
		return nil, fmt.Errorf("classify: CircleLift: circle lift needs 2 columns, got %d: %w", d, ErrShape)
	}
	if err := checkScale("CircleLift", x); err != nil {
		return nil, err
	}
	out := mat.NewDense(n, 3, nil)
	for i := 0; i < n; i++ {
		a, b := x.At(i, 0), x.At(i, 1)
		out.SetRow(i, []float64{a*a + b*b, a, b})
	}
	return out, nil
}

// QuadraticLift maps x ∈ R^d to all monomials of degree 2 followed by the linear terms:
// (x_i x_j for i ≤ j in lexicographic order, then x_1..x_d). For d = 2 this is the seed's
// τ(x1, x2) = (x1², x1x2, x2², x1, x2); a linear separator with bias on τ(x) is a quadratic
// separator on x. Output has d(d+1)/2 + d columns. Entries of magnitude beyond 1e150, whose
// products would overflow, give ErrNotFinite. Cost O(n·d²).
func QuadraticLift(x mat.Matrix) (*mat.Dense, error) {
	data, n, d, e := check.Rows("x", x)
	if e != nil {
		return nil, fmt.Errorf("classify: QuadraticLift: %w", e)
	}
	if err := check.Squarable("x", data, d); err != nil {
		return nil, fmt.Errorf("classify: QuadraticLift: %w", err)
	}
	m := d*(d+1)/2 + d
	out := mat.NewDense(n, m, nil)
	row := make([]float64, m)
	for r := 0; r < n; r++ {
		k := 0
		for i := 0; i < d; i++ {
			for j := i; j < d; j++ {
				row[k] = x.At(r, i) * x.At(r, j)
				k++
			}
		}
		for i := 0; i < d; i++ {
			row[k] = x.At(r, i)
			k++
		}
		out.SetRow(r, row)
	}
	return out, nil
}
