// Package frame turns tabular data into the n×d *mat.Dense matrices and label
// slices that the rest of sltk consumes, with errors that say what is wrong
// and where.
//
// Reading goes through ReadCSV and LoadCSV, which check the CSV text
// themselves (line numbers of ragged rows and bad quotes, empty or repeated
// column names, files without data rows) before they build a gota
// dataframe.DataFrame. Matrix, IntLabels, StringLabels, OneHot and XY then
// convert columns, naming the column and row of every non-numeric, missing
// or infinite value. Dataset and the typed loaders (Iris, Wine,
// BreastCancer, Digits, Faithful) read the data sets embedded in package
// github.com/sltk-book/sltk/data, including the tables of the lecture texts:
// the class-attendance tables of AFDS §1.3 and §2.3 (chapters 1 and 2), the Boolean
// function of AFDS chapter 1 (Understanding ML algorithms) §1.3, and the movie ratings of SLT
// appendix B (The EM algorithm) (Table B.1).
//
// Rows are numbered from 0 in error messages, as in mat.Dense.At; CSV input
// lines are numbered from 1, as an editor shows them.
package frame

import (
	"strconv"

	"github.com/sltk-book/sltk/sltk/errs"
)

// Sentinel errors. Every error returned by this package wraps one of them
// (or an error of package data or the operating system) together with the
// detail, so callers can branch with errors.Is. ErrEmpty and ErrNotFinite are
// those of package errs (the same values under the same names); the others
// are about CSV syntax and data frames and belong to this package, each of
// them also one of the sentinels of errs (errs.New): ErrRagged is an
// ErrShape, ErrMissing an ErrNotFinite, ErrLevel an ErrLabel, the others
// ErrParam.
var (
	// ErrEmpty: no header, no data rows, or no columns selected.
	ErrEmpty = errs.ErrEmpty
	// ErrRagged: a CSV line has a different number of fields than the header.
	ErrRagged = errs.New("frame: ragged rows", errs.ErrShape)
	// ErrMalformed: the CSV text cannot be parsed (quoting, bad delimiter).
	ErrMalformed = errs.New("frame: malformed CSV", errs.ErrParam)
	// ErrColumnName: a header name is empty or repeats an earlier one, or the
	// header looks like data (every name is a number: use NoHeader).
	ErrColumnName = errs.New("frame: bad column name", errs.ErrParam)
	// ErrUnknownColumn: a requested column is not in the data frame.
	ErrUnknownColumn = errs.New("frame: unknown column", errs.ErrParam)
	// ErrNotNumeric: a value that should be a number is not one.
	ErrNotNumeric = errs.New("frame: value is not numeric", errs.ErrParam)
	// ErrMissing: a value is missing (empty field, a missing-value token,
	// or NaN, which gota does not tell apart from missing).
	ErrMissing = errs.New("frame: missing value", errs.ErrNotFinite)
	// ErrNotFinite: a value is +Inf or -Inf, overflows float64, or is a NaN
	// written in a text column (NaN in a numeric column is ErrMissing).
	ErrNotFinite = errs.ErrNotFinite
	// ErrLevel: a label is not among the levels the caller listed, or the
	// list of levels itself repeats a level, or (Codes) the level lists do not
	// match the columns.
	ErrLevel = errs.New("frame: unknown or repeated level", errs.ErrLabel)
	// ErrBadFrame: the data frame carries an error from gota, or gota
	// failed while building it.
	ErrBadFrame = errs.New("frame: invalid data frame", errs.ErrParam)
)

// maxQuoted is the longest prefix of a field, in runes, that an error message
// quotes: a 1 MiB field must not make a 1 MiB error.
const maxQuoted = 40

// quote returns s quoted as by strconv.Quote, cut to its first maxQuoted runes
// (marked by "…" after the closing quote) when it is longer.
func quote(s string) string {
	t, cut := truncate(s)
	if cut {
		return strconv.Quote(t) + "…"
	}
	return strconv.Quote(s)
}

// truncate returns the first maxQuoted runes of s and whether it cut any.
func truncate(s string) (string, bool) {
	n := 0
	for i := range s {
		if n == maxQuoted {
			return s[:i], true
		}
		n++
	}
	return s, false
}
