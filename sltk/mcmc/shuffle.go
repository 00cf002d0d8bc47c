package mcmc

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// MoveToTop moves the card at position i of deck to the top (position 0), shifting the cards
// above it down by one: the permutation π_{i→1} of RWTH §6.4. Cost O(i), no allocation. An i
// outside the deck leaves it unchanged.
func MoveToTop(deck []int, i int) {
	if i < 0 || i >= len(deck) {
		return
	}
	c := deck[i]
	copy(deck[1:i+1], deck[:i])
	deck[0] = c
}

// ShuffleStep is one step of the random-card-to-top chain: a uniform position goes to the top
// (Lemma 6.25: ergodic with the uniform stationary distribution). Cost O(n), no allocation.
// An empty deck or a nil rng is left as it is.
func ShuffleStep(rng *rand.Rand, deck []int) {
	if rng == nil || len(deck) == 0 {
		return
	}
	MoveToTop(deck, rng.IntN(len(deck)))
}

// ShuffleCoupling is the coupling of Lemma 6.26: one uniform card value is moved to the top in
// both decks. Each deck alone performs ShuffleStep (a uniform value sits at a uniform
// position), and once a value has been chosen it sits at the same place in both decks, so the
// decks agree as soon as every value but one has been chosen (coupon collector, mean ≈ n·H_n).
type ShuffleCoupling struct {
	X, Y []int // two decks holding the values 0..n−1
}

// NewShuffleCoupling starts the coupling from the sorted deck and its reverse, which differ
// at every position but the middle one.
func NewShuffleCoupling(n int) (*ShuffleCoupling, error) {
	if n < 1 || n > 1<<20 {
		return nil, fmt.Errorf("mcmc: NewShuffleCoupling: n = %d, want in [1, 2^20]: %w", n, errs.ErrParam)
	}
	c := &ShuffleCoupling{X: make([]int, n), Y: make([]int, n)}
	for i := range c.X {
		c.X[i], c.Y[i] = i, n-1-i
	}
	return c, nil
}

// StepPair moves the card of a uniform value to the top of both decks. Cost O(n). A nil
// coupling or rng, or empty decks, make no move.
func (c *ShuffleCoupling) StepPair(rng *rand.Rand) {
	if c == nil || rng == nil || len(c.X) == 0 {
		return
	}
	v := rng.IntN(len(c.X))
	MoveToTop(c.X, slices.Index(c.X, v))
	MoveToTop(c.Y, slices.Index(c.Y, v))
}

// Met reports whether the two decks agree (a nil coupling counts as met).
func (c *ShuffleCoupling) Met() bool { return c == nil || slices.Equal(c.X, c.Y) }

// ShuffleBound is the bound n·ln(n/ε) of Lemma 6.27 and Corollary 6.28 on the mixing time. It
// needs n ≥ 1 cards and ε ∈ (0, 1) (ErrParam otherwise).
func ShuffleBound(n int, eps float64) (float64, error) {
	switch {
	case n < 1:
		return 0, fmt.Errorf("mcmc: ShuffleBound: n = %d, want ≥ 1: %w", n, errs.ErrParam)
	case !(eps > 0 && eps < 1):
		return 0, fmt.Errorf("mcmc: ShuffleBound: eps = %v, want in (0, 1): %w", eps, errs.ErrParam)
	}
	b := float64(n) * math.Log(float64(n)/eps)
	if math.IsInf(b, 0) {
		return 0, fmt.Errorf("mcmc: ShuffleBound: n·ln(n/ε) overflows at eps = %v: %w", eps, errs.ErrNotFinite)
	}
	return b, nil
}

// MaxShuffleCards is the largest deck ShuffleMatrix enumerates (6! = 720 states).
const MaxShuffleCards = 6

// ShuffleMatrix returns the exact random-card-to-top chain on n ≤ 6 cards, its states the
// permutations in lexicographic order. Cost O(n!·n²).
func ShuffleMatrix(n int) (*StateChain[[]int], error) {
	if n < 1 || n > MaxShuffleCards {
		return nil, fmt.Errorf("mcmc: ShuffleMatrix: n = %d, want in [1,%d]: %w", n, MaxShuffleCards, errs.ErrParam)
	}
	perms := permutations(n)
	index := make(map[string]int, len(perms))
	for i, p := range perms {
		index[fmt.Sprint(p)] = i
	}
	q := mat.NewDense(len(perms), len(perms), nil)
	next := make([]int, n)
	for i, p := range perms {
		for pos := 0; pos < n; pos++ {
			copy(next, p)
			MoveToTop(next, pos)
			j := index[fmt.Sprint(next)]
			q.Set(i, j, q.At(i, j)+1/float64(n))
		}
	}
	c, err := NewFiniteChain(q)
	if err != nil {
		return nil, err
	}
	return &StateChain[[]int]{FiniteChain: c, States: perms}, nil
}

// permutations lists the permutations of 0..n−1 in lexicographic order.
func permutations(n int) [][]int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	out := [][]int{slices.Clone(p)}
	for {
		i := n - 2
		for i >= 0 && p[i] > p[i+1] {
			i--
		}
		if i < 0 {
			return out
		}
		j := n - 1
		for p[j] < p[i] {
			j--
		}
		p[i], p[j] = p[j], p[i]
		slices.Reverse(p[i+1:])
		out = append(out, slices.Clone(p))
	}
}

// ShuffleMeetingMean is the exact expected meeting time n(H_n − 1) = n·(1/2 + … + 1/n) of the
// coupling NewShuffleCoupling(n) starts, the sorted deck against its reverse: the decks agree
// exactly when n − 1 distinct values have been chosen (the unchosen ones keep opposite orders
// below the chosen ones), and collecting the k-th new value of n takes n/(n−k+1) steps on
// average (coupon collector). It needs n in [1, 2^20], as NewShuffleCoupling (ErrParam
// otherwise). Cost O(n).
func ShuffleMeetingMean(n int) (float64, error) {
	if n < 1 || n > 1<<20 {
		return 0, fmt.Errorf("mcmc: ShuffleMeetingMean: n = %d, want in [1, 2^20]: %w", n, errs.ErrParam)
	}
	m := 0.0
	for k := n; k >= 2; k-- { // smallest terms first
		m += float64(n) / float64(k)
	}
	return m, nil
}
