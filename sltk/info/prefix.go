package info

import (
	"container/heap"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
)

// This file holds lossless source coding with binary prefix codes (SLT appendix A, Information
// theory): the Kraft inequality, Shannon's code lengths ⌈log2 1/p⌉, Huffman's optimal code and
// canonical codewords built from any lengths that satisfy Kraft.

// MaxSymbols is the largest alphabet HuffmanLengths, ShannonLengths, KraftSum and
// NewPrefixCode accept (ErrTooLarge beyond).
const MaxSymbols = 1 << 20

// MaxCodeBits caps the total number of codeword bits Σ l_i a PrefixCode stores, and the
// number of bits PrefixCode.Encode writes (2²⁶ bits, 8 MiB packed); past it the call returns
// an error wrapping ErrTooLarge.
const MaxCodeBits = 1 << 26

// alphabetSize checks that a code's alphabet is not empty and within MaxSymbols.
func alphabetSize(fn, name string, n int) error {
	if n == 0 {
		return fmt.Errorf("info: %s: %s is empty: %w", fn, name, ErrEmpty)
	}
	return check.Size("info: "+fn, "len("+name+")", n, MaxSymbols)
}

// KraftSum returns Σ_i 2^{−l_i} for codeword lengths l_i ≥ 0. A binary prefix code with these
// lengths exists if and only if the sum is at most 1 (the Kraft inequality; NewPrefixCode
// builds one), and an optimal code makes it exactly 1. The sum is formed exactly with a big
// integer and rounded once to float64; lengths beyond 1100 add less than 2^{−1080} in all and
// are left out. Cost O(n·L/64) for n lengths of at most L bits.
func KraftSum(lengths []int) (float64, error) {
	if err := alphabetSize("KraftSum", "lengths", len(lengths)); err != nil {
		return 0, err
	}
	top := 0
	for i, l := range lengths {
		if l < 0 {
			return 0, fmt.Errorf("info: KraftSum: lengths[%d] = %d, want ≥ 0: %w", i, l, ErrParam)
		}
		top = max(top, min(l, 1100))
	}
	s := new(big.Int)
	for _, l := range lengths {
		if l <= 1100 {
			s.Add(s, new(big.Int).Lsh(big.NewInt(1), uint(top-l)))
		}
	}
	f := new(big.Float).SetInt(s)
	v, _ := f.SetMantExp(f, -top).Float64()
	return v, nil
}

// ShannonLengths returns l_i = ⌈log2 1/p_i⌉, the lengths of Shannon's code. They satisfy
// Kraft (Σ 2^{−l_i} ≤ Σ p_i = 1), and the mean length Σ p_i l_i lies in [H(p), H(p)+1). Every
// p_i must be positive (a symbol that never occurs needs no codeword: drop it first); the
// rounding is exact, so a dyadic p_i = 2^{−k} gets exactly k. Cost O(n).
func ShannonLengths(p []float64) ([]int, error) {
	if err := alphabetSize("ShannonLengths", "p", len(p)); err != nil {
		return nil, err
	}
	if err := check.Prob("p", p); err != nil {
		return nil, fmt.Errorf("info: ShannonLengths: %w", err)
	}
	l := make([]int, len(p))
	for i, x := range p {
		if x == 0 {
			return nil, fmt.Errorf("info: ShannonLengths: p[%d] = 0 has no codeword length (drop it): %w", i, ErrProb)
		}
		k := int(math.Ceil(-math.Log2(x)))
		for math.Ldexp(1, -k) > x { // 2^{−k} ≤ p_i, exactly
			k++
		}
		for k > 0 && math.Ldexp(1, -(k-1)) <= x {
			k--
		}
		l[i] = k
	}
	return l, nil
}

// huffNode is a node of the Huffman tree: its probability, the smallest symbol below it (the
// tie-break that makes the code deterministic) and its parent.
type huffNode struct {
	p      float64
	least  int
	parent int
}

// huffHeap orders node indices by probability, then by smallest symbol.
type huffHeap struct {
	nodes []huffNode
	idx   []int
}

func (h *huffHeap) Len() int { return len(h.idx) }
func (h *huffHeap) Less(a, b int) bool {
	x, y := h.nodes[h.idx[a]], h.nodes[h.idx[b]]
	if x.p != y.p {
		return x.p < y.p
	}
	return x.least < y.least
}
func (h *huffHeap) Swap(a, b int) { h.idx[a], h.idx[b] = h.idx[b], h.idx[a] }
func (h *huffHeap) Push(x any)    { h.idx = append(h.idx, x.(int)) }
func (h *huffHeap) Pop() any {
	v := h.idx[len(h.idx)-1]
	h.idx = h.idx[:len(h.idx)-1]
	return v
}

// HuffmanLengths returns the codeword lengths of Huffman's binary prefix code for p: merge the
// two least probable nodes until one is left; a symbol's length is its depth. No prefix code
// has a smaller mean length Σ p_i l_i, which therefore lies in [H(p), H(p)+1), and the lengths
// fill the Kraft inequality exactly (Σ 2^{−l_i} = 1). Symbols of probability 0 get codewords
// too; a one-symbol alphabet gets length 0 (nothing needs sending). Ties are broken by the
// smallest symbol index, so the result is deterministic. Cost O(n log n).
func HuffmanLengths(p []float64) ([]int, error) {
	if err := alphabetSize("HuffmanLengths", "p", len(p)); err != nil {
		return nil, err
	}
	if err := check.Prob("p", p); err != nil {
		return nil, fmt.Errorf("info: HuffmanLengths: %w", err)
	}
	n := len(p)
	h := &huffHeap{nodes: make([]huffNode, n, 2*n-1), idx: make([]int, n)}
	for i, x := range p {
		h.nodes[i] = huffNode{p: x, least: i, parent: -1}
		h.idx[i] = i
	}
	heap.Init(h)
	for h.Len() > 1 {
		a, b := heap.Pop(h).(int), heap.Pop(h).(int)
		parent := len(h.nodes)
		h.nodes = append(h.nodes, huffNode{p: h.nodes[a].p + h.nodes[b].p,
			least: min(h.nodes[a].least, h.nodes[b].least), parent: -1})
		h.nodes[a].parent, h.nodes[b].parent = parent, parent
		heap.Push(h, parent)
	}
	// Nodes are created after their children, so depths follow in reverse creation order.
	depth := make([]int, len(h.nodes))
	for v := len(h.nodes) - 2; v >= 0; v-- {
		depth[v] = depth[h.nodes[v].parent] + 1
	}
	return depth[:n], nil
}

// PrefixCode is a binary prefix code: Words[i] is the codeword of symbol i, written with the
// characters '0' and '1', and no codeword is a prefix of another, so a concatenation of
// codewords decodes in one left-to-right pass. Build one with NewPrefixCode or Huffman.
type PrefixCode struct {
	Words []string

	// trie[2v+b] is the child of node v along bit b: a node index > 0, −(symbol+1) for a
	// leaf, 0 for no codeword on that branch.
	trie []int32
}

// NewPrefixCode returns the canonical prefix code with the given codeword lengths: symbols
// sorted by (length, index) get consecutive binary numbers, each shifted left when the length
// grows (as DEFLATE does). It exists exactly when the lengths satisfy the Kraft inequality
// Σ 2^{−l_i} ≤ 1, which makes this the constructive half of Kraft's theorem; lengths that
// violate it are an error wrapping ErrParam. Length 0 is allowed only for a one-symbol
// alphabet. Cost O(Σ l_i), at most MaxCodeBits.
func NewPrefixCode(lengths []int) (*PrefixCode, error) {
	const fn = "NewPrefixCode"
	if err := alphabetSize(fn, "lengths", len(lengths)); err != nil {
		return nil, err
	}
	total := 0
	for i, l := range lengths {
		switch {
		case l < 0 || (l == 0 && len(lengths) > 1):
			return nil, fmt.Errorf("info: %s: lengths[%d] = %d, want ≥ 1 (0 only for one symbol): %w", fn, i, l, ErrParam)
		case l > MaxCodeBits-total:
			return nil, fmt.Errorf("info: %s: Σ lengths > %d bits: %w", fn, MaxCodeBits, ErrTooLarge)
		}
		total += l
	}
	order := make([]int, len(lengths))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return lengths[a] - lengths[b] })
	words := make([]string, len(lengths))
	code, one := new(big.Int), big.NewInt(1)
	for r, s := range order {
		if r > 0 {
			code.Add(code, one)
			code.Lsh(code, uint(lengths[s]-lengths[order[r-1]]))
		}
		if code.BitLen() > lengths[s] {
			return nil, fmt.Errorf("info: %s: the lengths have Kraft sum > 1 (no room for symbol %d of length %d): %w", fn, s, lengths[s], ErrParam)
		}
		w := code.Text(2)
		if lengths[s] > 0 {
			w = strings.Repeat("0", lengths[s]-len(w)) + w
		} else {
			w = ""
		}
		words[s] = w
	}
	c := &PrefixCode{Words: words}
	c.buildTrie()
	return c, nil
}

// buildTrie indexes the codewords for decoding. Cost O(Σ l_i).
func (c *PrefixCode) buildTrie() {
	c.trie = []int32{0, 0}
	for s, w := range c.Words {
		v := 0
		for i := 0; i < len(w); i++ {
			b := 2*v + int(w[i]-'0')
			if i == len(w)-1 {
				c.trie[b] = -int32(s + 1)
				break
			}
			if c.trie[b] <= 0 {
				c.trie[b] = int32(len(c.trie) / 2)
				c.trie = append(c.trie, 0, 0)
			}
			v = int(c.trie[b])
		}
	}
}

// Huffman returns the canonical prefix code with Huffman's lengths for p (HuffmanLengths),
// the binary prefix code of least mean length. Cost O(n log n + Σ l_i).
func Huffman(p []float64) (*PrefixCode, error) {
	l, err := HuffmanLengths(p)
	if err != nil {
		return nil, fmt.Errorf("info: Huffman: %w", err)
	}
	return NewPrefixCode(l)
}

// fitted reports ErrNotFitted for a nil PrefixCode or one not made by NewPrefixCode.
func (c *PrefixCode) fitted(fn string) error {
	if c == nil || len(c.Words) == 0 || len(c.trie) == 0 {
		return fmt.Errorf("info: PrefixCode.%s: no codewords (use NewPrefixCode or Huffman): %w", fn, ErrNotFitted)
	}
	return nil
}

// Lengths returns the codeword lengths l_i = len(Words[i]) (nil for a zero PrefixCode).
func (c *PrefixCode) Lengths() []int {
	if c.fitted("Lengths") != nil {
		return nil
	}
	l := make([]int, len(c.Words))
	for i, w := range c.Words {
		l[i] = len(w)
	}
	return l
}

// MeanLength returns Σ_i p_i l_i, the expected number of bits per symbol drawn from p; it lies
// in [H(p), ∞), and within a bit of H(p) for a Huffman or Shannon code. Cost O(n).
func (c *PrefixCode) MeanLength(p []float64) (float64, error) {
	if err := c.fitted("MeanLength"); err != nil {
		return 0, err
	}
	if len(p) != len(c.Words) {
		return 0, fmt.Errorf("info: PrefixCode.MeanLength: %d probabilities for %d codewords: %w", len(p), len(c.Words), ErrShape)
	}
	if err := check.Prob("p", p); err != nil {
		return 0, fmt.Errorf("info: PrefixCode.MeanLength: %w", err)
	}
	m := 0.0
	for i, w := range c.Words {
		m += p[i] * float64(len(w))
	}
	return m, nil
}

// Encode concatenates the codewords of the symbols and packs the bits into bytes, first bit in
// the highest bit of the first byte; it returns the bytes and the number of bits. A symbol
// outside [0, len(Words)) is an error wrapping ErrLabel; more than MaxCodeBits bits wrap
// ErrTooLarge. Cost O(number of bits).
func (c *PrefixCode) Encode(symbols []int) ([]byte, int, error) {
	if err := c.fitted("Encode"); err != nil {
		return nil, 0, err
	}
	nbits := 0
	for i, s := range symbols {
		if s < 0 || s >= len(c.Words) {
			return nil, 0, fmt.Errorf("info: PrefixCode.Encode: symbols[%d] = %d, want in [0, %d): %w", i, s, len(c.Words), errs.ErrLabel)
		}
		if nbits += len(c.Words[s]); nbits > MaxCodeBits {
			return nil, 0, fmt.Errorf("info: PrefixCode.Encode: more than %d bits: %w", MaxCodeBits, ErrTooLarge)
		}
	}
	out := make([]byte, (nbits+7)/8)
	k := 0
	for _, s := range symbols {
		for i := 0; i < len(c.Words[s]); i++ {
			if c.Words[s][i] == '1' {
				out[k/8] |= 0x80 >> (k % 8)
			}
			k++
		}
	}
	return out, nbits, nil
}

// Decode reads nbits bits of data (as Encode wrote them) and returns the symbols. Bits that
// end inside a codeword, or follow a branch no codeword uses (possible when the code's Kraft
// sum is below 1), are an error wrapping ErrParam that gives the bit position; nbits beyond
// 8·len(data) is ErrShape. A one-symbol code has the empty codeword: its messages carry no
// bits, and Decode returns no symbols for nbits = 0. Cost O(nbits).
func (c *PrefixCode) Decode(data []byte, nbits int) ([]int, error) {
	if err := c.fitted("Decode"); err != nil {
		return nil, err
	}
	if nbits < 0 || nbits > 8*len(data) {
		return nil, fmt.Errorf("info: PrefixCode.Decode: nbits = %d for %d bytes: %w", nbits, len(data), ErrShape)
	}
	var out []int
	v, start := 0, 0
	for k := 0; k < nbits; k++ {
		b := int(data[k/8]>>(7-k%8)) & 1
		next := c.trie[2*v+b]
		switch {
		case next < 0:
			out = append(out, int(-next-1))
			v, start = 0, k+1
		case next == 0:
			return nil, fmt.Errorf("info: PrefixCode.Decode: bits %d…%d match no codeword: %w", start, k, ErrParam)
		default:
			v = int(next)
		}
	}
	if v != 0 {
		return nil, fmt.Errorf("info: PrefixCode.Decode: the bits end inside a codeword that starts at bit %d: %w", start, ErrParam)
	}
	return out, nil
}
