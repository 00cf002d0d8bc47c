package errs

import (
	"errors"
	"fmt"
	"testing"
)

func TestNew(t *testing.T) {
	own := New("pkg: ragged rows", ErrShape)
	err := fmt.Errorf("%w: line 3 has 2 fields", own)
	if !errors.Is(err, own) || !errors.Is(err, ErrShape) || errors.Is(err, ErrParam) {
		t.Errorf("%v: not both its own sentinel and ErrShape", err)
	}
	if err.Error() != "pkg: ragged rows: line 3 has 2 fields" {
		t.Errorf("message %q", err)
	}
}
