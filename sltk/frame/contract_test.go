package frame_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/frame"
)

func TestNilReaderAndOption(t *testing.T) {
	if _, err := frame.ReadCSV(nil); !errors.Is(err, frame.ErrEmpty) || !strings.Contains(err.Error(), "nil reader") {
		t.Errorf("nil reader: %v", err)
	}
	df, err := frame.ReadCSV(strings.NewReader("a,b\n1,2\n"), nil)
	if err != nil || df.Nrow() != 1 {
		t.Errorf("a nil Option: %v", err)
	}
}
