package info

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// MaxBottleneckTrace caps levels·|X|·K, the encoders a BottleneckPath keeps (ErrTooLarge beyond).
const MaxBottleneckTrace = 1 << 24

// BottleneckPath anneals the information bottleneck in β: deterministic annealing with the
// temperature T = 1/β of gibbs.Schedule. It starts from the trivial encoder p(t|x) = 1/K (all K
// clusters identical), and at every level multiplies the encoder by (1 + Noise·u), u ~ U(−1,1),
// renormalises, and runs the self-consistent iteration of Bottleneck to its fixed point from
// there. Identical clusters stay together while the trivial solution of their group is stable
// and separate at critical values of β, the phase transitions of deterministic annealing (SLT
// chapter 3); the per-level I(X;T), I(T;Y) trace the information curve. Cost per level
// O(iterations·|X|·K·|Y|).
type BottleneckPath struct {
	K int // number of clusters available, ≥ 1; 0 means 2
	// Schedule gives the temperatures T = 1/β; zero fields mean T0 = 2/β_c, TMin = 1/(100·β_c)
	// (β_c from BottleneckCritical) and Cooling = 0.9; TMin below 1/MaxBeta is ErrParam.
	Schedule gibbs.Schedule
	Noise    float64 // δ < 1 of the multiplicative noise; 0 means 1e-3, negative disables it
	MaxIter  int     // cap on iterations per level; 0 means 5000
	Tol      float64 // a level stops when max |Δp(t|x)| < Tol; 0 means 1e-10
	MergeTol float64 // L1 tolerance of DistinctClusters; 0 means 1e-2
	Seed     uint64
}

// BottleneckLevel is the fixed point at one β. In the common record, T = 1/β, Cost is the
// expected distortion E D_KL[p(y|x) ‖ p(y|t)] = I(X;Y) − I(T;Y) in nats, and FreeEnergy is
// Cost + T·I(X;T) (nats), the rate–distortion free energy that the iteration minimises.
type BottleneckLevel struct {
	gibbs.Level
	Beta       float64
	IXT, ITY   float64 // bits
	Lagrangian float64 // I(X;T) − β·I(T;Y), bits
	Clusters   int     // DistinctClusters of the encoder
	Encoder    *mat.Dense
}

// BottleneckPathResult is an annealing run of the bottleneck.
type BottleneckPathResult struct {
	Levels []BottleneckLevel
	BetaC  float64   // first critical β from BottleneckCritical (0 when X and Y are independent)
	IXY    float64   // I(X;Y), bits: the bound of I(T;Y)
	HX     float64   // H(X), bits: the bound of I(X;T)
	Splits []float64 // the β of every level whose Clusters exceeds the previous level's
}

// Fit anneals the bottleneck on pxy (see BottleneckPath). Errors as in Bottleneck.Fit, a bad
// schedule as in gibbs.Schedule.Validate, levels·|X|·K above MaxBottleneckTrace or
// levels·MaxIter·|X|·K·|Y| above MaxBottleneckWork (ErrTooLarge).
func (p BottleneckPath) Fit(pxy mat.Matrix) (*BottleneckPathResult, error) {
	switch {
	case p.K < 0:
		return nil, fmt.Errorf("info: BottleneckPath.Fit: K = %d, want ≥ 1: %w", p.K, ErrParam)
	case !(p.Noise < 1) || math.IsInf(p.Noise, 0):
		return nil, fmt.Errorf("info: BottleneckPath.Fit: Noise = %v, want finite and < 1: %w", p.Noise, ErrParam)
	case p.MaxIter < 0:
		return nil, fmt.Errorf("info: BottleneckPath.Fit: MaxIter = %d, want ≥ 0: %w", p.MaxIter, ErrParam)
	case !(p.Tol >= 0) || math.IsInf(p.Tol, 0):
		return nil, fmt.Errorf("info: BottleneckPath.Fit: Tol = %v, want finite and ≥ 0: %w", p.Tol, ErrParam)
	case !(p.MergeTol >= 0) || math.IsInf(p.MergeTol, 0):
		return nil, fmt.Errorf("info: BottleneckPath.Fit: MergeTol = %v, want finite and ≥ 0: %w", p.MergeTol, ErrParam)
	}
	k, maxIter, tol := cmp.Or(p.K, 2), cmp.Or(p.MaxIter, 5000), cmp.Or(p.Tol, 1e-10)
	noise := cmp.Or(p.Noise, 1e-3)
	s, err := newIBState("BottleneckPath.Fit", pxy, k)
	if err != nil {
		return nil, err
	}
	if maxIter > MaxBottleneckWork/(s.n*s.m*s.k) {
		return nil, fmt.Errorf("info: BottleneckPath.Fit: MaxIter·|X|·K·|Y| = %d·%d·%d·%d, limit %d: %w",
			maxIter, s.n, s.k, s.m, MaxBottleneckWork, ErrTooLarge)
	}
	res := &BottleneckPathResult{IXY: s.ixy}
	res.HX, _ = EntropyBits(s.px)
	bc, err := BottleneckCritical(pxy)
	switch {
	case err == nil:
		res.BetaC = bc
	case !errors.Is(err, errs.ErrNoSolution):
		return nil, fmt.Errorf("info: BottleneckPath.Fit: %w", err)
	}
	tc := 1.0 // a temperature scale when X and Y are independent
	if res.BetaC > 0 {
		tc = 1 / res.BetaC
	}
	sched, err := p.Schedule.Resolve(gibbs.Schedule{T0: 2 * tc, TMin: tc / 100})
	if err != nil {
		return nil, fmt.Errorf("info: BottleneckPath.Fit: %w", err)
	}
	if sched.TMin < 1/MaxBeta {
		return nil, fmt.Errorf("info: BottleneckPath.Fit: Schedule.TMin = %g, want ≥ 1/MaxBeta = %g: %w", sched.TMin, 1/MaxBeta, ErrParam)
	}
	lv := sched.Levels()
	if lv > MaxBottleneckTrace/(s.n*s.k) {
		return nil, fmt.Errorf("info: BottleneckPath.Fit: levels·|X|·K = %d·%d·%d, limit %d: %w",
			lv, s.n, s.k, MaxBottleneckTrace, ErrTooLarge)
	}
	if float64(lv)*float64(maxIter)*float64(s.n*s.m*s.k) > MaxBottleneckWork {
		return nil, fmt.Errorf("info: BottleneckPath.Fit: levels·MaxIter·|X|·K·|Y| = %d·%d·%d·%d·%d, limit %d: %w",
			lv, maxIter, s.n, s.k, s.m, MaxBottleneckWork, ErrTooLarge)
	}
	for i := range s.enc {
		s.enc[i] = 1 / float64(k)
	}
	s.marginals()
	rng := rand.New(rand.NewPCG(p.Seed, 0x1b))
	prev := 0
	res.Levels, err = gibbs.Anneal(sched.Temperatures(), 0, func(_ int, t float64) (BottleneckLevel, error) {
		beta := 1 / t
		if noise > 0 {
			s.perturb(noise, rng)
		}
		_, it, conv := s.iterate(beta, maxIter, tol, false)
		s.divergences()
		ixt, ity := s.information()
		d := s.distortion()
		lv := BottleneckLevel{
			Level: gibbs.Level{T: t, Cost: d, FreeEnergy: d + t*ixt*math.Ln2, Iter: it, Converged: conv},
			Beta:  beta, IXT: ixt, ITY: ity, Lagrangian: ixt - beta*ity, Clusters: s.clusters(p.MergeTol),
			Encoder: mat.NewDense(s.n, s.k, append([]float64(nil), s.enc...)),
		}
		if lv.Clusters > prev && prev > 0 {
			res.Splits = append(res.Splits, beta)
		}
		prev = lv.Clusters
		return lv, nil
	})
	if err != nil {
		return nil, fmt.Errorf("info: BottleneckPath.Fit: %w", err)
	}
	return res, nil
}

// perturb multiplies every encoder entry by (1 + δu), u ~ U(−1, 1), renormalises the rows and
// recomputes the marginals.
func (s *ibState) perturb(delta float64, rng *rand.Rand) {
	for x := 0; x < s.n; x++ {
		row := s.enc[x*s.k : (x+1)*s.k]
		var z float64
		for t := range row {
			row[t] *= 1 + delta*(2*rng.Float64()-1)
			row[t] = math.Max(row[t], 0)
			z += row[t]
		}
		if z == 0 {
			continue
		}
		for t := range row {
			row[t] /= z
		}
	}
	s.marginals()
}
