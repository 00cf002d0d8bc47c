package classify

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestMaxSweeps(t *testing.T) {
	x := mat.NewDense(2, 1, []float64{1, -1})
	y := []int{1, 0}
	_, pErr := Perceptron{MaxIter: 1 << 40}.Fit(x, y)
	_, sErr := HardMarginSVM{MaxIter: 1 << 40}.Fit(x, y)
	for _, err := range []error{pErr, sErr} {
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "MaxIter = 1099511627776, limit 1048576") {
			t.Errorf("MaxIter = 2^40: %v", err)
		}
	}
}
