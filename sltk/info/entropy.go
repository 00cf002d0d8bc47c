package info

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors; the functions wrap them with the offending index or value. The general
// ones are those of package errs under the same names: ErrProb for a negative entry or a sum
// other than 1, ErrShape for mismatched lengths, ErrParam for a parameter out of range.
// ErrSupport is this package's own: a divergence that is infinite because q vanishes where p
// does not (an errs.ErrNoSolution).
var (
	ErrEmpty     = errs.ErrEmpty
	ErrNotFinite = errs.ErrNotFinite
	ErrProb      = errs.ErrProb
	ErrShape     = errs.ErrShape
	ErrParam     = errs.ErrParam
	ErrTooLarge  = errs.ErrTooLarge
	ErrNotFitted = errs.ErrNotFitted
	ErrSupport   = errs.New("info: q is zero where p is positive", errs.ErrNoSolution)
)

// plogp returns p·log2(1/p) with the convention 0·log(1/0) = 0.
func plogp(p float64) float64 {
	if p <= 0 {
		return 0
	}
	return -p * math.Log2(p)
}

// EntropyBits returns H(p) = Σ p_i log2(1/p_i) in bits (Def. 2.11), with 0·log(1/0) = 0.
// It lies in [0, log2 n] (Lemma 2.13). Cost O(n).
func EntropyBits(p []float64) (float64, error) { return entropy("EntropyBits", p, math.Log2) }

// EntropyNats returns H(p) = Σ p_i ln(1/p_i) in nats, the unit of Gibbs distributions and free
// energies; EntropyBits is the same quantity divided by ln 2. Cost O(n).
func EntropyNats(p []float64) (float64, error) { return entropy("EntropyNats", p, math.Log) }

// entropy is −Σ p log p in the unit of the given logarithm.
func entropy(fn string, p []float64, log func(float64) float64) (float64, error) {
	if err := check.Prob("p", p); err != nil {
		return 0, fmt.Errorf("info: %s: %w", fn, err)
	}
	h := 0.0
	for _, x := range p {
		if x > 0 {
			h -= x * log(x)
		}
	}
	return h, nil
}

// EntropyCounts returns the entropy of the empirical distribution counts/Σcounts, the form the
// decision-tree learner needs (label counts at a node). The counts must be non-negative with a
// positive sum; they need not be integers. Cost O(n).
func EntropyCounts(counts []float64) (float64, error) {
	if err := check.Weights("counts", counts); err != nil {
		return 0, fmt.Errorf("info: EntropyCounts: %w", err)
	}
	return entropyCounts(counts)
}

func entropyCounts(counts []float64) (float64, error) {
	tot := 0.0
	for _, c := range counts {
		tot += c
	}
	if math.IsInf(tot, 0) { // the entropy is scale-free: rescale counts whose sum overflows
		mx := floats.Max(counts)
		if math.IsInf(mx, 0) {
			return 0, fmt.Errorf("info: a count is %v (an overflowing sum of counts): %w", mx, ErrNotFinite)
		}
		scaled := make([]float64, len(counts))
		floats.ScaleTo(scaled, 1/mx, counts)
		return entropyCounts(scaled)
	}
	if tot <= 0 {
		return 0, fmt.Errorf("info: counts sum to 0: %w", ErrEmpty)
	}
	// H = log2(tot) − Σ c log2 c / tot avoids dividing every count.
	s := 0.0
	for _, c := range counts {
		if c > 0 {
			s += c * math.Log2(c)
		}
	}
	h := math.Log2(tot) - s/tot
	if h < 0 { // rounding for point masses
		h = 0
	}
	return h, nil
}

// BinaryEntropy returns h(p) = p log2(1/p) + (1−p) log2(1/(1−p)), with h(0) = h(1) = 0 and
// maximum 1 at p = 1/2. A p outside [0, 1] or NaN is an error wrapping ErrParam.
func BinaryEntropy(p float64) (float64, error) {
	if !(p >= 0 && p <= 1) {
		return 0, fmt.Errorf("info: BinaryEntropy: p = %v, want in [0, 1]: %w", p, ErrParam)
	}
	return binaryEntropy(p), nil
}

// binaryEntropy is h(p) for a p in [0, 1] that the caller has checked.
func binaryEntropy(p float64) float64 { return plogp(p) + plogp(1-p) }

// InformationContent returns I(A) = log2(1/P(A)) for an event of probability prob ∈ (0, 1]
// (Lemma 2.9 and Cor. 2.10: the unique additive, monotone measure up to the base).
func InformationContent(prob float64) (float64, error) {
	if math.IsNaN(prob) || prob <= 0 || prob > 1 {
		return 0, fmt.Errorf("info: InformationContent: probability %v not in (0, 1]: %w", prob, ErrParam)
	}
	return -math.Log2(prob), nil
}

// KLBits returns the relative entropy D(p‖q) = Σ p_i log2(p_i/q_i) ≥ 0 in bits. When p_i > 0
// and q_i = 0 the divergence is +∞; that case is an error wrapping ErrSupport and naming the
// index rather than +Inf, so that an infinite value never flows into later sums. Cost O(n).
func KLBits(p, q []float64) (float64, error) { return kl("KLBits", p, q, math.Log2) }

// KLNats returns D(p‖q) = Σ p_i ln(p_i/q_i) ≥ 0 in nats; see KLBits for the conventions.
func KLNats(p, q []float64) (float64, error) { return kl("KLNats", p, q, math.Log) }

// kl is Σ p log(p/q) in the unit of the given logarithm.
func kl(fn string, p, q []float64, log func(float64) float64) (float64, error) {
	if len(p) != len(q) {
		return 0, fmt.Errorf("info: %s: len(p) = %d, len(q) = %d: %w", fn, len(p), len(q), ErrShape)
	}
	if err := check.Prob("p", p); err != nil {
		return 0, fmt.Errorf("info: %s: %w", fn, err)
	}
	if err := check.Prob("q", q); err != nil {
		return 0, fmt.Errorf("info: %s: %w", fn, err)
	}
	d := 0.0
	for i := range p {
		if p[i] == 0 {
			continue
		}
		if q[i] == 0 {
			return 0, fmt.Errorf("info: %s: p[%d] = %v, q[%d] = 0: %w", fn, i, p[i], i, ErrSupport)
		}
		d += p[i] * log(p[i]/q[i])
	}
	return math.Max(d, 0), nil
}

// jointSums validates a joint distribution and returns its row and column marginals.
func jointSums(joint mat.Matrix) (rows, cols []float64, err error) {
	if check.IsNil(joint) {
		return nil, nil, fmt.Errorf("info: nil joint distribution: %w", ErrEmpty)
	}
	r, c := joint.Dims()
	if r == 0 || c == 0 {
		return nil, nil, fmt.Errorf("info: joint distribution is %d×%d: %w", r, c, ErrEmpty)
	}
	rows, cols = make([]float64, r), make([]float64, c)
	tot := 0.0
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			v := joint.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, fmt.Errorf("info: joint[%d,%d] = %v: %w", i, j, v, ErrNotFinite)
			}
			if v < 0 {
				return nil, nil, fmt.Errorf("info: joint[%d,%d] = %v: %w", i, j, v, ErrProb)
			}
			rows[i] += v
			cols[j] += v
			tot += v
		}
	}
	if math.Abs(tot-1) > check.ProbTol {
		return nil, nil, fmt.Errorf("info: joint distribution sums to %.12g: %w", tot, ErrProb)
	}
	return rows, cols, nil
}

// Marginals returns the distributions of X (row sums) and of Y (column sums) of a joint
// distribution with rows indexed by X and columns by Y, after the checks every joint-
// distribution function of this package makes (finite, non-negative, sum 1). Cost
// O(rows·cols).
func Marginals(joint mat.Matrix) (px, py []float64, err error) {
	px, py, err = jointSums(joint)
	if err != nil {
		return nil, nil, fmt.Errorf("info: Marginals: %w", err)
	}
	return px, py, nil
}

// JointEntropy returns H(X,Y) of a joint distribution given as a matrix with rows indexed by the
// values of X and columns by the values of Y. Cost O(rows·cols).
func JointEntropy(joint mat.Matrix) (float64, error) {
	if _, _, err := jointSums(joint); err != nil {
		return 0, err
	}
	r, c := joint.Dims()
	h := 0.0
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			h += plogp(joint.At(i, j))
		}
	}
	return h, nil
}

// ConditionalEntropy returns H(Y|X) = Σ_x P(x) H(Y | X = x) = H(X,Y) − H(X), with rows = X.
// It is computed row by row (not as a difference), so it is never negative. Cost O(rows·cols).
func ConditionalEntropy(joint mat.Matrix) (float64, error) {
	rows, _, err := jointSums(joint)
	if err != nil {
		return 0, err
	}
	_, c := joint.Dims()
	h := 0.0
	for i, px := range rows {
		if px == 0 {
			continue
		}
		for j := 0; j < c; j++ {
			h += px * plogp(joint.At(i, j)/px)
		}
	}
	return h, nil
}

// MutualInformation returns I(X;Y) = Σ p(x,y) log2 p(x,y)/(p(x)p(y)) = H(Y) − H(Y|X) ≥ 0, with
// rows = X. Cost O(rows·cols).
func MutualInformation(joint mat.Matrix) (float64, error) {
	rows, cols, err := jointSums(joint)
	if err != nil {
		return 0, err
	}
	mi := 0.0
	for i, px := range rows {
		for j, py := range cols {
			v := joint.At(i, j)
			if v > 0 {
				mi += v * math.Log2(v/(px*py))
			}
		}
	}
	return math.Max(mi, 0), nil
}

// InformationGain returns G(S,A) = H(P) − Σ_x |S_{A=x}|/|S| · H(P_{A=x}), the expected drop in
// label entropy from splitting a sample S on feature A (AFDS chapter 2 (Information and
// compression) §2.3). counts[x][y] is the number of examples with feature value x and label y; all
// rows must have the same length (the number of classes), and rows of zeros (values absent from S)
// are allowed and contribute nothing. Cost O(values·classes).
func InformationGain(counts [][]float64) (float64, error) {
	if len(counts) == 0 {
		return 0, fmt.Errorf("info: InformationGain: no feature values: %w", ErrEmpty)
	}
	k := len(counts[0])
	total := make([]float64, k)
	for x, row := range counts {
		if len(row) != k {
			return 0, fmt.Errorf("info: InformationGain: counts[%d] has %d classes, counts[0] has %d: %w", x, len(row), k, ErrShape)
		}
		if err := check.Weights(fmt.Sprintf("counts[%d]", x), row); err != nil {
			return 0, fmt.Errorf("info: InformationGain: %w", err)
		}
		for y, c := range row {
			total[y] += c
		}
	}
	hS, err := entropyCounts(total)
	if err != nil {
		return 0, err
	}
	n := 0.0
	for _, c := range total {
		n += c
	}
	g := hS
	for _, row := range counts {
		m := 0.0
		for _, c := range row {
			m += c
		}
		if m == 0 {
			continue
		}
		h, _ := entropyCounts(row)
		g -= m / n * h
	}
	return math.Max(g, 0), nil
}
