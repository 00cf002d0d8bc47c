package mcmc

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// Pair is one pairwise term J_ij(s_i, s_j) of a PairwiseEnergy: Table is K×K with entry (a, b)
// the energy of s_I = a and s_J = b.
type Pair struct {
	I, J  int
	Table *mat.Dense
}

// PairwiseEnergy is the discrete energy with unary and pairwise terms
//
//	E(s) = Σ_i h_i(s_i) + Σ_{(i,j) ∈ pairs} J_ij(s_i, s_j),   s_i ∈ {0, …, K−1},
//
// the general model of SLT chapter 8 (Ising, Potts, spin glasses, Markov random fields). Under a
// factorised Q its expected energy is ⟨E⟩_Q = Σ_i Σ_a h_i(a) q_i(a) + Σ_pairs Σ_ab J_ij(a,b)
// q_i(a) q_j(b), linear in each q_i, and the mean fields are
//
//	e_i(a) = h_i(a) + Σ_{j ~ i} Σ_b J_ij(a, b) q_j(b).
//
// It implements MeanFieldModel (and MeanFieldBatch). Build it with NewPairwiseEnergy,
// NewIsingEnergy or NewPottsEnergy. Cost: Fields O(deg(i)·K²), Energy and AllFields
// O(N·K + |pairs|·K²).
type PairwiseEnergy struct {
	n, k  int
	unary []float64 // n×k
	pairs []pairTerm
	adj   [][]int // pair indices touching each site
}

type pairTerm struct {
	i, j int
	t    []float64 // k×k, row = state of i
}

// NewPairwiseEnergy checks and stores the energy with k states per site, unary terms (n×k,
// nil for none: then n is taken as 1 + the largest site index in pairs) and pairwise terms
// (each I ≠ J in [0, n), Table k×k, all finite). A pair may repeat; its terms add.
func NewPairwiseEnergy(k int, unary mat.Matrix, pairs []Pair) (*PairwiseEnergy, error) {
	if k < 1 {
		return nil, fmt.Errorf("mcmc: NewPairwiseEnergy: k = %d states, want ≥ 1: %w", k, ErrParam)
	}
	p := &PairwiseEnergy{k: k}
	if !check.IsNil(unary) {
		data, n, c, err := check.Rows("unary", unary)
		if err != nil {
			return nil, fmt.Errorf("mcmc: NewPairwiseEnergy: %w", err)
		}
		if c != k {
			return nil, fmt.Errorf("mcmc: NewPairwiseEnergy: unary is %d×%d, want N×%d: %w", n, c, k, ErrShape)
		}
		p.n, p.unary = n, append([]float64(nil), data...)
	} else {
		for _, pr := range pairs {
			p.n = max(p.n, pr.I+1, pr.J+1)
		}
		p.unary = make([]float64, p.n*k)
	}
	if p.n < 1 {
		return nil, fmt.Errorf("mcmc: NewPairwiseEnergy: no sites: %w", ErrEmpty)
	}
	p.adj = make([][]int, p.n)
	for x, pr := range pairs {
		if pr.I < 0 || pr.J < 0 || pr.I >= p.n || pr.J >= p.n || pr.I == pr.J {
			return nil, fmt.Errorf("mcmc: NewPairwiseEnergy: pair %d joins sites %d and %d of %d: %w", x, pr.I, pr.J, p.n, ErrParam)
		}
		if check.IsNil(pr.Table) {
			return nil, fmt.Errorf("mcmc: NewPairwiseEnergy: pair %d has no table: %w", x, ErrEmpty)
		}
		data, r, c, err := check.Rows("table", pr.Table)
		if err != nil {
			return nil, fmt.Errorf("mcmc: NewPairwiseEnergy: pair %d: %w", x, err)
		}
		if r != k || c != k {
			return nil, fmt.Errorf("mcmc: NewPairwiseEnergy: pair %d table is %d×%d, want %d×%d: %w", x, r, c, k, k, ErrShape)
		}
		p.pairs = append(p.pairs, pairTerm{i: pr.I, j: pr.J, t: append([]float64(nil), data...)})
		p.adj[pr.I] = append(p.adj[pr.I], x)
		p.adj[pr.J] = append(p.adj[pr.J], x)
	}
	return p, nil
}

// NewIsingEnergy returns the Ising energy E(s) = −Σ_{i<j} W_ij s_i s_j − Σ_i h_i s_i as a
// 2-state PairwiseEnergy: state 0 is the spin −1 and state 1 the spin +1, so the magnetisation
// is m_i = q_i(1) − q_i(0) (IsingMagnetisations). W must be symmetric with a zero diagonal;
// h may be nil (no field). Only the non-zero couplings become pairs.
func NewIsingEnergy(w mat.Matrix, h []float64) (*PairwiseEnergy, error) {
	wd, n, err := checkCouplings("NewIsingEnergy", w)
	if err != nil {
		return nil, err
	}
	if h != nil && len(h) != n {
		return nil, fmt.Errorf("mcmc: NewIsingEnergy: %d fields for %d spins: %w", len(h), n, ErrShape)
	}
	unary := mat.NewDense(n, 2, nil)
	for i, v := range h {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("mcmc: NewIsingEnergy: h[%d] = %g: %w", i, v, ErrNotFinite)
		}
		unary.Set(i, 0, v)
		unary.Set(i, 1, -v)
	}
	var pairs []Pair
	for i := range n {
		for j := i + 1; j < n; j++ {
			if v := wd[i*n+j]; v != 0 {
				pairs = append(pairs, Pair{I: i, J: j, Table: mat.NewDense(2, 2, []float64{-v, v, v, -v})})
			}
		}
	}
	return NewPairwiseEnergy(2, unary, pairs)
}

// NewPottsEnergy returns the k-state Potts energy E(s) = −Σ_{i<j} W_ij [s_i = s_j] as a
// PairwiseEnergy (W symmetric, zero diagonal; k = 2 is the Ising model with W/2).
func NewPottsEnergy(k int, w mat.Matrix) (*PairwiseEnergy, error) {
	wd, n, err := checkCouplings("NewPottsEnergy", w)
	if err != nil {
		return nil, err
	}
	if k < 1 {
		return nil, fmt.Errorf("mcmc: NewPottsEnergy: k = %d states, want ≥ 1: %w", k, ErrParam)
	}
	var pairs []Pair
	for i := range n {
		for j := i + 1; j < n; j++ {
			if v := wd[i*n+j]; v != 0 {
				t := mat.NewDense(k, k, nil)
				for a := range k {
					t.Set(a, a, -v)
				}
				pairs = append(pairs, Pair{I: i, J: j, Table: t})
			}
		}
	}
	return NewPairwiseEnergy(k, mat.NewDense(n, k, nil), pairs)
}

// IsingMagnetisations returns m_i = q_i(1) − q_i(0) of 2-state marginals (NewIsingEnergy's
// convention: state 1 is the spin +1).
func IsingMagnetisations(q mat.Matrix) ([]float64, error) {
	data, n, k, err := check.Rows("q", q)
	if err != nil {
		return nil, fmt.Errorf("mcmc: IsingMagnetisations: %w", err)
	}
	if k != 2 {
		return nil, fmt.Errorf("mcmc: IsingMagnetisations: q has %d columns, want 2: %w", k, ErrShape)
	}
	m := make([]float64, n)
	for i := range m {
		m[i] = data[2*i+1] - data[2*i]
	}
	return m, nil
}

func (p *PairwiseEnergy) check() error {
	if p == nil || p.n == 0 {
		return fmt.Errorf("empty PairwiseEnergy (use NewPairwiseEnergy): %w", ErrEmpty)
	}
	return nil
}

// Sites returns N.
func (p *PairwiseEnergy) Sites() int {
	if p == nil {
		return 0
	}
	return p.n
}

// States returns K.
func (p *PairwiseEnergy) States() int {
	if p == nil {
		return 0
	}
	return p.k
}

// usable reports whether q (N×K), site i and dst (length ≥ K) fit the energy; the interface
// methods, which return no error, do nothing (or return 0) on input that does not.
func (p *PairwiseEnergy) usable(q *mat.Dense, i int, dst []float64) bool {
	if p == nil || p.n == 0 || q == nil || i < 0 || i >= p.n || len(dst) < p.k {
		return false
	}
	r, c := q.Dims()
	return r == p.n && c == p.k
}

// Fields writes e_i(a) = h_i(a) + Σ_{j~i} Σ_b J_ij(a,b) q_j(b) into dst[:K] (nothing if q is
// not N×K, i not a site or dst shorter than K).
func (p *PairwiseEnergy) Fields(q *mat.Dense, i int, dst []float64) {
	if !p.usable(q, i, dst) {
		return
	}
	k := p.k
	copy(dst[:k], p.unary[i*k:(i+1)*k])
	for _, x := range p.adj[i] {
		pt := p.pairs[x]
		if pt.i == i {
			qj := q.RawRowView(pt.j)
			for a := range k {
				row := pt.t[a*k : (a+1)*k]
				for b, v := range row {
					dst[a] += v * qj[b]
				}
			}
		} else {
			qj := q.RawRowView(pt.i)
			for b, v := range qj {
				row := pt.t[b*k : (b+1)*k]
				for a := range k {
					dst[a] += v * row[a]
				}
			}
		}
	}
}

// AllFields writes the fields of every site into dst (N×K; nothing on other shapes).
func (p *PairwiseEnergy) AllFields(q, dst *mat.Dense) {
	if dst == nil || !p.usable(q, 0, make([]float64, p.States())) {
		return
	}
	if r, c := dst.Dims(); r != p.n || c != p.k {
		return
	}
	for i := range p.n {
		p.Fields(q, i, dst.RawRowView(i))
	}
}

// Energy returns ⟨E⟩_Q (0 if q is not N×K).
func (p *PairwiseEnergy) Energy(q *mat.Dense) float64 {
	if !p.usable(q, 0, make([]float64, p.States())) {
		return 0
	}
	k, e := p.k, 0.0
	for i := range p.n {
		for a, v := range q.RawRowView(i) {
			e += p.unary[i*k+a] * v
		}
	}
	for _, pt := range p.pairs {
		qi, qj := q.RawRowView(pt.i), q.RawRowView(pt.j)
		for a, u := range qi {
			for b, v := range qj {
				e += pt.t[a*k+b] * u * v
			}
		}
	}
	return e
}

// StateEnergy returns E(s) of the configuration s (length N, states in [0, K)). Cost
// O(N + |pairs|).
func (p *PairwiseEnergy) StateEnergy(s []int) (float64, error) {
	if err := p.check(); err != nil {
		return 0, fmt.Errorf("mcmc: PairwiseEnergy.StateEnergy: %w", err)
	}
	if len(s) != p.n {
		return 0, fmt.Errorf("mcmc: PairwiseEnergy.StateEnergy: %d states for %d sites: %w", len(s), p.n, ErrShape)
	}
	for i, v := range s {
		if v < 0 || v >= p.k {
			return 0, fmt.Errorf("mcmc: PairwiseEnergy.StateEnergy: s[%d] = %d, want in [0, %d): %w", i, v, p.k, ErrParam)
		}
	}
	return p.stateEnergy(s), nil
}

func (p *PairwiseEnergy) stateEnergy(s []int) float64 {
	e := 0.0
	for i, v := range s {
		e += p.unary[i*p.k+v]
	}
	for _, pt := range p.pairs {
		e += pt.t[s[pt.i]*p.k+s[pt.j]]
	}
	return e
}

// FreeEnergy returns the variational free energy F_Q = ⟨E⟩_Q − T·H(Q) of the marginals q (N×K,
// rows summing to 1) at temperature t > 0. Cost that of Energy.
func (p *PairwiseEnergy) FreeEnergy(q mat.Matrix, t float64) (float64, error) {
	qd, err := p.checkQ("FreeEnergy", q, t)
	if err != nil {
		return 0, err
	}
	return p.Energy(qd) - t*mfEntropy(qd), nil
}

func (p *PairwiseEnergy) checkQ(fn string, q mat.Matrix, t float64) (*mat.Dense, error) {
	if err := p.check(); err != nil {
		return nil, fmt.Errorf("mcmc: PairwiseEnergy.%s: %w", fn, err)
	}
	if !(t > 0) || math.IsInf(t, 0) {
		return nil, fmt.Errorf("mcmc: PairwiseEnergy.%s: T = %g, want finite and > 0: %w", fn, t, ErrParam)
	}
	if check.IsNil(q) {
		return nil, fmt.Errorf("mcmc: PairwiseEnergy.%s: nil q: %w", fn, ErrEmpty)
	}
	if r, c := q.Dims(); r != p.n || c != p.k {
		return nil, fmt.Errorf("mcmc: PairwiseEnergy.%s: q is %d×%d, want %d×%d: %w", fn, r, c, p.n, p.k, ErrShape)
	}
	if _, _, err := check.Stochastic("q", q); err != nil {
		return nil, fmt.Errorf("mcmc: PairwiseEnergy.%s: %w", fn, err)
	}
	return mat.DenseCopyOf(q), nil
}

// PairwiseExact is the Gibbs distribution of a small PairwiseEnergy by enumeration: the common
// record (LogZ, P over the K^N states with site 0 the fastest digit, ⟨E⟩, Var E), the free
// energy F = −T ln Z and the exact marginals P(s_i = a) (N×K).
type PairwiseExact struct {
	Exact
	F         float64
	Marginals *mat.Dense
}

// Exact enumerates the K^N configurations at temperature t (K^N ≤ MaxEnumerate). Cost
// O(K^N·(N + |pairs|)).
func (p *PairwiseEnergy) Exact(t float64) (*PairwiseExact, error) {
	if err := p.check(); err != nil {
		return nil, fmt.Errorf("mcmc: PairwiseEnergy.Exact: %w", err)
	}
	states := 1.0
	for range p.n {
		states *= float64(p.k)
	}
	if states > MaxEnumerate {
		return nil, fmt.Errorf("mcmc: PairwiseEnergy.Exact: %d^%d states, limit %d: %w", p.k, p.n, MaxEnumerate, ErrTooLarge)
	}
	s := make([]int, p.n)
	ex, err := Enumerate(int(states), func(x int) float64 {
		p.decode(x, s)
		return p.stateEnergy(s)
	}, t)
	if err != nil {
		return nil, fmt.Errorf("mcmc: PairwiseEnergy.Exact: %w", err)
	}
	marg := mat.NewDense(p.n, p.k, nil)
	for x, pr := range ex.P {
		p.decode(x, s)
		for i, v := range s {
			marg.Set(i, v, marg.At(i, v)+pr)
		}
	}
	return &PairwiseExact{Exact: *ex, F: -t * ex.LogZ, Marginals: marg}, nil
}

// decode writes the digits of state x in base K (site 0 fastest) into s.
func (p *PairwiseEnergy) decode(x int, s []int) {
	for i := range s {
		s[i] = x % p.k
		x /= p.k
	}
}

// KL returns D_KL(Q‖P) = Σ_s Q(s) ln(Q(s)/P(s)) between the factorised distribution with
// marginals q and the Gibbs distribution at temperature t, by enumerating the K^N states: the
// independent check of D_KL = (F_Q − F)/T. Cost O(K^N·(N + |pairs|)).
func (p *PairwiseEnergy) KL(q mat.Matrix, t float64) (float64, error) {
	qd, err := p.checkQ("KL", q, t)
	if err != nil {
		return 0, err
	}
	ex, err := p.Exact(t)
	if err != nil {
		return 0, err
	}
	s := make([]int, p.n)
	kl := 0.0
	for x := range ex.P {
		p.decode(x, s)
		lq := 0.0
		for i, v := range s {
			lq += math.Log(qd.At(i, v))
		}
		if math.IsInf(lq, -1) {
			continue
		}
		lp := -p.stateEnergy(s)/t - ex.LogZ
		kl += math.Exp(lq) * (lq - lp)
	}
	if math.IsNaN(kl) || math.IsInf(kl, 0) {
		return 0, fmt.Errorf("mcmc: PairwiseEnergy.KL: D_KL = %g at T = %g: %w", kl, t, ErrNotFinite)
	}
	return kl, nil
}
