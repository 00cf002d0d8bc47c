package metrics

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

func TestMatchedLabels(t *testing.T) {
	truth := []int{0, 0, 0, 1, 1, 1, 2, 2, 2}
	pred := []int{2, 2, 1, 0, 0, 0, 1, 1, 3}
	renamed, match, err := MatchedLabels(truth, pred)
	if err != nil {
		t.Fatal(err)
	}
	// Clusters 2 → 0, 0 → 1, 1 → 2; cluster 3 (one item) stays unmatched.
	if want := []int{1, 2, 0, -1}; !slices.Equal(match, want) {
		t.Errorf("match = %v, want %v", match, want)
	}
	if want := []int{0, 0, 2, 1, 1, 1, 2, 2, -1}; !slices.Equal(renamed, want) {
		t.Errorf("renamed = %v, want %v", renamed, want)
	}
	acc, _, _ := MatchedAccuracy(truth, pred)
	agree := 0
	for i := range truth {
		if renamed[i] == truth[i] {
			agree++
		}
	}
	if float64(agree)/9 != acc {
		t.Errorf("agreement of the renamed labels %d/9, MatchedAccuracy %g", agree, acc)
	}
	if _, _, err := MatchedLabels(truth, pred[:3]); !errors.Is(err, ErrShape) {
		t.Errorf("ragged input: %v", err)
	}
}

func ExampleMatchedLabels() {
	renamed, _, _ := MatchedLabels([]int{0, 0, 1, 1}, []int{1, 1, 0, 0})
	fmt.Println(renamed)
	// Output:
	// [0 0 1 1]
}
