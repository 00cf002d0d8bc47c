package info

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// This file implements the channel-coding part of SLT chapter 10 (Posterior agreement from
// information theory, §10.4): discrete memoryless channels (Definition 18, Examples 3–6), capacity
// (Definition 19, Examples 7–9) computed by Blahut–Arimoto, (M, n)-codes with their rates and
// decoders (Definitions 20–23, Example 10 with the rate of the n-repetition code corrected to 1/n:
// erratum E32), typical sets (Theorems 24 and 26, with the log the seed omits: erratum E30) and
// joint typicality (Definition 27, Theorem 28). All information is in bits.

// Channel is a discrete memoryless channel: W[a][b] = p(b | a) for input a and output b.
type Channel struct {
	W *mat.Dense
}

// NewChannel validates a transition matrix (rows = inputs, columns = outputs, every row a
// probability vector, check.Stochastic) and returns the channel. A nil or empty matrix is
// ErrEmpty, rows that do not sum to 1 and negative entries ErrProb, NaN or ±Inf ErrNotFinite.
func NewChannel(w mat.Matrix) (*Channel, error) {
	if _, _, err := check.Stochastic("W", w); err != nil {
		return nil, fmt.Errorf("info: NewChannel: %w", err)
	}
	return &Channel{W: mat.DenseCopyOf(w)}, nil
}

// BSC returns the binary symmetric channel that flips a bit with probability eps ∈ [0, 1]
// (Example 4; eps = 0 is the noiseless binary channel of Example 3).
func BSC(eps float64) (*Channel, error) {
	if !(eps >= 0 && eps <= 1) {
		return nil, fmt.Errorf("info: BSC: crossover probability %v not in [0, 1]: %w", eps, ErrParam)
	}
	return NewChannel(mat.NewDense(2, 2, []float64{1 - eps, eps, eps, 1 - eps}))
}

// BEC returns the binary erasure channel: the input bit arrives intact with probability
// 1 − eps and is erased with probability eps ∈ [0, 1]. Outputs 0 and 1 are the bits, output 2
// is the erasure symbol. Its capacity is 1 − eps (a fraction eps of the bits is lost and the
// receiver knows which).
func BEC(eps float64) (*Channel, error) {
	if !(eps >= 0 && eps <= 1) {
		return nil, fmt.Errorf("info: BEC: erasure probability %v not in [0, 1]: %w", eps, ErrParam)
	}
	return NewChannel(mat.NewDense(2, 3, []float64{1 - eps, 0, eps, 0, 1 - eps, eps}))
}

// ZChannel returns the Z-channel: input 0 always arrives as 0, input 1 turns into 0 with
// probability s ∈ [0, 1]. Only one input is disturbed, so it is not symmetric and its
// capacity log2(1 + (1−s)·s^{s/(1−s)}) is reached by a non-uniform input.
func ZChannel(s float64) (*Channel, error) {
	if !(s >= 0 && s <= 1) {
		return nil, fmt.Errorf("info: ZChannel: s = %v, want in [0, 1]: %w", s, ErrParam)
	}
	return NewChannel(mat.NewDense(2, 2, []float64{1, 0, s, 1 - s}))
}

// Cascade returns the channel "first, then second": the output of first is the input of
// second, so W = W₁·W₂ and the three variables form a Markov chain X → Y → Z. The data-
// processing inequality says that I(X; Z) ≤ I(X; Y) for every input distribution. Outputs of
// first must equal inputs of second (ErrShape). Cost O(|X|·|Y|·|Z|).
func Cascade(first, second *Channel) (*Channel, error) {
	if err := first.valid(); err != nil {
		return nil, fmt.Errorf("info: Cascade: first: %w", err)
	}
	if err := second.valid(); err != nil {
		return nil, fmt.Errorf("info: Cascade: second: %w", err)
	}
	if first.Outputs() != second.Inputs() {
		return nil, fmt.Errorf("info: Cascade: first has %d outputs, second %d inputs: %w", first.Outputs(), second.Inputs(), ErrShape)
	}
	var w mat.Dense
	w.Mul(first.W, second.W)
	return &Channel{W: &w}, nil
}

// MaxLetters is the largest alphabet NoisyTypewriter builds (its n×n matrix takes 8·n² bytes).
const MaxLetters = 1 << 12

// NoisyTypewriter returns the n-letter typewriter that keeps a letter with probability 1 − eps
// and replaces it by its predecessor (cyclically) with probability eps (Example 6; eps = 0 gives
// the noiseless typewriter of Example 5).
func NoisyTypewriter(n int, eps float64) (*Channel, error) {
	switch {
	case n < 2:
		return nil, fmt.Errorf("info: NoisyTypewriter: n = %d letters, want ≥ 2: %w", n, ErrParam)
	case !(eps >= 0 && eps <= 1):
		return nil, fmt.Errorf("info: NoisyTypewriter: eps = %v, want in [0, 1]: %w", eps, ErrParam)
	}
	if err := check.Size("info: NoisyTypewriter", "n", n, MaxLetters); err != nil {
		return nil, err
	}
	w := mat.NewDense(n, n, nil)
	for a := 0; a < n; a++ {
		w.Set(a, a, 1-eps)
		w.Set(a, (a+n-1)%n, w.At(a, (a+n-1)%n)+eps)
	}
	return NewChannel(w)
}

// RandomChannel returns a seeded channel with the given numbers of input and output letters
// whose rows are independent draws from the flat Dirichlet distribution on the output
// alphabet (independent exponential weights, normalised): every transition probability is
// positive. With one input letter its single row is a random distribution on the outputs. It
// is a test bed for statements that must hold for every channel, such as the data-processing
// inequality. The same seed gives the same channel. Cost O(inputs·outputs). Errors: fewer than
// one input or output letter (ErrParam); more than MaxLetters of either (ErrTooLarge).
func RandomChannel(inputs, outputs int, seed uint64) (*Channel, error) {
	if inputs < 1 || outputs < 1 {
		return nil, fmt.Errorf("info: RandomChannel: %d inputs, %d outputs, want ≥ 1 each: %w",
			inputs, outputs, ErrParam)
	}
	if err := check.Size("info: RandomChannel", "inputs", inputs, MaxLetters); err != nil {
		return nil, err
	}
	if err := check.Size("info: RandomChannel", "outputs", outputs, MaxLetters); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x6368616e))
	w := mat.NewDense(inputs, outputs, nil)
	for a := range inputs {
		row := w.RawRowView(a)
		for b := range row {
			row[b] = rng.ExpFloat64() + 1e-300 // positive even if a draw is 0
		}
		floats.Scale(1/floats.Sum(row), row)
	}
	return NewChannel(w)
}

// Inputs returns the size of the input alphabet (0 for a zero Channel).
func (c *Channel) Inputs() int {
	if c.fitted() != nil {
		return 0
	}
	r, _ := c.W.Dims()
	return r
}

// Outputs returns the size of the output alphabet (0 for a zero Channel).
func (c *Channel) Outputs() int {
	if c.fitted() != nil {
		return 0
	}
	_, k := c.W.Dims()
	return k
}

// fitted reports ErrNotFitted for a nil or zero Channel (one not made by NewChannel).
func (c *Channel) fitted() error {
	if c == nil || c.W == nil || c.W.IsEmpty() {
		return fmt.Errorf("info: Channel has no transition matrix (use NewChannel): %w", ErrNotFitted)
	}
	return nil
}

// valid is fitted and also validates W like NewChannel does (W is an exported field that a
// caller may have set): the entry points that compute with W call it. Cost O(|A|·|B|).
func (c *Channel) valid() error {
	if err := c.fitted(); err != nil {
		return err
	}
	if _, _, err := check.Stochastic("Channel.W", c.W); err != nil {
		return fmt.Errorf("info: %w", err)
	}
	return nil
}

// Joint returns the joint distribution p(a, b) = p(a) W[a][b] for the input distribution p.
func (c *Channel) Joint(p []float64) (*mat.Dense, error) {
	if err := c.valid(); err != nil {
		return nil, err
	}
	if len(p) != c.Inputs() {
		return nil, fmt.Errorf("info: Channel.Joint: %d input probabilities for %d inputs: %w", len(p), c.Inputs(), ErrShape)
	}
	if err := check.Prob("input", p); err != nil {
		return nil, fmt.Errorf("info: Channel.Joint: %w", err)
	}
	j := mat.DenseCopyOf(c.W)
	for a := range p {
		row := j.RawRowView(a)
		for b := range row {
			row[b] *= p[a]
		}
	}
	return j, nil
}

// MutualInformation returns I(S; Ŝ) in bits for input distribution p. Cost O(|A|·|B|).
func (c *Channel) MutualInformation(p []float64) (float64, error) {
	j, err := c.Joint(p)
	if err != nil {
		return 0, err
	}
	return MutualInformation(j)
}

// CapacityResult is the outcome of Blahut–Arimoto.
type CapacityResult struct {
	Bits  float64   // capacity estimate: I(p*) (a lower bound within Gap of the capacity)
	Input []float64 // the capacity-achieving input distribution p*
	Gap   float64   // upper bound minus lower bound when the loop stopped
	Iter  int
}

// BlahutArimoto computes a channel's capacity max_p I(S; Ŝ) by the Blahut–Arimoto iteration
// p(a) ← p(a)·2^{D(W(·|a) ‖ q)} / Σ, with q = pW, from the uniform input. Each iteration brackets
// the capacity: I(p) ≤ C ≤ max_a D(W(·|a) ‖ q); the loop stops when the bracket is narrower than
// Tol (0 means 1e-12) or after MaxIter iterations (0 means 100000, or fewer on channels so large
// that MaxIter·|A|·|B| would pass MaxCapacityWork; Gap then says how far the run got). Cost
// O(|A|·|B|) per iteration; an explicit MaxIter with MaxIter·|A|·|B| > MaxCapacityWork is
// ErrTooLarge.
type BlahutArimoto struct {
	Tol     float64
	MaxIter int
}

// Capacity is BlahutArimoto{Tol: tol, MaxIter: maxIter}.Run(c), with the tolerance and the cap
// as positional arguments.
//
// Deprecated: use BlahutArimoto.Run.
func (c *Channel) Capacity(tol float64, maxIter int) (*CapacityResult, error) {
	return BlahutArimoto{Tol: tol, MaxIter: maxIter}.Run(c)
}

// Run computes the capacity of c (see BlahutArimoto).
func (ba BlahutArimoto) Run(c *Channel) (*CapacityResult, error) {
	if err := c.valid(); err != nil {
		return nil, err
	}
	tol, maxIter := ba.Tol, ba.MaxIter
	switch {
	case tol < 0 || math.IsNaN(tol):
		return nil, fmt.Errorf("info: BlahutArimoto.Run: Tol = %v, want ≥ 0: %w", tol, ErrParam)
	case maxIter < 0:
		return nil, fmt.Errorf("info: BlahutArimoto.Run: MaxIter = %d, want ≥ 0: %w", maxIter, ErrParam)
	}
	na, nb := c.W.Dims()
	tol, maxIter = cmp.Or(tol, 1e-12), cmp.Or(maxIter, min(100000, MaxCapacityWork/(na*nb)))
	if maxIter > MaxCapacityWork/(na*nb) {
		return nil, fmt.Errorf("info: BlahutArimoto.Run: MaxIter·|A|·|B| = %d·%d·%d, limit %d: %w", maxIter, na, nb, MaxCapacityWork, ErrTooLarge)
	}
	w := c.W.RawMatrix()
	// wlw[a][b] = W log2 W (0 where W = 0), computed once.
	wlw := make([]float64, na*nb)
	for a := 0; a < na; a++ {
		for b, v := range w.Data[a*w.Stride : a*w.Stride+nb] {
			if v > 0 {
				wlw[a*nb+b] = v * math.Log2(v)
			}
		}
	}
	p := make([]float64, na)
	for a := range p {
		p[a] = 1 / float64(na)
	}
	q := make([]float64, nb)
	lq := make([]float64, nb)
	dv := make([]float64, na)
	res := &CapacityResult{}
	for it := 1; it <= maxIter; it++ {
		clear(q)
		for a := 0; a < na; a++ {
			row := w.Data[a*w.Stride : a*w.Stride+nb]
			for b, v := range row {
				q[b] += p[a] * v
			}
		}
		for b, v := range q {
			if v > 0 {
				lq[b] = math.Log2(v)
			}
		}
		lower, upper := 0.0, math.Inf(-1)
		for a := 0; a < na; a++ {
			row := w.Data[a*w.Stride : a*w.Stride+nb]
			var d float64
			for b, v := range row {
				if v > 0 {
					d += wlw[a*nb+b] - v*lq[b]
				}
			}
			dv[a] = d
			lower += p[a] * d
			upper = math.Max(upper, d)
		}
		res.Iter, res.Bits, res.Gap = it, lower, upper-lower
		if upper-lower <= tol {
			break
		}
		var z float64
		for a := range p {
			p[a] *= math.Exp2(dv[a] - upper)
			z += p[a]
		}
		for a := range p {
			p[a] /= z
		}
	}
	res.Input = p
	res.Bits = math.Max(0, res.Bits)
	return res, nil
}

// BSCCapacity returns 1 − h(eps), the capacity of the binary symmetric channel; eps outside
// [0, 1] is an error wrapping ErrParam.
func BSCCapacity(eps float64) (float64, error) {
	if !(eps >= 0 && eps <= 1) {
		return 0, fmt.Errorf("info: BSCCapacity: eps = %v, want in [0, 1]: %w", eps, ErrParam)
	}
	return 1 - binaryEntropy(eps), nil
}

// TypewriterCapacity returns log2 n − h(eps), the capacity of the n-letter noisy typewriter
// (Example 9: log2 13 for n = 26, eps = 1/2). It needs n ≥ 2 and eps in [0, 1] (ErrParam).
func TypewriterCapacity(n int, eps float64) (float64, error) {
	if n < 2 {
		return 0, fmt.Errorf("info: TypewriterCapacity: n = %d, want ≥ 2: %w", n, ErrParam)
	}
	if !(eps >= 0 && eps <= 1) {
		return 0, fmt.Errorf("info: TypewriterCapacity: eps = %v, want in [0, 1]: %w", eps, ErrParam)
	}
	return math.Log2(float64(n)) - binaryEntropy(eps), nil
}

// Transmit sends word through the channel, drawing each output symbol independently
// (memoryless). Symbols must be valid inputs. Cost O(n·|B|).
func (c *Channel) Transmit(rng *rand.Rand, word []int) ([]int, error) {
	if err := c.fitted(); err != nil {
		return nil, err
	}
	if rng == nil {
		return nil, fmt.Errorf("info: Channel.Transmit: nil *rand.Rand: %w", ErrParam)
	}
	na, nb := c.W.Dims()
	out := make([]int, len(word))
	for i, a := range word {
		if a < 0 || a >= na {
			return nil, fmt.Errorf("info: Channel.Transmit: symbol %d at position %d is not an input of the channel: %w", a, i, ErrParam)
		}
		u := rng.Float64()
		b := nb - 1
		var acc float64
		for k := 0; k < nb; k++ {
			acc += c.W.At(a, k)
			if u < acc {
				b = k
				break
			}
		}
		out[i] = b
	}
	return out, nil
}

// Code is an (M, n)-code (Definition 20): M codewords of length n over the channel's inputs.
// Message i is sent as Words[i].
type Code struct {
	Words [][]int
}

// Rate returns log2(M)/n bits per channel use (Definition 21). The n-repetition code has M = 2
// and rate 1/n (the seed's Example 10 says 2^n messages and rate 1: erratum E32).
func (c *Code) Rate() float64 {
	if c == nil || len(c.Words) == 0 || len(c.Words[0]) == 0 {
		return 0
	}
	return math.Log2(float64(len(c.Words))) / float64(len(c.Words[0]))
}

// RepetitionCode returns the binary n-repetition code {0ⁿ, 1ⁿ}.
func RepetitionCode(n int) (*Code, error) {
	if n < 1 {
		return nil, fmt.Errorf("info: RepetitionCode: n = %d, want ≥ 1: %w", n, ErrParam)
	}
	if n > MaxRepetition {
		return nil, fmt.Errorf("info: RepetitionCode: n = %d, at most %d: %w", n, MaxRepetition, ErrTooLarge)
	}
	zero, one := make([]int, n), make([]int, n)
	for i := range one {
		one[i] = 1
	}
	return &Code{Words: [][]int{zero, one}}, nil
}

// RandomCode returns Shannon's random code: floor(2^{n·rate}) codewords of length n whose
// symbols are drawn independently from the input distribution p (§10.4.4). n·rate ≤ 24 and
// M·n ≤ MaxCodeLetters (ErrTooLarge beyond).
func RandomCode(rng *rand.Rand, n int, rate float64, p []float64) (*Code, error) {
	if rng == nil {
		return nil, fmt.Errorf("info: RandomCode: rng is nil: %w", ErrParam)
	}
	m, err := randomCodeSize("RandomCode", n, rate)
	if err != nil {
		return nil, err
	}
	if err := check.Prob("input", p); err != nil {
		return nil, fmt.Errorf("info: RandomCode: %w", err)
	}
	words := make([][]int, m)
	for i := range words {
		w := make([]int, n)
		for j := range w {
			u, acc := rng.Float64(), 0.0
			w[j] = len(p) - 1
			for a, pa := range p {
				acc += pa
				if u < acc {
					w[j] = a
					break
				}
			}
		}
		words[i] = w
	}
	return &Code{Words: words}, nil
}

// DecodeML returns the message whose codeword has the highest likelihood Π W[x_j][y_j] for the
// received word y (the first on ties); for a BSC with eps < 1/2 this is minimum Hamming distance
// (majority vote for the repetition code). Cost O(M·n).
func (c *Code) DecodeML(ch *Channel, y []int) (int, error) {
	if c == nil || len(c.Words) == 0 {
		return 0, fmt.Errorf("info: Code.DecodeML: no codewords: %w", ErrEmpty)
	}
	if err := ch.valid(); err != nil {
		return 0, err
	}
	na, nb := ch.W.Dims()
	best, bl := -1, math.Inf(-1)
	for i, w := range c.Words {
		if len(w) != len(y) {
			return 0, fmt.Errorf("info: Code.DecodeML: received %d symbols, codewords have %d: %w", len(y), len(w), ErrShape)
		}
		var l float64
		for j, a := range w {
			if y[j] < 0 || y[j] >= nb {
				return 0, fmt.Errorf("info: Code.DecodeML: received symbol %d at %d: %w", y[j], j, ErrParam)
			}
			if a < 0 || a >= na {
				return 0, fmt.Errorf("info: Code.DecodeML: codeword %d has symbol %d at %d, not an input of the channel: %w",
					i, a, j, ErrParam)
			}
			l += math.Log(ch.W.At(a, y[j]))
		}
		if l > bl || best < 0 {
			best, bl = i, l
		}
	}
	return best, nil
}

// JointlyTypical reports whether (x, y) is ε-jointly typical for input distribution p and
// channel ch (Definition 27): each of −(1/n)log2 p(x), −(1/n)log2 p(y) and −(1/n)log2 p(x, y) is
// within eps of H(S), H(Ŝ) and H(S, Ŝ).
func (ch *Channel) JointlyTypical(p []float64, x, y []int, eps float64) (bool, error) {
	j, err := ch.Joint(p)
	if err != nil {
		return false, err
	}
	if len(x) != len(y) || len(x) == 0 {
		return false, fmt.Errorf("info: Channel.JointlyTypical: words of lengths %d and %d: %w", len(x), len(y), ErrShape)
	}
	na, nb := j.Dims()
	py := make([]float64, nb)
	for a := 0; a < na; a++ {
		for b := 0; b < nb; b++ {
			py[b] += j.At(a, b)
		}
	}
	hx, _ := EntropyBits(p)
	hy, _ := EntropyBits(py)
	hxy, err := JointEntropy(j)
	if err != nil {
		return false, err
	}
	var lx, ly, lxy float64
	for i := range x {
		if x[i] < 0 || x[i] >= na || y[i] < 0 || y[i] >= nb {
			return false, fmt.Errorf("info: Channel.JointlyTypical: symbol pair (%d, %d) at %d: %w", x[i], y[i], i, ErrParam)
		}
		lx -= math.Log2(p[x[i]])
		ly -= math.Log2(py[y[i]])
		lxy -= math.Log2(j.At(x[i], y[i]))
	}
	n := float64(len(x))
	ok := math.Abs(lx/n-hx) <= eps && math.Abs(ly/n-hy) <= eps && math.Abs(lxy/n-hxy) <= eps
	return ok, nil
}

// DecodeTypical is the decoder of Shannon's random-code proof: it returns the first message
// whose codeword is ε-jointly typical with y, or −1 when there is none (the proof then declares
// an error). Cost O(M·n).
func (c *Code) DecodeTypical(ch *Channel, p []float64, y []int, eps float64) (int, error) {
	if c == nil || len(c.Words) == 0 {
		return 0, fmt.Errorf("info: Code.DecodeTypical: no codewords: %w", ErrEmpty)
	}
	for i, w := range c.Words {
		ok, err := ch.JointlyTypical(p, w, y, eps)
		if err != nil {
			return 0, err
		}
		if ok {
			return i, nil
		}
	}
	return -1, nil
}

// ErrorRate estimates the average error probability (Definition 22) of a code with the ML
// decoder by sending trials uniformly chosen messages through the channel. Cost O(trials·M·n),
// with trials ≤ MaxTrials and trials·M·n ≤ MaxCodeWork (ErrTooLarge beyond).
func (c *Code) ErrorRate(ch *Channel, trials int, seed uint64) (float64, error) {
	if c == nil || len(c.Words) == 0 {
		return 0, fmt.Errorf("info: Code.ErrorRate: no codewords: %w", ErrEmpty)
	}
	if trials < 1 {
		return 0, fmt.Errorf("info: Code.ErrorRate: trials = %d, want ≥ 1: %w", trials, ErrParam)
	}
	if trials > MaxTrials {
		return 0, fmt.Errorf("info: Code.ErrorRate: trials = %d, at most %d: %w", trials, MaxTrials, ErrTooLarge)
	}
	if mn := len(c.Words) * len(c.Words[0]); mn > 0 && trials > MaxCodeWork/mn {
		return 0, fmt.Errorf("info: Code.ErrorRate: trials·M·n = %d·%d·%d, limit %d: %w", trials, len(c.Words), len(c.Words[0]), MaxCodeWork, ErrTooLarge)
	}
	rng := rand.New(rand.NewPCG(seed, 0x636f6465))
	errs := 0
	for t := 0; t < trials; t++ {
		m := rng.IntN(len(c.Words))
		y, err := ch.Transmit(rng, c.Words[m])
		if err != nil {
			return 0, err
		}
		d, err := c.DecodeML(ch, y)
		if err != nil {
			return 0, err
		}
		if d != m {
			errs++
		}
	}
	return float64(errs) / float64(trials), nil
}

// RepetitionError returns the exact error probability of the n-repetition code with majority
// decoding on BSC(eps), for odd n: Σ_{k > n/2} C(n,k) eps^k (1−eps)^{n−k} (0.00856 for n = 5,
// eps = 0.1).
func RepetitionError(n int, eps float64) (float64, error) {
	switch {
	case n < 1 || n%2 == 0:
		return 0, fmt.Errorf("info: RepetitionError: n = %d, want odd and ≥ 1: %w", n, ErrParam)
	case n > MaxRepetition:
		return 0, fmt.Errorf("info: RepetitionError: n = %d, at most %d: %w", n, MaxRepetition, ErrTooLarge)
	case !(eps >= 0 && eps <= 1):
		return 0, fmt.Errorf("info: RepetitionError: eps = %v, want in [0, 1]: %w", eps, ErrParam)
	case eps == 0 || eps == 1: // every bit kept, or every bit flipped
		return eps, nil
	}
	var s float64
	for k := n/2 + 1; k <= n; k++ {
		s += math.Exp(logBinom(n, k) + float64(k)*math.Log(eps) + float64(n-k)*math.Log1p(-eps))
	}
	return s, nil
}

// MaxRepetition is the longest repetition code RepetitionError sums over (O(n) terms).
const MaxRepetition = 1 << 24

// MaxTrials is the most messages Code.ErrorRate simulates (ErrTooLarge beyond).
const MaxTrials = 1 << 24

// MaxCapacityWork caps maxIter·|A|·|B|, the work of Channel.Capacity (2³⁶ steps, minutes).
const MaxCapacityWork = 1 << 36

// MaxCodeLetters caps M·n, the letters of a random code RandomCode draws (2²⁶ ints, 512 MiB),
// and MaxCodeWork caps the decoding work trials·M·n of Code.ErrorRate and
// codes·trials·M·n of RandomCodeError (2³⁶ likelihood steps, minutes).
const (
	MaxCodeLetters = 1 << 26
	MaxCodeWork    = 1 << 36
)

// randomCodeSize returns M = ⌊2^{n·rate}⌋ for n ≥ 1 and 0 ≤ n·rate ≤ 24, with M·n at most
// MaxCodeLetters.
func randomCodeSize(fn string, n int, rate float64) (int, error) {
	switch {
	case n < 1:
		return 0, fmt.Errorf("info: %s: n = %d, want ≥ 1: %w", fn, n, ErrParam)
	case !(rate >= 0) || rate*float64(n) > 24:
		return 0, fmt.Errorf("info: %s: rate = %v, want 0 ≤ n·rate ≤ 24 (n = %d): %w", fn, rate, n, ErrParam)
	}
	m := max(1, int(math.Floor(math.Exp2(float64(n)*rate)+1e-9))) // ≤ 2²⁴ + 1 by the check above
	if n > MaxCodeLetters/m {
		return 0, fmt.Errorf("info: %s: M·n = %d·%d codeword letters, limit %d: %w", fn, m, n, MaxCodeLetters, ErrTooLarge)
	}
	return m, nil
}

func logBinom(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// TypicalSet describes the ε-typical set A_ε^(n) of a Bernoulli(p) source (Definition 25),
// computed exactly by summing over the number of ones.
type TypicalSet struct {
	Log2Size float64 // log2 |A|
	Prob     float64 // P(A)
	H        float64 // h(p)
}

// BernoulliTypicalSet returns |A_ε^(n)| and P(A_ε^(n)) for i.i.d. Bernoulli(p) words of length n:
// a word with k ones is typical iff |−(1/n)log2 p(word) − h(p)| ≤ eps. Theorem 26 then gives
// P(A) > 1 − ε for large n (for p = 0.3, ε = 0.1 only from n ≈ 90) and
// (1−ε)2^{n(H−ε)} ≤ |A| ≤ 2^{n(H+ε)}. An empty set (no word typical: small n or tiny ε) is
// an error wrapping errs.ErrNoSolution, not log2 0 = −∞. Cost O(n).
func BernoulliTypicalSet(p float64, n int, eps float64) (*TypicalSet, error) {
	if err := typicalArgs("BernoulliTypicalSet", "p", p, n, eps); err != nil {
		return nil, err
	}
	if n > MaxRepetition {
		return nil, fmt.Errorf("info: BernoulliTypicalSet: n = %d, at most %d: %w", n, MaxRepetition, ErrTooLarge)
	}
	h := binaryEntropy(p)
	ts := &TypicalSet{H: h, Log2Size: math.Inf(-1)}
	for k := 0; k <= n; k++ {
		lw := float64(k)*math.Log2(p) + float64(n-k)*math.Log2(1-p)
		if math.Abs(-lw/float64(n)-h) > eps {
			continue
		}
		lc := logBinom(n, k) / math.Ln2
		ts.Prob += math.Exp2(lc + lw)
		ts.Log2Size = log2Add(ts.Log2Size, lc)
	}
	if math.IsInf(ts.Log2Size, -1) {
		return nil, fmt.Errorf("info: BernoulliTypicalSet: no word of length %d is typical for ε = %v: %w", n, eps, errs.ErrNoSolution)
	}
	return ts, nil
}

// typicalArgs checks the arguments of the typical-set functions: a probability in (0, 1), a
// length n ≥ 1 and a finite ε > 0, naming the first one out of range.
func typicalArgs(fn, name string, p float64, n int, eps float64) error {
	switch {
	case !(p > 0 && p < 1):
		return fmt.Errorf("info: %s: %s = %v, want in (0, 1): %w", fn, name, p, ErrParam)
	case n < 1:
		return fmt.Errorf("info: %s: n = %d, want ≥ 1: %w", fn, n, ErrParam)
	case !(eps > 0) || math.IsInf(eps, 0):
		return fmt.Errorf("info: %s: eps = %v, want finite and > 0: %w", fn, eps, ErrParam)
	}
	return nil
}

func log2Add(a, b float64) float64 {
	if math.IsInf(a, -1) {
		return b
	}
	return floats.LogSumExp([]float64{a * math.Ln2, b * math.Ln2}) / math.Ln2
}

// BSCJointTypicality returns, for uniform input on BSC(flip) and words of length n, the exact
// probability that a sent/received pair is ε-jointly typical, and the probability that an
// independent codeword and the received word are (Theorem 28: the first → 1, the second lies in
// [(1−ε)2^{−n(I+3ε)}, 2^{−n(I−3ε)}] for large n). With uniform input both marginals are always
// typical, so only the number of flipped positions matters. Cost O(n).
func BSCJointTypicality(flip float64, n int, eps float64) (same, indep float64, err error) {
	if err := typicalArgs("BSCJointTypicality", "flip", flip, n, eps); err != nil {
		return 0, 0, err
	}
	if n > MaxRepetition {
		return 0, 0, fmt.Errorf("info: BSCJointTypicality: n = %d, at most %d: %w", n, MaxRepetition, ErrTooLarge)
	}
	hxy := 1 + binaryEntropy(flip)
	for k := 0; k <= n; k++ {
		l := float64(n) + -(float64(k)*math.Log2(flip) + float64(n-k)*math.Log2(1-flip))
		if math.Abs(l/float64(n)-hxy) > eps {
			continue
		}
		lc := logBinom(n, k)
		same += math.Exp(lc + float64(k)*math.Log(flip) + float64(n-k)*math.Log1p(-flip))
		indep += math.Exp(lc - float64(n)*math.Ln2)
	}
	return same, indep, nil
}
