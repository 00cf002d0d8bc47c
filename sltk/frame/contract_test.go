package frame_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
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

// TestSentinelsAreErrsSentinels: the package's own sentinels are also those of errs.
func TestSentinelsAreErrsSentinels(t *testing.T) {
	_, err := frame.ReadCSV(strings.NewReader("a,b\n1\n"))
	if !errors.Is(err, frame.ErrRagged) || !errors.Is(err, errs.ErrShape) {
		t.Errorf("ragged: %v is not both ErrRagged and errs.ErrShape", err)
	}
	df, _ := frame.ReadCSV(strings.NewReader("a,b\n1,2\n"))
	if _, err := frame.Matrix(df, "c"); !errors.Is(err, frame.ErrUnknownColumn) || !errors.Is(err, errs.ErrParam) {
		t.Errorf("unknown column: %v", err)
	}
}
