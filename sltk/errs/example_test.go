package errs_test

import (
	"errors"
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/errs"
)

// Every package re-exports the sentinels of errs, so a caller can test an error with either
// name: cluster.ErrParam and errs.ErrParam are the same value.
func Example() {
	x := mat.NewDense(5, 2, []float64{0, 0, 1, 1, 2, 2, 3, 3, 4, 4})
	_, err := cluster.KMeans{K: 7}.Fit(x)
	fmt.Println(errors.Is(err, errs.ErrParam), errors.Is(err, cluster.ErrParam))
	// Output: true true
}
