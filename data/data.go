// Package data embeds the small real data sets of the sltk book so that the
// library, its tests and the notebooks can load them without a network or a
// file path: iris, wine, breast cancer and optical digits (UCI, as shipped
// by scikit-learn), Old Faithful (R's datasets package), and the tables
// printed in the lecture texts (seed 002 §1.3 and §2.3, seed 000 App. B,
// Table B.1).
//
// Every data set is a CSV file with one header row; README.md in this
// directory gives each file's source, licence, shape and column meaning.
// Package data only hands out bytes; github.com/sltk-book/sltk/sltk/frame
// parses them into data frames and matrices.
package data

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.csv
var files embed.FS

// ErrUnknown is returned (wrapped, with the list of known names) when a
// name does not belong to an embedded data set.
var ErrUnknown = errors.New("data: unknown data set")

// Names returns the names of the embedded data sets in sorted order. A name
// is the file name without its ".csv" suffix, e.g. "iris".
func Names() []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		// The embedded root always exists; ReadDir cannot fail on it.
		return nil
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".csv"); ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// Open returns a reader over the CSV text of the named data set. The name
// may be given with or without the ".csv" suffix. The caller closes it.
func Open(name string) (io.ReadCloser, error) {
	f, err := files.Open(fileName(name))
	if err != nil {
		return nil, unknown(name)
	}
	return f, nil
}

// Bytes returns the CSV text of the named data set. The slice is a fresh
// copy, so the caller may modify it.
func Bytes(name string) ([]byte, error) {
	b, err := files.ReadFile(fileName(name))
	if err != nil {
		return nil, unknown(name)
	}
	return b, nil
}

func fileName(name string) string {
	return strings.TrimSuffix(name, ".csv") + ".csv"
}

func unknown(name string) error {
	return fmt.Errorf("%w %q; known data sets: %s", ErrUnknown, name, strings.Join(Names(), ", "))
}
