package regress

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

func TestPolynomialLimit(t *testing.T) {
	_, err := Polynomial(1<<40, 1)
	if !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), "regress: Polynomial: degree = 1099511627776") {
		t.Errorf("Polynomial(2^40): %v", err)
	}
}
