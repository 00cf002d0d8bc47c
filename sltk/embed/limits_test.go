package embed

import (
	"errors"
	"testing"
)

func TestLLEResultInconsistent(t *testing.T) {
	r := &LLEResult{NeighborIndices: [][]int{{1, 5}, {0}}, Weights: [][]float64{{0.5, 0.5}, {1}}}
	if _, err := r.GMatrix(); !errors.Is(err, ErrNotFitted) {
		t.Errorf("neighbour 5 of 2 points: %v", err)
	}
}
