// Package metrics compares two labellings of the same n items: a clustering with the true
// classes, or two clusterings with each other. It holds the external clustering scores a
// scikit-learn user looks for in sklearn.metrics: the confusion (contingency) matrix, the
// adjusted Rand index (adjusted_rand_score), the normalised mutual information
// (normalized_mutual_info_score, arithmetic normalisation) and the accuracy after the best
// one-to-one matching of cluster ids to classes (the Hungarian method of internal/assign), and
// its complement, the disagreement of two clusterings (ML chapter 4).
//
// Why a package of its own: the scores take []int labels from any learner (cluster, density,
// classify, embed) and belong to none of them; it imports no learner, so a learner may use it
// (cluster.Stability selects K by Disagreement). Entropies are in nats, computed here from counts (info works on probability
// vectors); NMI does not depend on the unit.
//
// AdjustedRand and NMI accept any int labels, as scikit-learn does (−1 for noise points of a
// density clustering, say): only which items share a label counts, so the scores equal those
// of the labels recoded to 0, …, K−1. ConfusionMatrix and MatchedAccuracy return tables and
// maps indexed by label, so they keep sltk's contract of labels in [0, K). Both labellings must
// have the same length n ≥ 1. Label ids need not be contiguous: only the ids that occur count,
// so a clustering with empty clusters scores as the one without them. Bad input returns an
// error wrapping a sentinel of package errs. Cost: O(n) with a hash map of the non-empty cells
// of the contingency table (plus O(c log c) to sort its c ≤ n non-empty cells for NMI), except
// ConfusionMatrix (a dense K×K matrix) and MatchedAccuracy (O(K³) for K labels in use).
package metrics

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/assign"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors, those of package errs under the same names.
var (
	ErrEmpty    = errs.ErrEmpty
	ErrShape    = errs.ErrShape
	ErrLabel    = errs.ErrLabel
	ErrTooLarge = errs.ErrTooLarge
	ErrParam    = errs.ErrParam
)

// Limits on the dense tables: ConfusionMatrix allocates K×K with K = largest label + 1, and
// MatchedAccuracy solves an assignment problem in O(K³) over the labels in use.
// The match returned by MatchedAccuracy is indexed by predicted label, so those stay below
// MaxMatchID.
const (
	MaxConfusionLabels = 4096
	MaxMatchLabels     = 2000
	MaxMatchID         = 1 << 20
)

// table is the contingency table of two labellings: the counts of every non-empty cell and the
// marginals, over the label ids that occur.
type table struct {
	n     int
	cells map[[2]int]int
	rows  map[int]int // counts of a's labels
	cols  map[int]int // counts of b's labels
}

// contingency counts the cells of the table of a and b; with nonNegative it refuses labels
// below 0 (the functions whose output is indexed by label), otherwise any int is an id.
func contingency(fn string, a, b []int, nonNegative bool) (*table, error) {
	if len(a) == 0 || len(b) == 0 {
		return nil, fmt.Errorf("metrics: %s: %d and %d labels: %w", fn, len(a), len(b), ErrEmpty)
	}
	if len(a) != len(b) {
		return nil, fmt.Errorf("metrics: %s: %d and %d labels: %w", fn, len(a), len(b), ErrShape)
	}
	t := &table{n: len(a), cells: map[[2]int]int{}, rows: map[int]int{}, cols: map[int]int{}}
	for i := range a {
		if nonNegative && (a[i] < 0 || b[i] < 0) {
			return nil, fmt.Errorf("metrics: %s: labels[%d] = (%d, %d), want ≥ 0: %w", fn, i, a[i], b[i], ErrLabel)
		}
		t.cells[[2]int{a[i], b[i]}]++
		t.rows[a[i]]++
		t.cols[b[i]]++
	}
	return t, nil
}

// ConfusionMatrix returns the K×K matrix C with C[i][j] the number of items of true class i
// given label j, K = 1 + the largest label in either slice (scikit-learn's confusion_matrix
// with labels 0, …, K−1). Its trace counts the agreements. K is at most MaxConfusionLabels.
// Labels must be ≥ 0 (row and column i belong to label i); recode other ids first.
func ConfusionMatrix(truth, pred []int) (*mat.Dense, error) {
	t, err := contingency("ConfusionMatrix", truth, pred, true)
	if err != nil {
		return nil, err
	}
	top := max(slices.Max(truth), slices.Max(pred))
	if top >= MaxConfusionLabels {
		return nil, fmt.Errorf("metrics: ConfusionMatrix: largest label %d, at most %d: %w", top, MaxConfusionLabels-1, ErrTooLarge)
	}
	k := 1 + top
	c := mat.NewDense(k, k, nil)
	for cell, v := range t.cells {
		c.Set(cell[0], cell[1], float64(v))
	}
	return c, nil
}

// pairs returns m(m−1)/2, the number of pairs among m items.
func pairs(m int) float64 { return float64(m) * float64(m-1) / 2 }

// AdjustedRand returns the adjusted Rand index of two labellings (Hubert & Arabie 1985):
//
//	ARI = (Σ_ij C(n_ij, 2) − E) / (½(Σ_i C(a_i, 2) + Σ_j C(b_j, 2)) − E),
//	E = Σ_i C(a_i, 2)·Σ_j C(b_j, 2) / C(n, 2),
//
// over the contingency counts n_ij and its marginals a_i, b_j. It is 1 for identical
// partitions (whatever the ids), about 0 for independent ones, and can be negative. It is
// symmetric. When both labellings put everything in one cluster, or every item in its own
// (the denominator is 0), it is 1, as in scikit-learn. Labels may be any ints. Cost O(n).
func AdjustedRand(a, b []int) (float64, error) {
	t, err := contingency("AdjustedRand", a, b, false)
	if err != nil {
		return 0, err
	}
	var sumIJ, sumA, sumB float64
	for _, v := range t.cells {
		sumIJ += pairs(v)
	}
	for _, v := range t.rows {
		sumA += pairs(v)
	}
	for _, v := range t.cols {
		sumB += pairs(v)
	}
	if t.n < 2 {
		return 1, nil
	}
	expected := sumA * sumB / pairs(t.n)
	maxIndex := (sumA + sumB) / 2
	if maxIndex == expected {
		return 1, nil
	}
	return (sumIJ - expected) / (maxIndex - expected), nil
}

// NMI returns the normalised mutual information I(A; B) / ((H(A) + H(B))/2) of two
// labellings, with the empirical distributions of the contingency table (scikit-learn's
// normalized_mutual_info_score with average_method="arithmetic"). It is 1 for identical
// partitions, 0 for independent ones, symmetric, and in [0, 1]. When both entropies are 0
// (one cluster each) it is 1, as in scikit-learn. Labels may be any ints. Cost O(n + c log c)
// for the c ≤ n non-empty cells of the table: the sum runs over those cells only, so 10⁵
// singleton clusters cost 10⁵ terms, not 10¹⁰.
func NMI(a, b []int) (float64, error) {
	t, err := contingency("NMI", a, b, false)
	if err != nil {
		return 0, err
	}
	n := float64(t.n)
	// Sums run over sorted label ids, so that the result is the same bits on every run.
	entropy := func(m map[int]int) float64 {
		h := 0.0
		for _, k := range sortedKeys(m) {
			p := float64(m[k]) / n
			h -= p * math.Log(p)
		}
		return h
	}
	ha, hb := entropy(t.rows), entropy(t.cols)
	if ha == 0 && hb == 0 {
		return 1, nil
	}
	// The non-empty cells in (row, column) order: the same terms in the same order as a loop
	// over all K_a·K_b cells that skips the empty ones, so the bits equal that dense sum's.
	cells := make([][2]int, 0, len(t.cells))
	for c := range t.cells {
		cells = append(cells, c)
	}
	slices.SortFunc(cells, func(x, y [2]int) int {
		if x[0] != y[0] {
			return cmp.Compare(x[0], y[0])
		}
		return cmp.Compare(x[1], y[1])
	})
	mi := 0.0
	for _, c := range cells {
		p := float64(t.cells[c]) / n
		mi += p * math.Log(p*n*n/(float64(t.rows[c[0]])*float64(t.cols[c[1]])))
	}
	return math.Min(1, math.Max(0, mi/((ha+hb)/2))), nil
}

// MatchedAccuracy returns the fraction of items whose predicted label, renamed by the best
// one-to-one matching of predicted labels to true ones, equals the true label: the accuracy
// of a clustering whose ids are arbitrary. match maps each predicted label in use to its true
// label (−1 for a predicted label left unmatched when there are more clusters than classes;
// labels that do not occur map to −1 too); its length is 1 + the largest predicted label.
// Labels must be ≥ 0 (match is indexed by predicted label and −1 means unmatched).
// The matching maximises the agreements by the Hungarian method on the contingency table,
// O(K³) for K labels in use (at most MaxMatchLabels of each kind).
func MatchedAccuracy(truth, pred []int) (acc float64, match []int, err error) {
	return matched("MatchedAccuracy", truth, pred)
}

// Disagreement returns the fraction of items on which two labellings a and b (labels in
// [0, k)) disagree after the best one-to-one relabelling of b,
// d = min_π (1/n) Σ_α 1{a_α ≠ π(b_α)} (ML chapter 4 (Clustering and embedding) §4.1.3): the
// complement of MatchedAccuracy, with the labels checked against the k of the clusterings
// compared (cluster.Stability selects k by it). k is at most MaxMatchLabels. Cost O(n) for the
// table and O(K³) for the matching of the K labels in use.
func Disagreement(a, b []int, k int) (float64, error) {
	if k < 1 {
		return 0, fmt.Errorf("metrics: Disagreement: k = %d, want ≥ 1: %w", k, ErrParam)
	}
	if k > MaxMatchLabels {
		return 0, fmt.Errorf("metrics: Disagreement: k = %d, limit %d: %w", k, MaxMatchLabels, ErrTooLarge)
	}
	for i := range min(len(a), len(b)) {
		if a[i] < 0 || a[i] >= k || b[i] < 0 || b[i] >= k {
			return 0, fmt.Errorf("metrics: Disagreement: label pair (%d, %d) at %d outside [0, %d): %w", a[i], b[i], i, k, ErrLabel)
		}
	}
	acc, _, err := matched("Disagreement", a, b)
	if err != nil {
		return 0, err
	}
	return 1 - acc, nil
}

// matched is MatchedAccuracy for the caller fn.
func matched(fn string, truth, pred []int) (acc float64, match []int, err error) {
	t, err := contingency(fn, truth, pred, true)
	if err != nil {
		return 0, nil, err
	}
	if len(t.rows) > MaxMatchLabels || len(t.cols) > MaxMatchLabels {
		return 0, nil, fmt.Errorf("metrics: %s: %d true and %d predicted labels, at most %d each: %w", fn, len(t.rows), len(t.cols), MaxMatchLabels, ErrTooLarge)
	}
	if top := slices.Max(pred); top >= MaxMatchID {
		return 0, nil, fmt.Errorf("metrics: %s: predicted label %d, at most %d: %w", fn, top, MaxMatchID-1, ErrTooLarge)
	}
	predIDs, trueIDs := sortedKeys(t.cols), sortedKeys(t.rows)
	cost := make([][]float64, len(predIDs)) // −agreements: rows predicted labels, columns true
	for i, p := range predIDs {
		cost[i] = make([]float64, len(trueIDs))
		for j, c := range trueIDs {
			cost[i][j] = -float64(t.cells[[2]int{c, p}])
		}
	}
	m, err := assign.Hungarian(cost)
	if err != nil {
		return 0, nil, fmt.Errorf("metrics: %s: %w", fn, err)
	}
	match = make([]int, 1+slices.Max(pred))
	for i := range match {
		match[i] = -1
	}
	agree := 0
	for i, p := range predIDs {
		if m[i] >= 0 {
			match[p] = trueIDs[m[i]]
			agree += t.cells[[2]int{match[p], p}]
		}
	}
	return float64(agree) / float64(t.n), match, nil
}

func sortedKeys(m map[int]int) []int {
	k := make([]int, 0, len(m))
	for v := range m {
		k = append(k, v)
	}
	slices.Sort(k)
	return k
}
