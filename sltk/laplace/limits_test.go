package laplace

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestLimits(t *testing.T) {
	x := mat.NewDense(4, 1, []float64{0, 0.1, 5, 5.1})
	_, kErr := LACostSquares(x, []int{0, 0, 1, 1}, 1<<40)
	_, rErr := LeastAngle{K: 2, T: 1, Restarts: 1 << 40}.Fit(x)
	if !errors.Is(kErr, ErrParam) || !strings.Contains(kErr.Error(), "K = 1099511627776, want 1 ≤ K ≤ n = 4") {
		t.Errorf("LACostSquares(k = 2^40): %v", kErr)
	}
	if !errors.Is(rErr, ErrTooLarge) || !strings.Contains(rErr.Error(), "LeastAngle: Restarts = 1099511627776") {
		t.Errorf("LeastAngle{Restarts: 2^40}: %v", rErr)
	}
}
