package info

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// Alphabet is the 27-symbol alphabet of Text: the letters a–z and the space, the alphabet of
// Shannon's experiments on the entropy of printed English.
const Alphabet = "abcdefghijklmnopqrstuvwxyz "

// MaxTextBytes is the longest input ReadLetters reads (2²⁸ bytes); longer input is an error
// wrapping ErrTooLarge.
const MaxTextBytes = 1 << 28

// Text is a text reduced to Alphabet: Symbols[t] is the index in Alphabet of its t-th symbol
// (0–25 for a–z, 26 for the space). It is a real source for the entropy, the codes and the
// mutual information of consecutive letters.
type Text struct {
	Symbols []int
}

// ReadLetters reads a text and reduces it to Alphabet: ASCII letters are folded to lower case,
// every run of other bytes (digits, punctuation, white space, non-ASCII) becomes one space,
// and leading and trailing spaces are dropped. Input without a letter is an error wrapping
// ErrEmpty, a failing reader one wrapping errs.ErrIO, input longer than MaxTextBytes one
// wrapping ErrTooLarge. Cost O(bytes).
func ReadLetters(r io.Reader) (*Text, error) {
	if r == nil {
		return nil, fmt.Errorf("info: ReadLetters: nil reader: %w", ErrEmpty)
	}
	br := bufio.NewReader(io.LimitReader(r, MaxTextBytes+1))
	var sym []int
	gap, read := false, 0
	for {
		b, err := br.ReadByte()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("info: ReadLetters: %w: %w", err, errs.ErrIO)
		}
		if read++; read > MaxTextBytes {
			return nil, fmt.Errorf("info: ReadLetters: more than %d bytes: %w", MaxTextBytes, ErrTooLarge)
		}
		switch {
		case b >= 'A' && b <= 'Z':
			b += 'a' - 'A'
			fallthrough
		case b >= 'a' && b <= 'z':
			if gap && len(sym) > 0 {
				sym = append(sym, 26)
			}
			sym, gap = append(sym, int(b-'a')), false
		default:
			gap = true
		}
	}
	if len(sym) == 0 {
		return nil, fmt.Errorf("info: ReadLetters: no letters in %d bytes: %w", read, ErrEmpty)
	}
	return &Text{Symbols: sym}, nil
}

// LoadLetters is ReadLetters on the file at path; a file that cannot be opened is an error
// wrapping errs.ErrIO (and the operating system's error, e.g. fs.ErrNotExist).
func LoadLetters(path string) (*Text, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("info: LoadLetters: %w: %w", err, errs.ErrIO)
	}
	defer f.Close()
	return ReadLetters(f)
}

// fitted reports ErrNotFitted for a nil Text or one without symbols, and ErrLabel for a symbol
// outside Alphabet (Symbols is an exported field a caller may have set).
func (t *Text) fitted(fn string) error {
	if t == nil || len(t.Symbols) == 0 {
		return fmt.Errorf("info: Text.%s: no symbols (use ReadLetters): %w", fn, ErrNotFitted)
	}
	for i, s := range t.Symbols {
		if s < 0 || s >= len(Alphabet) {
			return fmt.Errorf("info: Text.%s: Symbols[%d] = %d, want in [0, %d): %w", fn, i, s, len(Alphabet), errs.ErrLabel)
		}
	}
	return nil
}

// Frequencies returns the relative frequency of each symbol of Alphabet in the text, a
// probability vector of length 27. Cost O(len(Symbols)).
func (t *Text) Frequencies() ([]float64, error) {
	if err := t.fitted("Frequencies"); err != nil {
		return nil, err
	}
	f := make([]float64, len(Alphabet))
	for _, s := range t.Symbols {
		f[s]++
	}
	for i := range f {
		f[i] /= float64(len(t.Symbols))
	}
	return f, nil
}

// Pairs returns the 27×27 joint distribution of consecutive symbols: entry (a, b) is the
// fraction of positions t with Symbols[t] = a and Symbols[t+1] = b. Its row sums are the
// frequencies of the text without its last symbol, its column sums those without its first.
// A text of one symbol has no pairs (ErrEmpty). Cost O(len(Symbols)).
func (t *Text) Pairs() (*mat.Dense, error) {
	if err := t.fitted("Pairs"); err != nil {
		return nil, err
	}
	n := len(t.Symbols) - 1
	if n == 0 {
		return nil, fmt.Errorf("info: Text.Pairs: one symbol has no pairs: %w", ErrEmpty)
	}
	k := len(Alphabet)
	j := mat.NewDense(k, k, nil)
	raw := j.RawMatrix()
	for i := 0; i < n; i++ {
		raw.Data[t.Symbols[i]*raw.Stride+t.Symbols[i+1]]++
	}
	j.Scale(1/float64(n), j)
	return j, nil
}

// TopWords returns the k most frequent distinct words of the text that have at least minLen
// letters, most frequent first, ties in alphabetical order; fewer than k when the text has
// fewer such words. A word is a maximal run of letters between spaces. They are a small real
// vocabulary for string dissimilarities such as edit distances (SLT chapter 7). k or minLen
// below 1 is an error wrapping ErrParam, a text with no such word one wrapping ErrEmpty. Cost
// O(len(Symbols) + w log w) for w distinct words.
func (t *Text) TopWords(k, minLen int) ([]string, error) {
	if err := t.fitted("TopWords"); err != nil {
		return nil, err
	}
	if k < 1 || minLen < 1 {
		return nil, fmt.Errorf("info: Text.TopWords: k = %d, minLen = %d, want both ≥ 1: %w", k, minLen, errs.ErrParam)
	}
	count := map[string]int{}
	var word []byte
	for i := 0; i <= len(t.Symbols); i++ { // one step past the end closes the last word
		if i < len(t.Symbols) && t.Symbols[i] != 26 {
			word = append(word, Alphabet[t.Symbols[i]])
			continue
		}
		if len(word) >= minLen {
			count[string(word)]++
		}
		word = word[:0]
	}
	if len(count) == 0 {
		return nil, fmt.Errorf("info: Text.TopWords: no word of at least %d letters: %w", minLen, ErrEmpty)
	}
	words := make([]string, 0, len(count))
	for w := range count {
		words = append(words, w)
	}
	sort.Slice(words, func(a, b int) bool {
		if count[words[a]] != count[words[b]] {
			return count[words[a]] > count[words[b]]
		}
		return words[a] < words[b]
	})
	return words[:min(k, len(words))], nil
}
