package spanning

import (
	"errors"
	"strings"
	"testing"
)

func TestCompleteLimit(t *testing.T) {
	_, err := Complete(1 << 40)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "spanning: Complete: n = 1099511627776") {
		t.Errorf("Complete(2^40): %v", err)
	}
}
