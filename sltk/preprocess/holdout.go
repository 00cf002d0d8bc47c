package preprocess

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// Part is a labelled data set: one observation per row of X, one label per row in Y.
type Part struct {
	X *mat.Dense
	Y []int
}

// Split is a data set cut in two: the Held rows (a validation or test part) and the Kept rest.
type Split struct {
	Held, Kept Part
}

// HoldOut splits (x, y) by row index: row i is held out when i mod k = r, kept otherwise.
// The split looks neither at the labels nor at a random generator, so it is the same in every
// run and, on data in random order, a fair one-in-k sample; applied twice it gives the usual
// train/validation/test split. Cost O(n·d).
func HoldOut(x mat.Matrix, y []int, k, r int) (Split, error) {
	data, n, d, err := rows("HoldOut", x)
	if err != nil {
		return Split{}, err
	}
	if len(y) != n {
		return Split{}, fmt.Errorf("%w: preprocess: HoldOut: %d labels for %d rows", ErrShape, len(y), n)
	}
	if k < 2 || r < 0 || r >= k {
		return Split{}, fmt.Errorf("%w: preprocess: HoldOut: k = %d, r = %d, want k ≥ 2 and 0 ≤ r < k",
			ErrShape, k, r)
	}
	var held, kept []float64
	var s Split
	for i := 0; i < n; i++ {
		row := data[i*d : (i+1)*d]
		if i%k == r {
			held, s.Held.Y = append(held, row...), append(s.Held.Y, y[i])
		} else {
			kept, s.Kept.Y = append(kept, row...), append(s.Kept.Y, y[i])
		}
	}
	if len(s.Held.Y) == 0 || len(s.Kept.Y) == 0 {
		return Split{}, fmt.Errorf("%w: preprocess: HoldOut: %d rows leave a part empty (k = %d)", ErrEmpty, n, k)
	}
	s.Held.X = mat.NewDense(len(s.Held.Y), d, held)
	s.Kept.X = mat.NewDense(len(s.Kept.Y), d, kept)
	return s, nil
}
