package frame

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/sltk-book/sltk/sltk/errs"
)

// Option changes how ReadCSV and LoadCSV read their input.
type Option func(*config)

type config struct {
	comma    rune
	comment  rune
	missing  map[string]bool
	noHeader bool
}

func newConfig(opts []Option) config {
	c := config{comma: ',', missing: map[string]bool{"": true, "NA": true}}
	for _, o := range opts {
		if o != nil { // a nil Option changes nothing
			o(&c)
		}
	}
	return c
}

// Delimiter sets the field separator (default ','), e.g. '\t' or ';'.
func Delimiter(r rune) Option { return func(c *config) { c.comma = r } }

// NoHeader reads text without a header line: the first line is data, and the
// columns are named x0, x1, … (as pandas' header=None numbers them).
func NoHeader() Option { return func(c *config) { c.noHeader = true } }

// Comment makes lines that start with r comments, which are skipped
// (default: no comment character).
func Comment(r rune) Option { return func(c *config) { c.comment = r } }

// MissingValues replaces the set of field values that mean "missing"
// (default: the empty field and "NA", as R writes them). A literal NaN in a
// numeric column is missing too, because gota stores both the same way.
func MissingValues(tokens ...string) Option {
	return func(c *config) {
		c.missing = make(map[string]bool, len(tokens))
		for _, t := range tokens {
			c.missing[t] = true
		}
	}
}

// LoadCSV reads the CSV file at path with ReadCSV. Errors name the path; a file that cannot be
// opened is an errs.ErrIO that also wraps the operating system's error (fs.ErrNotExist, …).
func LoadCSV(path string, opts ...Option) (dataframe.DataFrame, error) {
	f, err := os.Open(path)
	if err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("frame: LoadCSV: %w: %w", err, errs.ErrIO)
	}
	defer f.Close()
	df, err := ReadCSV(f, opts...)
	if err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("frame: LoadCSV: %s: %w", path, err)
	}
	return df, nil
}

// ReadCSV reads CSV text whose first line is a header of column names (or,
// with NoHeader, text without one) and returns it as a data frame.
//
// The text is checked before gota sees it, because gota's own reader folds
// every problem into DataFrame.Err without saying where it is. ReadCSV
// returns an error, wrapping the sentinel in parentheses, for
//   - an empty input or a header without data rows (ErrEmpty): a data set
//     with no observations cannot feed any method, so it is refused rather
//     than returned as an empty frame;
//   - an empty or repeated column name (ErrColumnName), which gota would
//     silently rename, and a header whose every name is a number
//     (ErrColumnName): that is a data row, and the message says to pass
//     NoHeader;
//   - a line whose field count differs from the header's (ErrRagged), with
//     its line number;
//   - broken quoting or an invalid delimiter (ErrMalformed), with line and
//     column.
//
// Column types are detected from the non-missing fields: bool when all are
// "true" or "false", int when all parse as integers, float when all parse
// as float64 (this admits "Inf" and "NaN", which Matrix later reports),
// string otherwise; a column with no value at all is float. Missing fields (see
// MissingValues) become gota's NA. A leading UTF-8 byte-order mark is
// dropped; blank lines are skipped, as encoding/csv does; line ends may be
// LF, CRLF or CR alone (old Mac files). Cost: O(total size of the text).
func ReadCSV(r io.Reader, opts ...Option) (dataframe.DataFrame, error) {
	cfg := newConfig(opts)
	if err := checkSeparators(cfg); err != nil {
		return dataframe.DataFrame{}, err
	}
	header, rows, err := readRecords(r, cfg)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	return buildFrame(header, rows, cfg)
}

// checkSeparators applies encoding/csv's rules for Comma and Comment up
// front, so that a bad option is reported as such and not as an I/O error.
func checkSeparators(c config) error {
	valid := func(r rune) bool {
		return r != 0 && r != '"' && r != '\r' && r != '\n' && utf8.ValidRune(r) && r != utf8.RuneError
	}
	if !valid(c.comma) {
		return fmt.Errorf("frame: ReadCSV: invalid delimiter %q: %w", c.comma, ErrMalformed)
	}
	if c.comment != 0 && (!valid(c.comment) || c.comment == c.comma) {
		return fmt.Errorf("frame: ReadCSV: invalid comment character %q (delimiter %q): %w", c.comment, c.comma, ErrMalformed)
	}
	return nil
}

// readRecords parses the text with encoding/csv, which knows the line of
// every record, and validates the header and the field counts.
func readRecords(r io.Reader, cfg config) (header []string, rows [][]string, err error) {
	if r == nil {
		return nil, nil, fmt.Errorf("frame: ReadCSV: nil reader: %w", ErrEmpty)
	}
	br := bufio.NewReader(r)
	if b, _ := br.Peek(3); bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		br.Discard(3)
	}
	cr := csv.NewReader(&crReader{r: br})
	cr.Comma = cfg.comma
	cr.Comment = cfg.comment
	cr.FieldsPerRecord = -1 // field counts are checked below, with a clearer message

	headerLine := 0
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, nil, fmt.Errorf("frame: ReadCSV: line %d, column %d: %v: %w", pe.Line, pe.Column, pe.Err, ErrMalformed)
			}
			return nil, nil, fmt.Errorf("frame: ReadCSV: %w: %w", err, errs.ErrIO)
		}
		line, _ := cr.FieldPos(0)
		if header == nil && cfg.noHeader {
			header, headerLine = make([]string, len(rec)), line
			for j := range header {
				header[j] = "x" + strconv.Itoa(j)
			}
		}
		if header == nil {
			header, headerLine = rec, line
			if err := checkNames(header, headerLine); err != nil {
				return nil, nil, err
			}
			continue
		}
		if len(rec) != len(header) {
			return nil, nil, fmt.Errorf("frame: ReadCSV: line %d has %d fields, the header (line %d) has %d: %w", line, len(rec), headerLine, len(header), ErrRagged)
		}
		rows = append(rows, rec)
	}
	if header == nil {
		return nil, nil, fmt.Errorf("frame: ReadCSV: no header line: %w", ErrEmpty)
	}
	if len(rows) == 0 {
		return nil, nil, fmt.Errorf("frame: ReadCSV: header (line %d) but no data rows: %w", headerLine, ErrEmpty)
	}
	return header, rows, nil
}

// checkNames rejects empty and repeated column names, and a header that is a
// row of numbers; columns are counted from 1 in the message, as a
// spreadsheet user would.
func checkNames(names []string, line int) error {
	numeric := true
	for _, n := range names {
		if _, err := strconv.ParseFloat(n, 64); err != nil {
			numeric = false
			break
		}
	}
	if numeric {
		return fmt.Errorf("frame: ReadCSV: header (line %d) looks like data: every name is a number (first %s); pass frame.NoHeader() if the text has no header line: %w", line, quote(names[0]), ErrColumnName)
	}
	seen := make(map[string]int, len(names))
	for j, n := range names {
		if n == "" {
			return fmt.Errorf("frame: ReadCSV: header (line %d) column %d has an empty name: %w", line, j+1, ErrColumnName)
		}
		if k, dup := seen[n]; dup {
			return fmt.Errorf("frame: ReadCSV: header (line %d) column %d name %s repeats column %d: %w", line, j+1, quote(n), k+1, ErrColumnName)
		}
		seen[n] = j
	}
	return nil
}

// buildFrame detects each column's type and builds the gota series.
func buildFrame(header []string, rows [][]string, cfg config) (df dataframe.DataFrame, err error) {
	cols := make([]series.Series, len(header))
	raw := make([]string, len(rows))
	for j, name := range header {
		isInt, isFloat, isBool := true, true, true
		for i, rec := range rows {
			v := rec[j]
			if cfg.missing[v] {
				raw[i] = "NaN" // gota's spelling of NA in every series type
				continue
			}
			raw[i] = v
			if isBool && v != "true" && v != "false" {
				isBool = false
			}
			if isInt {
				if _, e := strconv.Atoi(v); e != nil {
					isInt = false
				}
			}
			if !isInt && isFloat {
				if _, e := strconv.ParseFloat(v, 64); e != nil {
					isFloat = false
				}
			}
		}
		t := series.String
		switch {
		case isBool && !allNA(raw):
			t = series.Bool
		case isInt && !allNA(raw):
			t = series.Int
		case isFloat:
			t = series.Float
		}
		cols[j] = series.New(raw, t, name)
		if cols[j].Err != nil {
			return dataframe.DataFrame{}, fmt.Errorf("frame: ReadCSV: column %s: %v: %w", quote(name), cols[j].Err, ErrBadFrame)
		}
	}
	df = dataframe.New(cols...)
	if df.Err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("frame: ReadCSV: %v: %w", df.Err, ErrBadFrame)
	}
	return df, nil
}

// allNA reports whether every value is the NA marker; such a column is
// stored as float, so that Matrix reports the missing values and not a type.
func allNA(raw []string) bool {
	for _, v := range raw {
		if v != "NaN" {
			return false
		}
	}
	return true
}

// crReader turns a carriage return that does not start a CRLF pair into a
// line feed, so that text with CR-only line ends (classic Mac OS) is read line
// by line; encoding/csv would otherwise see a single line. (A lone CR inside a
// quoted field becomes a LF too.)
type crReader struct{ r *bufio.Reader }

func (c *crReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for i := 0; i < n; i++ {
		if p[i] != '\r' {
			continue
		}
		if i+1 < n {
			if p[i+1] != '\n' {
				p[i] = '\n'
			}
			continue
		}
		if next, e := c.r.Peek(1); e != nil || next[0] != '\n' {
			p[i] = '\n' // the CR ends this chunk and no LF follows
		}
	}
	return n, err
}
