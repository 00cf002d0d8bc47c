package spanning

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

// TestBadInputErrors: a nil Graph and a tree cost that overflows are errors.
func TestBadInputErrors(t *testing.T) {
	var nilG *Graph
	if _, err := nilG.Cost([]int{0}, []float64{1}); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("nil Graph: %v", err)
	}
	if nilG.Describe([]int{0}) != "" {
		t.Error("nil Graph describes a tree")
	}
	g := &Graph{N: 3, Edges: []Edge{{0, 1}, {1, 2}, {0, 2}}}
	_, err := g.Costs([][]int{{0, 1}}, []float64{1e308, 1e308, 0})
	if !errors.Is(err, errs.ErrNotFinite) || !strings.Contains(err.Error(), "tree 0") {
		t.Errorf("overflowing cost: %v", err)
	}
}
