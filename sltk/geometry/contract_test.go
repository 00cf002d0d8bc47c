package geometry

import (
	"math"
	"testing"
)

func TestEquatorTailHugeDimension(t *testing.T) {
	if v, err := EquatorTail(math.MaxInt, 0.5); err != nil || !(v >= 0 && v <= 1) {
		t.Errorf("EquatorTail(MaxInt, 0.5) = %v, %v", v, err)
	}
}
