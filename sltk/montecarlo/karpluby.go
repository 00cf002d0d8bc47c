package montecarlo

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// DNF is a formula in disjunctive normal form γ_1 ∨ … ∨ γ_m over the variables x_1..x_Vars.
// Each term is a conjunction of literals: +v for x_v and −v for ¬x_v (1 ≤ v ≤ Vars ≤ 64). An
// assignment is a bit mask, bit v−1 holding the value of x_v.
type DNF struct {
	Vars  int
	Terms [][]int
}

// ParseDNF reads a formula such as "x1 x2 | !x1 x3 | x2 x3": terms separated by '|' (or
// '∨'), literals inside a term by spaces, '&' or '∧', negation written '!', '~' or '¬'. Vars is
// the largest index. A repeated literal counts once; a term that contains x and ¬x is
// unsatisfiable and is dropped, as the lecture assumes. No terms left is ErrEmpty.
func ParseDNF(s string) (DNF, error) {
	s = strings.NewReplacer("∨", "|", "∧", " ", "&", " ", "¬", "!", "~", "!").Replace(s)
	var d DNF
	for k, part := range strings.Split(s, "|") {
		var term []int
		for _, lit := range strings.Fields(part) {
			sign := 1
			for strings.HasPrefix(lit, "!") {
				sign, lit = -sign, lit[1:]
			}
			v, err := strconv.Atoi(strings.TrimPrefix(lit, "x"))
			if !strings.HasPrefix(lit, "x") || err != nil || v < 1 || v > 64 {
				return DNF{}, fmt.Errorf("montecarlo: ParseDNF: term %d: literal %q, want x1..x64: %w", k, lit, ErrParam)
			}
			term = append(term, sign*v)
			d.Vars = max(d.Vars, v)
		}
		if len(term) == 0 {
			return DNF{}, fmt.Errorf("montecarlo: ParseDNF: term %d is empty: %w", k, ErrEmpty)
		}
		d.Terms = append(d.Terms, term)
	}
	return d.normalise("ParseDNF")
}

// normalise checks the formula, removes repeated literals and contradictory terms.
func (d DNF) normalise(fn string) (DNF, error) {
	if d.Vars < 1 || d.Vars > 64 {
		return DNF{}, fmt.Errorf("montecarlo: %s: Vars = %d, want 1..64: %w", fn, d.Vars, ErrParam)
	}
	out := DNF{Vars: d.Vars}
	for k, t := range d.Terms {
		var pos, neg uint64
		for _, l := range t {
			if l == 0 || l > d.Vars || -l > d.Vars {
				return DNF{}, fmt.Errorf("montecarlo: %s: term %d: literal %d outside ±1..%d: %w", fn, k, l, d.Vars, ErrParam)
			}
			if l > 0 {
				pos |= 1 << (l - 1)
			} else {
				neg |= 1 << (-l - 1)
			}
		}
		if len(t) == 0 || pos&neg != 0 {
			continue
		}
		var term []int
		for m := pos; m != 0; m &= m - 1 {
			term = append(term, bits.TrailingZeros64(m)+1)
		}
		for m := neg; m != 0; m &= m - 1 {
			term = append(term, -(bits.TrailingZeros64(m) + 1))
		}
		slices.SortFunc(term, func(a, b int) int { return max(a, -a) - max(b, -b) })
		out.Terms = append(out.Terms, term)
	}
	if len(out.Terms) == 0 {
		return DNF{}, fmt.Errorf("montecarlo: %s: no satisfiable term: %w", fn, ErrEmpty)
	}
	return out, nil
}

// String writes the formula as ParseDNF reads it.
func (d DNF) String() string {
	terms := make([]string, len(d.Terms))
	for k, t := range d.Terms {
		lits := make([]string, len(t))
		for j, l := range t {
			if l < 0 {
				lits[j] = "!x" + strconv.Itoa(-l)
			} else {
				lits[j] = "x" + strconv.Itoa(l)
			}
		}
		terms[k] = strings.Join(lits, " ")
	}
	return strings.Join(terms, " | ")
}

// masks returns, per term, the variables it fixes and the values it fixes them to.
func (d DNF) masks() (fixed, value []uint64) {
	fixed, value = make([]uint64, len(d.Terms)), make([]uint64, len(d.Terms))
	for k, t := range d.Terms {
		for _, l := range t {
			b := uint64(1) << (max(l, -l) - 1)
			fixed[k] |= b
			if l > 0 {
				value[k] |= b
			}
		}
	}
	return fixed, value
}

// Models lists the satisfying assignments in increasing order by enumerating all 2^Vars
// assignments (Vars ≤ 24, ErrTooLarge beyond). Cost O(2^Vars·m).
func (d DNF) Models() ([]uint64, error) {
	d, err := d.normalise("DNF.Models")
	if err != nil {
		return nil, err
	}
	if d.Vars > 24 {
		return nil, fmt.Errorf("montecarlo: DNF.Models: %d variables, limit 24: %w", d.Vars, ErrTooLarge)
	}
	fixed, value := d.masks()
	var out []uint64
	for a := uint64(0); a < 1<<d.Vars; a++ {
		for k := range fixed {
			if a&fixed[k] == value[k] {
				out = append(out, a)
				break
			}
		}
	}
	return out, nil
}

// FormatAssignment writes a as the bits x_1 x_2 … x_n, e.g. "011" for x_1 = 0, x_2 = x_3 = 1.
// n is clamped to [0, 64], the bits a holds.
func FormatAssignment(a uint64, n int) string {
	b := make([]byte, min(max(n, 0), 64))
	for v := range b {
		b[v] = '0' + byte(a>>v&1)
	}
	return string(b)
}

// KarpLuby samples the models of a DNF uniformly and counts them (Theorem 6.6, Remark 6.7).
// The sample space is Ω = {(i, α) : α ⊨ γ_i}, |Ω| = W = Σ_i 2^{n−k_i}; a trial draws (i, α)
// uniformly from Ω (term i with probability 2^{n−k_i}/W, then the free variables uniformly)
// and accepts when no earlier term is satisfied by α. Each model is accepted through exactly
// one pair, so accepted α are uniform on the models, and the acceptance rate |S|/W is ≥ 1/m.
type KarpLuby struct {
	// UniformTerms draws the term uniformly instead of by weight. It is the lecture's
	// proposal, biased towards the models of short-listed long terms unless all terms have the
	// same length; it exists to show that bias.
	UniformTerms bool
	MaxIter      int // cap on trials; 0 means 2^26
	Seed         uint64
}

type klSampler struct {
	fixed, value []uint64
	cum          []float64
	uniform      bool
	vars         int
}

func (k KarpLuby) sampler(d DNF) (*klSampler, DNF, error) {
	d, err := d.normalise("KarpLuby")
	if err != nil {
		return nil, d, err
	}
	s := &klSampler{uniform: k.UniformTerms, vars: d.Vars}
	s.fixed, s.value = d.masks()
	s.cum = make([]float64, len(d.Terms))
	var w float64
	for i, t := range d.Terms {
		w += math.Ldexp(1, d.Vars-len(t))
		s.cum[i] = w
	}
	return s, d, nil
}

// trial draws (i, α) and reports α and whether it is accepted.
func (s *klSampler) trial(rng *rand.Rand) (uint64, bool) {
	var i int
	if s.uniform {
		i = rng.IntN(len(s.cum))
	} else {
		u := rng.Float64() * s.cum[len(s.cum)-1]
		i = sort.Search(len(s.cum), func(k int) bool { return s.cum[k] > u })
	}
	a := rng.Uint64()
	if s.vars < 64 {
		a &= 1<<s.vars - 1
	}
	a = a&^s.fixed[i] | s.value[i]
	for j := 0; j < i; j++ {
		if a&s.fixed[j] == s.value[j] {
			return a, false
		}
	}
	return a, true
}

// KLSample is the outcome of KarpLuby.Sample.
type KLSample struct {
	Models    []uint64
	Trials    int
	Rate      float64 // accepted / Trials, estimating |S|/W
	Converged bool    // false if MaxIter trials ran out first
}

// Sample draws n models. Cost O(Trials·m) with expected Trials ≤ n·m.
func (k KarpLuby) Sample(d DNF, n int) (KLSample, error) {
	s, _, err := k.sampler(d)
	if err != nil {
		return KLSample{}, err
	}
	maxIter := cmp.Or(k.MaxIter, 1<<26)
	if n < 1 || n > MaxSamples || maxIter < 0 || maxIter > MaxSamples {
		return KLSample{}, fmt.Errorf("montecarlo: KarpLuby.Sample: n = %d, MaxIter = %d: %w", n, k.MaxIter, ErrParam)
	}
	rng := rand.New(rand.NewPCG(k.Seed, 0x6b6c))
	var res KLSample
	for res.Trials < maxIter && len(res.Models) < n {
		res.Trials++
		if a, ok := s.trial(rng); ok {
			res.Models = append(res.Models, a)
		}
	}
	res.Converged = len(res.Models) == n
	res.Rate = float64(len(res.Models)) / float64(res.Trials)
	return res, nil
}

// KLCount is the outcome of KarpLuby.Count.
type KLCount struct {
	Estimate float64 // W·Accepted/Trials, the estimate of |S|
	W        float64 // |Ω| = Σ 2^{n−k_i}
	Trials   int     // T = ⌈3m·ln(2/δ)/ε²⌉
	Accepted int
}

// Count estimates the number of models with T = ⌈3m·ln(2/δ)/ε²⌉ trials, so that by the
// multiplicative Chernoff bound (μ = aT ≥ T/m) the estimate is within a factor 1 ± ε of |S|
// with probability ≥ 1 − δ, for ε ∈ (0, 1]. Cost O(T·m).
func (k KarpLuby) Count(d DNF, eps, delta float64) (KLCount, error) {
	if err := checkEpsDelta("KarpLuby.Count", eps, delta); err != nil || eps > 1 {
		return KLCount{}, fmt.Errorf("montecarlo: KarpLuby.Count: epsilon = %g, delta = %g, want in (0,1]: %w", eps, delta, ErrParam)
	}
	s, d, err := k.sampler(d)
	if err != nil {
		return KLCount{}, err
	}
	t := math.Ceil(3 * float64(len(d.Terms)) * math.Log(2/delta) / (eps * eps))
	if t > MaxSamples {
		return KLCount{}, fmt.Errorf("montecarlo: KarpLuby.Count: %g trials, limit 2^32: %w", t, ErrTooLarge)
	}
	res := KLCount{W: s.cum[len(s.cum)-1], Trials: int(t)}
	rng := rand.New(rand.NewPCG(k.Seed, 0x6b6c63))
	for i := 0; i < res.Trials; i++ {
		if _, ok := s.trial(rng); ok {
			res.Accepted++
		}
	}
	res.Estimate = res.W * float64(res.Accepted) / float64(res.Trials)
	return res, nil
}

// RandomDNF returns a seeded random formula with `terms` terms over `vars` variables, each term
// of a uniform length in [minLen, maxLen] over distinct variables with random signs (a test
// bed for the counter; 1 ≤ minLen ≤ maxLen ≤ vars ≤ 64, terms ≤ 2^16).
func RandomDNF(vars, terms, minLen, maxLen int, seed uint64) (DNF, error) {
	if vars < 1 || vars > 64 || terms < 1 || terms > 1<<16 || minLen < 1 || minLen > maxLen || maxLen > vars {
		return DNF{}, fmt.Errorf("montecarlo: RandomDNF: vars = %d, terms = %d, lengths [%d, %d]: %w",
			vars, terms, minLen, maxLen, ErrParam)
	}
	rng := rand.New(rand.NewPCG(seed, 0x646e66))
	d := DNF{Vars: vars, Terms: make([][]int, terms)}
	for k := range d.Terms {
		perm := rng.Perm(vars)[:minLen+rng.IntN(maxLen-minLen+1)]
		for _, v := range perm {
			d.Terms[k] = append(d.Terms[k], (1-2*rng.IntN(2))*(v+1))
		}
	}
	return d.normalise("RandomDNF")
}
