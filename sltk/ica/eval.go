package ica

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/assign"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// AmariIndex measures how far the global system P = W·A (k×k) is from a scaled permutation:
//
//	(1/(2k(k−1))) [ Σ_i (Σ_j |P_ij|/max_l |P_il| − 1) + Σ_j (Σ_i |P_ij|/max_l |P_lj| − 1) ].
//
// It lies in [0, 1] and is 0 exactly when every row and column of P has a single non-zero
// entry, i.e. when separation is perfect up to the permutation, scale and sign ambiguity of
// ML chapter 2 §2.2 (spec C24). Unrelated random matrices score around 0.3–0.5. Cost O(k²).
func AmariIndex(p mat.Matrix) (float64, error) {
	r, c, err := checkNamed("AmariIndex", "P", p)
	if err != nil {
		return 0, err
	}
	if r != c || r < 2 {
		return 0, fmt.Errorf("ica: AmariIndex: Amari index needs a square matrix of size ≥ 2, got %d×%d: %w", r, c, ErrParam)
	}
	k := r
	rowMax := make([]float64, k)
	colMax := make([]float64, k)
	for i := range k {
		for j := range k {
			a := math.Abs(p.At(i, j))
			rowMax[i] = math.Max(rowMax[i], a)
			colMax[j] = math.Max(colMax[j], a)
		}
	}
	for i := range k {
		if rowMax[i] == 0 || colMax[i] == 0 {
			return 0, fmt.Errorf("ica: AmariIndex: P has a zero row or column: %w", ErrSingular)
		}
	}
	var s float64
	for i := range k {
		for j := range k {
			a := math.Abs(p.At(i, j))
			s += a/rowMax[i] + a/colMax[j]
		}
	}
	if math.IsNaN(s) { // a row maximum of +Inf: P·A overflowed
		return 0, fmt.Errorf("ica: AmariIndex: P has an entry beyond the float64 range: %w", ErrNotFinite)
	}
	s -= 2 * float64(k)
	return s / (2 * float64(k) * float64(k-1)), nil
}

// Amari returns the Amari index of Unmixing·mixing for a known true mixing matrix (d×k). A nil
// or unfitted result gives ErrNotFitted.
func (r *Result) Amari(mixing mat.Matrix) (float64, error) {
	if r == nil || check.IsNil(r.Unmixing) {
		return 0, fmt.Errorf("ica: Result.Amari: no unmixing matrix: %w", ErrNotFitted)
	}
	d, k, err := checkNamed("Result.Amari", "mixing", mixing)
	if err != nil {
		return 0, err
	}
	wr, wc := r.Unmixing.Dims()
	if wc != d || wr != k {
		return 0, fmt.Errorf("ica: Result.Amari: unmixing is %d×%d, true mixing is %d×%d: %w", wr, wc, d, k, ErrParam)
	}
	var p mat.Dense
	p.Mul(r.Unmixing, mixing)
	return AmariIndex(&p)
}

// Matching pairs recovered components with true sources.
type Matching struct {
	// Perm[i] is the true source matched to estimated component i.
	Perm []int
	// Sign[i] is ±1, the sign of corr(estimate i, source Perm[i]).
	Sign []float64
	// Corr[i] is |corr(estimate i, source Perm[i])|.
	Corr []float64
	// Abs is the full |corr| matrix, estimates in rows, sources in columns.
	Abs *mat.Dense
}

// Match pairs the columns of est (n×k, recovered sources) with the columns of truth (n×k) so
// that the sum of |correlations| is largest, resolving the permutation and sign ambiguity
// (ML chapter 2 §2.2.1, §2.2.2). The assignment is solved exactly by the Hungarian algorithm (gonum has
// none; the project's own is shared with metrics.MatchedAccuracy). Cost O(n·k²) for the
// correlations and O(k³) for the assignment.
func Match(est, truth mat.Matrix) (*Matching, error) {
	n, k, err := checkNamed("Match", "est", est)
	if err != nil {
		return nil, err
	}
	tn, tk, err := checkNamed("Match", "truth", truth)
	if err != nil {
		return nil, err
	}
	if n != tn || k != tk || n < 2 || k == 0 {
		return nil, fmt.Errorf("ica: Match: estimate is %d×%d, truth is %d×%d: %w", n, k, tn, tk, ErrParam)
	}
	ec := columns(est)
	tc := columns(truth)
	abs := mat.NewDense(k, k, nil)
	sgn := mat.NewDense(k, k, nil)
	for i := range k {
		for j := range k {
			c := stat.Correlation(ec[i], tc[j], nil)
			if math.IsNaN(c) { // overflow of the sums (values near 1e154 and beyond) or a constant column
				c = stat.Correlation(unitScale(ec[i]), unitScale(tc[j]), nil)
			}
			if math.IsNaN(c) {
				return nil, fmt.Errorf("ica: Match: estimate %d or source %d is constant: %w", i, j, ErrSingular)
			}
			abs.Set(i, j, math.Abs(c))
			sgn.Set(i, j, math.Copysign(1, c))
		}
	}
	cost := make([][]float64, k)
	for i := range cost {
		cost[i] = make([]float64, k)
		for j := range k {
			cost[i][j] = -abs.At(i, j)
		}
	}
	perm, err := assign.Hungarian(cost)
	if err != nil { // unreachable: the correlations were checked finite
		return nil, fmt.Errorf("ica: Match: %w: %w", err, ErrParam)
	}
	m := &Matching{Perm: perm, Sign: make([]float64, k), Corr: make([]float64, k), Abs: abs}
	for i, j := range perm {
		m.Sign[i] = sgn.At(i, j)
		m.Corr[i] = abs.At(i, j)
	}
	return m, nil
}

// Apply reorders and re-signs est (n×k) so that column j estimates true source j. A nil
// matching gives ErrNotFitted; one whose Perm is not a permutation of the k columns of est, or
// whose Sign does not have k entries ±1, gives ErrShape or ErrParam.
func (m *Matching) Apply(est mat.Matrix) (*mat.Dense, error) {
	if m == nil || m.Perm == nil {
		return nil, fmt.Errorf("ica: Matching.Apply: no matching: %w", ErrNotFitted)
	}
	n, k, err := checkNamed("Matching.Apply", "est", est)
	if err != nil {
		return nil, err
	}
	if len(m.Perm) != k || len(m.Sign) != k {
		return nil, fmt.Errorf("ica: Matching.Apply: est has %d columns, the matching has %d Perm and %d Sign entries: %w",
			k, len(m.Perm), len(m.Sign), ErrShape)
	}
	seen := make([]bool, k)
	for i, j := range m.Perm {
		if j < 0 || j >= k || seen[j] {
			return nil, fmt.Errorf("ica: Matching.Apply: Perm[%d] = %d: not a permutation of 0..%d: %w", i, j, k-1, ErrParam)
		}
		seen[j] = true
		if s := m.Sign[i]; s != 1 && s != -1 {
			return nil, fmt.Errorf("ica: Matching.Apply: Sign[%d] = %v, want ±1: %w", i, s, ErrParam)
		}
	}
	out := mat.NewDense(n, k, nil)
	for i, j := range m.Perm {
		for t := range n {
			out.Set(t, j, m.Sign[i]*est.At(t, i))
		}
	}
	return out, nil
}

// unitScale returns v divided by its largest magnitude (v itself when that is 0): correlations
// are scale-invariant, and the scaled sums do not overflow.
func unitScale(v []float64) []float64 {
	s := 0.0
	for _, x := range v {
		s = math.Max(s, math.Abs(x))
	}
	if s == 0 {
		return v
	}
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x / s
	}
	return out
}

func columns(m mat.Matrix) [][]float64 {
	_, k := m.Dims()
	c := make([][]float64, k)
	for j := range k {
		c[j] = mat.Col(nil, j, m)
	}
	return c
}

// Evaluation compares a fitted separation with the known truth of a synthetic problem.
type Evaluation struct {
	// Matching pairs each recovered component with the true source it correlates with most
	// (order and sign); Matching.Corr holds the absolute correlations.
	Matching *Matching
	// Aligned holds the recovered sources reordered and re-signed by Matching: column j
	// estimates true source j (up to scale, which no method can know).
	Aligned *mat.Dense
	// Amari is the Amari index of Unmixing·mixing: 0 exactly for a scaled permutation.
	Amari float64
}

// Evaluate scores r against the truth of a synthetic problem (a synth.Problem gives both): the
// true sources (n×k, the rows of r.Sources) and the true mixing matrix (d×k). It is Match,
// Matching.Apply and Amari in one call, the measures by which the notebooks judge every
// method on data whose answer is known. A nil or unfitted result gives ErrNotFitted; shapes
// that do not fit give the errors of Match and Amari. Cost O(n·k² + d·k² + k³).
func (r *Result) Evaluate(sources, mixing mat.Matrix) (*Evaluation, error) {
	if r == nil || check.IsNil(r.Sources) || check.IsNil(r.Unmixing) {
		return nil, fmt.Errorf("ica: Result.Evaluate: no fitted sources: %w", ErrNotFitted)
	}
	m, err := Match(r.Sources, sources)
	if err != nil {
		return nil, fmt.Errorf("ica: Result.Evaluate: %w", err)
	}
	aligned, err := m.Apply(r.Sources)
	if err != nil { // unreachable: Match returns a permutation with k signs ±1
		return nil, fmt.Errorf("ica: Result.Evaluate: %w", err)
	}
	amari, err := r.Amari(mixing)
	if err != nil {
		return nil, fmt.Errorf("ica: Result.Evaluate: %w", err)
	}
	return &Evaluation{Matching: m, Aligned: aligned, Amari: amari}, nil
}
