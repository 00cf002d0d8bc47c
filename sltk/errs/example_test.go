package errs_test

import (
	"errors"
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/classify"
	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/density"
	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/info"
)

// Every package re-exports the sentinels of errs, so a caller can test an error with either
// name: cluster.ErrParam and errs.ErrParam are the same value.
func Example() {
	x := mat.NewDense(5, 2, []float64{0, 0, 1, 1, 2, 2, 3, 3, 4, 4})
	_, err := cluster.KMeans{K: 7}.Fit(x)
	fmt.Println(errors.Is(err, errs.ErrParam), errors.Is(err, cluster.ErrParam))
	// Output: true true
}

// A package's own failure sentinel is rooted in one of errs, with its own text: a caller that
// knows only errs can still tell what kind of failure it met.
func Example_rooted() {
	fmt.Println(errors.Is(classify.ErrNotSeparable, errs.ErrNoSolution), classify.ErrNotSeparable)
	fmt.Println(errors.Is(info.ErrSupport, errs.ErrNoSolution), info.ErrSupport)
	fmt.Println(errors.Is(density.ErrDecrease, errs.ErrBreakdown), density.ErrDecrease)
	// Output:
	// true classify: data not linearly separable
	// true info: q is zero where p is positive
	// true density: EM log-likelihood decreased
}
