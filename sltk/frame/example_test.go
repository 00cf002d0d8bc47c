package frame_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sltk-book/sltk/sltk/frame"
)

func ExampleIris() {
	x, y, classes, err := frame.Iris()
	if err != nil {
		fmt.Println(err)
		return
	}
	n, d := x.Dims()
	fmt.Println(n, d, len(y), classes)
	// Output: 150 4 150 [setosa versicolor virginica]
}

func ExampleDataset() {
	df, err := frame.Dataset("attendance_friday")
	if err != nil {
		fmt.Println(err)
		return
	}
	y, classes, err := frame.IntLabels(df, "output")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(df.Nrow(), df.Names())
	fmt.Println(classes, y)
	// Output:
	// 10 [example W D P T S L output]
	// [no yes] [1 1 0 1 1 0 1 1 0 0]
}

func ExampleReadCSV_error() {
	text := "x,y\n1,2\n3\n"
	_, err := frame.ReadCSV(strings.NewReader(text))
	fmt.Println(err)
	fmt.Println(errors.Is(err, frame.ErrRagged))
	// Output:
	// frame: ReadCSV: line 3 has 1 fields, the header (line 1) has 2: frame: ragged rows
	// true
}

func ExampleMatrix() {
	df, err := frame.ReadCSV(strings.NewReader("a,b,c\n1,2,x\n3,4,y\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	x, err := frame.Matrix(df, "b", "a")
	fmt.Println(x.RawMatrix().Data, err)
	_, err = frame.Matrix(df)
	fmt.Println(err)
	_, err = frame.Matrix(df, "d")
	fmt.Println(err)
	// Output:
	// [2 1 4 3] <nil>
	// frame: Matrix: column "c", row 0: "x": frame: value is not numeric
	// frame: Matrix: no column "d"; available: a, b, c: frame: unknown column
}

func ExampleOneHot() {
	df, err := frame.Dataset("attendance")
	if err != nil {
		fmt.Println(err)
		return
	}
	x, levels, err := frame.OneHot(df, "S", "8-10", "11-15", "16-20")
	if err != nil {
		fmt.Println(err)
		return
	}
	n, d := x.Dims()
	fmt.Println(n, d, levels, x.RawRowView(0))
	// Output: 16 3 [8-10 11-15 16-20] [1 0 0]
}

func ExampleDropMissing() {
	df, err := frame.Dataset("movie_ratings")
	if err != nil {
		fmt.Println(err)
		return
	}
	movies := df.Names()[1:]
	_, err = frame.Matrix(df, movies...)
	fmt.Println(err)
	rated, err := frame.DropMissing(df, movies...)
	if err != nil {
		fmt.Println(err)
		return
	}
	x, err := frame.Matrix(rated, movies...)
	if err != nil {
		fmt.Println(err)
		return
	}
	n, d := x.Dims()
	fmt.Println(n, d)
	// Output:
	// frame: Matrix: column "star_wars", row 10: missing value (empty, NA or NaN): frame: missing value
	// 10 6
}
