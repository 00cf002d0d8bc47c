package frame

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/sltk-book/sltk/data"
	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// ErrUnknownDataset is returned (wrapped, with the known names, and with
// errs.ErrParam) by Dataset for a name that package data does not embed. It
// is data.ErrUnknown.
var ErrUnknownDataset = data.ErrUnknown

// DatasetNames lists the names Dataset accepts, sorted.
func DatasetNames() []string { return data.Names() }

// Dataset reads the embedded data set name (see DatasetNames and
// data/README.md) into a data frame with ReadCSV's default options.
func Dataset(name string) (dataframe.DataFrame, error) {
	rc, err := data.Open(name)
	if err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("frame: Dataset: %w: %w", err, errs.ErrParam)
	}
	defer rc.Close()
	df, err := ReadCSV(rc)
	if err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("frame: Dataset: data set %q: %w", name, err)
	}
	return df, nil
}

// labelled loads a classification data set: every column but label is a
// feature; levels fix the class order (none: sorted names).
func labelled(name, label string, levels ...string) (*mat.Dense, []int, []string, error) {
	df, err := Dataset(name)
	if err != nil {
		return nil, nil, nil, err
	}
	return XY(df, label, levels...)
}

// Iris returns Fisher's iris flowers: x is 150×4 (sepal length and width,
// petal length and width, in cm), y codes the species with classes
// setosa, versicolor, virginica (50 each).
func Iris() (x *mat.Dense, y []int, classes []string, err error) {
	return labelled("iris", "species")
}

// Wine returns the UCI wine recognition data: x is 178×13 chemical
// measurements of wines from three cultivars, classes class_0, class_1,
// class_2 (59, 71, 48 rows).
func Wine() (x *mat.Dense, y []int, classes []string, err error) {
	return labelled("wine", "class")
}

// BreastCancer returns the Wisconsin diagnostic breast cancer data: x is
// 569×30 (mean, standard error and worst value of ten cell-nucleus
// measurements), classes malignant (0, 212 rows) and benign (1, 357 rows),
// coded as scikit-learn's load_breast_cancer codes them.
func BreastCancer() (x *mat.Dense, y []int, classes []string, err error) {
	return labelled("breast_cancer", "diagnosis", "malignant", "benign")
}

// Digits returns the optical handwritten digits: x is 1797×64, row i being
// an 8×8 image in row-major order with gray levels 0..16, and y[i] is the
// digit itself (classes "0".."9").
func Digits() (x *mat.Dense, y []int, classes []string, err error) {
	return labelled("digits", "digit")
}

// Faithful returns the Old Faithful geyser data: x is 272×2, column 0 the
// eruption time and column 1 the waiting time to the next eruption, both in
// minutes. It is the classic two-cluster density for mixtures and KDE.
func Faithful() (*mat.Dense, error) {
	df, err := Dataset("faithful")
	if err != nil {
		return nil, err
	}
	return Matrix(df, "eruptions", "waiting")
}
