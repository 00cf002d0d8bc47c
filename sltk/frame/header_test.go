package frame_test

import (
	"errors"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/sltk-book/sltk/sltk/frame"
	"gonum.org/v1/gonum/mat"
)

// TestNoHeader: text without a header line reads with NoHeader, columns x0, x1, …, and
// every line is a data row.
func TestNoHeader(t *testing.T) {
	df := read(t, "5.1,3.5,setosa\n4.9,3.0,setosa\n", frame.NoHeader())
	if n, d := df.Dims(); n != 2 || d != 3 {
		t.Fatalf("dims %d×%d, want 2×3", n, d)
	}
	if got := strings.Join(df.Names(), ","); got != "x0,x1,x2" {
		t.Errorf("names %s", got)
	}
	x, err := frame.Matrix(df, "x0", "x1")
	if err != nil || !mat.Equal(x, mat.NewDense(2, 2, []float64{5.1, 3.5, 4.9, 3.0})) {
		t.Errorf("matrix %v, %v", x, err)
	}
	// A single line of data is one row.
	if n, _ := read(t, "1,2\n", frame.NoHeader()).Dims(); n != 1 {
		t.Errorf("one line: %d rows", n)
	}
}

// TestHeaderLooksLikeData: an all-numeric first line without NoHeader is an error that says
// so, not "column name repeats" or a silent header of numbers.
func TestHeaderLooksLikeData(t *testing.T) {
	_, err := frame.ReadCSV(strings.NewReader("1,1,2\n3,4,5\n"))
	want := `header (line 1) looks like data: every name is a number (first "1"); pass frame.NoHeader()`
	if !errors.Is(err, frame.ErrColumnName) || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want ErrColumnName with %q", err, want)
	}
	// A header with some numeric names is still a header.
	if n, _ := read(t, "id,2020,2021\na,1,2\n").Dims(); n != 1 {
		t.Errorf("mixed header: %d rows", n)
	}
}

// TestCROnlyLineEnds: classic Mac line ends (CR alone) separate lines, also when a CR and its
// LF are split across reads.
func TestCROnlyLineEnds(t *testing.T) {
	df := read(t, "a,b\r1,2\r3,4\r")
	x, err := frame.Matrix(df)
	if err != nil || !mat.Equal(x, mat.NewDense(2, 2, []float64{1, 2, 3, 4})) {
		t.Fatalf("CR-only: %v, %v", x, err)
	}
	df2, err := frame.ReadCSV(iotest.OneByteReader(strings.NewReader("a,b\r\n1,2\r\n3,4\r\n")))
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := df2.Dims(); n != 2 {
		t.Errorf("CRLF read byte by byte: %d rows, want 2", n)
	}
}

// TestShortQuotes: an error quotes at most a short prefix of a field.
func TestShortQuotes(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	_, err := frame.Matrix(read(t, "a\n"+long+"\n"))
	if !errors.Is(err, frame.ErrNotNumeric) || len(err.Error()) > 200 {
		t.Fatalf("error of %d bytes: %.200v", len(err.Error()), err)
	}
	if want := `row 0: "` + strings.Repeat("x", 40) + `"…: frame: value is not numeric`; !strings.HasSuffix(err.Error(), want) {
		t.Errorf("got %q, want suffix %q", err.Error(), want)
	}
}
