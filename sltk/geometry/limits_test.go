package geometry

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

func TestCylinderFactorLimit(t *testing.T) {
	_, err := CylinderFactor(1<<40, 3)
	if !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), "CylinderFactor: k = 1099511627776") {
		t.Errorf("CylinderFactor(2^40, 3): %v", err)
	}
}
