package bounds

import (
	"errors"
	"strings"
	"testing"
)

func TestBinomialSizeLimit(t *testing.T) {
	_, err := BinomialUpperTail(1<<40, 0.5, 3)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "BinomialUpperTail: n = 1099511627776") {
		t.Errorf("BinomialUpperTail(2^40): %v", err)
	}
}
