package info

import (
	"fmt"
	"math"
	"math/big"
	"sort"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
)

// InformationVariance returns V = Var(log2 1/P(X)) for X ~ p, in bits². With Y_n = log2 1/P^n(x)
// for an i.i.d. string x of length n, E Y_n = nH(p) and Var Y_n = nV (Lemma 2.17, Claims 1–2);
// V sets the speed at which the typical set T_β(n) captures the probability mass. Cost O(n).
func InformationVariance(p []float64) (float64, error) {
	h, err := EntropyBits(p)
	if err != nil {
		return 0, err
	}
	v := 0.0
	for _, x := range p {
		if x > 0 {
			d := -math.Log2(x) - h
			v += x * d * d
		}
	}
	return v, nil
}

// MaxTypeLength is the longest string length n that the type-class functions
// (SmallestProbableSet, TypicalSetMass, MostProbableMass) accept: they tabulate log2 i! for
// i ≤ n.
const MaxTypeLength = 1 << 20

// maxTypeClasses caps the enumeration of type classes (compositions of n into the distinct
// probability values), which grows like n^(g−1)/(g−1)! for g distinct values.
const maxTypeClasses = 20_000_000

// typeGroups validates p and n and groups the symbols of positive probability by equal
// probability: q[j] is a distinct value (decreasing) and m[j] the number of symbols having it.
func typeGroups(fn string, p []float64, n int) (q []float64, m []int64, err error) {
	if err := check.Prob("p", p); err != nil {
		return nil, nil, fmt.Errorf("info: %s: %w", fn, err)
	}
	if n < 1 {
		return nil, nil, fmt.Errorf("info: %s: string length n = %d, need n ≥ 1: %w", fn, n, ErrParam)
	}
	if err := check.Size("info", "string length n", n, MaxTypeLength); err != nil {
		return nil, nil, err
	}
	size := map[float64]int64{}
	for _, x := range p {
		if x > 0 {
			size[x]++
		}
	}
	for x := range size {
		q = append(q, x)
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(q)))
	for _, x := range q {
		m = append(m, size[x])
	}
	nc := new(big.Int).Binomial(int64(n+len(q)-1), int64(len(q)-1))
	if !nc.IsInt64() || nc.Int64() > maxTypeClasses {
		return nil, nil, fmt.Errorf("info: %s: %v type classes for n = %d and %d distinct probabilities (cap %d): %w", fn, nc, n, len(q), maxTypeClasses, ErrParam)
	}
	return q, m, nil
}

// forEachClass calls fn for every type class of Σ^n: a composition k of n over the groups, whose
// strings each have probability 2^log2p = Π q_j^{k_j} and number 2^log2count with
// count = n!/Π k_j! · Π m_j^{k_j}. The slice k is reused between calls.
func forEachClass(q []float64, m []int64, n int, fn func(k []int, log2p, log2count float64)) {
	g := len(q)
	lq, lm := make([]float64, g), make([]float64, g)
	for j := range q {
		lq[j], lm[j] = math.Log2(q[j]), math.Log2(float64(m[j]))
	}
	lf := make([]float64, n+1) // log2 i!
	for i := 1; i <= n; i++ {
		lf[i] = lf[i-1] + math.Log2(float64(i))
	}
	k := make([]int, g)
	var rec func(j, left int)
	rec = func(j, left int) {
		if j == g-1 {
			k[j] = left
			lp, lc := 0.0, lf[n]
			for i, e := range k {
				lp += float64(e) * lq[i]
				lc += float64(e)*lm[i] - lf[e]
			}
			fn(k, lp, lc)
			return
		}
		for v := left; v >= 0; v-- {
			k[j] = v
			rec(j+1, left-v)
		}
	}
	rec(0, n)
}

// classTables holds exact factorials, powers of the group sizes and 256-bit powers of the
// probabilities, so that each class costs O(g) big-number products.
type classTables struct {
	n    int
	fact []*big.Int   // i!
	mpow [][]*big.Int // m_j^e
	qpow [][]*big.Float
}

func newClassTables(q []float64, m []int64, n int) *classTables {
	t := &classTables{n: n, fact: make([]*big.Int, n+1)}
	t.fact[0] = big.NewInt(1)
	for i := 1; i <= n; i++ {
		t.fact[i] = new(big.Int).Mul(t.fact[i-1], big.NewInt(int64(i)))
	}
	for j := range q {
		mp, qp := make([]*big.Int, n+1), make([]*big.Float, n+1)
		mp[0], qp[0] = big.NewInt(1), new(big.Float).SetPrec(256).SetFloat64(1)
		f := new(big.Float).SetPrec(256).SetFloat64(q[j])
		for e := 1; e <= n; e++ {
			mp[e] = new(big.Int).Mul(mp[e-1], big.NewInt(m[j]))
			qp[e] = new(big.Float).SetPrec(256).Mul(qp[e-1], f)
		}
		t.mpow, t.qpow = append(t.mpow, mp), append(t.qpow, qp)
	}
	return t
}

// count returns n!/Π k_j! · Π m_j^{k_j} exactly.
func (t *classTables) count(k []int) *big.Int {
	c := new(big.Int).Set(t.fact[t.n])
	den := big.NewInt(1)
	for j, e := range k {
		den.Mul(den, t.fact[e])
		c.Mul(c, t.mpow[j][e])
	}
	return c.Quo(c, den)
}

// prob returns Π q_j^{k_j} as a 256-bit float: exact for dyadic probabilities such as the
// seed's 3/8, 5/16, … and accurate to about 1e-70 otherwise.
func (t *classTables) prob(k []int) *big.Float {
	pr := new(big.Float).SetPrec(256).SetFloat64(1)
	for j, e := range k {
		pr.Mul(pr, t.qpow[j][e])
	}
	return pr
}

// class is one type class: its per-string log-probability and its composition.
type class struct {
	log2p float64
	k     []int
}

// sortedClasses lists the type classes in decreasing order of per-string probability.
func sortedClasses(q []float64, m []int64, n int) []class {
	var classes []class
	forEachClass(q, m, n, func(k []int, lp, _ float64) {
		classes = append(classes, class{lp, append([]int(nil), k...)})
	})
	sort.SliceStable(classes, func(a, b int) bool { return classes[a].log2p > classes[b].log2p })
	return classes
}

// ProbableSet describes S_ε(n), a smallest set of strings of length n whose probability is at
// least 1 − ε, and the lossy code Γ_ε built from it (§2.4).
type ProbableSet struct {
	N        int      // string length
	Eps      float64  // allowed loss
	Size     *big.Int // |S_ε(n)|
	Log2Size float64  // log2 |S_ε(n)|
	Bits     int      // s_ε(n) = ⌈log2 |S_ε(n)|⌉, the code length
	Rate     float64  // compression rate ρ = s_ε(n)/n
	Mass     float64  // P^n(S_ε(n)) ≥ 1 − ε
}

// SmallestProbableSet computes S_ε(n) exactly: strings are taken in decreasing order of
// probability until their mass reaches 1 − ε. Instead of listing |Σ|^n strings it walks the
// type classes (equiprobable strings, counted with big integers), so n in the hundreds is
// feasible for small alphabets. Lemma 2.17 says s_ε(n)/n → H(p). Cost O(C·g) big-number
// operations for C = C(n+g−1, g−1) classes of g distinct probabilities, plus a sort.
func SmallestProbableSet(p []float64, n int, eps float64) (ProbableSet, error) {
	if math.IsNaN(eps) || eps < 0 || eps >= 1 {
		return ProbableSet{}, fmt.Errorf("info: SmallestProbableSet: ε = %v, need 0 ≤ ε < 1: %w", eps, ErrParam)
	}
	q, m, err := typeGroups("SmallestProbableSet", p, n)
	if err != nil {
		return ProbableSet{}, err
	}
	classes := sortedClasses(q, m, n)
	const prec = 256
	target := new(big.Float).SetPrec(prec).SetFloat64(1 - eps - 1e-12)
	acc := new(big.Float).SetPrec(prec)
	size := new(big.Int)
	tab := newClassTables(q, m, n)
	for _, c := range classes {
		pr, cnt := tab.prob(c.k), tab.count(c.k)
		mass := new(big.Float).SetPrec(prec).SetInt(cnt)
		mass.Mul(mass, pr)
		if next := new(big.Float).SetPrec(prec).Add(acc, mass); next.Cmp(target) < 0 {
			acc = next
			size.Add(size, cnt)
			continue
		}
		rem := new(big.Float).SetPrec(prec).Sub(target, acc)
		rem.Quo(rem, pr)
		need := ceilBig(rem)
		if need.Sign() == 0 {
			need.SetInt64(1)
		}
		size.Add(size, need)
		part := new(big.Float).SetPrec(prec).SetInt(need)
		acc.Add(acc, part.Mul(part, pr))
		break
	}
	lg := log2Big(size)
	bits := 0
	if size.Cmp(big.NewInt(1)) > 0 {
		bits = new(big.Int).Sub(size, big.NewInt(1)).BitLen() // ⌈log2 |S|⌉, exact
	}
	mass, _ := acc.Float64()
	return ProbableSet{N: n, Eps: eps, Size: size, Log2Size: lg, Bits: bits,
		Rate: float64(bits) / float64(n), Mass: math.Min(mass, 1)}, nil
}

// ceilBig returns ⌈x⌉ for x ≥ 0.
func ceilBig(x *big.Float) *big.Int {
	i, acc := x.Int(nil)
	if acc == big.Below {
		i.Add(i, big.NewInt(1))
	}
	return i
}

// log2Big returns log2 x for x ≥ 1 without overflowing float64.
func log2Big(x *big.Int) float64 {
	if x.Sign() <= 0 {
		return math.Inf(-1)
	}
	sh := x.BitLen() - 60
	if sh < 0 {
		sh = 0
	}
	top := new(big.Int).Rsh(x, uint(sh))
	f, _ := new(big.Float).SetInt(top).Float64()
	return math.Log2(f) + float64(sh)
}

// TypicalSetMass returns P^n(T_β(n)) exactly (by type classes), where the typical set
// T_β(n) = {x : 2^{−n(H+β)} < P^n(x) < 2^{−n(H−β)}} holds the strings whose information per
// symbol is within β of H (Lemma 2.17). Chebyshev gives the lower bound 1 − V/(nβ²) (the
// corrected Claim 3; the seed prints "="). Cost as SmallestProbableSet.
func TypicalSetMass(p []float64, n int, beta float64) (float64, error) {
	if math.IsNaN(beta) || beta <= 0 {
		return 0, fmt.Errorf("info: TypicalSetMass: β = %v, need β > 0: %w", beta, ErrParam)
	}
	h, err := EntropyBits(p)
	if err != nil {
		return 0, err
	}
	q, m, err := typeGroups("TypicalSetMass", p, n)
	if err != nil {
		return 0, err
	}
	mass := 0.0
	forEachClass(q, m, n, func(_ []int, lp, lc float64) {
		if y := -lp / float64(n); y > h-beta && y < h+beta {
			mass += math.Exp2(lc + lp)
		}
	})
	return math.Min(mass, 1), nil
}

// LossyCode is the compression scheme Γ_ε = (com_ε, dec_ε) of §2.4 for strings of a fixed length
// n over the alphabet {0, …, |Σ|−1}, built by listing Σ^n explicitly (so |Σ|^n ≤ 2^22). Strings
// are ranked by decreasing probability (ties in lexicographic order); the first |S_ε(n)| of them
// form S_ε(n). Codewords have s = ⌈log2 |S_ε(n)|⌉ bits; the 2^s − |S_ε(n)| spare codewords go to
// the next strings in rank order (as in the seed's length-2 example, where cc gets 11100), and
// every remaining string is sent to codeword 0. So the loss rate is at most ε.
type LossyCode struct {
	N       int     // string length
	Bits    int     // codeword length s_ε(n)
	SetSize int     // |S_ε(n)|
	SetMass float64 // P^n(S_ε(n)) ≥ 1 − ε
	Loss    float64 // loss rate λ = P(dec(com(x)) ≠ x) ≤ ε

	sigma int
	order []int       // order[r] = string (base-σ index) of rank r
	rank  map[int]int // string index → rank, for coded strings only
}

// maxLossyStrings caps |Σ|^n for LossyCode.
const maxLossyStrings = 1 << 22

// NewLossyCode builds Γ_ε for strings of length n drawn i.i.d. from p. Cost O(|Σ|^n log |Σ|^n);
// |Σ|^n ≤ 2²² strings and n ≤ MaxTypeLength (ErrTooLarge beyond).
func NewLossyCode(p []float64, n int, eps float64) (*LossyCode, error) {
	if err := check.Prob("p", p); err != nil {
		return nil, fmt.Errorf("info: NewLossyCode: %w", err)
	}
	if math.IsNaN(eps) || eps < 0 || eps >= 1 {
		return nil, fmt.Errorf("info: NewLossyCode: ε = %v, need 0 ≤ ε < 1: %w", eps, ErrParam)
	}
	sigma := len(p)
	if n < 1 {
		return nil, fmt.Errorf("info: NewLossyCode: string length n = %d, need n ≥ 1: %w", n, ErrParam)
	}
	if n > MaxTypeLength {
		return nil, fmt.Errorf("info: NewLossyCode: n = %d, limit %d: %w", n, MaxTypeLength, ErrTooLarge)
	}
	total := 1
	for i := 0; i < n; i++ {
		total *= sigma
		if total > maxLossyStrings {
			return nil, fmt.Errorf("info: NewLossyCode: |Σ|^n = %d^%d exceeds %d strings: %w", sigma, n, maxLossyStrings, ErrTooLarge)
		}
	}
	prob := make([]float64, total)
	cnt := make([]int, sigma)
	for s := 0; s < total; s++ {
		clear(cnt)
		for i, v := 0, s; i < n; i++ {
			cnt[v%sigma]++
			v /= sigma
		}
		pr := 1.0 // product in fixed symbol order, so permutations tie exactly
		for a, k := range cnt {
			pr *= math.Pow(p[a], float64(k))
		}
		prob[s] = pr
	}
	// index s has x_1 as its most significant digit, so index order is lexicographic order
	order := make([]int, total)
	for s := range order {
		order[s] = s
	}
	sort.SliceStable(order, func(a, b int) bool { return prob[order[a]] > prob[order[b]] })
	target, acc, size := 1-eps-1e-12, 0.0, 0
	for size < total && acc < target {
		acc += prob[order[size]]
		size++
	}
	c := &LossyCode{N: n, SetSize: size, SetMass: math.Min(acc, 1), sigma: sigma, order: order}
	for 1<<c.Bits < size {
		c.Bits++
	}
	coded := min(1<<c.Bits, total)
	c.rank = make(map[int]int, coded)
	kept := 0.0
	for r := 0; r < coded; r++ {
		c.rank[order[r]] = r
		kept += prob[order[r]]
	}
	c.Loss = math.Max(0, 1-kept)
	return c, nil
}

// Rate is the compression rate ρ = s/n in bits per symbol (0 for a nil or zero LossyCode).
func (c *LossyCode) Rate() float64 {
	if c == nil || c.N <= 0 {
		return 0
	}
	return float64(c.Bits) / float64(c.N)
}

// fitted reports ErrNotFitted for a nil or zero LossyCode (use NewLossyCode).
func (c *LossyCode) fitted(fn string) error {
	if c == nil || c.N <= 0 || c.sigma < 1 || len(c.order) == 0 {
		return fmt.Errorf("info: LossyCode.%s: zero-value code, use NewLossyCode: %w", fn, ErrNotFitted)
	}
	return nil
}

func (c *LossyCode) index(x []int) (int, error) {
	if len(x) != c.N {
		return 0, fmt.Errorf("info: LossyCode.Encode: string has length %d, code is for length %d: %w", len(x), c.N, ErrShape)
	}
	s := 0
	for i, a := range x {
		if a < 0 || a >= c.sigma {
			return 0, fmt.Errorf("info: LossyCode.Encode: symbol x[%d] = %d not in [0, %d): %w", i, a, c.sigma, ErrParam)
		}
		s = s*c.sigma + a
	}
	return s, nil
}

// Encode returns the codeword (an integer below 2^Bits) of the string x. Cost O(n).
func (c *LossyCode) Encode(x []int) (uint64, error) {
	if err := c.fitted("Encode"); err != nil {
		return 0, err
	}
	s, err := c.index(x)
	if err != nil {
		return 0, err
	}
	return uint64(c.rank[s]), nil // strings without a codeword get codeword 0
}

// Decode returns the string of rank code. Cost O(n).
func (c *LossyCode) Decode(code uint64) ([]int, error) {
	if err := c.fitted("Decode"); err != nil {
		return nil, err
	}
	if code >= uint64(len(c.rank)) {
		return nil, fmt.Errorf("info: LossyCode.Decode: codeword %d not below %d: %w", code, len(c.rank), ErrParam)
	}
	s := c.order[code]
	x := make([]int, c.N)
	for i := c.N - 1; i >= 0; i-- {
		x[i] = s % c.sigma
		s /= c.sigma
	}
	return x, nil
}

// MaxBits is the largest bit count LosslessCodewords and MostProbableMass accept: 2^bits is
// held as a big integer of bits/8 bytes (ErrTooLarge beyond).
const MaxBits = 1 << 20

// LosslessCodewords returns the number of binary strings shorter than r bits, 2^r − 1: the
// counting argument of Observation 2.16. A lossless code maps the |Σ|^n strings of length n
// injectively, so a rate below log2|Σ| (r < n log2|Σ| bits) needs |Σ|^n ≤ 2^r − 1 codewords,
// which fails. The result is exact as a big integer.
func LosslessCodewords(r int) (*big.Int, error) {
	if r < 0 {
		return nil, fmt.Errorf("info: LosslessCodewords: r = %d bits, want ≥ 0: %w", r, ErrParam)
	}
	if r > MaxBits {
		return nil, fmt.Errorf("info: LosslessCodewords: r = %d bits, at most %d: %w", r, MaxBits, ErrTooLarge)
	}
	x := new(big.Int).Lsh(big.NewInt(1), uint(r))
	return x.Sub(x, big.NewInt(1)), nil
}

// MostProbableMass returns the probability of the 2^bits most probable strings of length n, the
// largest mass any code with bits-bit codewords can recover: every compression scheme of rate
// bits/n has loss rate at least 1 − MostProbableMass. With bits = n(H − β) this mass tends to 0,
// which is part (2) of the Source Coding Theorem 2.18. Cost as SmallestProbableSet.
func MostProbableMass(p []float64, n, bits int) (float64, error) {
	if bits < 0 {
		return 0, fmt.Errorf("info: MostProbableMass: bits = %d, want ≥ 0: %w", bits, ErrParam)
	}
	if bits > MaxBits {
		return 0, fmt.Errorf("info: MostProbableMass: bits = %d, at most %d: %w", bits, MaxBits, ErrTooLarge)
	}
	q, m, err := typeGroups("MostProbableMass", p, n)
	if err != nil {
		return 0, err
	}
	classes := sortedClasses(q, m, n)
	tab := newClassTables(q, m, n)
	left := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	mass := new(big.Float).SetPrec(256)
	for _, c := range classes {
		if left.Sign() == 0 {
			break
		}
		cnt := tab.count(c.k)
		if cnt.Cmp(left) > 0 {
			cnt = left
		}
		part := new(big.Float).SetPrec(256).SetInt(cnt)
		mass.Add(mass, part.Mul(part, tab.prob(c.k)))
		left.Sub(left, cnt)
	}
	f, _ := mass.Float64()
	return math.Min(f, 1), nil
}

// SourceTypicalSet returns the size and the probability of the ε-typical set A_ε^(n) of an
// i.i.d. source p over any finite alphabet: the strings x of length n with
// |−(1/n) log2 P^n(x) − H(p)| ≤ eps (the definition BernoulliTypicalSet uses for two
// symbols). It walks the type classes exactly as TypicalSetMass does (strings with the same
// counts of each distinct probability are equiprobable), so for g distinct probabilities it
// costs O(C(n+g−1, g−1)·g) with log-space sums; the asymptotic equipartition property says
// that Prob → 1 and (1−ε)2^{n(H−ε)} ≤ |A| ≤ 2^{n(H+ε)} once Prob ≥ 1 − ε. Symbols of
// probability 0 never occur and are ignored. eps must be finite and > 0 (ErrParam); when no
// string is ε-typical (small n or tiny ε) the set is empty and the error wraps
// errs.ErrNoSolution rather than reporting log2 0 = −∞.
func SourceTypicalSet(p []float64, n int, eps float64) (*TypicalSet, error) {
	if !(eps > 0) || math.IsInf(eps, 0) {
		return nil, fmt.Errorf("info: SourceTypicalSet: eps = %v, want finite and > 0: %w", eps, ErrParam)
	}
	h, err := EntropyBits(p)
	if err != nil {
		return nil, fmt.Errorf("info: SourceTypicalSet: %w", err)
	}
	q, m, err := typeGroups("SourceTypicalSet", p, n)
	if err != nil {
		return nil, err
	}
	ts := &TypicalSet{H: h, Log2Size: math.Inf(-1)}
	forEachClass(q, m, n, func(_ []int, lp, lc float64) {
		if math.Abs(-lp/float64(n)-h) <= eps {
			ts.Prob += math.Exp2(lc + lp)
			ts.Log2Size = log2Add(ts.Log2Size, lc)
		}
	})
	if math.IsInf(ts.Log2Size, -1) {
		return nil, fmt.Errorf("info: SourceTypicalSet: no string of length %d is typical for ε = %v: %w", n, eps, errs.ErrNoSolution)
	}
	ts.Prob = math.Min(ts.Prob, 1)
	return ts, nil
}
