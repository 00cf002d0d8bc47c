package frame_test

import (
	"errors"
	"io/fs"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/data"
	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/frame"
	"gonum.org/v1/gonum/mat"
)

func counts(y []int, k int) []int {
	c := make([]int, k)
	for _, v := range y {
		c[v]++
	}
	return c
}

func TestClassificationDatasets(t *testing.T) {
	type loader func() (*mat.Dense, []int, []string, error)
	cases := []struct {
		name    string
		load    loader
		n, d    int
		classes []string
		counts  []int
	}{
		{"iris", frame.Iris, 150, 4, []string{"setosa", "versicolor", "virginica"}, []int{50, 50, 50}},
		{"wine", frame.Wine, 178, 13, []string{"class_0", "class_1", "class_2"}, []int{59, 71, 48}},
		{"breast_cancer", frame.BreastCancer, 569, 30, []string{"malignant", "benign"}, []int{212, 357}},
		{"digits", frame.Digits, 1797, 64, strings.Split("0 1 2 3 4 5 6 7 8 9", " "),
			[]int{178, 182, 177, 183, 181, 182, 181, 179, 174, 180}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x, y, classes, err := c.load()
			if err != nil {
				t.Fatal(err)
			}
			if r, cc := x.Dims(); r != c.n || cc != c.d {
				t.Fatalf("x is %d×%d, want %d×%d", r, cc, c.n, c.d)
			}
			if len(y) != c.n {
				t.Fatalf("len(y) = %d, want %d", len(y), c.n)
			}
			if strings.Join(classes, ",") != strings.Join(c.classes, ",") {
				t.Fatalf("classes %v, want %v", classes, c.classes)
			}
			got := counts(y, len(classes))
			for k := range got {
				if got[k] != c.counts[k] {
					t.Fatalf("class counts %v, want %v", got, c.counts)
				}
			}
		})
	}
}

func TestIrisValues(t *testing.T) {
	x, y, _, err := frame.Iris()
	if err != nil {
		t.Fatal(err)
	}
	// First and last rows of Fisher's table.
	first := []float64{5.1, 3.5, 1.4, 0.2}
	last := []float64{5.9, 3.0, 5.1, 1.8}
	for j := range first {
		if x.At(0, j) != first[j] || x.At(149, j) != last[j] {
			t.Fatalf("row 0 %v / row 149 %v, want %v / %v", mat.Row(nil, 0, x), mat.Row(nil, 149, x), first, last)
		}
	}
	if y[0] != 0 || y[149] != 2 {
		t.Fatalf("y[0]=%d y[149]=%d", y[0], y[149])
	}
}

func TestDigitsPixelRange(t *testing.T) {
	x, y, _, err := frame.Digits()
	if err != nil {
		t.Fatal(err)
	}
	r, c := x.Dims()
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if v := x.At(i, j); v < 0 || v > 16 || v != math.Trunc(v) {
				t.Fatalf("pixel (%d,%d) = %v, want an integer in 0..16", i, j, v)
			}
		}
	}
	if y[0] != 0 || y[1] != 1 {
		t.Fatalf("first digits %d %d, want 0 1", y[0], y[1])
	}
}

func TestFaithful(t *testing.T) {
	x, err := frame.Faithful()
	if err != nil {
		t.Fatal(err)
	}
	if r, c := x.Dims(); r != 272 || c != 2 {
		t.Fatalf("faithful is %d×%d, want 272×2", r, c)
	}
	if x.At(0, 0) != 3.6 || x.At(0, 1) != 79 {
		t.Fatalf("first row %v, want [3.6 79]", mat.Row(nil, 0, x))
	}
}

// TestAttendance checks the E1 root oracles of seed-002 §3: 16 rows,
// 7 yes and 9 no, and the per-day label counts.
func TestAttendance(t *testing.T) {
	df, err := frame.Dataset("attendance")
	if err != nil {
		t.Fatal(err)
	}
	if df.Nrow() != 16 || df.Ncol() != 8 {
		t.Fatalf("attendance is %d×%d, want 16×8", df.Nrow(), df.Ncol())
	}
	y, classes, err := frame.IntLabels(df, "output")
	if err != nil {
		t.Fatal(err)
	}
	if c := counts(y, 2); classes[0] != "no" || c[0] != 9 || c[1] != 7 {
		t.Fatalf("classes %v counts %v, want no:9 yes:7", classes, c)
	}
	days, err := frame.StringLabels(df, "D")
	if err != nil {
		t.Fatal(err)
	}
	yes := map[string][2]int{}
	for i, d := range days {
		v := yes[d]
		v[y[i]]++
		yes[d] = v
	}
	want := map[string][2]int{"Mon": {2, 0}, "Tue": {2, 3}, "Wed": {1, 3}, "Thu": {4, 1}}
	for d, w := range want {
		if yes[d] != w {
			t.Errorf("day %s (no, yes) = %v, want %v", d, yes[d], w)
		}
	}
	// The weather, party and lecturer columns were images in the seed and
	// are kept empty: reading them must say so.
	for _, c := range []string{"W", "P", "L"} {
		if _, err := frame.StringLabels(df, c); !errors.Is(err, frame.ErrMissing) {
			t.Errorf("column %s: error %v, want ErrMissing", c, err)
		}
	}
}

func TestAttendanceFriday(t *testing.T) {
	df, err := frame.Dataset("attendance_friday")
	if err != nil {
		t.Fatal(err)
	}
	if df.Nrow() != 10 || df.Ncol() != 8 {
		t.Fatalf("friday table is %d×%d, want 10×8", df.Nrow(), df.Ncol())
	}
	y, classes, err := frame.IntLabels(df, "output", "yes", "no")
	if err != nil {
		t.Fatal(err)
	}
	if c := counts(y, 2); classes[0] != "yes" || c[0] != 6 || c[1] != 4 {
		t.Fatalf("counts %v, want 6 yes, 4 no", c)
	}
	_, levels, err := frame.OneHot(df, "W", "Sunny", "Cloudy", "Rainy", "Snow")
	if err != nil {
		t.Fatal(err)
	}
	if len(levels) != 4 {
		t.Fatalf("levels %v", levels)
	}
}

func TestBooleanTable(t *testing.T) {
	df, err := frame.Dataset("boolean_table")
	if err != nil {
		t.Fatal(err)
	}
	x, err := frame.Matrix(df)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := x.Dims(); r != 8 || c != 4 {
		t.Fatalf("boolean table is %d×%d, want 8×4", r, c)
	}
	// f = (¬x1 ∧ ¬x2) ∨ (x1 ∧ x3), seed-002 §3 E3.
	for i := 0; i < 8; i++ {
		x1, x2, x3 := x.At(i, 0) == 1, x.At(i, 1) == 1, x.At(i, 2) == 1
		f := (!x1 && !x2) || (x1 && x3)
		if (x.At(i, 3) == 1) != f {
			t.Errorf("row %d: f = %v, formula gives %v", i, x.At(i, 3), f)
		}
	}
}

func TestMovieRatings(t *testing.T) {
	df, err := frame.Dataset("movie_ratings")
	if err != nil {
		t.Fatal(err)
	}
	if df.Nrow() != 11 || df.Ncol() != 7 {
		t.Fatalf("ratings are %d×%d, want 11×7", df.Nrow(), df.Ncol())
	}
	movies := df.Names()[1:]
	_, err = frame.Matrix(df, movies...)
	if !errors.Is(err, frame.ErrMissing) || !strings.Contains(err.Error(), "row 10") {
		t.Fatalf("error %v, want ErrMissing in row 10 (John)", err)
	}
	rated, err := frame.DropMissing(df, movies...)
	if err != nil {
		t.Fatal(err)
	}
	x, err := frame.Matrix(rated, movies...)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := x.Dims(); r != 10 || c != 6 {
		t.Fatalf("complete ratings are %d×%d, want 10×6", r, c)
	}
	// Everyone who likes Pretty Woman also likes Titanic (caption of Table B.1).
	for i := 0; i < 10; i++ {
		if x.At(i, 3) == 1 && x.At(i, 2) != 1 {
			t.Errorf("row %d likes Pretty Woman but not Titanic", i)
		}
	}
	if s := mat.Sum(x); s != 26 {
		t.Errorf("number of ticks = %v, want 26", s)
	}
}

func TestEveryDatasetLoads(t *testing.T) {
	for _, name := range frame.DatasetNames() {
		df, err := frame.Dataset(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if df.Nrow() == 0 || df.Ncol() == 0 {
			t.Errorf("%s: %d×%d", name, df.Nrow(), df.Ncol())
		}
	}
	if _, err := frame.Dataset("irises"); !errors.Is(err, frame.ErrUnknownDataset) || !errors.Is(err, data.ErrUnknown) {
		t.Fatalf("unknown name: error %v", err)
	}
}

// TestBreastCancerCoding: 0 = malignant, 1 = benign, as scikit-learn's load_breast_cancer
// (whose target starts 0 0 0 0 0 and sums to 357, checked once with scikit-learn 1.2.1).
func TestBreastCancerCoding(t *testing.T) {
	_, y, classes, err := frame.BreastCancer()
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, v := range y {
		sum += v
	}
	if classes[0] != "malignant" || y[0] != 0 || y[4] != 0 || sum != 357 {
		t.Errorf("classes %v, y[:5] = %v, Σy = %d; want malignant first, 0 0 0 0 0, 357", classes, y[:5], sum)
	}
}

// TestLoadCSVAndDatasetSentinels: a missing file is an errs.ErrIO that keeps fs.ErrNotExist,
// an unknown data set an errs.ErrParam that keeps ErrUnknownDataset.
func TestLoadCSVAndDatasetSentinels(t *testing.T) {
	_, err := frame.LoadCSV(filepath.Join(t.TempDir(), "none.csv"))
	if !errors.Is(err, errs.ErrIO) || !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "frame: LoadCSV: ") {
		t.Errorf("LoadCSV of a missing file: %v", err)
	}
	_, err = frame.Dataset("no such set")
	if !errors.Is(err, errs.ErrParam) || !errors.Is(err, frame.ErrUnknownDataset) || !strings.HasPrefix(err.Error(), "frame: Dataset: ") {
		t.Errorf("Dataset of an unknown name: %v", err)
	}
}
