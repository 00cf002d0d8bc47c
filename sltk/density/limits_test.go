package density

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
)

func TestEMMessages(t *testing.T) {
	_, _, err := EM{}.Best(1<<40, 1, nil)
	if !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), "density: EM.Best: restarts = 1099511627776") {
		t.Errorf("EM.Best(2^40): %v", err)
	}
	bad := errors.New("model broke")
	_, _, err = EM{}.Best(2, 1, func(uint64) (EMModel, error) { return nil, bad })
	if !errors.Is(err, bad) || !strings.Contains(err.Error(), "density: EM.Best: restart 0: model broke") {
		t.Errorf("EM.Best with a failing factory: %v", err)
	}
}
