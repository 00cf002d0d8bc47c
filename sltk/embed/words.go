package embed

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sltk-book/sltk/sltk/errs"
)

// WordFamilies reads a word list (one word per line, as /usr/share/dict/words of Debian's
// wamerican) and keeps the words that start with one of the prefixes, in file order, with the
// index of the first prefix each starts with as its family: a labelled set of real words whose
// edit distances (EditDistances) are non-metric dissimilarities with a known grouping (SLT
// chapter 9, Pairwise clustering). Lines with characters other than a–z (capitalised names,
// possessives) are skipped. An empty prefix list or an empty prefix is ErrParam; no matching
// word is ErrEmpty; more than MaxObjects matches is ErrTooLarge. Cost O(size of the input).
func WordFamilies(r io.Reader, prefixes []string) (words []string, family []int, err error) {
	if len(prefixes) == 0 {
		return nil, nil, fmt.Errorf("embed: WordFamilies: no prefixes: %w", errs.ErrParam)
	}
	for i, p := range prefixes {
		if p == "" {
			return nil, nil, fmt.Errorf("embed: WordFamilies: prefix %d is empty: %w", i, errs.ErrParam)
		}
	}
	if r == nil {
		return nil, nil, fmt.Errorf("embed: WordFamilies: nil reader: %w", errs.ErrEmpty)
	}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		w := strings.TrimSpace(sc.Text())
		if w == "" || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") != "" {
			continue
		}
		for f, p := range prefixes {
			if strings.HasPrefix(w, p) {
				if len(words) == MaxObjects {
					return nil, nil, fmt.Errorf("embed: WordFamilies: more than %d words: %w", MaxObjects, errs.ErrTooLarge)
				}
				words, family = append(words, w), append(family, f)
				break
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("embed: WordFamilies: %w: %w", err, errs.ErrIO)
	}
	if len(words) == 0 {
		return nil, nil, fmt.Errorf("embed: WordFamilies: no word starts with %q: %w", prefixes, errs.ErrEmpty)
	}
	return words, family, nil
}

// LoadWordFamilies is WordFamilies on the file at path; a file that cannot be opened is an
// error wrapping errs.ErrIO.
func LoadWordFamilies(path string, prefixes []string) ([]string, []int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("embed: LoadWordFamilies: %w: %w", err, errs.ErrIO)
	}
	defer f.Close()
	return WordFamilies(f, prefixes)
}
