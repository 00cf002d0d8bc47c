package metrics

import (
	"errors"
	"math"
	"testing"
)

func TestConfusionMatrixHugeLabel(t *testing.T) {
	if _, err := ConfusionMatrix([]int{math.MaxInt, 0}, []int{0, 0}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("label MaxInt: %v", err)
	}
}
