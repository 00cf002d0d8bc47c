package gibbs

import (
	"cmp"
	"errors"
	"fmt"
	"iter"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
)

// Schedule is the library's one annealing schedule, given in temperatures: the levels are
//
//	T_k = T0 · Cooling^k,  k = 0, 1, …,  while T_k ≥ TMin
//
// (TMin itself counts when a level lands on it up to a relative 1e-12, so T0 = TMin runs one
// level at that temperature). Every annealing algorithm of sltk takes one (deterministic
// annealing, histogram and pairwise clustering, the soft and pairwise maps, mean-field
// annealing) and documents its own defaults for T0 and TMin, which usually scale with a
// critical temperature of the data; the zero value of Cooling means DefaultCooling. Algorithms
// that write exp(−β·cost) in the lecture texts use β = 1/T (soft k-means: β = 2/T).
type Schedule struct {
	T0      float64 // first temperature, finite and > 0
	TMin    float64 // last temperature, finite, > 0 and ≤ T0
	Cooling float64 // geometric factor in (0, 1): T_{k+1} = Cooling·T_k
}

// DefaultCooling is the cooling factor of a zero Cooling field.
const DefaultCooling = 0.9

// MaxLevels is the largest number of temperature levels a schedule may have
// (ErrTooLarge beyond it): 10⁵ levels cover T0/TMin = 10³⁰⁰ at a cooling factor of 0.993.
const MaxLevels = 100_000

// ErrTooLarge reports a schedule with more than MaxLevels levels.
var ErrTooLarge = errs.ErrTooLarge

// Resolve returns s with every zero field taken from def (and a zero Cooling in both from
// DefaultCooling), then validates the result. Algorithms call it once per fit with their
// documented defaults.
func (s Schedule) Resolve(def Schedule) (Schedule, error) {
	s.T0 = cmp.Or(s.T0, def.T0)
	s.TMin = cmp.Or(s.TMin, def.TMin)
	s.Cooling = cmp.Or(s.Cooling, def.Cooling, DefaultCooling)
	return s, s.Validate()
}

// Validate reports, wrapping ErrParam, the first field out of range: T0 or TMin not finite and
// > 0, TMin > T0, Cooling outside (0, 1); and, wrapping ErrTooLarge, a schedule of more than
// MaxLevels levels.
func (s Schedule) Validate() error {
	for _, f := range []struct {
		name string
		v    float64
	}{{"T0", s.T0}, {"TMin", s.TMin}} {
		if !(f.v > 0) || math.IsInf(f.v, 0) {
			return fmt.Errorf("gibbs: Schedule: %s = %g, want finite and > 0: %w", f.name, f.v, ErrParam)
		}
	}
	if s.TMin > s.T0 {
		return fmt.Errorf("gibbs: Schedule: TMin = %g above T0 = %g: %w", s.TMin, s.T0, ErrParam)
	}
	if !(s.Cooling > 0 && s.Cooling < 1) {
		return fmt.Errorf("gibbs: Schedule: Cooling = %g, want in (0, 1): %w", s.Cooling, ErrParam)
	}
	if n := s.Levels(); n > MaxLevels {
		return fmt.Errorf("gibbs: Schedule: %d levels from T0 = %g to TMin = %g at Cooling = %g, limit %d: %w",
			n, s.T0, s.TMin, s.Cooling, MaxLevels, ErrTooLarge)
	}
	return nil
}

// Levels returns the number of temperatures of a valid schedule (at most MaxLevels+1 is
// counted). Cost O(levels).
func (s Schedule) Levels() int {
	n := 0
	for range s.Temperatures() {
		if n++; n > MaxLevels {
			break
		}
	}
	return n
}

// Temperatures returns the sequence T_k = T0·Cooling^k while T_k ≥ TMin·(1 − 1e-12). Each
// temperature is computed from k directly (no accumulated products), so the levels are the
// same wherever a run starts.
func (s Schedule) Temperatures() iter.Seq[float64] {
	return func(yield func(float64) bool) {
		floor := s.TMin * (1 - 1e-12)
		for k := 0; ; k++ {
			t := s.T0 * math.Pow(s.Cooling, float64(k))
			if !(t >= floor) || !(t > 0) || !yield(t) {
				return
			}
		}
	}
}

// Level is the one per-temperature record of every annealing run in sltk; the algorithms'
// own level types embed it and add what their plots need (centroids, magnetisations, ...).
type Level struct {
	T          float64 // temperature of the level
	Cost       float64 // expected cost ⟨R⟩ at the level's fixed point (or mean cost of a sampler)
	FreeEnergy float64 // free energy −T log Z at the fixed point (0 where a method has none)
	Iter       int     // inner iterations (sweeps, proposals) run at T
	Converged  bool    // the inner loop met its tolerance before its cap
}

// Record returns the level itself; embedding Level gives a type the method that Anneal needs.
func (l Level) Record() Level { return l }

// Recorder is a per-level record that carries a Level.
type Recorder interface{ Record() Level }

// ErrStop, returned by a level function, ends an annealing run after that level without an
// error (early stopping, e.g. posterior-agreement model selection).
var ErrStop = errors.New("gibbs: annealing stopped by its caller")

// Anneal is the library's one annealing driver. It calls level(k, T) at every temperature of
// temps, in order, and collects the records: level runs the method's inner iteration at T from
// the state the previous level left (fixed-point sweeps for deterministic and mean-field
// annealing, proposals for simulated annealing) and returns that level's record. The driver
// checks that every temperature is finite, > 0 and not above the previous one, that no record
// has a non-finite Cost or FreeEnergy (ErrNotFinite, naming the level), and stops after
// maxLevels levels (0 means MaxLevels; negative is ErrParam, above MaxLevels ErrTooLarge), when temps ends, or when level returns ErrStop (that
// level is kept). Errors of level are returned with the level and temperature that raised them.
// The annealing algorithms that call it: cluster.DA (and DAPA), cluster.HistogramDA,
// cluster.Pairwise, cluster.PairwiseSOM, cluster.SoftSOM, mcmc.MeanField and
// mcmc.SimulatedAnnealing.
func Anneal[L Recorder](temps iter.Seq[float64], maxLevels int, level func(k int, T float64) (L, error)) ([]L, error) {
	switch {
	case temps == nil:
		return nil, fmt.Errorf("gibbs: Anneal: temps is nil: %w", ErrParam)
	case level == nil:
		return nil, fmt.Errorf("gibbs: Anneal: level is nil: %w", ErrParam)
	case maxLevels < 0:
		return nil, fmt.Errorf("gibbs: Anneal: maxLevels = %d, want ≥ 0: %w", maxLevels, ErrParam)
	case maxLevels > MaxLevels:
		return nil, fmt.Errorf("gibbs: Anneal: maxLevels = %d, limit %d: %w", maxLevels, MaxLevels, ErrTooLarge)
	}
	maxLevels = cmp.Or(maxLevels, MaxLevels)
	var out []L
	prev := math.Inf(1)
	k := 0
	for t := range temps {
		if k >= maxLevels {
			break
		}
		if !(t > 0) || math.IsInf(t, 0) || t > prev {
			return out, fmt.Errorf("gibbs: Anneal: level %d: T = %g after %g, want finite, > 0 and non-increasing: %w",
				k, t, prev, ErrParam)
		}
		lv, err := level(k, t)
		stop := errors.Is(err, ErrStop)
		if err != nil && !stop {
			return out, fmt.Errorf("gibbs: Anneal: level %d (T = %g): %w", k, t, err)
		}
		r := lv.Record()
		if math.IsNaN(r.Cost) || math.IsInf(r.Cost, 0) || math.IsNaN(r.FreeEnergy) || math.IsInf(r.FreeEnergy, 0) {
			return out, fmt.Errorf("gibbs: Anneal: level %d (T = %g): cost %g, free energy %g: %w",
				k, t, r.Cost, r.FreeEnergy, ErrNotFinite)
		}
		out = append(out, lv)
		if stop {
			break
		}
		prev = t
		k++
	}
	return out, nil
}
