package montecarlo

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/bounds"
	"gonum.org/v1/gonum/mat"
)

// MaxSamples caps every sample size in this package (2^32 draws).
const MaxSamples = 1 << 32

func checkEpsDelta(fn string, eps, delta float64) error {
	if !(eps > 0) || math.IsInf(eps, 0) || !(delta > 0 && delta < 1) {
		return fmt.Errorf("montecarlo: %s: epsilon = %g, delta = %g, want epsilon > 0 and delta in (0,1): %w",
			fn, eps, delta, ErrParam)
	}
	return nil
}

// HoeffdingSize returns the smallest m with 2·exp(−2mε²/(hi−lo)²) ≤ δ, i.e.
// m = ⌈(hi−lo)²·ln(2/δ)/(2ε²)⌉: the mean of m i.i.d. samples in [lo, hi] is then within ε of
// its expectation with probability ≥ 1 − δ (Hoeffding). For |f| ≤ b this is ⌈2b²ln(2/δ)/ε²⌉
// (Lemma 6.1 with the range squared). It fails with ErrParam for bad ε, δ or lo ≥ hi and with
// ErrTooLarge beyond MaxSamples.
func HoeffdingSize(eps, delta, lo, hi float64) (int, error) {
	if err := checkEpsDelta("HoeffdingSize", eps, delta); err != nil {
		return 0, err
	}
	if !(lo < hi) || math.IsInf(hi-lo, 0) {
		return 0, fmt.Errorf("montecarlo: HoeffdingSize: range [%g, %g]: %w", lo, hi, ErrParam)
	}
	r := (hi - lo) / eps
	m := math.Ceil(r * r * math.Log(2/delta) / 2 * (1 - 1e-12))
	if m > MaxSamples {
		return 0, fmt.Errorf("montecarlo: HoeffdingSize: %g samples, limit 2^32: %w", m, ErrTooLarge)
	}
	return max(1, int(m)), nil
}

// HoeffdingFailure returns 2·exp(−2mε²/(hi−lo)²), Hoeffding's bound on Pr(|mean − μ| ≥ ε)
// for m samples in [lo, hi], capped at 1: bounds.HoeffdingTwoSided, the one home of Hoeffding's
// tail bound, in the (ε, m) terms of a Monte Carlo mean. It needs ε > 0, m ≥ 1 and a finite
// range lo < hi (ErrParam otherwise).
func HoeffdingFailure(eps float64, m int, lo, hi float64) (float64, error) {
	switch {
	case !(eps > 0) || math.IsInf(eps, 0):
		return 0, fmt.Errorf("montecarlo: HoeffdingFailure: eps = %v, want finite and > 0: %w", eps, ErrParam)
	case m < 1:
		return 0, fmt.Errorf("montecarlo: HoeffdingFailure: m = %d, want ≥ 1: %w", m, ErrParam)
	case !(lo < hi) || math.IsInf(hi-lo, 0):
		return 0, fmt.Errorf("montecarlo: HoeffdingFailure: range [%v, %v], want finite with lo < hi: %w", lo, hi, ErrParam)
	}
	return bounds.HoeffdingTwoSided(m, eps, lo, hi)
}

// LinearRangeSize returns ⌈b·ln(2/δ)/ε²⌉, the size that follows from a Hoeffding bound with the
// range (b−a) instead of (b−a)²: too small whenever b > 1/2 (see HoeffdingSize). It exists to
// show the difference; do not use it to size an estimate. b must be finite and > 0 (ErrParam),
// the size at most MaxSamples (ErrTooLarge).
func LinearRangeSize(eps, delta, b float64) (int, error) {
	if err := checkEpsDelta("LinearRangeSize", eps, delta); err != nil {
		return 0, err
	}
	if !(b > 0) || math.IsInf(b, 0) {
		return 0, fmt.Errorf("montecarlo: LinearRangeSize: b = %g, want finite and > 0: %w", b, ErrParam)
	}
	m := math.Ceil(b * math.Log(2/delta) / (eps * eps))
	if !(m <= MaxSamples) {
		return 0, fmt.Errorf("montecarlo: LinearRangeSize: %g samples: %w", m, ErrTooLarge)
	}
	return max(1, int(m)), nil
}

// Mean is the Monte Carlo estimator of E f(ω) (Lemma 6.1): average f over m independent
// samples, with m = HoeffdingSize(Epsilon, Delta, Lo, Hi) unless M is set.
type Mean struct {
	Epsilon, Delta float64 // accuracy and failure probability
	Lo, Hi         float64 // the range of the samples, Lo < Hi
	M              int     // sample size; 0 means the Hoeffding size
	Seed           uint64
}

// MeanResult is the outcome of Mean.Estimate.
type MeanResult struct {
	Mean float64
	M    int
}

// Estimate averages m draws of sample. A draw outside [Lo, Hi] or not finite is an error
// (the guarantee needs the range). Cost m draws.
func (e Mean) Estimate(sample func(*rand.Rand) float64) (MeanResult, error) {
	if sample == nil {
		return MeanResult{}, fmt.Errorf("montecarlo: Mean.Estimate: nil sampler: %w", ErrParam)
	}
	m := e.M
	if m == 0 {
		var err error
		if m, err = HoeffdingSize(e.Epsilon, e.Delta, e.Lo, e.Hi); err != nil {
			return MeanResult{}, fmt.Errorf("montecarlo: Mean.Estimate: %w", err)
		}
	}
	if m < 0 || m > MaxSamples {
		return MeanResult{}, fmt.Errorf("montecarlo: Mean.Estimate: M = %d: %w", m, ErrParam)
	}
	rng := rand.New(rand.NewPCG(e.Seed, 0x6d65616e))
	var s float64
	for i := 0; i < m; i++ {
		v := sample(rng)
		if !(v >= e.Lo && v <= e.Hi) {
			return MeanResult{}, fmt.Errorf("montecarlo: Mean.Estimate: draw %d = %g outside [%g, %g]: %w",
				i, v, e.Lo, e.Hi, ErrParam)
		}
		s += v
	}
	return MeanResult{Mean: s / float64(m), M: m}, nil
}

// PiResult is the outcome of EstimatePi.
type PiResult struct {
	Pi     float64 // 4·Inside/M
	Inside int     // darts with ‖x‖ ≤ 1
	M      int
}

// EstimatePi throws m uniform darts at [−1, 1]² and returns 4 × the fraction inside the unit
// disc (algorithm ESTIMATE-PI). E π̂ = π and Pr(|π̂ − π| ≥ ε) ≤ 2exp(−ε²m/8) (PiFailure).
// Cost O(m).
func EstimatePi(m int, seed uint64) (PiResult, error) {
	if m < 1 || m > MaxSamples {
		return PiResult{}, fmt.Errorf("montecarlo: EstimatePi: m = %d, want in [1, 2^32]: %w", m, ErrParam)
	}
	throw := darts(seed)
	in := 0
	for i := 0; i < m; i++ {
		x, y := throw()
		if x*x+y*y <= 1 {
			in++
		}
	}
	return PiResult{Pi: 4 * float64(in) / float64(m), Inside: in, M: m}, nil
}

// darts returns the dart thrower of EstimatePi and Darts: uniform points of [−1, 1]², seeded.
func darts(seed uint64) func() (x, y float64) {
	rng := rand.New(rand.NewPCG(seed, 0x7069))
	return func() (x, y float64) { return 2*rng.Float64() - 1, 2*rng.Float64() - 1 }
}

// MaxDarts caps the number of darts Darts returns (it stores them, 16 bytes each).
const MaxDarts = 1 << 24

// Darts returns the m darts that EstimatePi(m, seed) throws, one row (x, y) each, in the order
// thrown, and on which side of the unit circle each fell (side[i] = 0 inside, x² + y² ≤ 1, as
// EstimatePi counts; 1 outside), so that a figure can colour them by class. It needs
// 1 ≤ m ≤ MaxDarts (ErrParam, ErrTooLarge). Cost O(m) time and memory.
func Darts(m int, seed uint64) (pts *mat.Dense, side []int, err error) {
	if m < 1 {
		return nil, nil, fmt.Errorf("montecarlo: Darts: m = %d, want ≥ 1: %w", m, ErrParam)
	}
	if m > MaxDarts {
		return nil, nil, fmt.Errorf("montecarlo: Darts: m = %d, limit MaxDarts = %d: %w", m, MaxDarts,
			ErrTooLarge)
	}
	throw := darts(seed)
	pts, side = mat.NewDense(m, 2, nil), make([]int, m)
	for i := range m {
		x, y := throw()
		pts.Set(i, 0, x)
		pts.Set(i, 1, y)
		if x*x+y*y > 1 {
			side[i] = 1
		}
	}
	return pts, side, nil
}

// PiFailure returns 2exp(−ε²m/8), the Hoeffding bound on Pr(|π̂ − π| ≥ ε) for m darts (the
// indicator mean must be within ε/4 of π/4). It needs ε > 0 and m ≥ 1 (ErrParam otherwise).
func PiFailure(eps float64, m int) (float64, error) {
	if !(eps > 0) || math.IsInf(eps, 0) {
		return 0, fmt.Errorf("montecarlo: PiFailure: eps = %v, want finite and > 0: %w", eps, ErrParam)
	}
	if m < 1 {
		return 0, fmt.Errorf("montecarlo: PiFailure: m = %d, want ≥ 1: %w", m, ErrParam)
	}
	return HoeffdingFailure(eps/4, m, 0, 1)
}

// MaxRepeats caps the runs of MissRate.
const MaxRepeats = 1 << 20

// MissRate measures how often an estimator misses: it calls estimate(seed) for seed = 0, …,
// runs − 1 and returns the fraction of the estimates with |estimate − truth| > eps, the
// empirical failure probability that a bound such as Hoeffding's caps. It needs runs in
// [1, MaxRepeats], eps > 0, a finite truth and a non-nil estimate (ErrParam, ErrTooLarge,
// ErrNotFinite otherwise); an error of estimate, or a NaN estimate, stops it with that
// error. Cost runs calls of estimate.
func MissRate(runs int, eps, truth float64, estimate func(seed uint64) (float64, error)) (float64, error) {
	switch {
	case runs < 1:
		return 0, fmt.Errorf("montecarlo: MissRate: runs = %d, want ≥ 1: %w", runs, ErrParam)
	case runs > MaxRepeats:
		return 0, fmt.Errorf("montecarlo: MissRate: runs = %d, limit %d: %w", runs, MaxRepeats, ErrTooLarge)
	case !(eps > 0):
		return 0, fmt.Errorf("montecarlo: MissRate: eps = %v, want > 0: %w", eps, ErrParam)
	case math.IsNaN(truth) || math.IsInf(truth, 0):
		return 0, fmt.Errorf("montecarlo: MissRate: truth = %v: %w", truth, ErrNotFinite)
	case estimate == nil:
		return 0, fmt.Errorf("montecarlo: MissRate: estimate is nil: %w", ErrParam)
	}
	misses := 0
	for s := range uint64(runs) {
		x, err := estimate(s)
		if err != nil {
			return 0, fmt.Errorf("montecarlo: MissRate: seed %d: %w", s, err)
		}
		if math.IsNaN(x) {
			return 0, fmt.Errorf("montecarlo: MissRate: seed %d: the estimate is NaN: %w", s, ErrNotFinite)
		}
		if math.Abs(x-truth) > eps {
			misses++
		}
	}
	return float64(misses) / float64(runs), nil
}

// HoeffdingWidth returns (hi−lo)·√(ln(2/δ)/(2m)), the half-width ε of the interval around μ
// that the mean of m samples in [lo, hi] stays in with probability ≥ 1 − δ: HoeffdingFailure
// solved for ε. For π̂ = 4·(fraction of darts inside), range [0, 4], it is √(8 ln(2/δ)/m).
// It needs m ≥ 1, δ ∈ (0, 1) and a finite range lo < hi (ErrParam otherwise). Cost O(1).
func HoeffdingWidth(m int, delta, lo, hi float64) (float64, error) {
	switch {
	case m < 1:
		return 0, fmt.Errorf("montecarlo: HoeffdingWidth: m = %d, want ≥ 1: %w", m, ErrParam)
	case !(delta > 0 && delta < 1):
		return 0, fmt.Errorf("montecarlo: HoeffdingWidth: delta = %v, want in (0, 1): %w", delta, ErrParam)
	case !(lo < hi) || math.IsInf(hi-lo, 0):
		return 0, fmt.Errorf("montecarlo: HoeffdingWidth: range [%v, %v], want finite with lo < hi: %w", lo, hi, ErrParam)
	}
	return (hi - lo) * math.Sqrt(math.Log(2/delta)/(2*float64(m))), nil
}
