package frame_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/sltk-book/sltk/sltk/frame"
	"gonum.org/v1/gonum/mat"
)

func read(t *testing.T, text string, opts ...frame.Option) dataframe.DataFrame {
	t.Helper()
	df, err := frame.ReadCSV(strings.NewReader(text), opts...)
	if err != nil {
		t.Fatalf("ReadCSV(%q): %v", text, err)
	}
	return df
}

func TestReadCSVBadInput(t *testing.T) {
	cases := []struct {
		name, text string
		opts       []frame.Option
		want       error
		detail     string // must occur in the message
	}{
		{"empty file", "", nil, frame.ErrEmpty, "no header"},
		{"blank lines only", "\n\n\n", nil, frame.ErrEmpty, "no header"},
		{"header only", "a,b\n", nil, frame.ErrEmpty, "no data rows"},
		{"header only after comment", "# note\na,b\n", []frame.Option{frame.Comment('#')}, frame.ErrEmpty, "line 2"},
		{"too few fields", "a,b,c\n1,2,3\n4,5\n", nil, frame.ErrRagged, "line 3 has 2 fields, the header (line 1) has 3"},
		{"too many fields", "a,b\n1,2\n3,4\n5,6,7\n", nil, frame.ErrRagged, "line 4 has 3 fields"},
		{"ragged after multi-line field", "a,b\n\"x\ny\",1\n2\n", nil, frame.ErrRagged, "line 4 has 1 fields"},
		{"empty column name", "a,,c\n1,2,3\n", nil, frame.ErrColumnName, "column 2 has an empty name"},
		{"duplicate column name", "a,b,a\n1,2,3\n", nil, frame.ErrColumnName, `column 3 name "a" repeats column 1`},
		{"bare quote", "a,b\n1,x\"y\n", nil, frame.ErrMalformed, "line 2, column 4"},
		{"unterminated quote", "a,b\n1,\"xy\n", nil, frame.ErrMalformed, "line 2"},
		{"text after closing quote", "a,b\n\"1\"x,2\n", nil, frame.ErrMalformed, "line 2, column 3"},
		{"quote as delimiter", "a\n1\n", []frame.Option{frame.Delimiter('"')}, frame.ErrMalformed, "delimiter"},
		{"comment equals delimiter", "a\n1\n", []frame.Option{frame.Comment(',')}, frame.ErrMalformed, "comment"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			df, err := frame.ReadCSV(strings.NewReader(c.text), c.opts...)
			if !errors.Is(err, c.want) {
				t.Fatalf("error %v, want %v", err, c.want)
			}
			if !strings.Contains(err.Error(), c.detail) {
				t.Fatalf("error %q does not contain %q", err, c.detail)
			}
			if df.Ncol() != 0 {
				t.Fatalf("frame with %d columns returned next to an error", df.Ncol())
			}
		})
	}
}

func TestReadCSVTypesAndOptions(t *testing.T) {
	df := read(t, "\xef\xbb\xbfi;f;s;m;b\n1;2.5;x;;true\n-3;1e3;y;NA;false\n", frame.Delimiter(';'))
	if got := strings.Join(df.Names(), ","); got != "i,f,s,m,b" {
		t.Fatalf("names %q (BOM not stripped?)", got)
	}
	want := []series.Type{series.Int, series.Float, series.String, series.Float, series.Bool}
	for j, ty := range df.Types() {
		if ty != want[j] {
			t.Errorf("column %d type %v, want %v", j, ty, want[j])
		}
	}
	// "NA" as a real level once MissingValues drops it from the set.
	df = read(t, "region\nNA\nEU\n", frame.MissingValues(""))
	if got, err := frame.StringLabels(df, "region"); err != nil || got[0] != "NA" {
		t.Fatalf("StringLabels = %v, %v", got, err)
	}
	// A quoted field with an embedded newline and comma is one value.
	df = read(t, "a,b\n\"x,\ny\",1\n")
	if got, _ := frame.StringLabels(df, "a"); got[0] != "x,\ny" {
		t.Fatalf("quoted field read as %q", got[0])
	}
}

func TestLoadCSV(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.csv")
	bad := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(good, []byte("x,y\n1,2\n3,4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("x,y\n1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	df, err := frame.LoadCSV(good)
	if err != nil || df.Nrow() != 2 {
		t.Fatalf("LoadCSV(good) = %d rows, %v", df.Nrow(), err)
	}
	_, err = frame.LoadCSV(bad)
	if !errors.Is(err, frame.ErrRagged) || !strings.Contains(err.Error(), "bad.csv") {
		t.Fatalf("LoadCSV(bad) error %v, want ErrRagged naming the file", err)
	}
	if _, err := frame.LoadCSV(filepath.Join(dir, "none.csv")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing file: error %v", err)
	}
}

func TestMatrix(t *testing.T) {
	df := read(t, "a,b,flag,name\n1,2.5,true,x\n-3,4,false,y\n")
	x, err := frame.Matrix(df, "b", "a", "flag")
	if err != nil {
		t.Fatal(err)
	}
	want := mat.NewDense(2, 3, []float64{2.5, 1, 1, 4, -3, 0})
	if !mat.Equal(x, want) {
		t.Fatalf("Matrix =\n%v\nwant\n%v", mat.Formatted(x), mat.Formatted(want))
	}
	// Numbers held in a string series convert.
	df = dataframe.New(series.Strings([]string{"1", "0x1p4"}))
	if x, err := frame.Matrix(df); err != nil || x.At(1, 0) != 16 {
		t.Fatalf("Matrix = %v, %v", x, err)
	}
}

func TestMatrixBadInput(t *testing.T) {
	cases := []struct {
		name, text string
		cols       []string
		want       error
		detail     string
	}{
		{"text value", "a,b\n1,2\n3,abc\n", nil, frame.ErrNotNumeric, `column "b", row 1: "abc"`},
		{"empty field", "a,b\n1,\n3,4\n", nil, frame.ErrMissing, `column "b", row 0`},
		{"NA field", "a,b\n1,2\n3,NA\n", []string{"b"}, frame.ErrMissing, `column "b", row 1`},
		{"missing in text column", "a,b\nx,1\n,2\n", nil, frame.ErrNotNumeric, `row 0: "x"`},
		{"missing before text", "a,b\n,1\nx,2\n", nil, frame.ErrMissing, `column "a", row 0`},
		{"NaN literal", "a\n1\nNaN\n", nil, frame.ErrMissing, `column "a", row 1`},
		{"nan in float column", "a\n1.5\nnan\n", nil, frame.ErrMissing, `row 1`},
		{"Inf", "a\n1\n-Inf\n", nil, frame.ErrNotFinite, `column "a", row 1: -Inf`},
		{"overflow", "a\n1\n1e400\n", nil, frame.ErrNotFinite, `"1e400" overflows`},
		{"NaN spelled in a text column", "a\n1\nnan\nx\n", nil, frame.ErrNotFinite, `row 1: "nan"`},
		{"unknown column", "a,b\n1,2\n", []string{"a", "c", "d"}, frame.ErrUnknownColumn, `"c", "d"; available: a, b`},
		{"all missing", "a,b\n1,\n2,\n", []string{"b"}, frame.ErrMissing, `column "b", row 0`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			df := read(t, c.text)
			x, err := frame.Matrix(df, c.cols...)
			if !errors.Is(err, c.want) {
				t.Fatalf("error %v, want %v", err, c.want)
			}
			if !strings.Contains(err.Error(), c.detail) {
				t.Fatalf("error %q does not contain %q", err, c.detail)
			}
			if x != nil {
				t.Fatal("matrix returned next to an error")
			}
		})
	}
}

func TestMatrixOfHandBuiltFrames(t *testing.T) {
	df := dataframe.New(series.Floats([]float64{1, math.NaN()}))
	if _, err := frame.Matrix(df); !errors.Is(err, frame.ErrMissing) {
		t.Fatalf("NaN in float series: %v", err)
	}
	df = dataframe.New(series.Floats([]float64{1, math.Inf(1)}))
	if _, err := frame.Matrix(df); !errors.Is(err, frame.ErrNotFinite) {
		t.Fatalf("Inf in float series: %v", err)
	}
	if _, err := frame.Matrix(dataframe.DataFrame{}); !errors.Is(err, frame.ErrEmpty) {
		t.Fatalf("zero frame: %v", err)
	}
	bad := dataframe.New() // gota: "empty DataFrame" in Err
	for _, err := range []error{
		func() error { _, err := frame.Matrix(bad); return err }(),
		func() error { _, err := frame.StringLabels(bad, "a"); return err }(),
		func() error { _, _, _, err := frame.XY(bad, "a"); return err }(),
		func() error { _, err := frame.DropMissing(bad); return err }(),
	} {
		if !errors.Is(err, frame.ErrBadFrame) {
			t.Errorf("frame with Err: %v, want ErrBadFrame", err)
		}
	}
}

func TestIntLabels(t *testing.T) {
	df := read(t, "c,n,f\nb,10,0.5\na,9,2\nb,2,0.5\n")
	y, cl, err := frame.IntLabels(df, "c")
	if err != nil || strings.Join(cl, ",") != "a,b" || y[0] != 1 || y[1] != 0 || y[2] != 1 {
		t.Fatalf("IntLabels(c) = %v %v %v", y, cl, err)
	}
	// Numeric labels sort as numbers, not as text.
	y, cl, err = frame.IntLabels(df, "n")
	if err != nil || strings.Join(cl, ",") != "2,9,10" || y[0] != 2 {
		t.Fatalf("IntLabels(n) = %v %v %v", y, cl, err)
	}
	// Float labels print in shortest form.
	if _, cl, err = frame.IntLabels(df, "f"); err != nil || strings.Join(cl, ",") != "0.5,2" {
		t.Fatalf("IntLabels(f) classes %v %v", cl, err)
	}
	// Explicit levels: order kept, unused levels allowed.
	y, cl, err = frame.IntLabels(df, "c", "b", "a", "z")
	if err != nil || len(cl) != 3 || y[0] != 0 || y[1] != 1 {
		t.Fatalf("IntLabels with levels = %v %v %v", y, cl, err)
	}
	bad := []struct {
		col    string
		levels []string
		want   error
		detail string
	}{
		{"c", []string{"a"}, frame.ErrLevel, `column "c", row 0: "b" is not one of the levels ["a"]`},
		{"c", []string{"a", "b", "a"}, frame.ErrLevel, `"a" is listed twice`},
		{"x", nil, frame.ErrUnknownColumn, `"x"; available: c, n, f`},
	}
	for _, b := range bad {
		_, _, err := frame.IntLabels(df, b.col, b.levels...)
		if !errors.Is(err, b.want) || !strings.Contains(err.Error(), b.detail) {
			t.Errorf("IntLabels(%s, %v) error %v, want %v with %q", b.col, b.levels, err, b.want, b.detail)
		}
	}
	df = read(t, "c,d\na,1\n,2\n")
	if _, _, err := frame.IntLabels(df, "c"); !errors.Is(err, frame.ErrMissing) || !strings.Contains(err.Error(), "row 1") {
		t.Errorf("missing label: %v", err)
	}
}

func TestOneHot(t *testing.T) {
	df := read(t, "T\nML\nDB\nML\nAlg\n")
	x, levels, err := frame.OneHot(df, "T")
	if err != nil {
		t.Fatal(err)
	}
	want := mat.NewDense(4, 3, []float64{
		0, 0, 1,
		0, 1, 0,
		0, 0, 1,
		1, 0, 0,
	})
	if strings.Join(levels, ",") != "Alg,DB,ML" || !mat.Equal(x, want) {
		t.Fatalf("OneHot = %v\n%v", levels, mat.Formatted(x))
	}
	// Every row sums to one.
	for i := 0; i < 4; i++ {
		if s := mat.Sum(x.RowView(i)); s != 1 {
			t.Fatalf("row %d sums to %v", i, s)
		}
	}
	if _, _, err := frame.OneHot(df, "T", "ML", "DB"); !errors.Is(err, frame.ErrLevel) {
		t.Fatalf("level outside list: %v", err)
	}
}

func TestXY(t *testing.T) {
	df := read(t, "a,y,b\n1,no,2\n3,yes,4\n")
	x, y, cl, err := frame.XY(df, "y")
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(x, mat.NewDense(2, 2, []float64{1, 2, 3, 4})) || y[1] != 1 || cl[1] != "yes" {
		t.Fatalf("XY = %v %v %v", mat.Formatted(x), y, cl)
	}
	if _, _, _, err := frame.XY(read(t, "y\na\n"), "y"); !errors.Is(err, frame.ErrEmpty) {
		t.Fatalf("label only: %v", err)
	}
	if _, _, _, err := frame.XY(df, "label"); !errors.Is(err, frame.ErrUnknownColumn) {
		t.Fatalf("unknown label: %v", err)
	}
	if _, _, _, err := frame.XY(read(t, "a,y\nq,1\n"), "y"); !errors.Is(err, frame.ErrNotNumeric) {
		t.Fatalf("text feature: %v", err)
	}
}

func TestDropMissing(t *testing.T) {
	df := read(t, "a,b\n1,\n,2\n3,4\n")
	out, err := frame.DropMissing(df, "a")
	if err != nil || out.Nrow() != 2 {
		t.Fatalf("DropMissing(a) = %d rows, %v", out.Nrow(), err)
	}
	out, err = frame.DropMissing(df)
	if err != nil || out.Nrow() != 1 {
		t.Fatalf("DropMissing() = %d rows, %v", out.Nrow(), err)
	}
	if _, err := frame.DropMissing(read(t, "a,b\n1,\n2,\n"), "b"); !errors.Is(err, frame.ErrEmpty) {
		t.Fatalf("no complete row: %v", err)
	}
	if _, err := frame.DropMissing(df, "z"); !errors.Is(err, frame.ErrUnknownColumn) {
		t.Fatalf("unknown column: %v", err)
	}
}

func TestCodes(t *testing.T) {
	df, err := frame.Dataset("attendance_friday")
	if err != nil {
		t.Fatal(err)
	}
	codes, doms, err := frame.Codes(df, []string{"P", "S"}, [][]string{{"yes", "no"}, nil})
	if err != nil {
		t.Fatal(err)
	}
	if codes[0][1] != 0 || codes[0][0] != 1 || len(doms[1]) != 3 || doms[1][codes[1][0]] != "11-15" {
		t.Errorf("codes %v, domains %v", codes, doms)
	}
	if _, _, err := frame.Codes(df, []string{"P"}, [][]string{{"yes"}}); !errors.Is(err, frame.ErrLevel) {
		t.Errorf("value outside the levels: %v", err)
	}
	if _, _, err := frame.Codes(df, []string{"P", "S"}, [][]string{nil}); !errors.Is(err, frame.ErrLevel) {
		t.Errorf("level lists: %v", err)
	}
}

// TestNilOption: a nil Option is skipped.
func TestNilOption(t *testing.T) {
	df, err := frame.ReadCSV(strings.NewReader("a,b\n1,2\n"), nil)
	if err != nil || df.Nrow() != 1 {
		t.Errorf("a nil Option: %v", err)
	}
}
