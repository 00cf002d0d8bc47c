package online

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

func TestMaxExperts(t *testing.T) {
	_, mErr := MWU{}.New(1 << 40)
	_, wErr := WeightedMajority{}.New(1 << 40)
	for _, err := range []error{mErr, wErr} {
		if !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), ".New: n = 1099511627776") {
			t.Errorf("New(2^40): %v", err)
		}
	}
}
