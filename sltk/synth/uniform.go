package synth

import (
	"cmp"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Labelled draws N points uniformly from the box [Low, High]^D and labels each 1 where Rule
// holds and 0 elsewhere, then flips each label with probability Noise. Points where Keep is
// false are drawn again, which leaves a gap around a decision boundary (a margin for the
// Perceptron); at most 1000·N draws are made before ErrParam. It stands for the textbook's
// "points labelled by a target concept": a threshold rule with label noise for trees, a
// hyperplane with a margin for linear separators, a disc for feature lifts. N·D is at most
// MaxEntries (ErrTooLarge beyond).
// Defaults: D = 2, [Low, High] = [0, 1], Keep = always. Cost O(N·D) draws.
type Labelled struct {
	N, D      int
	Low, High float64
	Rule      func(x []float64) bool // the target concept; required
	Keep      func(x []float64) bool // nil keeps every point
	Noise     float64                // label flip probability in [0, 1)
	Seed      uint64
}

// Generate returns the N×D points and their labels.
func (l Labelled) Generate() (*mat.Dense, []int, error) {
	if err := checkN("Labelled.Generate", l.N); err != nil {
		return nil, nil, err
	}
	d := cmp.Or(l.D, 2)
	lo, hi := l.Low, l.High
	if lo == 0 && hi == 0 {
		hi = 1
	}
	switch {
	case d < 1:
		return nil, nil, fmt.Errorf("synth: Labelled: D = %d, want ≥ 1: %w", d, ErrParam)
	case !(lo < hi) || math.IsInf(hi-lo, 0) || math.IsNaN(hi-lo):
		return nil, nil, fmt.Errorf("synth: Labelled: box [%v, %v], want finite Low < High: %w", lo, hi, ErrParam)
	case l.Rule == nil:
		return nil, nil, fmt.Errorf("synth: Labelled: Rule is nil: %w", ErrParam)
	case !(l.Noise >= 0 && l.Noise < 1):
		return nil, nil, fmt.Errorf("synth: Labelled: Noise = %v, want in [0, 1): %w", l.Noise, ErrParam)
	}
	if err := checkProduct("Labelled", "N·D", l.N, d); err != nil {
		return nil, nil, err
	}
	rng := newRand(l.Seed)
	x := mat.NewDense(l.N, d, nil)
	y := make([]int, l.N)
	for i, draws := 0, 0; i < l.N; draws++ {
		if draws >= 1000*l.N {
			return nil, nil, fmt.Errorf("synth: Labelled: Keep accepted %d of %d draws: %w", i, draws, ErrParam)
		}
		row := x.RawRowView(i)
		for j := range row {
			row[j] = lo + (hi-lo)*rng.Float64()
		}
		if l.Keep != nil && !l.Keep(row) {
			continue
		}
		if l.Rule(row) {
			y[i] = 1
		}
		if l.Noise > 0 && rng.Float64() < l.Noise {
			y[i] = 1 - y[i]
		}
		i++
	}
	return x, y, nil
}

// Curve samples a regression problem: N points x spread over [Low, High] (one uniform draw in
// each of N equal cells, so the sample covers the interval without gaps) with responses
// F(x) plus Gaussian noise of standard deviation Noise. Defaults: [Low, High] = [0, 1]. A value
// of F that is NaN or ±Inf, or a response that overflows, is an error wrapping ErrNotFinite
// that names the point. Cost O(N) draws and calls of F.
type Curve struct {
	F         func(x float64) float64 // the target; required
	N         int
	Low, High float64
	Noise     float64
	Seed      uint64
}

// Generate returns the points and the noisy responses.
func (c Curve) Generate() (xs, ys []float64, err error) {
	if err := checkN("Curve.Generate", c.N); err != nil {
		return nil, nil, err
	}
	lo, hi := c.Low, c.High
	if lo == 0 && hi == 0 {
		hi = 1
	}
	switch {
	case !(lo < hi) || math.IsInf(hi-lo, 0) || math.IsNaN(hi-lo):
		return nil, nil, fmt.Errorf("synth: Curve: interval [%v, %v], want finite Low < High: %w", lo, hi, ErrParam)
	case c.F == nil:
		return nil, nil, fmt.Errorf("synth: Curve: F is nil: %w", ErrParam)
	}
	if err := checkNoise("Curve.Generate", "Noise", c.Noise); err != nil {
		return nil, nil, err
	}
	rng := newRand(c.Seed)
	xs, ys = make([]float64, c.N), make([]float64, c.N)
	for i := range xs {
		xs[i] = lo + (hi-lo)*(float64(i)+rng.Float64())/float64(c.N)
		f := c.F(xs[i])
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, nil, fmt.Errorf("synth: Curve: F(xs[%d] = %v) = %v: %w", i, xs[i], f, ErrNotFinite)
		}
		ys[i] = f + c.Noise*rng.NormFloat64()
		if math.IsNaN(ys[i]) || math.IsInf(ys[i], 0) {
			return nil, nil, fmt.Errorf("synth: Curve: ys[%d] = F(%v) + noise = %v overflows: %w", i, xs[i], ys[i], ErrNotFinite)
		}
	}
	return xs, ys, nil
}

// BooleanCube returns the 2^n × n matrix of all points of {0, 1}^n, row i holding the bits of
// i (bit j in column j), for enumerating a Boolean function or measuring a classifier's error
// exactly over all inputs. n must be in [1, 24] (ErrParam below 1, ErrTooLarge above 24: 2^24
// rows of 24 columns are 3 GiB). Cost O(2^n·n).
func BooleanCube(n int) (*mat.Dense, error) {
	if n < 1 {
		return nil, fmt.Errorf("synth: BooleanCube: n = %d, want in [1, 24]: %w", n, ErrParam)
	}
	if n > 24 {
		return nil, fmt.Errorf("synth: BooleanCube: n = %d, limit 24: %w", n, ErrTooLarge)
	}
	x := mat.NewDense(1<<n, n, nil)
	for i := 0; i < 1<<n; i++ {
		row := x.RawRowView(i)
		for j := range row {
			row[j] = float64(i >> j & 1)
		}
	}
	return x, nil
}

// LabelRows labels given points by a rule: 1 where rule holds for the row, 0 elsewhere (the
// noise-free labelling of Labelled, for points that are not random, e.g. all of BooleanCube).
// A nil x or rule gives nil. Cost O(n·d) plus n calls of rule.
func LabelRows(x mat.Matrix, rule func(x []float64) bool) []int {
	if x == nil || rule == nil {
		return nil
	}
	if d, ok := x.(*mat.Dense); ok && d == nil {
		return nil
	}
	n, d := x.Dims()
	y, row := make([]int, n), make([]float64, d)
	for i := range y {
		if rule(mat.Row(row, i, x)) {
			y[i] = 1
		}
	}
	return y
}

// Experts is a random prediction market for Weighted Majority: T fair-coin outcomes and the
// advice of N experts, expert i right with probability 0.5 + Spread·i/N independently in each
// round (so expert 0 guesses and the last is the best). Defaults: N = 20, T = 2000,
// Spread = 0.3. Cost O(T·N).
type Experts struct {
	N, T   int
	Spread float64
	Seed   uint64
}

// Generate returns advice[t][i] ∈ {0, 1} and outcomes[t].
func (e Experts) Generate() (advice [][]int, outcomes []int, err error) {
	n, t, spread := cmp.Or(e.N, 20), cmp.Or(e.T, 2000), cmp.Or(e.Spread, 0.3)
	if n < 1 || t < 1 || !(spread >= 0 && spread <= 0.5) {
		return nil, nil, fmt.Errorf("synth: Experts: N = %d, T = %d, Spread = %v; want N, T ≥ 1 and Spread in [0, 0.5]: %w", n, t, spread, ErrParam)
	}
	if n > MaxEntries/t {
		return nil, nil, fmt.Errorf("synth: Experts: N·T = %d·%d exceeds %d: %w", n, t, MaxEntries, ErrTooLarge)
	}
	rng := newRand(e.Seed)
	advice, outcomes = make([][]int, t), make([]int, t)
	for s := range advice {
		outcomes[s], advice[s] = rng.IntN(2), make([]int, n)
		for i := range advice[s] {
			advice[s][i] = outcomes[s]
			if rng.Float64() > 0.5+spread*float64(i)/float64(n) {
				advice[s][i] = 1 - outcomes[s]
			}
		}
	}
	return advice, outcomes, nil
}

// LossTable is a T×N table of random losses for the experts of MWU: expert i's loss in each
// round is uniform on [0, 0.6 + 0.4·i/N], so low-numbered experts are better on average.
// Signed maps every loss v to 2v − 1 in [−1, 1] (gains and losses). Defaults: N = 50,
// T = 3000. Cost O(T·N).
type LossTable struct {
	N, T   int
	Signed bool
	Seed   uint64
}

// Generate returns the table, row t holding the losses of round t.
func (l LossTable) Generate() (*mat.Dense, error) {
	n, t := cmp.Or(l.N, 50), cmp.Or(l.T, 3000)
	if n < 1 || t < 1 {
		return nil, fmt.Errorf("synth: LossTable: N = %d, T = %d, want ≥ 1: %w", n, t, ErrParam)
	}
	if n > MaxEntries/t {
		return nil, fmt.Errorf("synth: LossTable: N·T = %d·%d exceeds %d: %w", n, t, MaxEntries, ErrTooLarge)
	}
	rng := newRand(l.Seed)
	x := mat.NewDense(t, n, nil)
	for s := 0; s < t; s++ {
		row := x.RawRowView(s)
		for i := range row {
			row[i] = rng.Float64() * (0.6 + 0.4*float64(i)/float64(n))
			if l.Signed {
				row[i] = 2*row[i] - 1
			}
		}
	}
	return x, nil
}
