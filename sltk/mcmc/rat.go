package mcmc

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// MaxRatStates is the largest chain RatChain accepts: exact elimination on n×n rationals costs
// O(n³) big-number operations whose sizes grow with n.
const MaxRatStates = 64

// RatChain is a finite Markov chain with exact rational transition probabilities, for the
// small worked examples whose tables are reproduced digit for digit (Examples 6.8 and
// 6.12–6.17). Floating point would round 1/3; math/big.Rat does not. Build with ParseRatChain
// or NewRatChain; Float converts to a FiniteChain for everything else.
type RatChain struct {
	q [][]*big.Rat
}

// ParseRats parses a whitespace- or comma-separated list of rationals such as "1/3 2/3 0"
// or "0.25, 3/4" (no exponents, so that a short token cannot demand a huge number). It fails with errs.ErrEmpty for no numbers and errs.ErrParam for a token
// that is not a rational.
func ParseRats(s string) ([]*big.Rat, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
	if len(fields) == 0 {
		return nil, fmt.Errorf("mcmc: ParseRats: no numbers in %q: %w", s, errs.ErrEmpty)
	}
	out := make([]*big.Rat, len(fields))
	for k, f := range fields {
		if len(f) > 64 || strings.Trim(f, "0123456789+-./") != "" {
			return nil, fmt.Errorf("mcmc: ParseRats: token %d %q: want digits, sign, '.' or '/' (at most 64): %w",
				k, f, errs.ErrParam)
		}
		r, ok := new(big.Rat).SetString(f)
		if !ok {
			return nil, fmt.Errorf("mcmc: ParseRats: token %d %q is not a rational: %w", k, f, errs.ErrParam)
		}
		out[k] = r
	}
	return out, nil
}

// ParseRatChain builds a chain from one string per row, e.g.
//
//	ParseRatChain("1/3 1/3 1/3", "2/3 0 1/3", "2/3 1/3 0")
//
// with the checks of NewRatChain.
func ParseRatChain(rows ...string) (*RatChain, error) {
	q := make([][]*big.Rat, len(rows))
	for i, r := range rows {
		v, err := ParseRats(r)
		if err != nil {
			return nil, fmt.Errorf("mcmc: ParseRatChain: row %d: %w", i, err)
		}
		q[i] = v
	}
	return NewRatChain(q)
}

// NewRatChain checks that q is square (errs.ErrEmpty, errs.ErrShape), at most MaxRatStates
// wide (errs.ErrTooLarge), non-negative with every row summing to exactly 1 (errs.ErrProb),
// and returns its chain. q is copied.
func NewRatChain(q [][]*big.Rat) (*RatChain, error) {
	n := len(q)
	if n == 0 {
		return nil, fmt.Errorf("mcmc: NewRatChain: no rows: %w", errs.ErrEmpty)
	}
	if n > MaxRatStates {
		return nil, fmt.Errorf("mcmc: NewRatChain: %d states, limit %d: %w", n, MaxRatStates, errs.ErrTooLarge)
	}
	one := big.NewRat(1, 1)
	c := &RatChain{q: make([][]*big.Rat, n)}
	for i, row := range q {
		if len(row) != n {
			return nil, fmt.Errorf("mcmc: NewRatChain: row %d has %d entries, want %d: %w", i, len(row), n, errs.ErrShape)
		}
		c.q[i] = make([]*big.Rat, n)
		s := new(big.Rat)
		for j, v := range row {
			if v == nil || v.Sign() < 0 {
				return nil, fmt.Errorf("mcmc: NewRatChain: Q[%d,%d] = %v is not a probability: %w", i, j, v, errs.ErrProb)
			}
			c.q[i][j] = new(big.Rat).Set(v)
			s.Add(s, v)
		}
		if s.Cmp(one) != 0 {
			return nil, fmt.Errorf("mcmc: NewRatChain: row %d sums to %s, want 1: %w", i, s.RatString(), errs.ErrProb)
		}
	}
	return c, nil
}

// N returns the number of states (0 for a nil or zero chain).
func (c *RatChain) N() int {
	if c == nil {
		return 0
	}
	return len(c.q)
}

func (c *RatChain) ready(fn string) error {
	if c.N() == 0 {
		return fmt.Errorf("mcmc: RatChain.%s: zero-value chain, use NewRatChain: %w", fn, errs.ErrNotFitted)
	}
	return nil
}

// Labels returns the transition probabilities as fractions ("1/3"), "" where q_ij = 0: the
// edge labels of the chain's graph G_Q (viz.GraphMatrix draws it).
func (c *RatChain) Labels() [][]string {
	if c.N() == 0 {
		return nil
	}
	out := make([][]string, c.N())
	for i, row := range c.q {
		out[i] = make([]string, len(row))
		for j, v := range row {
			if v.Sign() > 0 {
				out[i][j] = v.RatString()
			}
		}
	}
	return out
}

// Float returns the chain in floating point (each entry rounded to nearest).
func (c *RatChain) Float() (*FiniteChain, error) {
	if err := c.ready("Float"); err != nil {
		return nil, err
	}
	n := c.N()
	d := mat.NewDense(n, n, nil)
	for i, row := range c.q {
		for j, v := range row {
			f, _ := v.Float64()
			d.Set(i, j, f)
		}
	}
	return NewFiniteChain(d)
}

func (c *RatChain) checkDist(fn string, p []*big.Rat) error {
	if len(p) != c.N() {
		return fmt.Errorf("mcmc: RatChain.%s: p has %d entries for %d states: %w", fn, len(p), c.N(), errs.ErrShape)
	}
	s := new(big.Rat)
	for i, v := range p {
		if v == nil || v.Sign() < 0 {
			return fmt.Errorf("mcmc: RatChain.%s: p[%d] = %v: %w", fn, i, v, errs.ErrProb)
		}
		s.Add(s, v)
	}
	if s.Cmp(big.NewRat(1, 1)) != 0 {
		return fmt.Errorf("mcmc: RatChain.%s: p sums to %s, want 1: %w", fn, s.RatString(), errs.ErrProb)
	}
	return nil
}

func (c *RatChain) step(p []*big.Rat) []*big.Rat {
	out := make([]*big.Rat, len(p))
	var prod big.Rat
	for j := range out {
		out[j] = new(big.Rat)
		for i, pi := range p {
			out[j].Add(out[j], prod.Mul(pi, c.q[i][j]))
		}
	}
	return out
}

// Evolve returns p_0, …, p_t exactly (t+1 rows), with p_{s+1} = p_s Q. t is capped at 10^4.
// Cost O(t·n²) rational operations.
func (c *RatChain) Evolve(p0 []*big.Rat, t int) ([][]*big.Rat, error) {
	if err := c.ready("Evolve"); err != nil {
		return nil, err
	}
	if err := c.checkDist("Evolve", p0); err != nil {
		return nil, err
	}
	if t < 0 || t > 10000 {
		return nil, fmt.Errorf("mcmc: RatChain.Evolve: t = %d, want in [0, 10^4]: %w", t, errs.ErrParam)
	}
	ps := make([][]*big.Rat, t+1)
	ps[0] = make([]*big.Rat, len(p0))
	for i, v := range p0 {
		ps[0][i] = new(big.Rat).Set(v)
	}
	for s := 1; s <= t; s++ {
		ps[s] = c.step(ps[s-1])
	}
	return ps, nil
}

// ratTable reports whether ps is a non-empty evolution: rows of one length, no nil entry.
func ratTable(ps [][]*big.Rat) bool {
	if len(ps) == 0 {
		return false
	}
	for _, p := range ps {
		if len(p) != len(ps[0]) || slices.Contains(p, nil) {
			return false
		}
	}
	return true
}

// RatAverages returns a_t = (1/t) Σ_{s=1..t} p_s exactly for an evolution p_0..p_T; row 0 is
// empty (a_0 is undefined). It returns nil for an empty or ragged ps or one with a nil entry.
func RatAverages(ps [][]*big.Rat) [][]*big.Rat {
	if !ratTable(ps) {
		return nil
	}
	out := make([][]*big.Rat, len(ps))
	sum := make([]*big.Rat, len(ps[0]))
	for i := range sum {
		sum[i] = new(big.Rat)
	}
	for t := 1; t < len(ps); t++ {
		out[t] = make([]*big.Rat, len(sum))
		for i := range sum {
			sum[i].Add(sum[i], ps[t][i])
			out[t][i] = new(big.Rat).Quo(sum[i], big.NewRat(int64(t), 1))
		}
	}
	return out
}

func (c *RatChain) support() *support {
	return newSupport(c.N(), func(i, j int) bool { return c.q[i][j].Sign() > 0 })
}

// Connected reports whether G_Q is strongly connected (Q irreducible).
func (c *RatChain) Connected() bool { return c.N() > 0 && c.support().connected() }

// Period returns the period of a connected chain (errs.ErrDisconnected otherwise).
func (c *RatChain) Period() (int, error) {
	if err := c.ready("Period"); err != nil {
		return 0, err
	}
	return c.support().checkedPeriod("RatChain.Period")
}

// Stationary returns the exact stationary distribution of a connected chain by Gauss–Jordan
// elimination over the rationals on π(Q − I) = 0, Σπ = 1 (gonum has no exact solver, hence
// the hand-written elimination). A reducible chain returns errs.ErrDisconnected. Cost O(n³).
func (c *RatChain) Stationary() ([]*big.Rat, error) {
	if err := c.ready("Stationary"); err != nil {
		return nil, err
	}
	if !c.Connected() {
		return nil, fmt.Errorf("mcmc: RatChain.Stationary: chain is reducible, π is not unique: %w",
			errs.ErrDisconnected)
	}
	n := c.N()
	// Augmented system A x = b with A = (Q − I)ᵀ, its last row replaced by ones.
	a := make([][]*big.Rat, n)
	for i := range a {
		a[i] = make([]*big.Rat, n+1)
		for j := 0; j < n; j++ {
			a[i][j] = new(big.Rat).Set(c.q[j][i])
			if i == j {
				a[i][j].Sub(a[i][j], big.NewRat(1, 1))
			}
			if i == n-1 {
				a[i][j].SetInt64(1)
			}
		}
		a[i][n] = new(big.Rat)
	}
	a[n-1][n].SetInt64(1)
	var f big.Rat
	for col := 0; col < n; col++ {
		piv := col
		for piv < n && a[piv][col].Sign() == 0 {
			piv++
		}
		if piv == n {
			return nil, fmt.Errorf("mcmc: RatChain.Stationary: singular system: %w", errs.ErrSingular)
		}
		a[col], a[piv] = a[piv], a[col]
		for r := 0; r < n; r++ {
			if r == col || a[r][col].Sign() == 0 {
				continue
			}
			f.Quo(a[r][col], a[col][col])
			for k := col; k <= n; k++ {
				a[r][k].Sub(a[r][k], new(big.Rat).Mul(&f, a[col][k]))
			}
		}
	}
	pi := make([]*big.Rat, n)
	for i := range pi {
		pi[i] = new(big.Rat).Quo(a[i][n], a[i][i])
	}
	return pi, nil
}

// DetailedBalance reports whether π_i q_ij = π_j q_ji holds exactly for all i, j (Lemma 6.11).
func (c *RatChain) DetailedBalance(pi []*big.Rat) (bool, error) {
	if err := c.ready("DetailedBalance"); err != nil {
		return false, err
	}
	if err := c.checkDist("DetailedBalance", pi); err != nil {
		return false, err
	}
	var l, r big.Rat
	for i := range pi {
		for j := i + 1; j < len(pi); j++ {
			if l.Mul(pi[i], c.q[i][j]).Cmp(r.Mul(pi[j], c.q[j][i])) != 0 {
				return false, nil
			}
		}
	}
	return true, nil
}

// RatTV returns the exact total-variation distance ½ Σ|p_i − q_i| (errs.ErrShape for
// different lengths or empty vectors, errs.ErrProb for nil entries).
func RatTV(p, q []*big.Rat) (*big.Rat, error) {
	if len(p) == 0 || len(p) != len(q) {
		return nil, fmt.Errorf("mcmc: RatTV: lengths %d and %d: %w", len(p), len(q), errs.ErrShape)
	}
	s := new(big.Rat)
	var d big.Rat
	for i := range p {
		if p[i] == nil || q[i] == nil {
			return nil, fmt.Errorf("mcmc: RatTV: nil entry %d: %w", i, errs.ErrProb)
		}
		s.Add(s, d.Abs(d.Sub(p[i], q[i])))
	}
	return s.Quo(s, big.NewRat(2, 1)), nil
}

// RatFloats converts exact values to float64 (nearest), e.g. to plot or to print a table; a
// nil entry gives 0.
func RatFloats(v []*big.Rat) []float64 {
	out := make([]float64, len(v))
	for i, r := range v {
		if r == nil {
			continue // a nil *big.Rat reads as 0, like the zero big.Rat
		}
		out[i], _ = r.Float64()
	}
	return out
}

// EvolutionTable formats an exact evolution p_0..p_T with its averages as table rows
// "t, p_1..p_n, a_1..a_n" for the steps ts (all steps when ts is empty). digits < 0 writes exact
// fractions; otherwise decimals with that many digits, rounded half away from zero as printed
// tables are. a_0 is left blank. An empty or ragged ps, or one with a nil entry, gives no table.
// maxDigits caps the decimals EvolutionTable writes.
const maxDigits = 64

func EvolutionTable(ps [][]*big.Rat, digits int, ts ...int) (header []string, rows [][]string) {
	if !ratTable(ps) {
		return nil, nil
	}
	digits = min(digits, maxDigits)
	n := len(ps[0])
	header = []string{"t"}
	for _, name := range []string{"p", "a"} {
		for i := 1; i <= n; i++ {
			header = append(header, fmt.Sprintf("%s%d", name, i))
		}
	}
	if len(ts) == 0 {
		for t := range ps {
			ts = append(ts, t)
		}
	}
	as := RatAverages(ps)
	format := func(r *big.Rat) string {
		if digits < 0 {
			return r.RatString()
		}
		return r.FloatString(digits)
	}
	for _, t := range ts {
		if t < 0 || t >= len(ps) {
			continue
		}
		row := []string{fmt.Sprint(t)}
		for _, v := range ps[t] {
			row = append(row, format(v))
		}
		for i := 0; i < n; i++ {
			if t == 0 {
				row = append(row, "")
			} else {
				row = append(row, format(as[t][i]))
			}
		}
		rows = append(rows, row)
	}
	return header, rows
}

// Deviation is the outcome of TableDeviation.
type Deviation struct {
	Max   float64 // largest |exact − printed| over the cells
	Cells int     // number of cells compared
}

// TableDeviation compares an exact evolution with a printed table whose lines read
// "t,p_1,…,p_n,a_1,…,a_n" (blank cells allowed, e.g. a_0). A table rounded to two decimals
// agrees when the deviation is ≤ 0.005. Steps beyond the evolution, malformed numbers or rows
// of the wrong width return errs.ErrParam, a NaN or ±Inf cell errs.ErrNotFinite.
func TableDeviation(ps [][]*big.Rat, table string) (Deviation, error) {
	var d Deviation
	if len(ps) == 0 {
		return d, fmt.Errorf("mcmc: TableDeviation: empty evolution: %w", errs.ErrEmpty)
	}
	if !ratTable(ps) {
		return d, fmt.Errorf("mcmc: TableDeviation: ps is ragged or has a nil entry: %w", errs.ErrShape)
	}
	n := len(ps[0])
	as := RatAverages(ps)
	for k, line := range strings.Split(strings.TrimSpace(table), "\n") {
		f := strings.Split(strings.TrimSpace(line), ",")
		t, perr := strconv.Atoi(f[0])
		if perr != nil || t < 0 || t >= len(ps) || len(f) != 2*n+1 {
			return d, fmt.Errorf("mcmc: TableDeviation: line %d %q: step outside 0..%d or not %d columns: %w",
				k, line, len(ps)-1, 2*n+1, errs.ErrParam)
		}
		for c := 1; c < len(f); c++ {
			if f[c] == "" {
				continue
			}
			want, perr := strconv.ParseFloat(f[c], 64)
			if perr != nil || (c > n && t == 0) {
				return d, fmt.Errorf("mcmc: TableDeviation: line %d column %d %q: %w", k, c, f[c], errs.ErrParam)
			}
			if math.IsNaN(want) || math.IsInf(want, 0) {
				return d, fmt.Errorf("mcmc: TableDeviation: table line %d column %d = %q: %w", k, c, f[c], errs.ErrNotFinite)
			}
			exact := ps[t][(c-1)%n]
			if c > n {
				exact = as[t][c-1-n]
			}
			got, _ := exact.Float64()
			d.Max = math.Max(d.Max, math.Abs(got-want))
			d.Cells++
		}
	}
	return d, nil
}

// RatsEqual reports whether two exact vectors have the same length and entries.
func RatsEqual(p, q []*big.Rat) bool {
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] == nil || q[i] == nil || p[i].Cmp(q[i]) != 0 {
			return false
		}
	}
	return true
}
