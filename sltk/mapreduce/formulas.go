package mapreduce

import (
	"fmt"
	"math"
	"slices"
)

// MatMulCost holds the expected costs of A7.6 for an ℓ×m times m×n product whose entries are
// nonzero independently with probabilities P (in A) and Q (in B).
type MatMulCost struct {
	// TwoRound is 2pℓm + 2qmn + 2pqℓmn, OneRound is pℓm + qmn + (p+q)ℓmn (communication).
	TwoRound, OneRound float64
	// LoadRound1 = pℓ + qn and LoadRound2 = pqm are the two-round reducer loads, LoadOneRound =
	// pm + qm the one-round load.
	LoadRound1, LoadRound2, LoadOneRound float64
}

// MatMulFormulas evaluates A7.6. It returns an error wrapping ErrParam for a dimension < 1 or a
// probability outside [0, 1].
func MatMulFormulas(l, m, n int, p, q float64) (MatMulCost, error) {
	if l < 1 || m < 1 || n < 1 || !(p >= 0 && p <= 1) || !(q >= 0 && q <= 1) {
		return MatMulCost{}, fmt.Errorf("mapreduce: MatMulFormulas: ℓ, m, n = %d, %d, %d, p = %v, q = %v: %w", l, m, n, p, q, ErrParam)
	}
	L, M, N := float64(l), float64(m), float64(n)
	return MatMulCost{
		TwoRound:     2*p*L*M + 2*q*M*N + 2*p*q*L*M*N,
		OneRound:     p*L*M + q*M*N + (p+q)*L*M*N,
		LoadRound1:   p*L + q*N,
		LoadRound2:   p * q * M,
		LoadOneRound: p*M + q*M,
	}, nil
}

// StripedCost is the cost of MatMulStriped on n×n factors (A7.7): the replication rate, the
// communication and the mean reducer load.
type StripedCost struct {
	Replication, Communication, Load float64
}

// StripedFormulas evaluates A7.7 for n×n factors with densities p, q and s stripes: replication
// s, communication (p+q)n²(1+s) and mean load (p+q)n²/s, expectations over random factors
// (p = q = 1 is the worst case 2n²(1+s), 2n²/s, exact for dense factors when s divides n).
func StripedFormulas(n, s int, p, q float64) (StripedCost, error) {
	if n < 1 || s < 1 || s > n || !(p >= 0 && p <= 1) || !(q >= 0 && q <= 1) {
		return StripedCost{}, fmt.Errorf("mapreduce: StripedFormulas: n = %d, s = %d, p = %v, q = %v: %w", n, s, p, q, ErrParam)
	}
	nn := (p + q) * float64(n) * float64(n)
	return StripedCost{Replication: float64(s), Communication: nn * (1 + float64(s)), Load: nn / float64(s)}, nil
}

// checkShares validates the sizes m_i, the attribute sets Idx(i) (attribute numbers in [0,k))
// and shares of the hypercube formulas.
func checkShares(fn string, m []float64, idx [][]int, shares []int) error {
	if len(m) == 0 || len(m) != len(idx) {
		return fmt.Errorf("mapreduce: %s: %d sizes for %d relations: %w", fn, len(m), len(idx), ErrShape)
	}
	for i, mi := range m {
		if !(mi >= 0) || math.IsInf(mi, 0) {
			return fmt.Errorf("mapreduce: %s: m[%d] = %v, want finite ≥ 0: %w", fn, i, mi, ErrParam)
		}
		for k, j := range idx[i] {
			if j < 0 || j >= len(shares) {
				return fmt.Errorf("mapreduce: %s: Idx(%d) names attribute %d, want in [0,%d): %w", fn, i, j, len(shares), ErrShape)
			}
			if slices.Contains(idx[i][:k], j) {
				return fmt.Errorf("mapreduce: %s: Idx(%d) names attribute %d twice: %w", fn, i, j, ErrShape)
			}
		}
	}
	for j, s := range shares {
		if s < 1 {
			return fmt.Errorf("mapreduce: %s: shares[%d] = %d, want ≥ 1: %w", fn, j, s, ErrParam)
		}
	}
	return nil
}

// ReplicationRate is Observation 7.4: Σ_i m_i ∏_{j∉Idx(i)} s_j / Σ_i m_i, for relations of
// sizes m whose attributes are idx[i] (numbers into shares).
func ReplicationRate(m []float64, idx [][]int, shares []int) (float64, error) {
	if err := checkShares("ReplicationRate", m, idx, shares); err != nil {
		return 0, err
	}
	var num, den float64
	for i, mi := range m {
		rep := 1.0
		for j, s := range shares {
			if !slices.Contains(idx[i], j) {
				rep *= float64(s)
			}
		}
		num += mi * rep
		den += mi
	}
	if den == 0 {
		return 0, fmt.Errorf("mapreduce: ReplicationRate: all relations are empty: %w", ErrEmpty)
	}
	return num / den, nil
}

// ExpectedLoad is Theorem 7.5 (1): the expected load of a reducer, Σ_i m_i / ∏_{j∈Idx(i)} s_j.
func ExpectedLoad(m []float64, idx [][]int, shares []int) (float64, error) {
	if err := checkShares("ExpectedLoad", m, idx, shares); err != nil {
		return 0, err
	}
	return expectedLoad(m, idx, shares), nil
}

func expectedLoad(m []float64, idx [][]int, shares []int) float64 {
	var load float64
	for i, mi := range m {
		d := 1.0
		for _, j := range idx[i] {
			d *= float64(shares[j])
		}
		load += mi / d
	}
	return load
}

// OptimizeShares' bounds: at most maxShareAttrs attributes, and a search of at most
// maxShareWork steps (factorisations × (k·divisors of s + Σ|Idx(i)|)).
const (
	maxShareAttrs = 64
	maxShareWork  = 1 << 27
)

// OptimizeShares chooses integer shares s_1..s_k with ∏ s_j = s that minimise the expected
// load Σ_i m_i / ∏_{j∈Idx(i)} s_j (§7.5, "choosing shares"). The lecture solves the real
// relaxation and rounds; here every ordered factorisation of s into k factors is tried, which
// gives the integer optimum itself (ties to the lexicographically smallest shares). Their number
// F is ∏ over the prime powers p^e of s of C(e+k−1, k−1), small for realistic s (225 for
// s = 10^4, k = 3). The search visits at most k·F nodes, each trying the divisors of s, and
// scores F leaves: for s > 2^20, k > 64, or F·(k·divisors + Σ|Idx(i)|) > 2^27 it returns an
// error wrapping ErrTooLarge.
func OptimizeShares(m []float64, idx [][]int, k, s int) ([]int, float64, error) {
	if k < 1 || s < 1 {
		return nil, 0, fmt.Errorf("mapreduce: OptimizeShares: k = %d, s = %d, want ≥ 1: %w", k, s, ErrParam)
	}
	if s > maxReducers || k > maxShareAttrs {
		return nil, 0, fmt.Errorf("mapreduce: OptimizeShares: s = %d, k = %d, limits %d and %d: %w", s, k, maxReducers, maxShareAttrs, ErrTooLarge)
	}
	if err := checkShares("OptimizeShares", m, idx, slices.Repeat([]int{1}, k)); err != nil {
		return nil, 0, err
	}
	count := 1.0
	rest := s
	for p := 2; p*p <= rest || rest > 1; p++ {
		if p*p > rest {
			p = rest
		}
		e := 0
		for rest%p == 0 {
			rest /= p
			e++
		}
		count *= binom(e+k-1, k-1)
	}
	var divisors []int
	for d := 1; d <= s; d++ {
		if s%d == 0 {
			divisors = append(divisors, d)
		}
	}
	leaf := 0
	for _, ix := range idx {
		leaf += len(ix)
	}
	if work := count * float64(k*len(divisors)+leaf); work > maxShareWork {
		return nil, 0, fmt.Errorf("mapreduce: OptimizeShares: %g factorisations of s = %d into %d shares "+
			"(%g steps), limit %d steps: %w", count, s, k, work, maxShareWork, ErrTooLarge)
	}
	best, bestLoad := []int(nil), math.Inf(1)
	cur := make([]int, k)
	var walk func(j, left int)
	walk = func(j, left int) {
		if j == k-1 {
			cur[j] = left
			if l := expectedLoad(m, idx, cur); l < bestLoad {
				best, bestLoad = slices.Clone(cur), l
			}
			return
		}
		for _, d := range divisors {
			if d > left {
				break
			}
			if left%d == 0 {
				cur[j] = d
				walk(j+1, left/d)
			}
		}
	}
	walk(0, s)
	return best, bestLoad, nil
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}
