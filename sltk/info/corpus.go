package info

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// MaxCorpusFiles caps the documents LoadCorpus reads; MaxCorpusCells caps documents·words of a
// co-occurrence matrix (and the cells of the joints whose SVD BottleneckCritical takes).
const (
	MaxCorpusFiles = 1 << 12
	MaxCorpusCells = 1 << 24
)

// LoadCorpus reads every regular file of dir (symbolic links and subdirectories are skipped, so
// the aliases of /usr/share/common-licenses such as GPL → GPL-3 count once), in name order, with
// LoadLetters. It returns the file names and the texts. A directory that cannot be read is an
// error wrapping errs.ErrIO, one without a regular file ErrEmpty, more than MaxCorpusFiles
// files ErrTooLarge. Cost O(total bytes).
func LoadCorpus(dir string) (names []string, docs []*Text, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("info: LoadCorpus: %w: %w", err, errs.ErrIO)
	}
	for _, e := range entries { // ReadDir sorts by name
		if !e.Type().IsRegular() {
			continue
		}
		if len(names) == MaxCorpusFiles {
			return nil, nil, fmt.Errorf("info: LoadCorpus: more than %d files: %w", MaxCorpusFiles, ErrTooLarge)
		}
		t, err := LoadLetters(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, nil, fmt.Errorf("info: LoadCorpus: %s: %w", e.Name(), err)
		}
		names, docs = append(names, e.Name()), append(docs, t)
	}
	if len(docs) == 0 {
		return nil, nil, fmt.Errorf("info: LoadCorpus: no regular file in %s: %w", dir, ErrEmpty)
	}
	return names, docs, nil
}

// words calls fn for every word (maximal run of letters) of the text.
func (t *Text) words(fn func(w string)) {
	var word []byte
	for i := 0; i <= len(t.Symbols); i++ {
		if i < len(t.Symbols) && t.Symbols[i] != 26 {
			word = append(word, Alphabet[t.Symbols[i]])
			continue
		}
		if len(word) > 0 {
			fn(string(word))
		}
		word = word[:0]
	}
}

// CorpusWords returns the k most frequent words of at least minLen letters over all documents
// together (as TopWords on their concatenation): a vocabulary for Cooccurrence. Errors as in
// Text.TopWords, and ErrEmpty for no documents. Cost O(total symbols + w log w).
func CorpusWords(docs []*Text, k, minLen int) ([]string, error) {
	if len(docs) == 0 {
		return nil, fmt.Errorf("info: CorpusWords: no documents: %w", ErrEmpty)
	}
	all := &Text{}
	for i, d := range docs {
		if err := d.fitted("Symbols"); err != nil {
			return nil, fmt.Errorf("info: CorpusWords: document %d: %w", i, err)
		}
		if i > 0 {
			all.Symbols = append(all.Symbols, 26)
		}
		all.Symbols = append(all.Symbols, d.Symbols...)
	}
	w, err := all.TopWords(k, minLen)
	if err != nil {
		return nil, fmt.Errorf("info: CorpusWords: %w", err)
	}
	return w, nil
}

// Cooccurrence returns the documents×words matrix of counts n(d, w): how often word vocab[w]
// occurs in docs[d]. Divided by its total (JointFromCounts) it is the joint distribution of a
// random occurrence's document and word, the input of the information bottleneck (documents
// clustered by their words, or words by their documents through its transpose). Errors: no
// documents or an empty vocabulary (ErrEmpty), a repeated word (ErrParam), documents·words
// above MaxCorpusCells (ErrTooLarge). Cost O(total symbols + documents·words).
func Cooccurrence(docs []*Text, vocab []string) (*mat.Dense, error) {
	if len(docs) == 0 || len(vocab) == 0 {
		return nil, fmt.Errorf("info: Cooccurrence: %d documents, %d words: %w", len(docs), len(vocab), ErrEmpty)
	}
	if len(docs) > MaxCorpusCells/len(vocab) {
		return nil, fmt.Errorf("info: Cooccurrence: %d documents × %d words, limit %d: %w", len(docs), len(vocab), MaxCorpusCells, ErrTooLarge)
	}
	col := make(map[string]int, len(vocab))
	for j, w := range vocab {
		if _, dup := col[w]; dup {
			return nil, fmt.Errorf("info: Cooccurrence: word %q twice in vocab: %w", w, ErrParam)
		}
		col[w] = j
	}
	c := mat.NewDense(len(docs), len(vocab), nil)
	for i, d := range docs {
		if err := d.fitted("Symbols"); err != nil {
			return nil, fmt.Errorf("info: Cooccurrence: document %d: %w", i, err)
		}
		d.words(func(w string) {
			if j, ok := col[w]; ok {
				c.Set(i, j, c.At(i, j)+1)
			}
		})
	}
	return c, nil
}

// JointFromCounts divides a matrix of non-negative counts by its total: the empirical joint
// distribution of its row and column index. Errors: a nil or empty matrix (ErrEmpty), a
// negative entry (ErrProb), a non-finite one (ErrNotFinite), a zero total (ErrEmpty). Cost
// O(rows·cols).
func JointFromCounts(counts mat.Matrix) (*mat.Dense, error) {
	data, n, d, err := check.Rows("counts", counts)
	if err != nil {
		return nil, fmt.Errorf("info: JointFromCounts: %w", err)
	}
	var tot float64
	for i, v := range data {
		if v < 0 {
			return nil, fmt.Errorf("info: JointFromCounts: counts[%d,%d] = %v is negative: %w", i/d, i%d, v, ErrProb)
		}
		tot += v
	}
	if !(tot > 0) || tot > 1e300 {
		return nil, fmt.Errorf("info: JointFromCounts: total %v, want finite and > 0: %w", tot, ErrEmpty)
	}
	out := make([]float64, len(data))
	for i, v := range data {
		out[i] = v / tot
	}
	return mat.NewDense(n, d, out), nil
}
