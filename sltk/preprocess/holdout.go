package preprocess

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Part is a labelled data set: one observation per row of X, one label per row in Y. Rows
// holds the index, in the data that was split, of each row (ascending).
type Part struct {
	X    *mat.Dense
	Y    []int
	Rows []int
}

// Split is a data set cut in two: the Held rows (a validation or test part) and the Kept rest.
type Split struct {
	Held, Kept Part
}

// HoldOut splits (x, y) by row index: row i is held out when i mod k = r, kept otherwise.
// The split looks neither at the labels nor at a random generator, so it is the same in every
// run and, on data in random order, a fair one-in-k sample; applied twice it gives the usual
// train/validation/test split. For a seeded random split, stratified by label if wanted, use
// TrainTest. Cost O(n·d).
func HoldOut(x mat.Matrix, y []int, k, r int) (Split, error) {
	data, n, d, err := rows("HoldOut", x)
	if err != nil {
		return Split{}, err
	}
	if len(y) != n {
		return Split{}, fmt.Errorf("preprocess: HoldOut: %d labels for %d rows: %w", len(y), n, ErrShape)
	}
	if k < 2 || r < 0 || r >= k {
		return Split{}, fmt.Errorf("preprocess: HoldOut: k = %d, r = %d, want k ≥ 2 and 0 ≤ r < k: %w", k, r, ErrShape)
	}
	heldOut := make([]bool, n)
	held := 0
	for i := range heldOut {
		if i%k == r {
			heldOut[i] = true
			held++
		}
	}
	if held == 0 || held == n {
		return Split{}, fmt.Errorf("preprocess: HoldOut: %d rows leave a part empty (k = %d): %w", n, k, ErrEmpty)
	}
	return splitRows(data, n, d, y, heldOut), nil
}

// splitRows copies the rows with heldOut[i] into Held and the others into Kept, in row order.
// Cost O(n·d).
func splitRows(data []float64, n, d int, y []int, heldOut []bool) Split {
	var held, kept []float64
	var s Split
	for i := 0; i < n; i++ {
		row := data[i*d : (i+1)*d]
		if heldOut[i] {
			held, s.Held.Y, s.Held.Rows = append(held, row...), append(s.Held.Y, y[i]), append(s.Held.Rows, i)
		} else {
			kept, s.Kept.Y, s.Kept.Rows = append(kept, row...), append(s.Kept.Y, y[i]), append(s.Kept.Rows, i)
		}
	}
	s.Held.X = mat.NewDense(len(s.Held.Y), d, held)
	s.Kept.X = mat.NewDense(len(s.Kept.Y), d, kept)
	return s
}

// TrainTest is a seeded random split into a test part (Held) and a training part (Kept), the
// counterpart of scikit-learn's train_test_split(test_size=TestFraction, random_state=Seed,
// stratify=y if Stratify). The test part has ⌈TestFraction·n⌉ rows (scikit-learn's rounding).
// With Stratify, every label c with n_c rows gets t_c test rows, with |t_c − n_c·t/n| < 1 for
// the t test rows in all (largest remainders, ties to the smaller label), so the class
// proportions of both parts follow those of y as closely as integers allow; labels may be any
// ints. Rows of each part keep their original order (Part.Rows holds their indices). The same
// fields give the same split on any machine.
//
// Zero values: TestFraction = 0.25 (scikit-learn's default), no stratification. TestFraction
// must lie in (0, 1) and leave both parts non-empty. Cost O(n·d + n log n).
type TrainTest struct {
	TestFraction float64
	Seed         uint64
	Stratify     bool
}

// splitStream is the second PCG word of TrainTest's generator.
const splitStream = 0x7370_6c69_74 // "split"

// Split splits the rows of x and their labels y (one per row).
func (tt TrainTest) Split(x mat.Matrix, y []int) (Split, error) {
	data, n, d, err := rows("TrainTest.Split", x)
	if err != nil {
		return Split{}, err
	}
	if len(y) != n {
		return Split{}, fmt.Errorf("preprocess: TrainTest.Split: %d labels for %d rows: %w", len(y), n, ErrShape)
	}
	frac := cmp.Or(tt.TestFraction, 0.25)
	if !(frac > 0 && frac < 1) {
		return Split{}, fmt.Errorf("preprocess: TrainTest.Split: TestFraction = %v, want in (0, 1): %w", tt.TestFraction, ErrParam)
	}
	t := int(math.Ceil(frac * float64(n)))
	if t < 1 || t > n-1 {
		return Split{}, fmt.Errorf("preprocess: TrainTest.Split: %d rows with TestFraction = %v leave a part empty: %w", n, frac, ErrEmpty)
	}
	rng := rand.New(rand.NewPCG(tt.Seed, splitStream))
	heldOut := make([]bool, n)
	if !tt.Stratify {
		for _, i := range rng.Perm(n)[:t] {
			heldOut[i] = true
		}
		return splitRows(data, n, d, y, heldOut), nil
	}
	// Group the rows by label, labels in increasing order.
	byLabel := map[int][]int{}
	for i, c := range y {
		byLabel[c] = append(byLabel[c], i)
	}
	labels := make([]int, 0, len(byLabel))
	for c := range byLabel {
		labels = append(labels, c)
	}
	slices.Sort(labels)
	// Quotas by largest remainders: floor(n_c·t/n) each, then one more for the labels with
	// the largest fractional parts until t rows are taken. n_c·t < n² fits an int64 for any n
	// a matrix can hold (n < 2³¹ rows of at least one float64 each would already be 16 GiB).
	quota := make([]int, len(labels))
	rem := make([]int, len(labels))
	taken := 0
	for j, c := range labels {
		nc := len(byLabel[c])
		quota[j], rem[j] = nc*t/n, nc*t%n
		taken += quota[j]
	}
	order := make([]int, len(labels))
	for j := range order {
		order[j] = j
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rem[b], rem[a]) })
	for _, j := range order[:t-taken] {
		quota[j]++
	}
	for j, c := range labels {
		idx := byLabel[c]
		rng.Shuffle(len(idx), func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
		for _, i := range idx[:quota[j]] {
			heldOut[i] = true
		}
	}
	return splitRows(data, n, d, y, heldOut), nil
}
