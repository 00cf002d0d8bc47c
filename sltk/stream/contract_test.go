package stream

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

// TestBadInputErrors: sizes beyond the limits are errors, not overflows, and the zero values
// of the heaps and hash functions are safe.
func TestBadInputErrors(t *testing.T) {
	const maxInt = int(^uint(0) >> 1)
	if _, err := PolyUniformityGap(3, 2, maxInt); !errors.Is(err, errs.ErrParam) ||
		!strings.HasPrefix(err.Error(), "stream: PolyUniformityGap: k = 9223372036854775807, want in [1, 64]") {
		t.Errorf("PolyUniformityGap(k = MaxInt): %v", err)
	}
	if _, err := GF2PatternCounts(2, maxInt, 2, []uint64{1}); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("GF2PatternCounts(k = MaxInt): %v", err)
	}
	if _, err := (MCount{MedianK: maxInt}).New(); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("MCount{MedianK: MaxInt}.New: %v", err)
	}
	if (ModP{}).Hash(7) != 0 || (PolyPrime{}).Hash(7) != 0 {
		t.Error("zero hash functions")
	}
	var h *HHSketch
	var r *WeightedReservoir[int]
	h.Swap(0, 1)
	r.Swap(0, 1)
	(&HHSketch{}).Swap(2, 0)
	if h.Len() != 0 || h.Less(0, 1) || r.Len() != 0 || r.Less(0, 1) || (&WeightedReservoir[int]{}).Less(2, 0) {
		t.Error("nil or zero heaps")
	}
}
